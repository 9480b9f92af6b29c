/* Producer-consumer with condition variables: one producer makes items
 * (each costs work), consumers take them from a bounded buffer and process
 * them (each costs more work). The buffer's mutex and its two conditions,
 * not-empty and not-full, are the only synchronisation.
 * usage: prodcons [CONSUMERS=1] [ITEMS=600] [SCALE=100000] */
#include <pthread.h>
#include <stdio.h>
#include "work.h"

#define CAP 8
static long buf[CAP];
static int head, count, done;
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t notempty = PTHREAD_COND_INITIALIZER, notfull = PTHREAD_COND_INITIALIZER;
static long items, scale;
static double total;

static void *producer(void *p)
{
	(void)p;
	for (long i = 0; i < items; i++) {
		long v = (long)work(scale, (double)i) + i;
		pthread_mutex_lock(&m);
		while (count == CAP)
			pthread_cond_wait(&notfull, &m);
		buf[(head + count) % CAP] = v;
		count++;
		pthread_cond_signal(&notempty);
		pthread_mutex_unlock(&m);
	}
	pthread_mutex_lock(&m);
	done = 1;
	pthread_cond_broadcast(&notempty);
	pthread_mutex_unlock(&m);
	return NULL;
}

static void *consumer(void *p)
{
	(void)p;
	double mine = 0;
	for (;;) {
		pthread_mutex_lock(&m);
		while (count == 0 && !done)
			pthread_cond_wait(&notempty, &m);
		if (count == 0) {
			pthread_mutex_unlock(&m);
			break;
		}
		long v = buf[head];
		head = (head + 1) % CAP;
		count--;
		pthread_cond_signal(&notfull);
		pthread_mutex_unlock(&m);
		mine += work(scale * 12 / 10, (double)v);
	}
	pthread_mutex_lock(&m);
	total += mine;
	pthread_mutex_unlock(&m);
	return NULL;
}

int main(int argc, char **argv)
{
	long nc = arg(argc, argv, 1, 1);
	items = arg(argc, argv, 2, 600);
	scale = arg(argc, argv, 3, 100000);
	if (nc < 1 || nc > 63)
		return 2;
	pthread_t pt, ct[63];
	pthread_create(&pt, NULL, producer, NULL);
	for (long i = 0; i < nc; i++)
		pthread_create(&ct[i], NULL, consumer, NULL);
	pthread_join(pt, NULL);
	for (long i = 0; i < nc; i++)
		pthread_join(ct[i], NULL);
	printf("prodcons: %ld consumers, %ld items, total %.6f\n", nc, items, total);
	return 0;
}
