/* Static partition: the iterations are split into equal blocks, one per
 * thread; the main thread joins them and adds the partial results.
 * usage: static [THREADS=2] [ITERATIONS=200000000] */
#include <pthread.h>
#include <stdio.h>
#include "work.h"

static long per;
static double part[64];

static void *worker(void *p)
{
	long id = (long)p;
	part[id] = work(per, (double)id);
	return NULL;
}

int main(int argc, char **argv)
{
	long n = arg(argc, argv, 1, 2), iters = arg(argc, argv, 2, 200000000);
	if (n < 1 || n > 64)
		return 2;
	per = iters / n;
	pthread_t t[64];
	for (long i = 0; i < n; i++)
		pthread_create(&t[i], NULL, worker, (void *)i);
	double sum = 0;
	for (long i = 0; i < n; i++) {
		pthread_join(t[i], NULL);
		sum += part[i];
	}
	printf("static: %ld threads, sum %.6f\n", n, sum);
	return 0;
}
