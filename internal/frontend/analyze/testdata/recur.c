// Sizes computed in loops and functions, as ParRes Random computes its
// table (recur.go): a power of two from a shift loop whose count reads
// what a pure function returns for the process count, computed by the
// root and broadcast.
#include <mpi.h>
#include <stdlib.h>

int log2of(int n) {
  int k = 0;
  while ((1 << k) < n) k++;
  if (1 << k != n) return -1;
  return k;
}

int main(int argc, char **argv) {
  int me, np, logp, logn, i;
  long size, updates, j, s = 0;
  MPI_Init(&argc, &argv);
  MPI_Comm_size(MPI_COMM_WORLD, &np);
  MPI_Comm_rank(MPI_COMM_WORLD, &me);
  if (me == 0) {
    logn = atoi(argv[1]);
    logp = log2of(np);
    size = 1;
    for (i = 0; i < logn - logp; i++) {
      size <<= 1;
    }
    updates = 4 * size;
  }
  MPI_Bcast(&logn, 1, MPI_INT, 0, MPI_COMM_WORLD);
  MPI_Bcast(&size, 1, MPI_LONG, 0, MPI_COMM_WORLD);
  MPI_Bcast(&updates, 1, MPI_LONG, 0, MPI_COMM_WORLD);
  for (j = 0; j < updates / 2; j++)
    s += j;
  MPI_Finalize();
  return s > 0;
}
