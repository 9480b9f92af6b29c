/* One row of a 5-point Jacobi sweep on a 512 × 512 grid per iteration:
   iteration i updates row 1 + i mod 510, so the grid (4 MiB for two
   arrays) warms the caches during the first sweep. */
#define M 512
static double u[M][M], v[M][M];
void block_init(void) {
  for (int i = 0; i < M; i++) for (int j = 0; j < M; j++) u[i][j] = (i * 31 + j * 17) % 101;
}
double block(long it) {
  int i = 1 + (int)(it % (M - 2));
  for (int j = 1; j < M - 1; j++)
    v[i][j] = 0.25 * (u[i - 1][j] + u[i + 1][j] + u[i][j - 1] + u[i][j + 1]);
  return v[i][M / 2];
}
