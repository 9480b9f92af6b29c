/* C truthiness of integers, chars and pointers in every position: if, ?:,
 * !, &&, ||, loop tests. The comments give each block's count, at N = 12,
 * for process 0 of procs. */
#include <mpi.h>
#define N 12
int main(int argc, char **argv) {
  int rank, size, i, s = 0;
  char c = 'x';
  char *p = 0;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  for (i = 0; i < N; i++) {
    if (i % 3)
      s += 1; /* 8: i % 3 != 0 */
    if (!(i % 4))
      s += 2; /* 3: i = 0, 4, 8 */
    if (i % 2 && i % 3)
      s += 3; /* 4: i = 1, 5, 7, 11 */
    if (i % 4 || !(i % 6))
      s += 4; /* 10: all but i = 4, 8 */
    if (i % 2 ? i % 3 : 0)
      s += 5; /* 4: as i % 2 && i % 3 */
  }
  if (rank == 0 && N != 'S')
    s += 6; /* 1 on process 0, 0 elsewhere */
  if ((size % 2 ? 1 : 0) && !rank)
    s += 7; /* 1 on process 0 when procs is odd */
  for (i = N; i; i--)
    s += 8; /* 12: the test i is i != 0 */
  if (c)
    s += 9; /* 1: 'x' is not 0 */
  if (p)
    s += 10; /* 0: a null pointer */
  if (rank)
    MPI_Send(&s, 1, MPI_INT, 0, 0, MPI_COMM_WORLD); /* procs - 1 sends in all */
  else
    for (i = 1; i < size; i++)
      MPI_Recv(&s, 1, MPI_INT, i, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  MPI_Finalize();
  return 0;
}
