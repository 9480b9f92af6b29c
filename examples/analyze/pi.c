/*
 * pi: pi by the dartboard method, master/worker, as in ChronosMix's case
 * study. Every rank throws N/P darts at the unit square; the fraction that
 * lands in the quarter circle x*x + y*y <= 1 is pi/4. Each worker sends its
 * estimate of pi to rank 0 (MPI_Send/MPI_Recv), which averages them with
 * its own.
 *
 * The random numbers come from a 64-bit linear congruential generator
 * written out in the loop (Knuth's MMIX constants), not from rand(), so
 * the integer and floating-point operations of a dart are all in the
 * source for the analysis to count. The hit test depends on the data: its
 * probability pi/4 is stated with ChronosMix's PIC_proba.
 *
 *   mpicc -O2 -o pi pi.c
 *   mpirun -np 2 ./pi [N]          (N darts in all, default 20000000)
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#include "augur.h"

#define LCG_MUL 6364136223846793005ULL
#define LCG_ADD 1442695040888963407ULL
#define TWO_POW_MINUS_53 0x1p-53 /* scales 53 random bits into [0, 1) */

/* count_hits throws darts darts with the generator started at seed and
 * returns how many fall in the quarter circle. */
static long count_hits(long darts, unsigned long long seed)
{
    unsigned long long state = seed;
    long hits = 0;
    for (long i = 0; i < darts; i++) {
        /* The top 53 bits of the state make a double in [0, 1); the
         * multiplication is what a compiler makes of dividing by 2^53. */
        state = state * LCG_MUL + LCG_ADD;
        double x = (double)(state >> 11) * TWO_POW_MINUS_53;
        state = state * LCG_MUL + LCG_ADD;
        double y = (double)(state >> 11) * TWO_POW_MINUS_53;
        if (PIC_proba(0.785398) && x * x + y * y <= 1.0)
            hits++;
    }
    return hits;
}

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 20000000;
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    /* time_s is the whole program after MPI_Init, what augur analyze
     * predicts; kernel_s the computation and communication alone. */
    MPI_Barrier(MPI_COMM_WORLD);
    double start = MPI_Wtime();
    if (n < size) {
        if (rank == 0)
            fprintf(stderr, "pi: N must be at least the number of ranks (%d), got %ld\n", size, n);
        MPI_Finalize();
        return 2;
    }
    long darts = n / size;

    MPI_Barrier(MPI_COMM_WORLD);
    double t0 = MPI_Wtime();
    /* Seeds far apart, so the ranks' streams do not overlap. */
    long hits = count_hits(darts, 0x9E3779B97F4A7C15ULL * (unsigned long long)(rank + 1));
    double estimate = 4.0 * (double)hits / (double)darts;
    double average = estimate;
    if (rank == 0) {
        for (int worker = 1; worker < size; worker++) {
            double theirs;
            MPI_Recv(&theirs, 1, MPI_DOUBLE, worker, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            average += theirs;
        }
        average /= size;
    } else {
        MPI_Send(&estimate, 1, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD);
    }
    double t1 = MPI_Wtime();

    if (rank == 0) {
        printf("pi=%.9f darts=%ld ranks=%d\n", average, darts * size, size);
        printf("kernel_s=%.6f\n", t1 - t0);
    }
    double end = MPI_Wtime();
    if (rank == 0)
        printf("time_s=%.6f\n", end - start);
    MPI_Finalize();
    return 0;
}
