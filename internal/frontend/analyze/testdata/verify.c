/* A verification loop as ParRes's kernels end with: the first element
   off by more than epsilon is reported and the loop left. ABS reads the
   element in its test and both arms. */
#include <stdio.h>
#include <stdlib.h>

#define ABS(a) ((a) >= 0 ? (a) : -(a))
#ifndef N
#define N 1048576
#endif

int main(void) {
  double *v = malloc(N * sizeof(double));
  double ref = 1.0, epsilon = 1.e-8;
  int error = 0;
  for (long i = 0; i < N; i++) v[i] = ref;
  for (long i = 0; i < N; i++) {
    if (ABS(v[i] - ref) >= epsilon) {
      error = 1;
      printf("First error at i=%ld; value: %lf\n", i, v[i]);
      break;
    }
  }
  return error;
}
