// A pipeline's block distribution, as ParRes Synch_p2p computes it: the
// root reads the size and a step clamped to 1 .. n-1 (or takes 1 without
// the argument) and broadcasts them; each rank's first and last columns
// come from an if on its rank; the steps are grouped, the last group cut
// at n. Every loop's count is known: the analysis joins the values the
// arms of each if leave (bounds_test.go).
#include <mpi.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
  int rank, procs, grp, sz;
  long n, start, end, seg, left, i, j, jj;
  double s = 0;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &procs);
  if (rank == 0) {
    n = atol(argv[1]);
    if (argc == 3) {
      grp = atoi(argv[2]);
      if (grp < 1) grp = 1;
      else if (grp >= n) grp = n - 1;
    }
    else grp = 1;
  }
  MPI_Bcast(&n, 1, MPI_LONG, 0, MPI_COMM_WORLD);
  MPI_Bcast(&grp, 1, MPI_INT, 0, MPI_COMM_WORLD);
  seg = n / procs;
  left = n % procs;
  if (rank < left) {
    start = (seg + 1) * rank;
    end = start + seg;
  } else {
    start = (seg + 1) * left + seg * (rank - left);
    end = start + seg - 1;
  }
  for (i = start; i <= end; i++)
    s += i;
  for (j = 1; j < n; j += grp) {
    sz = grp < n - j ? grp : n - j;
    for (jj = 0; jj < sz; jj++)
      s += jj;
  }
  MPI_Finalize();
  return s > 0;
}
