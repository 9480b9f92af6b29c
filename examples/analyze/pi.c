/* pi: the dartboard computation of pi, master/worker (ChronosMix's case
 * study). Each rank throws N/P darts with its own linear congruential
 * generator; the workers send their hit counts to rank 0, which averages.
 *
 *   mpicc -O2 -o pi pi.c && mpirun -np 2 ./pi [N]
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include "augur.h"

/* throw counts the darts of n that fall in the quarter circle. */
static long throw(long n, unsigned long long seed) {
  unsigned long long x = seed;
  long hits = 0;
  for (long i = 0; i < n; i++) {
    x = x * 6364136223846793005ULL + 1442695040888963407ULL;
    double a = (double)(x >> 11) * (1.0 / 9007199254740992.0);
    x = x * 6364136223846793005ULL + 1442695040888963407ULL;
    double b = (double)(x >> 11) * (1.0 / 9007199254740992.0);
    if (PIC_proba(0.785398) && a * a + b * b <= 1.0)
      hits++;
  }
  return hits;
}

int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 20000000;
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  MPI_Barrier(MPI_COMM_WORLD);
  double t0 = MPI_Wtime();
  long hits = throw(n / size, 12345 + rank);
  if (rank == 0) {
    for (int src = 1; src < size; src++) {
      long h;
      MPI_Recv(&h, 1, MPI_LONG, src, 7, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      hits += h;
    }
  } else {
    MPI_Send(&hits, 1, MPI_LONG, 0, 7, MPI_COMM_WORLD);
  }
  double t1 = MPI_Wtime();
  if (rank == 0)
    printf("pi %.6f\ntime_s=%.6f\n", 4.0 * (double)hits / (double)(n / size * size), t1 - t0);
  MPI_Finalize();
  return 0;
}
