// A multiply-add whose third operand does not move in the innermost
// loop: b[k] is loaded once before the m loop at -O3 (hoist.go), and in
// it at -O2, where the store to c may alias it.
#include <stdlib.h>
int main(int argc, char **argv)
{
  int n = atoi(argv[1]);
  double *a = malloc(n * n * sizeof(double)), *b = malloc(n * sizeof(double)), *c = malloc(n * sizeof(double));
  for (int k = 0; k < n; k++)
    for (int m = 0; m < n; m++)
      c[m] += a[k * n + m] * b[k];
  return c[1] > 0;
}
