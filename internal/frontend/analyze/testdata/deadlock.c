// Two ranks that both receive first: neither send is ever reached.
#include <mpi.h>

int main(int argc, char **argv) {
    int rank;
    double in[100], out[100] = {0};
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Recv(in, 100, MPI_DOUBLE, 1 - rank, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Send(out, 100, MPI_DOUBLE, 1 - rank, 0, MPI_COMM_WORLD);
    MPI_Finalize();
    return 0;
}
