/* A parallel region whose threads each run a critical section, then
   wait at a barrier; one of them runs a single section, thread 0 a
   master section, and each an atomic update. */
#include <stdio.h>
#define M 100
int main(void) {
  double s = 0, t = 0;
#pragma omp parallel
  {
#pragma omp critical
    for (int j = 0; j < M; j++)
      s += j;
#pragma omp barrier
#pragma omp single
    for (int j = 0; j < 2 * M; j++)
      t += j;
#pragma omp master
    for (int j = 0; j < 3 * M; j++)
      t += j;
#pragma omp atomic
    t += 1;
  }
  printf("%g %g\n", s, t);
  return 0;
}
