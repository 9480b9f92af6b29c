/* fortran.f90's C twin: the same MPI calls in the same order (see there). */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv)
{
    int rank, np, next, prev, flag;
    MPI_Comm sub, cart;
    MPI_Request reqs[2];
    MPI_Status st, sts[2];
    double a[1000], b[1000], s[4];
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &np);
    next = (rank + 1) % np;
    prev = (rank + np - 1) % np;
    for (int i = 0; i < 1000; i++) a[i] = rank;
    if (rank == 0) {
        MPI_Send(a, 1000, MPI_DOUBLE, next, 1, MPI_COMM_WORLD);
        MPI_Recv(b, 1000, MPI_DOUBLE, MPI_ANY_SOURCE, 1, MPI_COMM_WORLD, &st);
        if (st.MPI_SOURCE != prev) MPI_Abort(MPI_COMM_WORLD, 2);
    } else {
        MPI_Recv(b, 1000, MPI_DOUBLE, prev, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Ssend(a, 1000, MPI_DOUBLE, next, 1, MPI_COMM_WORLD);
    }
    MPI_Irecv(b, 500, MPI_DOUBLE, prev, 2, MPI_COMM_WORLD, &reqs[0]);
    MPI_Isend(a, 500, MPI_DOUBLE, next, 2, MPI_COMM_WORLD, &reqs[1]);
    MPI_Waitall(2, reqs, sts);
    MPI_Irecv(b, 10, MPI_INT, prev, 3, MPI_COMM_WORLD, &reqs[0]);
    MPI_Issend(a, 10, MPI_INT, next, 3, MPI_COMM_WORLD, &reqs[1]);
    MPI_Wait(&reqs[1], MPI_STATUS_IGNORE);
    MPI_Wait(&reqs[0], &st);
    MPI_Irecv(b, 7, MPI_INT, prev, 5, MPI_COMM_WORLD, &reqs[0]);
    MPI_Send(a, 7, MPI_INT, next, 5, MPI_COMM_WORLD);
    flag = 0;
    while (!flag) MPI_Testall(1, reqs, &flag, MPI_STATUSES_IGNORE);
    for (int i = 0; i < 4; i++) s[i] = rank;
    MPI_Allreduce(MPI_IN_PLACE, s, 4, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    MPI_Reduce(s, b, 4, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
    if (rank == 1)
        MPI_Reduce(MPI_IN_PLACE, s, 4, MPI_DOUBLE, MPI_SUM, 1, MPI_COMM_WORLD);
    else
        MPI_Reduce(s, b, 4, MPI_DOUBLE, MPI_SUM, 1, MPI_COMM_WORLD);
    MPI_Bcast(a, 100, MPI_DOUBLE, 2, MPI_COMM_WORLD);
    MPI_Allgather(a, 3, MPI_DOUBLE, b, 3, MPI_DOUBLE, MPI_COMM_WORLD);
    MPI_Alltoall(a, 5, MPI_DOUBLE, b, 5, MPI_DOUBLE, MPI_COMM_WORLD);
    MPI_Gather(a, 2, MPI_DOUBLE, b, 2, MPI_DOUBLE, 3, MPI_COMM_WORLD);
    MPI_Scatter(a, 2, MPI_DOUBLE, b, 2, MPI_DOUBLE, 0, MPI_COMM_WORLD);
    MPI_Sendrecv(a, 8, MPI_DOUBLE, next, 4, b, 8, MPI_DOUBLE, prev, 4, MPI_COMM_WORLD, &st);
    MPI_Comm_split(MPI_COMM_WORLD, rank % 2, rank, &sub);
    MPI_Comm_dup(MPI_COMM_WORLD, &sub);
    MPI_Bcast(a, 16, MPI_DOUBLE, 0, sub);
    int dims[1] = {np}, periods[1] = {1};
    MPI_Cart_create(MPI_COMM_WORLD, 1, dims, periods, 0, &cart);
    MPI_Barrier(cart);
    if (rank == 0) printf("fortran_twin: done\n");
    MPI_Finalize();
    return 0;
}
