/* STREAM triad over 4 Mi doubles per array (96 MiB in all): iteration i
   updates element i mod N. The first pass touches cold pages and cache
   misses dominate until the hardware prefetcher has ramped up. */
#include <stdlib.h>
#define N (1L << 22)
static double *a, *b, *c;
void block_init(void) {
  a = malloc(N * sizeof *a); b = malloc(N * sizeof *b); c = malloc(N * sizeof *c);
  for (long i = 0; i < N; i++) { b[i] = 1.0; c[i] = 2.0; }
}
double block(long i) {
  long j = i & (N - 1);
  a[j] = b[j] + 3.0 * c[j];
  return a[j];
}
