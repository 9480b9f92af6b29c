/* Barrier-phased stencil: a 1-D Jacobi relaxation; each thread updates its
 * block of the grid, then all meet at a barrier before the next sweep.
 * The per-point work is uneven across the grid (a denser region in the
 * middle), so the barrier makes threads wait for the slowest.
 * usage: stencil [THREADS=2] [STEPS=100] [POINTS=2000] [SCALE=400] */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include "work.h"

static long nthreads, steps, points, scale;
static double *a, *b;
static pthread_barrier_t bar;

static void *worker(void *p)
{
	long id = (long)p;
	long lo = 1 + id * (points - 2) / nthreads, hi = 1 + (id + 1) * (points - 2) / nthreads;
	for (long s = 0; s < steps; s++) {
		double *src = s % 2 ? b : a, *dst = s % 2 ? a : b;
		for (long i = lo; i < hi; i++) {
			long extra = (i > points / 3 && i < points / 2) ? scale / 2 : 0;
			dst[i] = (src[i - 1] + src[i + 1]) / 2 + 1e-12 * work(scale + extra, src[i]);
		}
		pthread_barrier_wait(&bar);
	}
	return NULL;
}

int main(int argc, char **argv)
{
	nthreads = arg(argc, argv, 1, 2);
	steps = arg(argc, argv, 2, 100);
	points = arg(argc, argv, 3, 2000);
	scale = arg(argc, argv, 4, 400);
	if (nthreads < 1 || nthreads > 64 || points < 3)
		return 2;
	a = calloc(points, sizeof *a);
	b = calloc(points, sizeof *b);
	a[0] = b[0] = 1;
	pthread_barrier_init(&bar, NULL, nthreads);
	pthread_t t[64];
	for (long i = 0; i < nthreads; i++)
		pthread_create(&t[i], NULL, worker, (void *)i);
	for (long i = 0; i < nthreads; i++)
		pthread_join(t[i], NULL);
	printf("stencil: %ld threads, %ld steps, a[1]=%.6f\n", nthreads, steps, a[1]);
	return 0;
}
