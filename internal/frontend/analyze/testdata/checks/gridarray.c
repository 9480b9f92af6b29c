/* A grid of processes computed by a function that the analysis can
   neither follow nor run (it keeps its factors in an array): the two
   sides are parameters, the same on every process, whose defaults make a
   valid grid of procs x 1. */
#include <mpi.h>

static void decompose(int r, int *px, int *py) {
  int f[2];
  f[0] = r;
  f[1] = 1;
  while (f[0] % 2 == 0 && f[0] > f[1]) { f[0] /= 2; f[1] *= 2; }
  *px = f[0];
  *py = f[1];
}

int main(int argc, char **argv) {
  int me, np, npx, npy;
  double buf[500], in[500];
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &me);
  MPI_Comm_size(MPI_COMM_WORLD, &np);
  decompose(np, &npx, &npy);
  int mex = me % npx;
  if (mex < npx - 1)
    MPI_Sendrecv(buf, 500, MPI_DOUBLE, me + 1, 0, in, 500, MPI_DOUBLE, me + 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  if (mex > 0)
    MPI_Sendrecv(buf, 500, MPI_DOUBLE, me - 1, 0, in, 500, MPI_DOUBLE, me - 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  MPI_Finalize();
  return 0;
}
