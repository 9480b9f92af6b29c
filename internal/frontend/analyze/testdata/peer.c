// A ping-pong between neighbouring ranks whose partner the analysis
// cannot compute (an exclusive or): --set peer=... says it per process.
#include <mpi.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 1000;
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int peer = rank ^ 1;
    double *buf = malloc(n * sizeof(double));
    if (rank % 2 == 0) {
        MPI_Send(buf, n, MPI_DOUBLE, peer, 0, MPI_COMM_WORLD);
        MPI_Recv(buf, n, MPI_DOUBLE, peer, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    } else {
        MPI_Recv(buf, n, MPI_DOUBLE, peer, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Send(buf, n, MPI_DOUBLE, peer, 0, MPI_COMM_WORLD);
    }
    free(buf);
    MPI_Finalize();
    return 0;
}
