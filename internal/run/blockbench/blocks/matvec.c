/* Dense matrix-vector product y = A x with A 2048 × 2048 doubles (32 MiB,
   as large as this machine's last-level cache): iteration i computes row
   i mod 2048, so a sweep of the rows streams the whole matrix from memory
   and the vector x stays in the caches. */
#define M 2048
static double A[M][M], x[M], y[M];
void block_init(void) {
  for (int i = 0; i < M; i++) {
    x[i] = 1.0 / (i + 1);
    for (int j = 0; j < M; j++) A[i][j] = ((i * 7 + j * 13) % 97) * 0.01;
  }
}
double block(long it) {
  int i = (int)(it % M);
  double s = 0;
  for (int j = 0; j < M; j++) s += A[i][j] * x[j];
  y[i] = s;
  return s;
}
