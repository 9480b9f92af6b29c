/* Strides known only at run time, and locals reloaded through aliasing
 * stores (strided_test.go): ParRes Synch_global's gather of every
 * procs-th character. */
#include <mpi.h>
#include <stdlib.h>

#define N 65536

int main(int argc, char **argv) {
  int me, np;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &me);
  MPI_Comm_size(MPI_COMM_WORLD, &np);
  long n = N / np;
  char *all = malloc(N);
  char *mine = malloc(N);
  double *d = malloc(N * sizeof(double));
  double *e = malloc(N * sizeof(double));
  for (long i = 0; i < n; i++) mine[i] = all[me + i * np];
  for (long i = 0; i < n; i++) d[i] = e[me + i * np];
  MPI_Finalize();
  return 0;
}
