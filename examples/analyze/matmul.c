/*
 * matmul: dense matrix product C = A x B of N x N doubles. The rows of A
 * and C are split into P blocks of N/P rows; rank 0 makes B and broadcasts
 * it (MPI_Bcast), every rank multiplies its rows of A by B, and rank 0
 * gathers the rows of C (MPI_Gather).
 *
 * The loops run in i-k-j order: the innermost loop walks a row of B and a
 * row of C with unit stride, the order a programmer writes for the cache.
 * A and B hold small integers, so C is exact and its sum is a checksum
 * that does not depend on P.
 *
 *   mpicc -O2 -o matmul matmul.c
 *   mpirun -np 2 ./matmul [N]              (default 512)
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 512;
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    /* time_s is the whole program after MPI_Init, what augur analyze
     * predicts; kernel_s the computation and communication alone. */
    MPI_Barrier(MPI_COMM_WORLD);
    double start = MPI_Wtime();
    if (n < 1 || n % size != 0) {
        if (rank == 0)
            fprintf(stderr, "matmul: N must be a positive multiple of the %d ranks, got %d\n", size, n);
        MPI_Finalize();
        return 2;
    }
    int rows = n / size;
    double *a = malloc(sizeof(double) * rows * n);
    double *b = malloc(sizeof(double) * n * n);
    double *c = malloc(sizeof(double) * rows * n);
    double *all = rank == 0 ? malloc(sizeof(double) * n * n) : NULL;
#pragma augur proba(0)
    if (!a || !b || !c || (rank == 0 && !all)) {
        fprintf(stderr, "matmul: out of memory for N=%d\n", n);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    /* Row i of this rank is row rank*rows + i of A. */
    for (int i = 0; i < rows; i++)
        for (int j = 0; j < n; j++)
            a[i * n + j] = (double)((rank * rows + i + 2 * j) % 5);
    if (rank == 0)
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++)
                b[i * n + j] = (double)((i * j) % 3) - 1.0;

    MPI_Barrier(MPI_COMM_WORLD);
    double t0 = MPI_Wtime();
    MPI_Bcast(b, n * n, MPI_DOUBLE, 0, MPI_COMM_WORLD);
    for (int i = 0; i < rows; i++) {
        for (int j = 0; j < n; j++)
            c[i * n + j] = 0.0;
        for (int k = 0; k < n; k++) {
            double aik = a[i * n + k];
            for (int j = 0; j < n; j++)
                c[i * n + j] += aik * b[k * n + j];
        }
    }
    MPI_Gather(c, rows * n, MPI_DOUBLE, all, rows * n, MPI_DOUBLE, 0, MPI_COMM_WORLD);
    double t1 = MPI_Wtime();

    if (rank == 0) {
        double sum = 0;
        for (int i = 0; i < n * n; i++)
            sum += all[i];
        printf("sum=%.1f n=%d ranks=%d\n", sum, n, size);
        printf("kernel_s=%.6f\n", t1 - t0);
    }
    free(a);
    free(b);
    free(c);
    free(all);
    double end = MPI_Wtime();
    if (rank == 0)
        printf("time_s=%.6f\n", end - start);
    MPI_Finalize();
    return 0;
}
