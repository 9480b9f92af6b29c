/* A parallel region whose threads split a loop by hand, by their id and
   the team's size, as the OpenMP runtime reports them. */
#include <omp.h>
#include <stdio.h>
#define N 1200
double a[N];
int main(void) {
#pragma omp parallel
  {
    int id = omp_get_thread_num();
    int nt = omp_get_num_threads();
    for (int i = id; i < N; i += nt)
      a[i] = a[i] * 2.0 + 1.0;
  }
  printf("%g\n", a[0]);
  return 0;
}
