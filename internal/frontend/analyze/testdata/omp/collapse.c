/* collapse(2): the 3 x 4 iterations of both loops are shared among the
   threads, not the 3 rows. */
#include <stdio.h>
double a[3][4];
int main(void) {
#pragma omp parallel for collapse(2) schedule(SCHED)
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < 4; j++)
      a[i][j] = a[i][j] * 2.0 + 1.0;
  printf("%g\n", a[2][3]);
  return 0;
}
