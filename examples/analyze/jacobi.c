/* jacobi: a 2-D five-point Jacobi sweep on an N x N grid, rows split over
 * the ranks, halo rows exchanged with MPI_Sendrecv every iteration and
 * the residual summed with MPI_Allreduce at the end.
 *
 *   mpicc -O2 -o jacobi jacobi.c && mpirun -np 2 ./jacobi [N] [ITERS]
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 512;
  int iters = argc > 2 ? atoi(argv[2]) : 100;
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int rows = n / size;
  double *u = malloc(sizeof(double) * (rows + 2) * n);
  double *v = malloc(sizeof(double) * (rows + 2) * n);
  for (int i = 0; i < rows + 2; i++)
    for (int j = 0; j < n; j++) {
      u[i * n + j] = (double)((rank * rows + i + j) % 7);
      v[i * n + j] = 0;
    }
  int up = rank > 0 ? rank - 1 : MPI_PROC_NULL;
  int down = rank < size - 1 ? rank + 1 : MPI_PROC_NULL;
  MPI_Barrier(MPI_COMM_WORLD);
  double t0 = MPI_Wtime();
  for (int it = 0; it < iters; it++) {
    MPI_Sendrecv(&u[1 * n], n, MPI_DOUBLE, up, 0, &u[(rows + 1) * n], n, MPI_DOUBLE, down, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Sendrecv(&u[rows * n], n, MPI_DOUBLE, down, 1, &u[0], n, MPI_DOUBLE, up, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    for (int i = 1; i <= rows; i++)
      for (int j = 1; j < n - 1; j++)
        v[i * n + j] = 0.25 * (u[(i - 1) * n + j] + u[(i + 1) * n + j] + u[i * n + j - 1] + u[i * n + j + 1]);
    double *t = u;
    u = v;
    v = t;
  }
  double local = 0, total = 0;
  for (int i = 1; i <= rows; i++)
    for (int j = 0; j < n; j++)
      local += u[i * n + j];
  MPI_Allreduce(&local, &total, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  double t1 = MPI_Wtime();
  if (rank == 0)
    printf("sum %.6f\ntime_s=%.6f\n", total, t1 - t0);
  free(u);
  free(v);
  MPI_Finalize();
  return 0;
}
