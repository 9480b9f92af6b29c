/* bench/probes.sh: a throughput-bound loop of 16 independent fused
   multiply-add chains; run alone and two at once, it tells whether two
   CPUs share one core's execution units (docs/corpus.md). */
#include <stdio.h>
#include <time.h>
static double now(void){struct timespec t;clock_gettime(CLOCK_MONOTONIC,&t);return t.tv_sec+1e-9*t.tv_nsec;}
int main(void) {
  double a[16] = {0}, x = 1.0000001, y = 0.9999999;
  double t0 = now();
  for (long i = 0; i < 200000000; i++)
    for (int k = 0; k < 16; k++) a[k] = a[k] * x + y;
  double t = now() - t0, s = 0;
  for (int k = 0; k < 16; k++) s += a[k];
  printf("%.3f s (%g)\n", t, s);
}
