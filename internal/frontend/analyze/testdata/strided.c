/* Strides known only at run time, and locals reloaded through aliasing
 * stores (strided_test.go): ParRes Synch_global's gather of every
 * procs-th character, into buffers from a function the compiler does
 * not see into (ParRes's prk_malloc, which gcc keeps out of line). */
#include <mpi.h>
#include <stdlib.h>

#define N 65536

char *get_buffer(long bytes);

int main(int argc, char **argv) {
  int me, np;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &me);
  MPI_Comm_size(MPI_COMM_WORLD, &np);
  long n = N / np;
  char *all = get_buffer(N), *mine = get_buffer(N), *copy = malloc(N);
  double *d = (double *)get_buffer(N * sizeof(double)), *e = malloc(N * sizeof(double));
  for (long i = 0; i < n; i++) mine[i] = all[me + i * np];
  for (long i = 0; i < n; i++) d[i] = e[me + i * np];
  for (long i = 0; i < n; i++) copy[i] = all[me + i * np];
  MPI_Finalize();
  return 0;
}
