/* lu: LU factorisation without pivoting of a diagonally dominant N x N
 * matrix, rows distributed cyclically (row i on rank i % P); at step k the
 * owner of row k broadcasts it and every rank updates its rows below k.
 * The triangular loop nests are what the analysis must count exactly.
 *
 *   mpicc -O2 -o lu lu.c && mpirun -np 2 ./lu [N]
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 400;
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  double *a = malloc(sizeof(double) * n * n);
  double *pivot = malloc(sizeof(double) * n);
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      a[i * n + j] = i == j ? 2.0 * n : 1.0 / (1 + i + j);
  MPI_Barrier(MPI_COMM_WORLD);
  double t0 = MPI_Wtime();
  for (int k = 0; k < n - 1; k++) {
    int owner = k % size;
    if (rank == owner)
      for (int j = k; j < n; j++)
        pivot[j] = a[k * n + j];
    MPI_Bcast(&pivot[k], n - k, MPI_DOUBLE, owner, MPI_COMM_WORLD);
    /* This rank's rows below k: i = k+1 .. n-1 with i % size == rank,
       i.e. from the first such row on, every size-th. */
    int first = k + 1 + ((rank - (k + 1) % size) + size) % size;
    for (int i = first; i < n; i += size) {
      double l = a[i * n + k] / pivot[k];
      a[i * n + k] = l;
      for (int j = k + 1; j < n; j++)
        a[i * n + j] -= l * pivot[j];
    }
  }
  double t1 = MPI_Wtime();
  double local = 0, total = 0;
  for (int i = rank; i < n; i += size)
    local += a[i * n + i];
  MPI_Reduce(&local, &total, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
  if (rank == 0)
    printf("trace %.6f\ntime_s=%.6f\n", total, t1 - t0);
  free(a);
  free(pivot);
  MPI_Finalize();
  return 0;
}
