/* OpenMP loops, counted: a combined parallel for with a reduction, and a
   worksharing for inside a parallel region, whose every thread passes
   the code before the loop. */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 1000;
    double s = 0, *a = malloc(n * sizeof *a);
    #pragma omp parallel for \
        reduction(+:s)
    for (int i = 0; i < n; i++) { a[i] = i; s += a[i]; }
    #pragma omp parallel
    {
        for (int r = 0; r < 3; r++) {

            #pragma omp for schedule(dynamic, 7)
            /* shared among the team: a comment between may not part them */
            for (int i = 0; i < n; i++) a[i] *= 2;
        }
    }
    /* A directive chosen by the preprocessor: the counter goes before
       the whole #if block (ParRes's collapse or not). */
#ifdef COLLAPSE
    #pragma omp parallel for collapse(2)
#else
    #pragma omp parallel for
#endif
    for (int i = 0; i < n; i++) a[i] += 0;
    printf("ompcount: %g %g\n", s, a[n - 1]);
    free(a);
    return 0;
}
