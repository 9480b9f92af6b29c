/* Sorting: each iteration fills 256 ints from a linear congruential
   generator and sorts them with the C library's qsort (a call through a
   function pointer per comparison, data-dependent branches). */
#include <stdlib.h>
#define K 256
static int v[K];
static unsigned long long x = 88172645463325252ULL;
static int cmp(const void *a, const void *b) {
  int p = *(const int *)a, q = *(const int *)b;
  return (p > q) - (p < q);
}
void block_init(void) {}
double block(long i) {
  (void)i;
  for (int k = 0; k < K; k++) {
    x = x * 6364136223846793005ULL + 1442695040888963407ULL;
    v[k] = (int)(x >> 33);
  }
  qsort(v, K, sizeof v[0], cmp);
  return v[K / 2];
}
