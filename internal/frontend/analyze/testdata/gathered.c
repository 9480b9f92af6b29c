// Block sizes gathered from every process and walked in panels (gathered.go,
// clamp.go), as ParRes DGEMM multiplies: each process owns n / np columns
// (one more on the first n % np), MPI_Allgather gives every process the
// list, and the local multiply, a function defined the old way, steps
// through the inner dimension by a panel width it only lowers.
#include <mpi.h>
#include <stdlib.h>
#define MIN(a, b) ((a) < (b) ? (a) : (b))

void local(int m, int n, int k, double *c) {
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++)
      for (int l = 0; l < k; l++)
        c[i * n + j] += 1.0;
}

void multiply(order, nb, cols, c)
int order, nb, cols[];
double *c;
{
  int me, jj = 0, cur = 0, updt = nb;
  MPI_Comm_rank(MPI_COMM_WORLD, &me);
  for (int kk = 0; kk < order; kk += updt) {
    updt = MIN(updt, cols[cur] - jj);
    local(order, cols[me], updt, c);
    jj += updt;
    if (jj >= cols[cur]) { cur++; jj = 0; }
  }
}

int main(int argc, char **argv) {
  int me, np, mine, *cols;
  MPI_Init(&argc, &argv);
  MPI_Comm_size(MPI_COMM_WORLD, &np);
  MPI_Comm_rank(MPI_COMM_WORLD, &me);
  int order = atoi(argv[1]), nb = atoi(argv[2]);
  if (me < order % np) mine = order / np + 1;
  else mine = order / np;
  cols = malloc(np * sizeof(int));
  MPI_Allgather(&mine, 1, MPI_INT, cols, 1, MPI_INT, MPI_COMM_WORLD);
  double *c = malloc(order * mine * sizeof(double));
  multiply(order, nb, cols, c);
  MPI_Finalize();
  return c[0] > 0;
}
