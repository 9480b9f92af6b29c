/* C library calls priced as gcc makes them at each level (libcalls_test.go). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define N 4096

int main(void) {
  float *v = malloc(N * sizeof(float));
  double *x = malloc(N * sizeof(double));
  double *y = malloc(N * sizeof(double));
  for (int i = 0; i < N; i++) {
    v[i] = rand() / (float)RAND_MAX; /* mpitutorial's create_rand_nums */
  }
  memset(x, 0, N * sizeof(double));
  for (int i = 0; i < N; i++) {
    y[i] = exp(x[i]) + sin(x[i]) + pow(x[i], 2) + pow(x[i], 2.5) + sqrt(x[i]) + fabs(x[i]) + floor(x[i]);
  }
  memcpy(x, y, N * sizeof(double));
  free(v);
  free(x);
  free(y);
  return 0;
}
