/* Rank 0 reads the arguments and computes the per-rank length, then
 * broadcasts them (as the Parallel Research Kernels do). Defaults: 10
 * iterations of total 1000 elements, so at 2 ranks the inner loop runs
 * 10 * 1000 / 2 = 5000 times on each rank. */
#include <mpi.h>
#include <stdlib.h>
double x[1000];
int main(int argc, char **argv) {
  int me, np, iters;
  long total, length;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &me);
  MPI_Comm_size(MPI_COMM_WORLD, &np);
  if (me == 0) {
    iters = argc > 1 ? atoi(argv[1]) : 10;
    total = argc > 2 ? atol(argv[2]) : 1000;
    if (total < np)
      total = np;
    else
      length = total / np;
  }
  MPI_Bcast(&iters, 1, MPI_INT, 0, MPI_COMM_WORLD);
  MPI_Bcast(&length, 1, MPI_LONG, 0, MPI_COMM_WORLD);
  for (int it = 0; it < iters; it++)
    for (long i = 0; i < length; i++)
      x[i] += 1.5;
  MPI_Finalize();
  return 0;
}
