/* Receives from MPI_ANY_SOURCE and with MPI_ANY_TAG, at N >= 3 ranks:
 * non-blocking ones completed by MPI_Waitall, MPI_Wait, MPI_Test and
 * MPI_Waitany,
 * blocking ones, one on a sub-communicator, and MPI_Sendrecv. The
 * recorder writes the source and tag each matched. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int me, np, hr, v = 0, flag = 0;
    MPI_Comm half;
    MPI_Status st;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &me);
    MPI_Comm_size(MPI_COMM_WORLD, &np);
    MPI_Request *r = malloc((size_t)np * sizeof *r);
    int *w = malloc((size_t)np * sizeof *w);
    if (me == 0) {
        /* One message of each other rank, tag 1, in whatever order. */
        for (int i = 1; i < np; i++) MPI_Irecv(&w[i], 1, MPI_INT, MPI_ANY_SOURCE, 1, MPI_COMM_WORLD, &r[i - 1]);
        MPI_Waitall(np - 1, r, MPI_STATUSES_IGNORE);
        /* Any source, any tag (10 + the sender), blocking. */
        for (int i = 1; i < np; i++) MPI_Recv(&v, 1, MPI_INT, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &st);
        /* Any source, any tag (20 + the sender), by MPI_Wait and by MPI_Test. */
        for (int i = 1; i < np; i++) {
            MPI_Request q;
            MPI_Irecv(&v, 1, MPI_INT, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &q);
            if (i % 2) {
                MPI_Wait(&q, &st);
            } else {
                for (flag = 0; !flag;) MPI_Test(&q, &flag, &st);
            }
        }
        /* Any source, tag 30, completed one at a time by MPI_Waitany. */
        for (int i = 1; i < np; i++) MPI_Irecv(&w[i], 1, MPI_INT, MPI_ANY_SOURCE, 30, MPI_COMM_WORLD, &r[i - 1]);
        for (int i = 1, k; i < np; i++) MPI_Waitany(np - 1, r, &k, &st);
    } else {
        MPI_Send(&me, 1, MPI_INT, 0, 1, MPI_COMM_WORLD);
        MPI_Send(&me, 1, MPI_INT, 0, 10 + me, MPI_COMM_WORLD);
        MPI_Send(&me, 1, MPI_INT, 0, 20 + me, MPI_COMM_WORLD);
        MPI_Send(&me, 1, MPI_INT, 0, 30, MPI_COMM_WORLD);
    }
    /* A ring by MPI_Sendrecv from any source: the one rank that sends here. */
    MPI_Sendrecv(&me, 1, MPI_INT, (me + 1) % np, 4, &v, 1, MPI_INT, MPI_ANY_SOURCE, 4, MPI_COMM_WORLD, &st);
    /* On the odd ranks' half: its rank 1 (world 3) to its rank 0 (world 1). */
    MPI_Comm_split(MPI_COMM_WORLD, me % 2, me, &half);
    MPI_Comm_rank(half, &hr);
    if (me % 2 == 1 && hr == 0) {
        MPI_Request q;
        MPI_Irecv(&v, 1, MPI_INT, MPI_ANY_SOURCE, 6, half, &q);
        MPI_Wait(&q, MPI_STATUS_IGNORE);
    }
    if (me % 2 == 1 && hr == 1) MPI_Send(&me, 1, MPI_INT, 0, 6, half);
    MPI_Comm_free(&half);
    MPI_Barrier(MPI_COMM_WORLD);
    if (me == 0) printf("anysrc: done\n");
    free(r);
    free(w);
    MPI_Finalize();
    return 0;
}
