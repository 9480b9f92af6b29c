// Data exchanged by counts (alltoall.go), as ParRes Random sends its
// updates: counted into buckets, the counts exchanged, then the data,
// then what was received is processed.
#include <mpi.h>
#include <stdlib.h>
#define N 1024

int main(int argc, char **argv) {
  int np, me, *scount, *rcount, *sdisp, *rdisp, total, p;
  long *sbuf, *rbuf, *table, x = 1, t = 0;
  MPI_Init(&argc, &argv);
  MPI_Comm_size(MPI_COMM_WORLD, &np);
  MPI_Comm_rank(MPI_COMM_WORLD, &me);
  int rounds = atoi(argv[1]);
  scount = malloc(4 * np * sizeof(int));
  rcount = scount + np;
  sdisp = rcount + np;
  rdisp = sdisp + np;
  sbuf = malloc(np * N * sizeof(long));
  rbuf = malloc(np * N * sizeof(long));
  table = malloc(1 << 20);
  for (int r = 0; r < rounds; r++) {
    for (p = 0; p < np; p++) scount[p] = 0;
    for (int j = 0; j < N; j++) {
      x = x * 6364136223846793005L + 1;
      int dest = (x >> 33) % np;
      sbuf[dest * N + scount[dest]++] = x;
    }
    MPI_Alltoall(scount, 1, MPI_INT, rcount, 1, MPI_INT, MPI_COMM_WORLD);
    rdisp[0] = 0;
    for (p = 1; p < np; p++) rdisp[p] = rdisp[p - 1] + rcount[p - 1];
    MPI_Alltoallv(sbuf, scount, sdisp, MPI_LONG, rbuf, rcount, rdisp, MPI_LONG, MPI_COMM_WORLD);
    total = rdisp[np - 1] + rcount[np - 1];
    for (int j = 0; j < total; j++)
      t ^= table[rbuf[j] & 131071];
  }
  MPI_Finalize();
  return t > 0;
}
