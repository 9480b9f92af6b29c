/* augur bench network --mpi: a ping-pong between ranks 0 and 1, or a
   collective timed SkaMPI's way (see timed). Usage:
     bench pp|bcast|reduce|allreduce|allgather|alltoall|gather|scatter|barrier|
           reduce_in_place|allreduce_in_place REPS TARGET_S SIZE...
   Reductions sum doubles (SIZE/8 of them, the commonest reduction), so
   their times include combining; the _in_place ones pass MPI_IN_PLACE at
   the root (reduce) or at every rank (allreduce), as many programs do:
   Open MPI then works on temporary buffers of the vector's size.
   For each size it prints "R OP SIZE TRIPS t1 ... tREPS": seconds per call
   (one-way for the ping-pong, half a round trip) of each repetition, each
   the mean over TRIPS calls. Repetitions are the outer loop, so a burst of
   load elsewhere touches every size alike. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sched.h>

static int rank, np;
static char *sbuf, *rbuf;

static void call(const char *op, long n) {
  if (!strcmp(op, "pp")) {
    if (rank == 0) {
      MPI_Send(sbuf, (int)n, MPI_BYTE, 1, 0, MPI_COMM_WORLD);
      MPI_Recv(rbuf, (int)n, MPI_BYTE, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    } else if (rank == 1) {
      MPI_Recv(rbuf, (int)n, MPI_BYTE, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      MPI_Send(sbuf, (int)n, MPI_BYTE, 0, 0, MPI_COMM_WORLD);
    }
  } else if (!strcmp(op, "bcast")) {
    MPI_Bcast(sbuf, (int)n, MPI_BYTE, 0, MPI_COMM_WORLD);
  } else if (!strcmp(op, "reduce")) {
    MPI_Reduce(sbuf, rbuf, (int)(n / 8), MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
  } else if (!strcmp(op, "reduce_in_place")) {
    MPI_Reduce(rank == 0 ? MPI_IN_PLACE : sbuf, rbuf, (int)(n / 8), MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
  } else if (!strcmp(op, "allreduce")) {
    MPI_Allreduce(sbuf, rbuf, (int)(n / 8), MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  } else if (!strcmp(op, "allreduce_in_place")) {
    MPI_Allreduce(MPI_IN_PLACE, rbuf, (int)(n / 8), MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  } else if (!strcmp(op, "allgather")) {
    MPI_Allgather(sbuf, (int)n, MPI_BYTE, rbuf, (int)n, MPI_BYTE, MPI_COMM_WORLD);
  } else if (!strcmp(op, "alltoall")) {
    MPI_Alltoall(sbuf, (int)n, MPI_BYTE, rbuf, (int)n, MPI_BYTE, MPI_COMM_WORLD);
  } else if (!strcmp(op, "gather")) {
    MPI_Gather(sbuf, (int)n, MPI_BYTE, rbuf, (int)n, MPI_BYTE, 0, MPI_COMM_WORLD);
  } else if (!strcmp(op, "scatter")) {
    MPI_Scatter(sbuf, (int)n, MPI_BYTE, rbuf, (int)n, MPI_BYTE, 0, MPI_COMM_WORLD);
  } else {
    MPI_Barrier(MPI_COMM_WORLD);
  }
}

/* offset is this rank's clock minus rank 0's, window how far ahead of
   rank 0's clock a collective's common start is set (see one_call). */
static double offset, window = 1e-4;

/* sync_clocks estimates every rank's clock offset from rank 0's as SkaMPI
   does: 20 exchanges, and the one of the shortest round trip counts, the
   rank's reading taken at its middle. */
