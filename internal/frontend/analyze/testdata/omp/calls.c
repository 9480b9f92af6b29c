/* A function with parallel regions, called from main and from inside a
   parallel region (through another function). */
#define N 100
double a[N];
void work(void) {
#pragma omp parallel for
  for (int i = 0; i < N; i++) {
#pragma omp critical
    a[i] += 1;
  }
#pragma omp parallel
  {
#pragma omp single
    a[0] = 1;
#pragma omp barrier
  }
}
void outer(void) { work(); }
int main(void) {
  work();
#pragma omp parallel
  {
    outer();
  }
  return 0;
}
