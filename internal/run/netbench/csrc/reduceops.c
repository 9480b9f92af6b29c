/* augur bench machine: what this host's MPI takes to combine one element
   with each reduction operator (MPI_Reduce_local, the loop a reduce or an
   allreduce runs on the rank that combines). Usage: reduceops N REPS
   For each operator and datatype it prints "OP_TYPE SECONDS": seconds per
   element, the lowest over REPS runs on vectors of N elements (each run
   calls MPI_Reduce_local often enough to last about a millisecond). Run
   with mpirun -np 1. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct op { const char *name; MPI_Op op; int logical; };
struct type { const char *name; MPI_Datatype t; int integer; };

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  long n = argc > 1 ? atol(argv[1]) : 65536;
  int reps = argc > 2 ? atoi(argv[2]) : 7;
  if (n < 1 || reps < 1) {
    fprintf(stderr, "usage: reduceops N REPS\n");
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  struct op ops[] = {{"sum", MPI_SUM, 0}, {"prod", MPI_PROD, 0}, {"max", MPI_MAX, 0}, {"min", MPI_MIN, 0},
                     {"land", MPI_LAND, 1}, {"band", MPI_BAND, 1}, {"lor", MPI_LOR, 1},
                     {"bor", MPI_BOR, 1}, {"lxor", MPI_LXOR, 1}, {"bxor", MPI_BXOR, 1}};
  struct type types[] = {{"double", MPI_DOUBLE, 0}, {"float", MPI_FLOAT, 0}, {"int", MPI_INT, 1}, {"long", MPI_LONG, 1}};
  /* Zeros: every operator is defined on them (no overflow, no NaN). */
  char *in = calloc((size_t)n, 8), *io = calloc((size_t)n, 8);
  if (!in || !io) MPI_Abort(MPI_COMM_WORLD, 1);
  /* Written, so that they are pages of their own: calloc'd memory never
     written reads the kernel's one zero page, always in the first cache. */
  memset(in, 0, (size_t)n * 8);
  memset(io, 0, (size_t)n * 8);
  for (size_t t = 0; t < sizeof types / sizeof *types; t++)
    for (size_t o = 0; o < sizeof ops / sizeof *ops; o++) {
      if (ops[o].logical && !types[t].integer) continue; /* not defined on floating point */
      MPI_Reduce_local(in, io, (int)n, types[t].t, ops[o].op); /* fault the pages in */
      double t0 = MPI_Wtime();
      MPI_Reduce_local(in, io, (int)n, types[t].t, ops[o].op);
      double one = MPI_Wtime() - t0;
      long k = one > 0 ? (long)(1e-3 / one) + 1 : 1000;
      double best = 1e30;
      for (int r = 0; r < reps; r++) {
        t0 = MPI_Wtime();
        for (long j = 0; j < k; j++) MPI_Reduce_local(in, io, (int)n, types[t].t, ops[o].op);
        double d = (MPI_Wtime() - t0) / (double)k;
        if (d < best) best = d;
      }
      printf("%s_%s %.6e\n", ops[o].name, types[t].name, best / (double)n);
    }
  fflush(stdout);
  free(in);
  free(io);
  MPI_Finalize();
  return 0;
}
