// Sizes from the command line, read every way C programs read them:
// argv ITERS N SEED [SCALE [SHIFT]].
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    if (argc < 4) {
        fprintf(stderr, "usage: argv ITERS N SEED [SCALE [SHIFT]]\n");
        return 1;
    }
    int iters = atoi(argv[1]);
    long n = strtol(argv[2], NULL, 10);
    int seed = atoi(argv[3]);
    double scale = 0.5;
    if (argc > 4)
        sscanf(argv[4], "%lf", &scale);
    int shift = argc > 5 ? (int)atol(argv[5]) : 3;
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    srand(seed);
    double x = 1;
    for (int it = 0; it < iters; it++)
        for (long i = rank; i < n; i += size)
            x = x * scale + 1;
    for (int j = 0; j < (1 << shift); j++)
        x = x * 0.5 + 1;
    double all;
    MPI_Reduce(&x, &all, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0)
        printf("%g\n", all);
    MPI_Finalize();
    return 0;
}
