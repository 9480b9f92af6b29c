/* Calls on communicators other than MPI_COMM_WORLD, at 4 ranks: a
 * duplicate, a split into halves (evens, odds), a split of every rank in
 * reverse order, and MPI_COMM_SELF. The recorder writes each with world
 * ranks (cmd/augur/record_comm_test.go has the traces by hand). */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv)
{
    int me, np, hr, rr, x[2] = {1, 2}, y[2] = {0, 0};
    char buf[1000] = {0}, g[16] = {0};
    MPI_Comm dup, half, rev;
    MPI_Request r[2];
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &me);
    MPI_Comm_size(MPI_COMM_WORLD, &np);
    if (np != 4) {
        if (me == 0) fprintf(stderr, "comms: run me at 4 ranks\n");
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    MPI_Comm_dup(MPI_COMM_WORLD, &dup);
    MPI_Comm_split(MPI_COMM_WORLD, me % 2, me, &half);
    MPI_Comm_split(MPI_COMM_WORLD, 0, np - 1 - me, &rev);
    MPI_Comm_rank(half, &hr);
    MPI_Comm_rank(rev, &rr);
    /* Halves: rank 0 of each sends to its rank 1 (world 0 -> 2, 1 -> 3). */
    if (hr == 0)
        MPI_Send(buf, 1000, MPI_BYTE, 1, 5, half);
    else
        MPI_Recv(buf, 1000, MPI_BYTE, 0, 5, half, MPI_STATUS_IGNORE);
    /* A ring on the duplicate. */
    MPI_Irecv(y, 2, MPI_INT, (me + np - 1) % np, 3, dup, &r[0]);
    MPI_Isend(x, 2, MPI_INT, (me + 1) % np, 3, dup, &r[1]);
    MPI_Waitall(2, r, MPI_STATUSES_IGNORE);
    /* Reversed: its rank 0 is world rank 3, its rank 1 world rank 2. */
    MPI_Bcast(buf, 16, MPI_BYTE, 0, rev);
    int counts[4] = {1, 2, 3, 4}, displs[4] = {0, 1, 3, 6};
    MPI_Gatherv(g, rr + 1, MPI_BYTE, buf, counts, displs, MPI_BYTE, 1, rev);
    if (rr == 0) MPI_Send(buf, 4, MPI_BYTE, 1, 9, rev);
    if (rr == 1) MPI_Recv(buf, 4, MPI_BYTE, 0, 9, rev, MPI_STATUS_IGNORE);
    MPI_Allreduce(x, y, 2, MPI_INT, MPI_SUM, dup);
    /* One rank: local work, not a collective of the trace. */
    MPI_Allreduce(x, y, 1, MPI_INT, MPI_SUM, MPI_COMM_SELF);
    MPI_Comm_free(&dup);
    MPI_Comm_free(&half);
    MPI_Comm_free(&rev);
    if (me == 0) {
        /* Its command line, which augur record must pass on whole. */
        printf("comms: done, args");
        for (int i = 1; i < argc; i++) printf(" %s", argv[i]);
        printf("\n");
    }
    MPI_Finalize();
    return 0;
}
