/* Assignments that cost nothing (a constant, a copy between registers)
   still change what a variable holds: the loop runs 7 times, not 100. */
#include <mpi.h>
double x[1000];
int main(int argc, char **argv) {
  int n = 100, m;
  MPI_Init(&argc, &argv);
  n = 7;
  m = n;
  for (int i = 0; i < m; i++)
    x[i] += 1.0;
  MPI_Finalize();
  return 0;
}
