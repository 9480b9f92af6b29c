/* OpenMP that augur analyze does not model: each is a warning at its
   position. */
#define N 100
double a[N];
void orphan(void) {
#pragma omp for
  for (int i = 0; i < N; i++)
    a[i] = i;
}
int main(void) {
#pragma omp parallel
  {
#pragma omp for nowait collapse(3)
    for (int i = 0; i < N; i++)
      for (int j = 0; j < N; j++)
        a[j] += i;
#pragma omp task
    a[0] = 1;
#pragma omp taskwait
  }
#pragma omp parallel for if(N > 10) schedule(weird)
  for (int i = 0; i < N; i++)
    a[i] = 0;
#pragma omp parallel for
  while (a[0] > 0)
    a[0]--;
#pragma GCC ivdep
  for (int i = 0; i < N; i++)
    a[i] = 1;
#pragma omp parallel
  {
    a[1] = 2;
#pragma omp barrier
  }
  orphan();
  return 0;
}
#pragma omp declare simd
double f(double x);
