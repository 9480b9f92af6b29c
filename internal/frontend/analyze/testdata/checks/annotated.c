/* A loop whose count comes from an annotation and whose body reads its
 * index: the model runs the index from its start by its step. */
#include <mpi.h>
int more(int i);
int main(int argc, char **argv) {
  int i;
  MPI_Init(&argc, &argv);
#pragma augur loop(10)
  for (i = 0; more(i); i++) {
    if (i == 0)
      MPI_Barrier(MPI_COMM_WORLD); /* 1 */
  }
#pragma augur loop(4)
  for (i = 9; more(i); i -= 3) {
    if (i == 3)
      MPI_Barrier(MPI_COMM_WORLD); /* 1: i = 9, 6, 3, 0 */
  }
  MPI_Finalize();
  return 0;
}
