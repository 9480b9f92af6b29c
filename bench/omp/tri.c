/* An imbalanced triangular loop under OpenMP, for bench/analyze_omp.sh:
   iteration i of the parallel loop runs i inner iterations, a dependent
   chain of floating-point adds (no -ffast-math: gcc keeps the order).
   It prints the sum and the time from the start of main to its end. */
#include <omp.h>
#include <stdio.h>
#ifndef N
#define N 20000
#endif
#ifndef SCHED
#define SCHED dynamic
#endif
double a[N];
int main(void) {
  double t0 = omp_get_wtime();
  for (int i = 0; i < N; i++)
    a[i] = 1.0 / (i + 1);
  double s = 0;
#pragma omp parallel for schedule(SCHED) reduction(+:s)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < i; j++)
      s += a[j];
  double t1 = omp_get_wtime();
  printf("%.17g %.6f\n", s, t1 - t0);
  return 0;
}
