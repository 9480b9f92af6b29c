/* A grid of processes computed by a function the analysis cannot follow
   (ParRes Kernels' factor(): out-parameters written through pointers in a
   loop that stops at a break), and a halo exchange on the grid's
   coordinates. */
#include <math.h>
#include <mpi.h>

#define N 1000

static void factor(int r, int *fac1, int *fac2) {
  for (*fac1 = (int)(sqrt(r + 1.0)); *fac1 > 0; (*fac1)--) {
    if (!(r % (*fac1))) { *fac2 = r / (*fac1); break; }
  }
}

int main(int argc, char **argv) {
  int me, np, npx, npy;
  double buf[N], in[N];
  MPI_Request req[2];
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &me);
  MPI_Comm_size(MPI_COMM_WORLD, &np);
  factor(np, &npx, &npy);
  int mex = me % npx;
  int mey = me / npx;
  for (int it = 0; it < 10; it++) {
    if (mey < npy - 1) {
      MPI_Irecv(in, N, MPI_DOUBLE, me + npx, 1, MPI_COMM_WORLD, &req[0]);
      MPI_Isend(buf, N, MPI_DOUBLE, me + npx, 2, MPI_COMM_WORLD, &req[1]);
      MPI_Waitall(2, req, MPI_STATUSES_IGNORE);
    }
    if (mey > 0) {
      MPI_Irecv(in, N, MPI_DOUBLE, me - npx, 2, MPI_COMM_WORLD, &req[0]);
      MPI_Isend(buf, N, MPI_DOUBLE, me - npx, 1, MPI_COMM_WORLD, &req[1]);
      MPI_Waitall(2, req, MPI_STATUSES_IGNORE);
    }
    if (mex < npx - 1) {
      MPI_Irecv(in, N, MPI_DOUBLE, me + 1, 3, MPI_COMM_WORLD, &req[0]);
      MPI_Isend(buf, N, MPI_DOUBLE, me + 1, 4, MPI_COMM_WORLD, &req[1]);
      MPI_Waitall(2, req, MPI_STATUSES_IGNORE);
    }
    if (mex > 0) {
      MPI_Irecv(in, N, MPI_DOUBLE, me - 1, 4, MPI_COMM_WORLD, &req[0]);
      MPI_Isend(buf, N, MPI_DOUBLE, me - 1, 3, MPI_COMM_WORLD, &req[1]);
      MPI_Waitall(2, req, MPI_STATUSES_IGNORE);
    }
  }
  MPI_Finalize();
  return 0;
}
