/* A value every process agrees on but the analysis cannot compute: the
   result of an MPI_Allreduce. A branch on it that communicates is one
   shared parameter, never a draw per process. */
#include <mpi.h>

int main(int argc, char **argv) {
  int me, bad = 0, anybad;
  double x = 0;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &me);
  for (int i = 0; i < 100; i++)
    if (x > 1) bad = 1;
  MPI_Allreduce(&bad, &anybad, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
  if (anybad) {
    MPI_Bcast(&x, 1, MPI_DOUBLE, 0, MPI_COMM_WORLD);
    MPI_Barrier(MPI_COMM_WORLD);
  }
  MPI_Finalize();
  return 0;
}
