/* Stencil sweeps over row-major arrays (prices_test.go): a radius loop
 * over ii walks R rows above and below, a[i + ii][j], which is stride N in
 * ii but unit stride in j; the same through a macro on a flattened array
 * whose row length is known only at run time. */
#define N 64
#define R 1
#define IN(i, j) in[(i) * n + (j)]
#define OUT(i, j) out[(i) * n + (j)]

double a[N][N], b[N][N];

void rows(void)
{
    for (int i = R; i < N - R; i++)
        for (int j = 0; j < N; j++)
            for (int ii = -R; ii <= R; ii++)
                b[i][j] += a[i + ii][j];
}

void flat(double *in, double *out, int n)
{
    for (int i = R; i < n - R; i++)
        for (int j = 0; j < n; j++)
            for (int ii = -R; ii <= R; ii++)
                OUT(i, j) += IN(i + ii, j);
}

int main(void)
{
    rows();
    flat(&a[0][0], &b[0][0], N);
    return 0;
}
