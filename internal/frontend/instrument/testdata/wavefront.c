/* A wavefront pipeline: the grid's columns are split among the ranks;
 * row by row, each rank waits for its left neighbour's last value of the
 * row, sweeps its part of the row and sends its own last value to the
 * right. Messages are one double, the compute between two of them a
 * short inner loop: what makes timers and a recorder expensive.
 *   wavefront ROWS COLS ITERS */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int me, np;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &me);
    MPI_Comm_size(MPI_COMM_WORLD, &np);
    int rows = argc > 1 ? atoi(argv[1]) : 2000;
    int cols = argc > 2 ? atoi(argv[2]) : 400;
    int iters = argc > 3 ? atoi(argv[3]) : 20;
    int w = cols / np + 1;
    double *a = calloc((size_t)(rows + 1) * (size_t)w, sizeof *a);
    for (int i = 0; i <= rows; i++) a[(size_t)i * w] = 1.0;
    double t0 = MPI_Wtime();
    for (int it = 0; it < iters; it++) {
        for (int i = 1; i <= rows; i++) {
            double *r = a + (size_t)i * w, *up = r - w;
            if (me > 0) MPI_Recv(&r[0], 1, MPI_DOUBLE, me - 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            for (int j = 1; j < w; j++)
                r[j] = 0.25 * (r[j - 1] + up[j] + up[j - 1] + r[j]) + 1e-3;
            if (me < np - 1) MPI_Send(&r[w - 1], 1, MPI_DOUBLE, me + 1, 0, MPI_COMM_WORLD);
        }
    }
    double t = MPI_Wtime() - t0, tmax;
    MPI_Reduce(&t, &tmax, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
    double s = 0;
    for (int j = 0; j < w; j++) s += a[(size_t)rows * w + j];
    if (me == np - 1) printf("wavefront: rank %d row sum %.6f\n", me, s);
    if (me == 0) printf("wavefront: %d ranks, %d x %d, %d iterations: %.6f s\n", np, rows, cols, iters, tmax);
    free(a);
    MPI_Finalize();
    return 0;
}
