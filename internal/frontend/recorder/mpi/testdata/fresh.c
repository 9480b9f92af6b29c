/* A vector scattered into memory just allocated: the kernel faults its
 * pages in inside MPI_Scatter, which the recorder charges as a compute
 * burst after the call. Argument: elements per rank. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int me, np;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &me);
    MPI_Comm_size(MPI_COMM_WORLD, &np);
    long n = argc > 1 ? atol(argv[1]) : 1000;
    float *all = NULL;
    if (me == 0) {
        all = malloc((size_t)(n * np) * sizeof *all);
        for (long i = 0; i < n * np; i++) all[i] = (float)(i % 7);
    }
    float *mine = malloc((size_t)n * sizeof *mine);
    MPI_Scatter(all, (int)n, MPI_FLOAT, mine, (int)n, MPI_FLOAT, 0, MPI_COMM_WORLD);
    double s = 0;
    for (long i = 0; i < n; i++) s += mine[i];
    MPI_Barrier(MPI_COMM_WORLD);
    if (me == 0) printf("fresh: done, %g\n", s);
    free(mine);
    free(all);
    MPI_Finalize();
    return 0;
}
