// Sizes held in globals, as NAS IS keeps them: set once in one function
// (nkeys, the static chunk) or only initialised (scale) and read by the
// loops of another; a global written at two places (twice) is not known. A
// histogram indexed by the data lives in its declared size; a first-call
// guard (ready) runs its arm once, not on every call (bounds_test.go).
#include <mpi.h>
#include <stdlib.h>

#define LOG2 12
#define NB 64

int nprocs, me;
int nkeys;
int scale = 3; static int chunk;
int twice;
int hist[NB + 5];
int *keys;

void setup(void)
{
  nkeys = (1 << LOG2) / nprocs;
  twice = 1; chunk = 2;
}

double gen(void)
{
  static int ready = 0;
  static double c;
  int i;
  if (ready == 0) {
    for (i = 0; i < 1000; i++)
      c += 0.5;
    ready = 1;
  }
  return c;
}

void work(void)
{
  int i, k;
  for (i = 0; i < nkeys; i++)
    hist[keys[i] % NB]++;
  for (k = 0; k < scale * nkeys * chunk; k++)
    gen();
  for (i = 0; i < twice; i++)
    hist[i] = 0;
}

int main(int argc, char **argv)
{
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &me);
  MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
  setup();
  twice = 2;
  keys = calloc(nkeys, sizeof(int));
  work();
  MPI_Finalize();
  return 0;
}
