/* Reductions called with MPI_IN_PLACE (ParRes Reduce's root, a residual's
   allreduce): the model marks them in_place, so that a machine file's
   measured in-place times apply. */
#include <mpi.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int me;
    long n = 1000;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &me);
    double *v = calloc(n, sizeof *v);
    if (me == 0)
        MPI_Reduce(MPI_IN_PLACE, v, n, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
    else
        MPI_Reduce(v, NULL, n, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
    MPI_Allreduce(MPI_IN_PLACE, v, 4, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    MPI_Allreduce(v, v + 4, 4, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    free(v);
    MPI_Finalize();
    return 0;
}
