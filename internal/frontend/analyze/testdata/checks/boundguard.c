/* A loop guarded by a test of its own bound, both a field the data set
 * (hpgmg's exchange_boundary: if (num_recvs > 0) for (n < num_recvs)
 * MPI_Irecv, the same for the sends): the test reads the loop's
 * parameter, so receives and sends go together; a test that also reads a
 * value of the data keeps its probability. */
#include <mpi.h>
#include <stdlib.h>

typedef struct { int num_recvs, num_sends, *ranks; double *buf; MPI_Request *req; } exch_t;

static void exchange(exch_t *ex) {
  if (ex->num_recvs > 0)
    for (int n = 0; n < ex->num_recvs; n++)
      MPI_Irecv(&ex->buf[n], 1, MPI_DOUBLE, ex->ranks[n], 7, MPI_COMM_WORLD, &ex->req[n]);
  if (ex->num_sends > 0)
    for (int n = 0; n < ex->num_sends; n++)
      MPI_Isend(&ex->buf[n], 1, MPI_DOUBLE, ex->ranks[n], 7, MPI_COMM_WORLD, &ex->req[ex->num_recvs + n]);
  if (ex->num_recvs + ex->num_sends > 0)
    MPI_Waitall(ex->num_recvs + ex->num_sends, ex->req, MPI_STATUSES_IGNORE);
  double s = 0;
  for (int n = 0; n < ex->num_recvs; n++)
    if (n < ex->num_sends && ex->ranks[n] > 0) s += ex->buf[n]; /* data: a probability */
  ex->buf[0] = s;
}

int main(int argc, char **argv) {
  int rank;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  exch_t ex;
  ex.num_recvs = ex.num_sends = rand() % 4; /* data */
  ex.ranks = calloc(8, sizeof(int));
  ex.buf = calloc(8, sizeof(double));
  ex.req = calloc(8, sizeof(MPI_Request));
  for (int it = 0; it < 10; it++) exchange(&ex);
  MPI_Finalize();
  return 0;
}
