/* A compute loop and an allreduce, repeated: the smallest MPI program
 * whose trace has compute bursts and a reduction (augur record --mpi,
 * docs/replay.md). Usage: burst_allreduce N ITERS WORK
 *   N      doubles reduced by every allreduce (MPI_SUM)
 *   ITERS  iterations
 *   WORK   passes of a multiply-add over the N doubles per iteration
 * Rank 0 prints the time from the end of MPI_Init to the start of
 * MPI_Finalize, the span a replay predicts. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    double t0 = MPI_Wtime();
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    long n = argc > 1 ? atol(argv[1]) : 100000;
    int iters = argc > 2 ? atoi(argv[2]) : 10, work = argc > 3 ? atoi(argv[3]) : 10;
    if (n < 1 || iters < 1 || work < 0) {
        fprintf(stderr, "usage: burst_allreduce N ITERS WORK\n");
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    double *a = malloc((size_t)n * sizeof *a), *s = malloc((size_t)n * sizeof *s);
    if (!a || !s) MPI_Abort(MPI_COMM_WORLD, 1);
    for (long i = 0; i < n; i++) a[i] = 1.0 + (double)(i % 7) * 1e-3 + rank;
    double check = 0;
    for (int it = 0; it < iters; it++) {
        for (int w = 0; w < work; w++)
            for (long i = 0; i < n; i++) a[i] = a[i] * 0.999999 + 1e-6;
        MPI_Allreduce(a, s, (int)n, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
        check += s[n / 2];
    }
    double t = MPI_Wtime() - t0;
    if (rank == 0) printf("burst_allreduce: n %ld iters %d work %d check %.6f time %.6f s\n", n, iters, work, check, t);
    free(a);
    free(s);
    MPI_Finalize();
    return 0;
}
