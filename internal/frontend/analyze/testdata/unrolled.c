/* A star stencil of radius R written as ParRes Kernels' Stencil writes
 * it (unrolled_test.go): the grid flattened behind macros, the weights in
 * a local 2-D array, and three radius loops that gcc -O2 unrolls
 * completely, each adding its terms to OUT(i, j). Compiled, an iteration
 * of i loads OUT(i, j) once and keeps it in a register (each copy stores
 * it again: in and out may alias), loads IN nine times and no weight
 * (in registers for the whole nest). Lines 21-26 are the nest. */
#define R 2
#define N 64
#define IN(i, j) in[(i) + (long)(j) * N]
#define OUT(i, j) out[(i) + (long)(j) * N]
#define W(ii, jj) weight[(ii) + R][(jj) + R]

void star(double *in, double *out, const double *coef)
{
    double weight[2 * R + 1][2 * R + 1];
    for (int k = 0; k < (2 * R + 1) * (2 * R + 1); k++)
        weight[k / (2 * R + 1)][k % (2 * R + 1)] = coef[k];
    for (int j = R; j < N - R; j++)
        for (int i = R; i < N - R; i++) {
            for (int jj = -R; jj <= R; jj++) OUT(i, j) += W(0, jj) * IN(i, j + jj);
            for (int ii = -R; ii < 0; ii++) OUT(i, j) += W(ii, 0) * IN(i + ii, j);
            for (int ii = 1; ii <= R; ii++) OUT(i, j) += W(ii, 0) * IN(i + ii, j);
        }
}

double a[N * N], b[N * N], w[(2 * R + 1) * (2 * R + 1)];

int main(void)
{
    star(a, b, w);
    return 0;
}
