/* STREAM's triad over arrays of n doubles, every process on arrays of its
   own, shared among the threads of an OpenMP team with -fopenmp: the
   memory-bound loop of cmd/augur's analyze_test.go. */
#include <stdlib.h>

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 1048576;
    double *a = malloc(sizeof(double) * n);
    double *b = malloc(sizeof(double) * n);
    double *c = malloc(sizeof(double) * n);
#pragma omp parallel for
    for (int i = 0; i < n; i++)
        a[i] = b[i] + 3.0 * c[i];
    return (int)a[n / 2];
}
