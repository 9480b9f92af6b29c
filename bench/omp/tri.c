/* An imbalanced triangular loop under OpenMP, for bench/analyze_omp.sh:
   iteration i of the shared loop runs i inner iterations, a dependent
   chain of floating-point adds (no -ffast-math: gcc keeps the order).
   It prints the sum, the time from the start of main to its end, and the
   longest CPU time of a thread in the shared loop. On a machine that
   other programs load, the wall time grows with their share of the CPUs;
   the threads' CPU times do not, and the longest is the wall time the
   loop would take with a CPU per thread. */
#include <omp.h>
#include <stdio.h>
#include <time.h>
#ifndef N
#define N 20000
#endif
#ifndef SCHED
#define SCHED dynamic
#endif
double a[N];

static double cpu(void) {
  struct timespec t;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return t.tv_sec + 1e-9 * t.tv_nsec;
}

int main(void) {
  double t0 = omp_get_wtime();
  for (int i = 0; i < N; i++)
    a[i] = 1.0 / (i + 1);
  double s = 0, longest = 0;
#pragma omp parallel reduction(+:s) reduction(max:longest)
  {
    double c0 = cpu();
#pragma omp for schedule(SCHED) nowait
    for (int i = 0; i < N; i++)
      for (int j = 0; j < i; j++)
        s += a[j];
    longest = cpu() - c0;
  }
  double t1 = omp_get_wtime();
  printf("%.17g %.6f %.6f\n", s, t1 - t0, longest);
  return 0;
}
