/* An imbalanced triangular loop: iteration i costs i inner iterations.
   Built three times, with -DSCHED=static, dynamic or guided. */
#include <stdio.h>
#ifndef SCHED
#define SCHED static
#endif
#define N 8
double a[N];
int main(void) {
  double s = 0;
#pragma omp parallel for schedule(SCHED) reduction(+:s)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < i; j++)
      s += a[j];
  printf("%g\n", s);
  return 0;
}
