/* Sends and receives with MPI_PROC_NULL (graph500's aml.c primes its
 * requests with MPI_Isend(NULL, 0, MPI_CHAR, MPI_PROC_NULL, ...)), and a
 * halo exchange whose partner is MPI_PROC_NULL at the edges. */
#include <mpi.h>

int main(int argc, char **argv) {
  int rank, size;
  double halo[2] = {0, 0}, mine = 1;
  MPI_Request r[4];
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  MPI_Isend(NULL, 0, MPI_CHAR, MPI_PROC_NULL, 0, MPI_COMM_WORLD, &r[0]);
  MPI_Wait(&r[0], MPI_STATUS_IGNORE);
  int left = rank == 0 ? MPI_PROC_NULL : rank - 1;
  int right = rank == size - 1 ? MPI_PROC_NULL : rank + 1;
  for (int it = 0; it < 10; it++) {
    MPI_Sendrecv(&mine, 1, MPI_DOUBLE, right, 1, &halo[0], 1, MPI_DOUBLE, left, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Sendrecv(&mine, 1, MPI_DOUBLE, left, 2, &halo[1], 1, MPI_DOUBLE, right, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  }
  MPI_Recv(&mine, 1, MPI_DOUBLE, MPI_PROC_NULL, 3, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  MPI_Finalize();
  return 0;
}
