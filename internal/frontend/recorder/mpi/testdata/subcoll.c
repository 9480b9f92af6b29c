/* A collective on half of the ranks, which a time-independent trace
 * cannot say: the recording stops there, naming the call; the program
 * runs to its end. */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv)
{
    int me, x = 1, y = 0;
    MPI_Comm half;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &me);
    MPI_Comm_split(MPI_COMM_WORLD, me % 2, me, &half);
    MPI_Allreduce(&x, &y, 1, MPI_INT, MPI_SUM, half);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Comm_free(&half);
    if (me == 0) printf("subcoll: done, %d in my half\n", y);
    MPI_Finalize();
    return 0;
}
