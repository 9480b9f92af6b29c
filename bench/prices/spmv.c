/* A sparse matrix-vector product in CSR form (bench/analyze_prices.sh):
 * its arrays come from malloc wrappers (one returning malloc's pointer,
 * one posix_memalign's), as benchmark suites allocate them, and x[col[k]]
 * is an indirect load into a vector that fits the caches. The row length
 * is data the analysis cannot see: annotated. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define NNZ_ROW 13

void *my_malloc(size_t bytes)
{
    void *p = malloc(bytes);
    if (!p) {
        fprintf(stderr, "out of memory\n");
        exit(1);
    }
    return p;
}

double *aligned_doubles(long n)
{
    void *p;
    if (posix_memalign(&p, 64, n * sizeof(double)) != 0)
        return NULL;
    return (double *)p;
}

void spmv(long nrows, long *rowptr, long *col, double *val, double *x, double *y, int iters)
{
    for (int it = 0; it < iters; it++)
        for (long i = 0; i < nrows; i++) {
            double sum = 0;
#pragma augur loop(13) /* NNZ_ROW */
            for (long k = rowptr[i]; k < rowptr[i + 1]; k++)
                sum += val[k] * x[col[k]];
            y[i] = sum;
        }
}

int main(int argc, char **argv)
{
    long nrows = argc > 1 ? atol(argv[1]) : 200000;
    long nnz = nrows * NNZ_ROW;
    long *rowptr = my_malloc((nrows + 1) * sizeof(long));
    long *col = my_malloc(nnz * sizeof(long));
    double *val = aligned_doubles(nnz);
    double *x = aligned_doubles(nrows);
    double *y = my_malloc(nrows * sizeof(double));
    unsigned long s = 1;
    for (long i = 0; i <= nrows; i++)
        rowptr[i] = i * NNZ_ROW;
    for (long k = 0; k < nnz; k++) {
        s = s * 6364136223846793005UL + 1442695040888963407UL;
        col[k] = (long)((s >> 33) % nrows);
        val[k] = 1.0 / (k % 7 + 1);
    }
    for (long i = 0; i < nrows; i++)
        x[i] = i % 3;
    clock_t t0 = clock();
    spmv(nrows, rowptr, col, val, x, y, 20);
    clock_t t1 = clock();
    printf("spmv %.4f\n", (double)(t1 - t0) / CLOCKS_PER_SEC);
    return y[nrows / 2] < 0;
}
