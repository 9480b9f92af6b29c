#include <stdlib.h>
#define N 1048576
/* One allocation carved into two arrays (ParRes Sparse's vector and
   result): the gather through idx reaches v's 8 MiB, not the 16 MiB the
   allocation holds. */
int main(void) {
  double *v = malloc((N + N) * sizeof(double));
  double *r = v + N;
  long *idx = malloc(N * sizeof(long));
  for (long i = 0; i < N; i++) idx[i] = rand() % N;
  double s = 0;
  for (long i = 0; i < N; i++)
    s += v[idx[i]];
  r[0] = s;
  /* A cursor one element in does not carve w: its gather is at all of
     w's 8 MiB. */
  double *w = malloc(N * sizeof(double));
  double *w1 = w + 1;
  for (long i = 0; i < N; i++)
    s += w[idx[i]];
  w1[0] = s;
  return 0;
}
