/* Dynamic task queue behind a mutex: tasks of uneven size (a few large
 * ones among many small ones) are taken one at a time by whichever worker
 * is free; results are added up under the same mutex.
 * usage: taskqueue [THREADS=2] [TASKS=400] [SCALE=250000] */
#include <pthread.h>
#include <stdio.h>
#include "work.h"

static pthread_mutex_t qlock = PTHREAD_MUTEX_INITIALIZER;
static long next_task, ntasks, scale;
static double total;

static long cost(long i) { return scale * (1 + (i * 7919) % 13) / 4; }

static void *worker(void *p)
{
	(void)p;
	for (;;) {
		pthread_mutex_lock(&qlock);
		long i = next_task < ntasks ? next_task++ : -1;
		pthread_mutex_unlock(&qlock);
		if (i < 0)
			return NULL;
		double r = work(cost(i), (double)i);
		pthread_mutex_lock(&qlock);
		total += r;
		pthread_mutex_unlock(&qlock);
	}
}

int main(int argc, char **argv)
{
	long n = arg(argc, argv, 1, 2);
	ntasks = arg(argc, argv, 2, 400);
	scale = arg(argc, argv, 3, 250000);
	if (n < 1 || n > 64)
		return 2;
	pthread_t t[64];
	for (long i = 0; i < n; i++)
		pthread_create(&t[i], NULL, worker, NULL);
	for (long i = 0; i < n; i++)
		pthread_join(t[i], NULL);
	printf("taskqueue: %ld threads, %ld tasks, total %.6f\n", n, ntasks, total);
	return 0;
}
