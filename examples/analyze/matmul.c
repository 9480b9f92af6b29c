/* matmul: C = A x B for N x N doubles, rows of A and C split over the
 * ranks, B broadcast from rank 0, C gathered on rank 0.
 *
 *   mpicc -O2 -o matmul matmul.c && mpirun -np 2 ./matmul [N]
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 256;
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int rows = n / size;
  double *a = malloc(sizeof(double) * rows * n);
  double *b = malloc(sizeof(double) * n * n);
  double *c = malloc(sizeof(double) * rows * n);
  double *all = malloc(sizeof(double) * n * n);
  for (int i = 0; i < rows; i++)
    for (int j = 0; j < n; j++)
      a[i * n + j] = (double)((rank * rows + i + 2 * j) % 5);
  if (rank == 0)
    for (int i = 0; i < n; i++)
      for (int j = 0; j < n; j++)
        b[i * n + j] = (double)((i * j) % 3);
  MPI_Barrier(MPI_COMM_WORLD);
  double t0 = MPI_Wtime();
  MPI_Bcast(b, n * n, MPI_DOUBLE, 0, MPI_COMM_WORLD);
  for (int i = 0; i < rows; i++)
    for (int j = 0; j < n; j++) {
      double s = 0;
      for (int k = 0; k < n; k++)
        s += a[i * n + k] * b[k * n + j];
      c[i * n + j] = s;
    }
  MPI_Gather(c, rows * n, MPI_DOUBLE, all, rows * n, MPI_DOUBLE, 0, MPI_COMM_WORLD);
  double t1 = MPI_Wtime();
  if (rank == 0)
    printf("c[last] %.1f\ntime_s=%.6f\n", all[n * n - 1], t1 - t0);
  free(a);
  free(b);
  free(c);
  free(all);
  MPI_Finalize();
  return 0;
}
