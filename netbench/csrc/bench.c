/* augur bench network --mpi: a ping-pong between ranks 0 and 1, or a
   collective timed SkaMPI's way (see timed). Usage:
     bench pp|bcast|reduce|allreduce|allgather|alltoall|gather|scatter|barrier
           REPS TARGET_S SIZE...
   For each size it prints "R OP SIZE TRIPS t1 ... tREPS": seconds per call
   (one-way for the ping-pong, half a round trip) of each repetition, each
   the mean over TRIPS calls. Repetitions are the outer loop, so a burst of
   load elsewhere touches every size alike. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
    MPI_Reduce(sbuf, rbuf, (int)n, MPI_BYTE, MPI_BOR, 0, MPI_COMM_WORLD);
  } else if (!strcmp(op, "allreduce")) {
    MPI_Allreduce(sbuf, rbuf, (int)n, MPI_BYTE, MPI_BOR, MPI_COMM_WORLD);
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

/* timed returns the time per call of k calls, on every rank. The
   ping-pong's round trips follow each other (each waits for the last).
   A collective is timed SkaMPI's way, one call at a time: all ranks leave
   a barrier, each times its call, and the call's time is the slowest
   rank's (back-to-back calls would overlap, a root's broadcast returning
   before the others have it). */
static double timed(const char *op, long n, int k) {
  if (!strcmp(op, "pp")) {
    MPI_Barrier(MPI_COMM_WORLD);
    double t0 = MPI_Wtime();
    for (int i = 0; i < k; i++) call(op, n);
    double t = (MPI_Wtime() - t0) / k, slowest;
    MPI_Allreduce(&t, &slowest, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    return slowest;
  }
  double sum = 0;
  for (int i = 0; i < k; i++) {
    MPI_Barrier(MPI_COMM_WORLD);
    double t0 = MPI_Wtime();
    call(op, n);
    double t = MPI_Wtime() - t0, slowest;
    MPI_Allreduce(&t, &slowest, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    sum += slowest;
  }
  return sum / k;
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
  int pp = !strcmp(op, "pp");
  /* Two warm-up calls per size (the first sets up connections and
     buffers); the second sizes its repetitions (rank 0 decides). */
  for (int a = 0; a < ns; a++) {
    timed(op, atol(argv[a + 4]), 1);
    double w = timed(op, atol(argv[a + 4]), 1);
    int k = w > 0 ? (int)(target / w) : 1000;
    if (k < 1) k = 1;
    /* A collective's calls each cost a barrier and a reduction more. */
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
