/* An imbalanced triangular loop under OpenMP, for bench/analyze_omp.sh:
   iteration i of the parallel loop runs i inner iterations, a dependent
   chain of floating-point adds (no -ffast-math: gcc keeps the order).
   It prints the sum, the time from the start of main to its end, and the
   CPU time of all its threads over that time (on a loaded machine the
   wall time grows with the other programs' share of the CPUs; the CPU
   time does not). */
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
int main(void) {
  double t0 = omp_get_wtime();
  clock_t c0 = clock();
  for (int i = 0; i < N; i++)
    a[i] = 1.0 / (i + 1);
  double s = 0;
#pragma omp parallel for schedule(SCHED) reduction(+:s)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < i; j++)
      s += a[j];
  double t1 = omp_get_wtime();
  clock_t c1 = clock();
  printf("%.17g %.6f %.6f\n", s, t1 - t0, (double)(c1 - c0) / CLOCKS_PER_SEC);
  return 0;
}
