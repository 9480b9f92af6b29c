/* Tiled and MIN/MAX-bounded nests over outer indices, with the tile size
 * from the command line (default 16) and from a macro. At n = 100:
 * every element once per sweep. */
#include <stdlib.h>
#define MIN(a, b) ((a) < (b) ? (a) : (b))
#define MAX(a, b) ((a) > (b) ? (a) : (b))
#define B 8
int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 100;
  int t = argc > 2 ? atoi(argv[2]) : 16;
  int i, j, ii, jj;
  double *a = malloc(n * n * sizeof(double)), *b = malloc(n * n * sizeof(double));
  for (i = 0; i < n; i += t)
    for (j = 0; j < n; j += t)
      for (ii = i; ii < MIN(n, i + t); ii++)
        for (jj = j; jj < MIN(n, j + t); jj++)
          b[jj * n + ii] = a[ii * n + jj]; /* n * n = 10000 */
  for (i = 0; i < n; i += B)
    for (ii = i; ii < MIN(i + B, n); ii++)
      a[ii] += 1; /* n = 100 */
  for (i = 0; i < n; i++)
    for (j = MAX(0, i - 2); j < MIN(n, i + 3); j++)
      b[i] += a[j]; /* 5 n - 6 = 494: a band of width 5 */
  free(a);
  free(b);
  return 0;
}
