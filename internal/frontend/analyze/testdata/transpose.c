/* ParRes Kernels' tiled transpose: B(jt, it) += A(it, jt) with jt
   innermost, so A's address jumps by a row (N doubles) every iteration.
   Its line is used again at the next it, after the jt loop's T lines: it
   is reused from the first level, 7 accesses in 8, and one in 8 brings a
   new line from where the matrix lives. */
#include <stdlib.h>
#define N 2000
#define T 32
#define MIN(x, y) ((x) < (y) ? (x) : (y))
#define A(i, j) a[(i) + N * (j)]
#define B(i, j) b[(i) + N * (j)]

int main(void) {
  double *a = malloc(sizeof(double) * N * N), *b = malloc(sizeof(double) * N * N);
  for (int i = 0; i < N; i += T)
    for (int j = 0; j < N; j += T)
      for (int it = i; it < MIN(N, i + T); it++)
        for (int jt = j; jt < MIN(N, j + T); jt++) {
          B(jt, it) += A(it, jt);
          A(it, jt) += 1.0;
        }
  return 0;
}
