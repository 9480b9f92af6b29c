#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>

#define DARTS 1000000
#define ROUNDS 10

static inline int PIC_proba(double p) { (void)p; return 1; }

double dboard(int darts) {
  unsigned long long x = 12345;
  int score = 0;
  for (int n = 1; n <= darts; n++) {
    x = x * 6364136223846793005ULL + 1442695040888963407ULL;
    double a = (double)(x >> 11) / 9007199254740992.0;
    x = x * 6364136223846793005ULL + 1442695040888963407ULL;
    double b = (double)(x >> 11) / 9007199254740992.0;
    if (PIC_proba(0.785398) && a * a + b * b <= 1.0)
      score++;
  }
  return 4.0 * (double)score / (double)darts;
}

int main(int argc, char **argv) {
  int rank, size;
  int darts = argc > 1 ? atoi(argv[1]) : DARTS;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  double sum = 0;
  for (int r = 0; r < ROUNDS; r++) {
    double pi = dboard(darts / size);
    if (rank == 0) {
      double other;
      for (int src = 1; src < size; src++) {
        MPI_Recv(&other, 1, MPI_DOUBLE, src, r, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        pi += other;
      }
      sum += pi / size;
    } else {
      MPI_Send(&pi, 1, MPI_DOUBLE, 0, r, MPI_COMM_WORLD);
    }
  }
  if (rank == 0)
    printf("pi = %.10f\n", sum / ROUNDS);
  MPI_Finalize();
  return 0;
}
