// Loops gcc vectorises at -O3 (vector.go): a unit-stride update, and two
// it leaves scalar: a sum (a chain gcc does not reassociate without
// -ffast-math), an update through an index array and a prefix sum (each
// element reads the one the iteration before stored).
#include <stdlib.h>
int main(int argc, char **argv)
{
  int n = atoi(argv[1]);
  double *a = malloc(n * sizeof(double)), *b = malloc(n * sizeof(double)), *c = malloc(n * sizeof(double)), s = 0;
  int *idx = malloc(n * sizeof(int));
  for (int i = 0; i < n; i++)
    c[i] = a[i] * 3.0 + b[i];
  for (int i = 0; i < n; i++)
    s += a[i] * b[i];
  for (int i = 0; i < n; i++)
    c[idx[i]] += 1.0;
  for (int i = 1; i < n; i++)
    a[i] = a[i - 1] + b[i];
  return s + c[0] > 0;
}
