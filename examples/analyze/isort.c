/*
 * isort: integer bucket sort of N keys, in the manner of NAS IS. Every
 * rank makes N/P keys in [0, MAXKEY) with its own generator (a 32-bit
 * linear congruential generator written out, so its operations are in the
 * source). Keys are bucketed by value: rank r gets the keys in
 * [r * MAXKEY/P, (r+1) * MAXKEY/P). A rank counts its keys per bucket,
 * exchanges the counts (MPI_Alltoall), packs its keys bucket by bucket and
 * exchanges them (MPI_Alltoallv); then it sorts what it received with a
 * counting sort over its bucket's key range.
 *
 * How many keys a rank receives depends on the data; for uniform keys it
 * is N/P on average, which the annotations say. The checksum line gives
 * the number of keys out of order (0 when sorted) and a sum weighted by
 * position that changes if the order does; since each rank seeds its own
 * generator, the keys and so that sum differ with P.
 *
 *   mpicc -O2 -o isort isort.c
 *   mpirun -np 2 ./isort [N]               (default 4194304)
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#define MAXKEY (1 << 20)

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 1 << 22;
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    /* time_s is the whole program after MPI_Init, what augur analyze
     * predicts; kernel_s the computation and communication alone. */
    MPI_Barrier(MPI_COMM_WORLD);
    double start = MPI_Wtime();
    if (n < size || MAXKEY % size != 0) {
        if (rank == 0)
            fprintf(stderr, "isort: N must be at least the number of ranks and %d a multiple of it; got N=%d on %d ranks\n",
                    MAXKEY, n, size);
        MPI_Finalize();
        return 2;
    }
    int local = n / size;   /* keys this rank makes */
    int span = MAXKEY / size; /* key range of one bucket */
    int *keys = malloc(sizeof(int) * local);
    int *packed = malloc(sizeof(int) * local);
    /* Received keys can exceed N/P: room for all N is the safe bound. */
    int *recv = malloc(sizeof(int) * n);
    int *sorted = malloc(sizeof(int) * n);
    int *hist = malloc(sizeof(int) * (span + 1));
    int *scount = malloc(sizeof(int) * size), *sdispl = malloc(sizeof(int) * size);
    int *rcount = malloc(sizeof(int) * size), *rdispl = malloc(sizeof(int) * size);
    int *next = malloc(sizeof(int) * size);
#pragma augur proba(0)
    if (!keys || !packed || !recv || !sorted || !hist || !scount || !sdispl || !rcount || !rdispl || !next) {
        fprintf(stderr, "isort: out of memory for N=%d\n", n);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    unsigned int state = 2463534242u + 7919u * (unsigned int)rank;

    MPI_Barrier(MPI_COMM_WORLD);
    double t0 = MPI_Wtime();
    /* Keys from the high bits of the state, the better-mixed ones. */
    for (int i = 0; i < local; i++) {
        state = state * 1664525u + 1013904223u;
        keys[i] = (int)(state >> 12);
    }

    /* Bucket sizes, exchanged so each rank knows what it will receive. */
    for (int p = 0; p < size; p++)
        scount[p] = 0;
    for (int i = 0; i < local; i++)
        scount[keys[i] / span]++;
    MPI_Alltoall(scount, 1, MPI_INT, rcount, 1, MPI_INT, MPI_COMM_WORLD);
    sdispl[0] = 0;
    rdispl[0] = 0;
    for (int p = 1; p < size; p++) {
        sdispl[p] = sdispl[p - 1] + scount[p - 1];
        rdispl[p] = rdispl[p - 1] + rcount[p - 1];
    }

    /* Pack the keys bucket by bucket, then send each bucket to its rank. */
    for (int p = 0; p < size; p++)
        next[p] = sdispl[p];
    for (int i = 0; i < local; i++)
        packed[next[keys[i] / span]++] = keys[i];
#pragma augur bytes(4 * (n / size) / size)
    MPI_Alltoallv(packed, scount, sdispl, MPI_INT, recv, rcount, rdispl, MPI_INT, MPI_COMM_WORLD);
    int got = rdispl[size - 1] + rcount[size - 1];

    /* Counting sort of the received keys over [rank*span, (rank+1)*span). */
    int lo = rank * span;
    for (int k = 0; k <= span; k++)
        hist[k] = 0;
#pragma augur loop(n / size)
    for (int i = 0; i < got; i++)
        hist[recv[i] - lo + 1]++;
    for (int k = 1; k <= span; k++)
        hist[k] += hist[k - 1];
#pragma augur loop(n / size)
    for (int i = 0; i < got; i++)
        sorted[hist[recv[i] - lo]++] = recv[i];
    double t1 = MPI_Wtime();

    /* Checks: keys out of order (must be 0) and a sum that sees their order. */
    long long disorder = 0, weighted = 0, all_disorder = 0, all_weighted = 0;
#pragma augur loop(n / size)
    for (int i = 0; i < got; i++) {
#pragma augur proba(0)
        if (i > 0 && sorted[i] < sorted[i - 1])
            disorder++;
        weighted += (long long)(i % 7 + 1) * sorted[i];
    }
    MPI_Reduce(&disorder, &all_disorder, 1, MPI_LONG_LONG, MPI_SUM, 0, MPI_COMM_WORLD);
    MPI_Reduce(&weighted, &all_weighted, 1, MPI_LONG_LONG, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        printf("disorder=%lld weighted=%lld n=%d ranks=%d\n", all_disorder, all_weighted, local * size, size);
        printf("kernel_s=%.6f\n", t1 - t0);
    }
    free(keys);
    free(packed);
    free(recv);
    free(sorted);
    free(hist);
    free(scount);
    free(sdispl);
    free(rcount);
    free(rdispl);
    free(next);
    double end = MPI_Wtime();
    if (rank == 0)
        printf("time_s=%.6f\n", end - start);
    MPI_Finalize();
    return 0;
}
