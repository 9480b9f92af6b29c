/* Values the analysis cannot know become parameters whose defaults keep
 * the model valid: a step from the command line with no default (1, not
 * 0), a peer read from a variable it cannot follow (kept in
 * 0..procs-1), and each warned about with its C name and place. */
#include <mpi.h>
#include <stdlib.h>
int partner; /* set where the analysis cannot see */
void setup(int *p) { *p = rand() % 2; }
int main(int argc, char **argv) {
  int i, s = 0;
  int step = atoi(argv[1]);
  int n = atoi(argv[2]);
  MPI_Init(&argc, &argv);
  setup(&partner);
  for (i = 0; i < n; i += step)
    s++;
  MPI_Send(&s, 1, MPI_INT, partner, 0, MPI_COMM_WORLD);
  MPI_Recv(&s, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  MPI_Finalize();
  return 0;
}
