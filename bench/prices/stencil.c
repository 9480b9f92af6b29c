/* Stencil sweeps over row-major arrays with short radius loops inside, as
 * benchmark kernels write them: a[i + ii][j] walks rows (stride N in ii),
 * both for double a[N][N] and for a flattened array through a macro. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define N 1000
#define R 2
#define IN(i, j) in[(i) * n + (j)]
#define OUT(i, j) out[(i) * n + (j)]

static double a[N][N], b[N][N];
static double w[2 * R + 1] = {0.1, 0.2, 0.4, 0.2, 0.1};

void sweep2d(int iters)
{
    for (int it = 0; it < iters; it++)
        for (int i = R; i < N - R; i++)
            for (int j = R; j < N - R; j++)
                for (int ii = -R; ii <= R; ii++)
                    b[i][j] += w[ii + R] * a[i + ii][j];
}

void sweepflat(double *in, double *out, int n, int iters)
{
    for (int it = 0; it < iters; it++)
        for (int i = R; i < n - R; i++)
            for (int j = R; j < n - R; j++) {
                for (int jj = -R; jj <= R; jj++)
                    OUT(i, j) += w[jj + R] * IN(i, j + jj);
                for (int ii = -R; ii <= R; ii++)
                    OUT(i, j) += w[ii + R] * IN(i + ii, j);
            }
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 1000;
    int iters = 10;
    double *in = malloc((size_t)n * n * sizeof(double));
    double *out = malloc((size_t)n * n * sizeof(double));
    for (int i = 0; i < n * n; i++) {
        in[i] = i % 7;
        out[i] = 0;
    }
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++)
            a[i][j] = (i + j) % 5;
    clock_t t0 = clock();
    sweep2d(iters);
    clock_t t1 = clock();
    sweepflat(in, out, n, iters);
    clock_t t2 = clock();
    printf("sweep2d %.4f\nsweepflat %.4f\n", (double)(t1 - t0) / CLOCKS_PER_SEC, (double)(t2 - t1) / CLOCKS_PER_SEC);
    return b[N / 2][N / 2] + out[n + 1] < 0;
}
