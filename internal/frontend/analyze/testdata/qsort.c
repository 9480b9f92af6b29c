/* Sorting the column indices of each row of a sparse matrix, as ParRes
   Sparse does before it fills the matrix (sparse.c:292): qsort of nine
   indices a row, rows from the command line. */
#include <stdlib.h>

static int compare(const void *a, const void *b) {
  long x = *(const long *)a, y = *(const long *)b;
  return (x > y) - (x < y);
}

int main(int argc, char **argv) {
  int rows = argc > 1 ? atoi(argv[1]) : 1000;
  long *idx = malloc((size_t)rows * 9 * sizeof(long));
  for (int r = 0; r < rows; r++) {
    for (int k = 0; k < 9; k++) idx[r * 9 + k] = (r * 7 + k * 13) % 64;
    qsort(&idx[r * 9], 9, sizeof(long), compare);
  }
  int n = argc > 2 ? atoi(argv[2]) : 1;
  qsort(idx, n, sizeof(long), compare);
  free(idx);
  return (int)idx[0];
}
