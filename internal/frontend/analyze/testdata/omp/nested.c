/* A parallel for inside a parallel region: libgomp runs it with a team of
   one thread. */
#define N 100
double a[N];
int main(void) {
#pragma omp parallel
  {
#pragma omp parallel for
    for (int i = 0; i < N; i++) {
#pragma omp critical
      a[i] += 1;
    }
#pragma omp for
    for (int i = 0; i < N; i++) a[i] = 0;
  }
  return 0;
}
