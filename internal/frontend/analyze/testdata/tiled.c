/* A tiled transpose, as ParRes's Transpose does it, and the same untiled (tiled_test.go). */
#include <stdlib.h>

#define MIN(x, y) ((x) < (y) ? (x) : (y))
#define N 2000
#define T 32

int main(void) {
  double *a = malloc((size_t)N * N * sizeof(double));
  double *b = malloc((size_t)N * N * sizeof(double));
  for (int i = 0; i < N * N; i++) {
    a[i] = i;
    b[i] = 0;
  }
  /* tiled: lines 16-21 */
  for (int i = 0; i < N; i += T)
    for (int j = 0; j < N; j += T)
      for (int it = i; it < MIN(N, i + T); it++)
        for (int jt = j; jt < MIN(N, j + T); jt++) {
          b[it * N + jt] += a[jt * N + it];
          a[jt * N + it] += 1.0;
        }
  /* untiled: lines 24-26 */
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      b[i * N + j] += a[j * N + i];
    }
  return b[1] > 0;
}
