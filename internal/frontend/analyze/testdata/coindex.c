// Loops with two indices, as ParRes DGEMM's tile copies write them: the
// index the test reads counts the loop, the other runs beside it.
#include <stdlib.h>
int main(int argc, char **argv)
{
  int n = atoi(argv[1]), t = atoi(argv[2]), k, j;
  double *a = malloc(n * sizeof(double)), s = 0;
  for (int i0 = 0; i0 < n; i0 += 4)
    for (int g = i0, l = 0; g < (i0 + 4 < n ? i0 + 4 : n); l++, g++)
      a[l] = g;
  for (k = 2, j = 0; k < n; k++, j++)
    s += a[j];
  for (int p = 1, q = 0; q < 5; p++, q++)
    for (int r = 0; r < p; r++)
      s += r;
  return s > 0;
}
