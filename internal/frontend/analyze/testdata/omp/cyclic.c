/* MPI + OpenMP with the rows dealt to the ranks round-robin (a step that
   is the number of ranks), shared among each rank's threads. */
#include <mpi.h>
#define N 1200
double a[N];
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
#pragma omp parallel for schedule(dynamic)
  for (int i = rank; i < N; i += size)
    a[i] = a[i] * 2.0 + 1.0;
  MPI_Finalize();
  return 0;
}
