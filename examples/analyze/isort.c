/* isort: integer bucket sort. Each rank makes N/P keys in [0, 2^20) with
 * its own generator, counts how many go to each rank's bucket, exchanges
 * the counts (MPI_Alltoall) and the keys (MPI_Alltoallv), then sorts its
 * bucket by counting. Repeated ITERS times, as NAS IS ranks its keys.
 *
 *   mpicc -O2 -o isort isort.c && mpirun -np 2 ./isort [N] [ITERS]
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#define MAXKEY (1 << 20)

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 1 << 20;
  int iters = argc > 2 ? atoi(argv[2]) : 10;
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int local = n / size;
  int span = MAXKEY / size;
  int *keys = malloc(sizeof(int) * local);
  int *recv = malloc(sizeof(int) * n);
  int *hist = malloc(sizeof(int) * span);
  int *scount = malloc(sizeof(int) * size), *rcount = malloc(sizeof(int) * size);
  int *sdispl = malloc(sizeof(int) * size), *rdispl = malloc(sizeof(int) * size);
  int *sorted = malloc(sizeof(int) * n);
  unsigned int x = 314159u + 2718u * (unsigned)rank;
  MPI_Barrier(MPI_COMM_WORLD);
  double t0 = MPI_Wtime();
  long check = 0;
  for (int it = 0; it < iters; it++) {
    for (int i = 0; i < local; i++) {
      x = x * 1103515245u + 12345u;
      keys[i] = (int)((x >> 8) % MAXKEY);
    }
    for (int p = 0; p < size; p++)
      scount[p] = 0;
    for (int i = 0; i < local; i++)
      scount[keys[i] / span]++;
    sdispl[0] = 0;
    for (int p = 1; p < size; p++)
      sdispl[p] = sdispl[p - 1] + scount[p - 1];
    for (int p = 0; p < size; p++)
      rcount[p] = 0;
    MPI_Alltoall(scount, 1, MPI_INT, rcount, 1, MPI_INT, MPI_COMM_WORLD);
    rdispl[0] = 0;
    for (int p = 1; p < size; p++)
      rdispl[p] = rdispl[p - 1] + rcount[p - 1];
    /* Keys in bucket order: rank p's keys go to p (a stable pass). */
    for (int i = 0; i < local; i++)
      sorted[sdispl[keys[i] / span]++] = keys[i];
    for (int p = size - 1; p > 0; p--)
      sdispl[p] = sdispl[p - 1];
    sdispl[0] = 0;
    /* Uniform keys: each rank sends about local/size keys to each. */
#pragma augur bytes(4 * local / size)
    MPI_Alltoallv(sorted, scount, sdispl, MPI_INT, recv, rcount, rdispl, MPI_INT, MPI_COMM_WORLD);
    int got = rdispl[size - 1] + rcount[size - 1];
    for (int k = 0; k < span; k++)
      hist[k] = 0;
    /* On average a rank receives as many keys as it made. */
#pragma augur loop(local)
    for (int i = 0; i < got; i++)
      hist[recv[i] - rank * span]++;
    check += hist[it % span];
  }
  double t1 = MPI_Wtime();
  if (rank == 0)
    printf("check %ld\ntime_s=%.6f\n", check, t1 - t0);
  MPI_Finalize();
  return 0;
}
