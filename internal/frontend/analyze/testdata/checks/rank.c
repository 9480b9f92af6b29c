/* The variables MPI_Comm_rank and MPI_Comm_size write are pid and procs
 * wherever they are read: globals read in another function, struct
 * fields, a local set through a helper's pointer parameter. */
#include <mpi.h>
int my_rank, nprocs;
struct settings {
  int rank, size;
} cfg;
double buf[100];
static void who(int *r) { MPI_Comm_rank(MPI_COMM_WORLD, r); }
static void ring(void) {
  if (my_rank < nprocs - 1)
    MPI_Send(buf, 100, MPI_DOUBLE, my_rank + 1, 0, MPI_COMM_WORLD);
  if (my_rank > 0)
    MPI_Recv(buf, 100, MPI_DOUBLE, my_rank - 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
}
static void fields(const struct settings *s) {
  if (s->rank == 0)
    MPI_Send(buf, 10, MPI_DOUBLE, s->size - 1, 1, MPI_COMM_WORLD);
  if (cfg.rank == cfg.size - 1)
    MPI_Recv(buf, 10, MPI_DOUBLE, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
}
int main(int argc, char **argv) {
  int me;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &my_rank);
  MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
  MPI_Comm_rank(MPI_COMM_WORLD, &cfg.rank);
  MPI_Comm_size(MPI_COMM_WORLD, &cfg.size);
  who(&me);
  ring();
  fields(&cfg);
  if (me == 0)
    MPI_Barrier(MPI_COMM_WORLD); /* process 0 alone: a barrier of one */
  MPI_Finalize();
  return 0;
}
