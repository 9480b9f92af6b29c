/* Reductions called with MPI_IN_PLACE, as many programs call them (ParRes
 * Reduce at its root, allreduces of a residual): the recorder marks their
 * lines so that a machine file's measured in-place times apply. */
#include <mpi.h>
#include <stdio.h>

static double v[1000];
/* A pair type, whose extent (16 bytes) is larger than its size (12): the
 * recorder times MINLOC on vectors of the extent (CoMD's MPI_DOUBLE_INT). */
static struct { double d; int i; } pairs[4096], minima[4096];

int main(int argc, char **argv)
{
    int me, n[16] = {0};
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &me);
    for (int i = 0; i < 1000; i++) v[i] = me + i;
    /* In place at the root (rank 1) only: the others give their vector. */
    MPI_Reduce(me == 1 ? MPI_IN_PLACE : v, me == 1 ? v : NULL, 1000, MPI_DOUBLE, MPI_SUM, 1, MPI_COMM_WORLD);
    n[me] = me;
    MPI_Allreduce(MPI_IN_PLACE, n, 16, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    MPI_Allreduce(v, v + 500, 4, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    for (int i = 0; i < 4096; i++) pairs[i].d = me - i, pairs[i].i = me;
    MPI_Allreduce(pairs, minima, 4096, MPI_DOUBLE_INT, MPI_MINLOC, MPI_COMM_WORLD);
    if (me == 1) printf("inplace: done, %g %d %d\n", v[0], n[3], minima[5].i);
    MPI_Finalize();
    return 0;
}
