/* bench/probes.sh: c[n*T + m] += a[n*T + m] * b[n] with inner loops of T
   elements, first-level resident; ns an element at each T. Built with and
   without -mprefer-vector-width=256 it shows what 64-byte vectors buy
   over 32-byte ones (docs/analyze.md, Vectorised loops). */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
static double now(void){struct timespec t;clock_gettime(CLOCK_MONOTONIC,&t);return t.tv_sec+1e-9*t.tv_nsec;}
void kern(double *c, double *a, double *b, int N, int T, int reps) {
  for (int r = 0; r < reps; r++)
    for (int n = 0; n < N; n++)
      for (int m = 0; m < T; m++)
        c[n*T + m] += a[n*T + m] * b[n];
}
int main(int argc, char **argv) {
  int T = atoi(argv[1]); int N = 1024 / T; long reps = 200000000L / (N * T);
  double *a = malloc(8*N*T), *b = malloc(8*N), *c = malloc(8*N*T);
  for (int i = 0; i < N*T; i++) { a[i] = 1; c[i] = 0; } for (int i = 0; i < N; i++) b[i] = 0.5;
  kern(c,a,b,N,T,1);
  double best = 1e9;
  for (int k = 0; k < 5; k++) { double t0 = now(); kern(c,a,b,N,T,reps); double t = now()-t0; if (t < best) best = t; }
  printf("T=%d entries=%g ns/entry=%.2f ns/elem=%.3f (%g)\n", T, (double)N*reps, best/(N*(double)reps)*1e9, best/((double)N*T*reps)*1e9, c[5]);
}
