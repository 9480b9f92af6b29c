/* MPI + OpenMP: each rank sums its share of N with its threads, then
   the ranks combine their sums. */
#include <mpi.h>
#include <stdio.h>
#define N 2400
double a[N];
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int n = N / size;
  double s = 0, total = 0;
#pragma omp parallel for reduction(+:s)
  for (int i = 0; i < n; i++)
    s += a[i] * a[i];
  MPI_Allreduce(&s, &total, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  if (rank == 0)
    printf("%g\n", total);
  MPI_Finalize();
  return 0;
}
