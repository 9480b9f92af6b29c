/*
 * jacobi: Jacobi iterations of the five-point stencil for Laplace's
 * equation on an N x N grid. The grid's rows are split into P blocks of
 * N/P rows; each rank keeps its block with one halo row above and below.
 * Every iteration a rank swaps edge rows with its neighbours
 * (MPI_Sendrecv, upwards then downwards), replaces each interior point by
 * the average of its four neighbours, and sums the squared change; after
 * ITERS iterations the ranks add up that residual (MPI_Allreduce).
 *
 * Boundaries are fixed: the halo row above rank 0 is the hot edge (1.0),
 * the halo row below the last rank and the first and last columns stay 0.
 * The last iteration's residual is the checksum: it is the same for any P
 * up to rounding.
 *
 *   mpicc -O2 -o jacobi jacobi.c
 *   mpirun -np 2 ./jacobi [N] [ITERS]     (default 1024, 100)
 */
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 1024;
    int iters = argc > 2 ? atoi(argv[2]) : 100;
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    /* time_s is the whole program after MPI_Init, what augur analyze
     * predicts; kernel_s the computation and communication alone. */
    MPI_Barrier(MPI_COMM_WORLD);
    double start = MPI_Wtime();
    if (n < 3 || n % size != 0 || iters < 1) {
        if (rank == 0)
            fprintf(stderr, "jacobi: N must be at least 3 and a multiple of the %d ranks, ITERS at least 1; got N=%d ITERS=%d\n",
                    size, n, iters);
        MPI_Finalize();
        return 2;
    }
    int rows = n / size;
    /* Rows 1..rows are this rank's; rows 0 and rows+1 are halos. */
    double *u = malloc(sizeof(double) * (rows + 2) * n);
    double *v = malloc(sizeof(double) * (rows + 2) * n);
#pragma augur proba(0)
    if (!u || !v) {
        fprintf(stderr, "jacobi: out of memory for %d x %d doubles\n", 2 * (rows + 2), n);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    /* Both arrays hold the boundary, since they swap roles every iteration. */
    for (int i = 0; i < rows + 2; i++)
        for (int j = 0; j < n; j++) {
            double edge = rank == 0 && i == 0 ? 1.0 : 0.0;
            u[i * n + j] = edge;
            v[i * n + j] = edge;
        }
    int up = rank > 0 ? rank - 1 : MPI_PROC_NULL;
    int down = rank < size - 1 ? rank + 1 : MPI_PROC_NULL;

    MPI_Barrier(MPI_COMM_WORLD);
    double t0 = MPI_Wtime();
    double change = 0;
    for (int it = 0; it < iters; it++) {
        /* My first row goes up while the row below me comes up; then the reverse. */
        MPI_Sendrecv(&u[1 * n], n, MPI_DOUBLE, up, 0, &u[(rows + 1) * n], n, MPI_DOUBLE, down, 0,
                     MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Sendrecv(&u[rows * n], n, MPI_DOUBLE, down, 1, &u[0], n, MPI_DOUBLE, up, 1,
                     MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        change = 0;
        for (int i = 1; i <= rows; i++)
            for (int j = 1; j < n - 1; j++) {
                double next = 0.25 * (u[(i - 1) * n + j] + u[(i + 1) * n + j] + u[i * n + j - 1] + u[i * n + j + 1]);
                double d = next - u[i * n + j];
                change += d * d;
                v[i * n + j] = next;
            }
        double *t = u;
        u = v;
        v = t;
    }
    double residual = 0;
    MPI_Allreduce(&change, &residual, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    double t1 = MPI_Wtime();

    if (rank == 0) {
        printf("residual=%.6e n=%d iters=%d ranks=%d\n", sqrt(residual), n, iters, size);
        printf("kernel_s=%.6f\n", t1 - t0);
    }
    free(u);
    free(v);
    double end = MPI_Wtime();
    if (rank == 0)
        printf("time_s=%.6f\n", end - start);
    MPI_Finalize();
    return 0;
}
