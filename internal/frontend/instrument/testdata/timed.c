/* A program for augur instrument --time's tests: every kind of MPI call
 * the trace writes, a loop without MPI calls whose iterations are sampled,
 * one with a continue, and a main loop with MPI calls whose computation
 * is sampled. Run with
 * two ranks; "crash" as the first argument makes rank 1 die in the main
 * loop's third iteration. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N 4096
#define STEPS 40

static double a[N], b[N];

/* Smooths the array once: a body of some microseconds. */
static double relax(void)
{
    double s = 0;
#pragma augur sample
    for (int r = 0; r < 30000; r++) {
        for (int i = 1; i < 64; i++)
            b[i] = 0.5 * (a[i - 1] + a[i + 1]) + 1e-3 * r;
        s += b[r % 64];
    }
    return s;
}

int main(int argc, char **argv)
{
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int crash = argc > 1 && strcmp(argv[1], "crash") == 0;
    for (int i = 0; i < N; i++)
        a[i] = i % 7;
    double s = relax();
#pragma augur sample
    for (int r = 0; r < 20000; r++) {
        if (r % 3 == 0)
            continue; /* counted before the body, so that continue cannot skip the count */
        s += a[r % N] * 1e-9;
    }
    MPI_Barrier(MPI_COMM_WORLD);
    int right = (rank + 1) % size, left = (rank + size - 1) % size;
    MPI_Datatype t = MPI_INT; /* a datatype that is not a constant */
#pragma augur sample
    for (int step = 0; step < STEPS; step++) {
        for (int k = 0; k < 200; k++)
            for (int i = 1; i < N - 1; i++)
                b[i] = 0.25 * (a[i - 1] + 2 * a[i] + a[i + 1]);
        memcpy(a, b, sizeof a);
        MPI_Sendrecv(&a[0], 16, MPI_DOUBLE, right, 1, &b[0], 16, MPI_DOUBLE, left, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        if (crash && rank == 1 && step == 2)
            *(volatile int *)0 = 1;
    }
    int x[8] = {0}, y[8];
    MPI_Request rq[2];
    MPI_Irecv(y, 8, MPI_INT, left, 2, MPI_COMM_WORLD, &rq[0]);
    MPI_Isend(x, 8, MPI_INT, right, 2, MPI_COMM_WORLD, &rq[1]);
    MPI_Waitall(2, rq, MPI_STATUSES_IGNORE);
    if (rank == 0)
        MPI_Send(x, 3, t, 1, 3, MPI_COMM_WORLD);
    else if (rank == 1)
        MPI_Recv(y, 3, t, 0, 3, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Bcast(x, 4, MPI_INT, 0, MPI_COMM_WORLD);
    double all;
    MPI_Allreduce(&s, &all, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    MPI_Alltoall(x, 2, MPI_INT, y, 2, MPI_INT, MPI_COMM_WORLD);
    MPI_Gather(x, 2, MPI_INT, y, 2, MPI_INT, 0, MPI_COMM_WORLD);
    MPI_Reduce(&s, &all, 1, MPI_DOUBLE, MPI_MAX, 1, MPI_COMM_WORLD);
    if (rank == 0)
        printf("%g %g\n", all, a[N / 2]);
    MPI_Finalize();
    return 0;
}
