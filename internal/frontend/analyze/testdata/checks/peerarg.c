/* Peers the analysis cannot follow (ranks kept in an array, as CoMD's
   halo exchange keeps its neighbours): a message to the process itself,
   which always finds its receive, not process 0 for everyone. */
#include <mpi.h>
int nbr[2];
double out[100], in[100];
static void exchange(int dest, int src) {
  MPI_Sendrecv(out, 100, MPI_DOUBLE, dest, 0, in, 100, MPI_DOUBLE, src, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
}
int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  exchange(nbr[0], nbr[1]);
  MPI_Sendrecv(out, 100, MPI_DOUBLE, nbr[1], 1, in, 100, MPI_DOUBLE, nbr[0], 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  MPI_Finalize();
  return 0;
}
