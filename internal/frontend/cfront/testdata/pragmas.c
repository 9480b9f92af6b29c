#include <stdio.h>
#pragma once
int main(void) {
  double s = 0;
#pragma omp parallel for \
    reduction(+:s)
  for (int i = 0; i < 10; i++)
    s += i;
#ifdef _OPENMP
  #pragma omp barrier
#endif
#if 0
#pragma omp critical
#endif
#pragma augur loop(3)
  while (s > 0) s--;
  printf("%f\n", s);
  return 0;
}
