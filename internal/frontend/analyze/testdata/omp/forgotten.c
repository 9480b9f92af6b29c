/* Per-thread bounds kept in arrays, and stores that make the analysis
   forget them: one in a branch that depends on the program's arguments
   (not one thread's), one through a function the arrays are handed to.
   The third pair is kept: its sweep is counted per thread. */
#include <omp.h>
#include <stdio.h>
#define N 1000
#define MAXT 8
double x[N];
long alo[MAXT], ahi[MAXT], blo[MAXT], bhi[MAXT], clo[MAXT], chi[MAXT];

void shift(long *b, int n) {
  for (int i = 0; i < n; i++)
    b[i] += 1;
}

int main(int argc, char **argv) {
  int nt = omp_get_max_threads();
  for (int t = 0; t < nt; t++) {
    alo[t] = t * (N / nt);
    blo[t] = alo[t];
    clo[t] = alo[t];
    ahi[t] = (t + 1) * (N / nt);
    bhi[t] = ahi[t];
    chi[t] = ahi[t];
  }
  if (argc > 2)
    ahi[0] = 0;
  shift(blo, nt);
#pragma omp parallel
  {
    int id = omp_get_thread_num();
    for (long i = alo[id]; i < ahi[id]; i++)
      x[i] += 1.0;
    for (long i = blo[id]; i < bhi[id]; i++)
      x[i] += 2.0;
    for (long i = clo[id]; i < chi[id]; i++)
      x[i] += 3.0;
  }
  printf("%g\n", x[0]);
  return 0;
}
