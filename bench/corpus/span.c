/*
 * span.c: a PMPI shim that measures what the corpus is judged on, the wall
 * time from the return of MPI_Init (or MPI_Init_thread) to the entry of
 * MPI_Finalize, on every rank, and reports the longest.
 *
 * It is loaded with LD_PRELOAD, so each program runs exactly as its own
 * build made it (no relink, no flag added):
 *
 *   mpicc -O2 -shared -fPIC -o libspan.so span.c
 *   mpirun -np 2 -x LD_PRELOAD=$PWD/libspan.so -x SPAN_OUT=/tmp/t ./prog ARGS
 *
 * At MPI_Finalize every rank's span goes to rank 0 (one MPI_Gather, after
 * the span has ended, so it is not counted); rank 0 writes one line,
 *   span_max_s=0.123456789 ranks=2 span_s=0.123456789,0.120000000
 * to the file named by SPAN_OUT (appended), or to standard error when
 * SPAN_OUT is unset. The clock is CLOCK_MONOTONIC, which every rank of one
 * host shares.
 *
 * The shim defines PMPI_Init, PMPI_Init_thread and PMPI_Finalize too, and
 * reaches MPI's own through dlsym(RTLD_NEXT): a program that defines
 * MPI_Init itself (augur instrument --time links augur's PMPI recorder into
 * the program) calls PMPI_Init, which then comes here, so its span is
 * measured the same way. The MPI_ entry points only forward to the PMPI_
 * ones, so a span is taken once either way.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double span_start;

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* next finds MPI's own NAME, after this library in the search order. */
static void *next(const char *name)
{
    void *f = dlsym(RTLD_NEXT, name);
    if (f == NULL) {
        fprintf(stderr, "span: %s not found after the shim: %s\n", name, dlerror());
        abort();
    }
    return f;
}

int PMPI_Init(int *argc, char ***argv)
{
    int (*real)(int *, char ***) = (int (*)(int *, char ***))next("PMPI_Init");
    int rc = real(argc, argv);
    span_start = now();
    return rc;
}

int PMPI_Init_thread(int *argc, char ***argv, int required, int *provided)
{
    int (*real)(int *, char ***, int, int *) = (int (*)(int *, char ***, int, int *))next("PMPI_Init_thread");
    int rc = real(argc, argv, required, provided);
    span_start = now();
    return rc;
}

int MPI_Init(int *argc, char ***argv) { return PMPI_Init(argc, argv); }

int MPI_Init_thread(int *argc, char ***argv, int required, int *provided)
{
    return PMPI_Init_thread(argc, argv, required, provided);
}

int PMPI_Finalize(void)
{
    double span = now() - span_start;
    int (*real)(void) = (int (*)(void))next("PMPI_Finalize");
    int rank = 0, size = 1;
    PMPI_Comm_rank(MPI_COMM_WORLD, &rank);
    PMPI_Comm_size(MPI_COMM_WORLD, &size);
    double *all = NULL;
    if (rank == 0)
        all = malloc((size_t)size * sizeof *all);
    PMPI_Gather(&span, 1, MPI_DOUBLE, all, 1, MPI_DOUBLE, 0, MPI_COMM_WORLD);
    if (rank == 0 && all != NULL) {
        const char *path = getenv("SPAN_OUT");
        FILE *out = path != NULL && *path != '\0' ? fopen(path, "a") : NULL;
        if (out == NULL)
            out = stderr;
        double max = all[0];
        for (int r = 1; r < size; r++)
            if (all[r] > max)
                max = all[r];
        fprintf(out, "span_max_s=%.9f ranks=%d span_s=", max, size);
        for (int r = 0; r < size; r++)
            fprintf(out, "%s%.9f", r ? "," : "", all[r]);
        fprintf(out, "\n");
        if (out != stderr)
            fclose(out);
        free(all);
    }
    return real();
}

int MPI_Finalize(void) { return PMPI_Finalize(); }