static void sync_clocks(void) {
  for (int r = 1; r < np; r++) {
    if (rank == 0) {
      double best = 1e30, off = 0;
      for (int i = 0; i < 20; i++) {
        double t0 = MPI_Wtime(), tr;
        MPI_Send(&t0, 1, MPI_DOUBLE, r, 1, MPI_COMM_WORLD);
        MPI_Recv(&tr, 1, MPI_DOUBLE, r, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        double t1 = MPI_Wtime();
        if (t1 - t0 < best) { best = t1 - t0; off = tr - (t0 + t1) / 2; }
      }
      MPI_Send(&off, 1, MPI_DOUBLE, r, 2, MPI_COMM_WORLD);
    } else if (rank == r) {
      for (int i = 0; i < 20; i++) {
        double t0, tr;
        MPI_Recv(&t0, 1, MPI_DOUBLE, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        tr = MPI_Wtime();
        MPI_Send(&tr, 1, MPI_DOUBLE, 0, 1, MPI_COMM_WORLD);
      }
      MPI_Recv(&offset, 1, MPI_DOUBLE, 0, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
  }
}

/* one_call times one collective call SkaMPI's way: rank 0 sets a common
   start a window ahead, every rank waits for it on its corrected clock,
   calls, and the call lasts from the start to the last rank's end. A rank
   that reached the start late spoils the measurement: the window doubles
   and the call is timed again, up to a window of 10 ms; it shrinks by a
   quarter after each call every rank made. (A barrier
   instead would let ranks leave it one latency apart, and a root's
   broadcast would look free.) */
static double one_call(const char *op, long n) {
  for (;;) {
    double start = 0;
    if (rank == 0) start = MPI_Wtime() + window;
    MPI_Bcast(&start, 1, MPI_DOUBLE, 0, MPI_COMM_WORLD);
    double late = MPI_Wtime() - offset > start ? 1 : 0;
    /* Yield while waiting: where ranks share a core the one waiting must
       not keep the others from reaching the start; alone on its core a
       rank gets it straight back. */
    while (MPI_Wtime() - offset < start)
      sched_yield();
    call(op, n);
    double mine[2] = {MPI_Wtime() - offset - start, late}, all[2];
    MPI_Allreduce(mine, all, 2, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    /* The window adapts (on every rank alike: all[1] is the same
       everywhere): it shrinks while every rank makes it, and doubles when
       one is late. Past 10 ms the lateness stays in the time (an
       overestimate, which the minimum over repetitions may drop). */
    if (all[1] == 0) {
      if (window > 5e-5) window *= 0.75;
      return all[0];
    }
    if (window > 0.01) return all[0];
    window *= 2;
  }
}

/* timed returns the time per call of k calls, on every rank: the
   ping-pong's round trips back to back (each waits for the last), a
   collective's calls one at a time. */
static double timed(const char *op, long n, int k) {
  if (strcmp(op, "pp")) {
    double sum = 0;
    for (int i = 0; i < k; i++) sum += one_call(op, n);
    return sum / k;
  }
  MPI_Barrier(MPI_COMM_WORLD);
  double t0 = MPI_Wtime();
  for (int i = 0; i < k; i++) call(op, n);
  double t = (MPI_Wtime() - t0) / k, slowest;
  MPI_Allreduce(&t, &slowest, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
  return slowest;
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &np);
  if (argc < 5) {
    if (rank == 0) fprintf(stderr, "usage: bench OP REPS TARGET_S SIZE...\n");
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  const char *op = argv[1];
  int reps = atoi(argv[2]), ns = argc - 4;
  double target = atof(argv[3]);
  long largest = 1;
  for (int a = 0; a < ns; a++) if (atol(argv[a + 4]) > largest) largest = atol(argv[a + 4]);
  /* The rooted and all-to-all collectives move np blocks at a rank. */
  size_t bytes = (size_t)largest * (size_t)np;
  sbuf = calloc(bytes, 1);
  rbuf = calloc(bytes, 1);
  double *t = calloc((size_t)ns * reps, sizeof *t);
  int *trips = calloc((size_t)ns, sizeof *trips);
  if (!sbuf || !rbuf || !t || !trips) MPI_Abort(MPI_COMM_WORLD, 3);
  /* Fill both buffers as a program's data is filled: memory calloc'd
     and never written maps the kernel's one zero page, so every read of
     an unwritten buffer hits one cached 4 KiB page, and a reduction of
     32 MB read from there took a third of its time on data. Doubles of
     1.0, so that the reductions' sums stay ordinary numbers. */
  for (size_t i = 0; i + sizeof(double) <= bytes; i += sizeof(double)) {
    double one = 1.0;
    memcpy(sbuf + i, &one, sizeof one);
    memcpy(rbuf + i, &one, sizeof one);
  }
  int pp = !strcmp(op, "pp");
  if (!pp) sync_clocks();
  /* Two warm-up calls per size (the first sets up connections and
     buffers); the second sizes its repetitions (rank 0 decides). */
  for (int a = 0; a < ns; a++) {
    timed(op, atol(argv[a + 4]), 1);
    double w = timed(op, atol(argv[a + 4]), 1);
    int k = w > 0 ? (int)(target / (w + (pp ? 0 : window))) : 1000;
    if (k < 1) k = 1;
    /* A collective's calls each cost a broadcast, a wait and a reduction
       more. */
    if (k > (pp ? 1000 : 100)) k = pp ? 1000 : 100;
    MPI_Bcast(&k, 1, MPI_INT, 0, MPI_COMM_WORLD);
    trips[a] = k;
  }
  for (int r = 0; r < reps; r++)
    for (int a = 0; a < ns; a++)
      t[(size_t)a * reps + r] = timed(op, atol(argv[a + 4]), trips[a]) / (pp ? 2 : 1);
  if (rank == 0) {
    for (int a = 0; a < ns; a++) {
      printf("R %s %s %d", op, argv[a + 4], trips[a]);
      for (int r = 0; r < reps; r++) printf(" %.9e", t[(size_t)a * reps + r]);
      printf("\n");
    }
    fflush(stdout);
  }
  free(t); free(trips); free(sbuf); free(rbuf);
  MPI_Finalize();
  return 0;
}
