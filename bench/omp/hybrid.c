/* MPI + OpenMP, for bench/analyze_omp.sh: the rows i of the triangle of
   bench/omp/tri.c are dealt to the ranks round-robin and shared among
   each rank's threads (schedule dynamic); the ranks sum their results
   with MPI_Reduce. It prints, on rank 0, the sum, the time from the end
   of MPI_Init to MPI_Finalize and the longest CPU time of a thread of
   any rank in the shared loop. */
#include <mpi.h>
#include <omp.h>
#include <stdio.h>
#include <time.h>
#ifndef N
#define N 20000
#endif
double a[N];

static double cpu(void) {
  struct timespec t;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return t.tv_sec + 1e-9 * t.tv_nsec;
}

int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  double t0 = MPI_Wtime();
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  for (int i = 0; i < N; i++)
    a[i] = 1.0 / (i + 1);
  double s = 0, longest = 0;
#pragma omp parallel reduction(+:s) reduction(max:longest)
  {
    double c0 = cpu();
#pragma omp for schedule(dynamic) nowait
    for (int i = rank; i < N; i += size)
      for (int j = 0; j < i; j++)
        s += a[j];
    longest = cpu() - c0;
  }
  double total = 0, most = 0;
  MPI_Reduce(&s, &total, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
  MPI_Reduce(&longest, &most, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
  double t1 = MPI_Wtime();
  if (rank == 0)
    printf("%.17g %.6f %.6f\n", total, t1 - t0, most);
  MPI_Finalize();
  return 0;
}
