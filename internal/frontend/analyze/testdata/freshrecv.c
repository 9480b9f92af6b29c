/* Fresh memory first written by an MPI call (freshrecv_test.go): the
 * mpitutorial's all_avg fills a vector and scatters it into buffers just
 * allocated; a buffer the program writes first keeps its faults where it
 * is allocated. */
#include <mpi.h>
#include <stdlib.h>

#define N 1048576

int main(int argc, char **argv) {
  int me, np;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &me);
  MPI_Comm_size(MPI_COMM_WORLD, &np);
  float *sums = malloc(sizeof(float) * N);
  for (int i = 0; i < N; i++) sums[i] = 0;
  float *all = malloc(sizeof(float) * N * np);
  for (int i = 0; i < N * np; i++) all[i] = i;
  float *part = malloc(sizeof(float) * N);
  MPI_Scatter(all, N, MPI_FLOAT, part, N, MPI_FLOAT, 0, MPI_COMM_WORLD);
  MPI_Allreduce(part, sums, N, MPI_FLOAT, MPI_SUM, MPI_COMM_WORLD);
  MPI_Finalize();
  return 0;
}
