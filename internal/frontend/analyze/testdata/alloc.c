/* Allocations through wrappers (prices_test.go): x[col[k]] and its like
 * are loads at places the analysis cannot follow, priced at the level of
 * the array they go into, whose size the allocator was given. */
#include <stdlib.h>

void *xmalloc(size_t bytes)
{
    void *p = malloc(bytes);
    if (!p)
        abort();
    return p;
}

/* A wrapper of a wrapper. */
void *twice(size_t bytes)
{
    return xmalloc(bytes * 2);
}

double *aligned(long n)
{
    void *p;
    if (posix_memalign(&p, 64, n * sizeof(double)) != 0)
        return 0;
    return (double *)p;
}

/* A CSR row: the loop cannot be counted, but its index steps by one, so
 * val[k] and col[k] stream. */
double row(const long *rowptr, const long *col, const double *val, const double *x, long i)
{
    double s = 0;
    for (long k = rowptr[i]; k < rowptr[i + 1]; k++)
        s += val[k] * x[col[k]];
    return s;
}

int main(void)
{
    long n = 1000;
    double *x = aligned(n);                  /* 8000 bytes */
    long *col = xmalloc(4096 * sizeof(long)); /* 32768 bytes */
    double *y = twice(500);                  /* 1000 bytes */
    double *z;
    posix_memalign((void **)&z, 64, 3 * 1024); /* 3072 bytes */
    double s = 0;
    for (long k = 0; k < 4096; k++)
        s += x[col[k]] + y[col[k]] + z[col[k]];
    return s + row((long *)x, col, x, y, 0) > 0;
}
