/*
 * lu: LU factorisation without pivoting, A = L U, of a diagonally dominant
 * N x N matrix (so no pivoting is needed), in place: U on and above the
 * diagonal, the multipliers of L below it. Rows are dealt out cyclically,
 * row i to rank i % P, which keeps the shrinking work balanced. At step k
 * the owner of row k broadcasts its part right of the diagonal, the pivot
 * row (MPI_Bcast), and every rank eliminates column k from its rows below k.
 *
 * The triangular nest (k < N, i > k, j > k) is the point: its N^3/3
 * multiply-adds are a polynomial the analysis must count exactly. A rank's
 * rows below k are every P-th row from the first one past k it owns.
 * Each rank stores the whole matrix but only ever touches its own rows.
 * The checksum is the sum of U's diagonal, the same for any P.
 *
 *   mpicc -O2 -o lu lu.c
 *   mpirun -np 2 ./lu [N]                  (default 600)
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 600;
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    /* time_s is the whole program after MPI_Init, what augur analyze
     * predicts; kernel_s the computation and communication alone. */
    MPI_Barrier(MPI_COMM_WORLD);
    double start = MPI_Wtime();
    if (n < 1) {
        if (rank == 0)
            fprintf(stderr, "lu: N must be positive, got %d\n", n);
        MPI_Finalize();
        return 2;
    }
    double *a = malloc(sizeof(double) * n * n);
    double *pivot = malloc(sizeof(double) * n);
#pragma augur proba(0)
    if (!a || !pivot) {
        fprintf(stderr, "lu: out of memory for N=%d\n", n);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    /* A Hilbert-like matrix with 2N on the diagonal: strictly diagonally dominant. */
    for (int i = rank; i < n; i += size)
        for (int j = 0; j < n; j++)
            a[i * n + j] = i == j ? 2.0 * n : 1.0 / (1 + i + j);

    MPI_Barrier(MPI_COMM_WORLD);
    double t0 = MPI_Wtime();
    for (int k = 0; k < n - 1; k++) {
        int owner = k % size;
        if (rank == owner)
            for (int j = k; j < n; j++)
                pivot[j] = a[k * n + j];
        MPI_Bcast(&pivot[k], n - k, MPI_DOUBLE, owner, MPI_COMM_WORLD);
        /* The first row after k that is mine: k+1 moved up to my residue mod P. */
        int first = k + 1 + (rank - (k + 1) % size + size) % size;
        for (int i = first; i < n; i += size) {
            double l = a[i * n + k] / pivot[k];
            a[i * n + k] = l;
            for (int j = k + 1; j < n; j++)
                a[i * n + j] -= l * pivot[j];
        }
    }
    double t1 = MPI_Wtime();

    double mine = 0, trace = 0;
    for (int i = rank; i < n; i += size)
        mine += a[i * n + i];
    MPI_Reduce(&mine, &trace, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        printf("trace(U)=%.9f n=%d ranks=%d\n", trace, n, size);
        printf("kernel_s=%.6f\n", t1 - t0);
    }
    free(a);
    free(pivot);
    double end = MPI_Wtime();
    if (rank == 0)
        printf("time_s=%.6f\n", end - start);
    MPI_Finalize();
    return 0;
}
