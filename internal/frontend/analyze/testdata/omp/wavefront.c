/* SPMD-style OpenMP: the threads divide the columns by hand, each one's
   bounds kept in arrays indexed by the thread id and filled by a
   recurrence over the team (the remainder to the first threads), and
   sweep a wavefront in a pipeline: thread t starts row j when thread t-1,
   its left neighbour, has set its flag for that row. */
#include <omp.h>
#include <stdio.h>
#define M 1002 /* columns, the first a boundary */
#define N 100  /* rows */
#define MAXT 8
double grid[N][M];
long lo[MAXT], hi[MAXT], size[MAXT];
int flag[MAXT][N];

int main(void) {
  int nt = omp_get_max_threads();
  lo[0] = 1;
  for (int t = 0; t < nt; t++) {
    size[t] = (M - 1) / nt;
    if (t < (M - 1) % nt) size[t]++;
    if (t > 0) lo[t] = hi[t - 1] + 1;
    hi[t] = lo[t] + size[t] - 1;
  }
#pragma omp parallel
  {
    int id = omp_get_thread_num();
    for (int j = 1; j < N; j++) {
      if (id > 0) {
        while (1) {
          int f;
#pragma omp atomic read
          f = flag[id - 1][j];
          if (f) break;
        }
      }
      for (long i = lo[id]; i <= hi[id]; i++)
        grid[j][i] = grid[j][i - 1] + grid[j - 1][i] - grid[j - 1][i - 1];
#pragma omp atomic write
      flag[id][j] = 1;
    }
  }
  printf("%g\n", grid[N - 1][M - 1]);
  return 0;
}
