/* ParRes Kernels' star stencil in the direction its weights are strided:
   weight[ii + R][R] over the radius loop ii, which gcc -O2 unrolls. The
   same R elements at every point, in the first level (or registers), not
   loads at the level of the grid's working set. */
#define R 2
#define N 4000

double in[N * N], out[N * N];

int main(void) {
  double weight[2 * R + 1][2 * R + 1];
  for (int i = R; i < N - R; i++)
    for (int j = R; j < N - R; j++)
      for (int ii = -R; ii < 0; ii++)
        out[i * N + j] += weight[ii + R][R] * in[(i + ii) * N + j];
  return 0;
}
