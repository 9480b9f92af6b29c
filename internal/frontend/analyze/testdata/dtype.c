/* Derived datatypes sized by their constructors (dtype_test.go):
 * ParRes Synch_global sends its block of characters as one element. */
#include <mpi.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  int me, np;
  long n = atol(argv[1]);
  MPI_Datatype word, rows;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &me);
  MPI_Comm_size(MPI_COMM_WORLD, &np);
  char *mine = malloc(n / np);
  char *all = malloc(n);
  double *grid = malloc(n * sizeof(double));
  MPI_Type_contiguous(n / np, MPI_CHAR, &word);
  MPI_Type_vector(4, 16, 64, MPI_DOUBLE, &rows);
  MPI_Allgather(mine, 1, word, all, 1, word, MPI_COMM_WORLD);
  MPI_Bcast(grid, 2, rows, 0, MPI_COMM_WORLD);
  MPI_Finalize();
  return 0;
}
