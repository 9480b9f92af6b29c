/* An MPI program whose own source does not include MPI's header: a
 * header of its own does, with quotes, as the NAS Parallel Benchmarks do. Every rank
 * sums its share of a series, then the ranks pass a token round a ring
 * and reduce the sums. augur instrument --time must link the recorder. */
#include <stdio.h>
#include <stdlib.h>
#include "nasstyle.h"

int me, np;

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &me);
    MPI_Comm_size(MPI_COMM_WORLD, &np);
    long n = argc > 1 ? atol(argv[1]) : 1000000;
    double s = 0;
    for (long i = me; i < n; i += np)
        s += 1.0 / (1.0 + (double)i);
    int token = 0;
    if (np > 1) {
        if (me == 0) {
            MPI_Send(&token, 1, MPI_INT, 1, 7, MPI_COMM_WORLD);
            MPI_Recv(&token, 1, MPI_INT, np - 1, 7, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        } else {
            MPI_Recv(&token, 1, MPI_INT, me - 1, 7, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            token++;
            MPI_Send(&token, 1, MPI_INT, (me + 1) % np, 7, MPI_COMM_WORLD);
        }
    }
    double total = 0;
    MPI_Reduce(&s, &total, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
    if (me == 0)
        printf("nasstyle: %d ranks, token %d, sum %.6f\n", np, token, total);
    MPI_Finalize();
    return 0;
}
