/* LU without pivoting, and loops that count down. At N = 8:
 * 28 divisions, 140 updates; the back substitution's inner loop
 * 28 times. */
#define N 8
double a[N][N], x[N];
int main(void) {
  int i, j, k;
  for (k = 0; k < N; k++)
    for (i = k + 1; i < N; i++) {
      a[i][k] /= a[k][k]; /* 28: sum of N - k - 1 */
      for (j = k + 1; j < N; j++)
        a[i][j] -= a[i][k] * a[k][j]; /* 140: sum of (N - k - 1)^2 */
    }
  for (i = N - 1; i >= 0; i--) {
    for (j = i + 1; j < N; j++)
      x[i] -= a[i][j] * x[j]; /* 28: sum of N - 1 - i */
    x[i] /= a[i][i]; /* 8 */
  }
  return 0;
}
