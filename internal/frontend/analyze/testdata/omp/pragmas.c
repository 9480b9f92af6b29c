#pragma once
#define N 1000
double a[N];
int main(void) {
  double s = 0;
#pragma omp parallel for reduction(+:s)
  for (int i = 0; i < N; i++)
    s += a[i];
#pragma GCC unroll 4
  for (int i = 0; i < N; i++)
    a[i] = s;
  return 0;
}
