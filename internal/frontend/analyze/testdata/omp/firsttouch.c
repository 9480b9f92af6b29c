/* First touch: the pages of a large allocation are faulted in by the
   threads that first write them. a (through a malloc wrapper) and b are
   first written in a parallel loop, c in a sequential one, d in a loop of
   a region of two threads; e comes from the wrapper too but is first
   written sequentially; g is broadcast into before a parallel loop reads
   it (an MPI call comes first: its faults stay whole). Each array is
   65536 doubles, 512 KiB: 128 pages. */
#include <mpi.h>
#include <stdlib.h>
#define N 65536

static double *alloc(long n) {
  double *p = malloc(n * sizeof(double));
  if (!p) exit(1);
  return p;
}

int main(int argc, char **argv) {
  long n = N;
  double s = 0;
  MPI_Init(&argc, &argv);
  double *a = (double *) alloc(n);
  double *b = malloc(n * sizeof(double));
  double *c = malloc(n * sizeof(double));
  double *d = malloc(n * sizeof(double));
  double *e = alloc(n);
  double *f = a + 1; /* the pointer's value, not an access through it */
  double *g = malloc(n * sizeof(double));
#pragma omp parallel for
  for (long i = 0; i < n; i++) {
    a[i] = 0;
    b[i] = 1;
  }
  for (long i = 0; i < n; i++) {
    c[i] = 2;
    e[i] = 3;
  }
#pragma omp parallel for num_threads(2)
  for (long i = 0; i < n; i++)
    d[i] = 4;
  MPI_Barrier(MPI_COMM_WORLD); /* receives nothing: b's faults stay shared */
  MPI_Bcast(g, n, MPI_DOUBLE, 0, MPI_COMM_WORLD);
#pragma omp parallel for reduction(+:s)
  for (long i = 0; i < n; i++)
    s += g[i];
  MPI_Finalize();
  return f[0] + b[0] + c[0] + d[0] + e[0] + s > 100;
}
