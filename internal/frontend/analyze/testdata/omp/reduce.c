/* A parallel for with a reduction: N iterations of the same cost, shared
   in even blocks (schedule static). */
#include <stdio.h>
#define N 1200
double a[N];
int main(void) {
  double s = 0;
#pragma omp parallel for reduction(+:s)
  for (int i = 0; i < N; i++)
    s += a[i] * a[i];
  printf("%g\n", s);
  return 0;
}
