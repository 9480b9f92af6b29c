/*
 * jacobi: 1D heat diffusion by Jacobi iterations over MPI, the example
 * program augur records (augur record --mpi) and replays (augur replay).
 * Each rank owns N/P cells; every iteration it exchanges one halo cell
 * with each neighbour (MPI_Irecv, MPI_Isend, MPI_Waitall), updates its
 * cells SWEEPS times (the computation), and every CHECK iterations the
 * ranks agree on the largest change (MPI_Allreduce). Rank 0 broadcasts
 * the parameters first and gathers a checksum at the end.
 *
 *   mpicc -O2 -o jacobi jacobi.c
 *   mpirun -np 2 ./jacobi [N] [ITERS] [SWEEPS]
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    double t0 = MPI_Wtime();

    long params[3] = {1 << 20, 200, 4}; /* cells, iterations, sweeps per iteration */
    if (rank == 0) {
        for (int i = 1; i < argc && i <= 3; i++) params[i - 1] = atol(argv[i]);
    }
    MPI_Bcast(params, 3, MPI_LONG, 0, MPI_COMM_WORLD);
    long n = params[0] / size, iters = params[1], sweeps = params[2];
    const int check = 10;

    double *u = calloc((size_t)n + 2, sizeof *u), *v = calloc((size_t)n + 2, sizeof *v);
    if (!u || !v) {
        fprintf(stderr, "jacobi: out of memory\n");
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    for (long i = 1; i <= n; i++) u[i] = (double)((rank * n + i) % 97);
    int left = rank > 0 ? rank - 1 : MPI_PROC_NULL, right = rank < size - 1 ? rank + 1 : MPI_PROC_NULL;

    double delta = 0;
    for (long it = 0; it < iters; it++) {
        MPI_Request rq[4];
        int nr = 0;
        if (left != MPI_PROC_NULL) {
            MPI_Irecv(&u[0], 1, MPI_DOUBLE, left, 1, MPI_COMM_WORLD, &rq[nr++]);
            MPI_Isend(&u[1], 1, MPI_DOUBLE, left, 0, MPI_COMM_WORLD, &rq[nr++]);
        }
        if (right != MPI_PROC_NULL) {
            MPI_Irecv(&u[n + 1], 1, MPI_DOUBLE, right, 0, MPI_COMM_WORLD, &rq[nr++]);
            MPI_Isend(&u[n], 1, MPI_DOUBLE, right, 1, MPI_COMM_WORLD, &rq[nr++]);
        }
        MPI_Waitall(nr, rq, MPI_STATUSES_IGNORE);
        double local = 0;
        for (long s = 0; s < sweeps; s++) {
            for (long i = 1; i <= n; i++) {
                v[i] = 0.25 * u[i - 1] + 0.5 * u[i] + 0.25 * u[i + 1];
                double d = v[i] > u[i] ? v[i] - u[i] : u[i] - v[i];
                if (d > local) local = d;
            }
            double *t = u;
            u = v;
            v = t;
            u[0] = v[0];
            u[n + 1] = v[n + 1];
        }
        if (it % check == check - 1) MPI_Allreduce(&local, &delta, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    }
    double sum = 0, total = 0;
    for (long i = 1; i <= n; i++) sum += u[i];
    MPI_Reduce(&sum, &total, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
    double t1 = MPI_Wtime();
    if (rank == 0)
        printf("jacobi: %ld cells, %ld iterations on %d ranks: checksum %.6f, last change %.3g, time %.6f s\n",
               n * size, iters, size, total, delta, t1 - t0);
    free(u);
    free(v);
    MPI_Finalize();
    return 0;
}
