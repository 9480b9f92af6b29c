/* A two-stage pipeline with semaphores: stage 1 prepares blocks, stage 2
 * finishes them; counting semaphores bound the number of blocks in flight
 * (slots) and announce finished ones (ready).
 * usage: sempipe [BLOCKS=300] [SCALE=150000] */
#include <pthread.h>
#include <semaphore.h>
#include <stdio.h>
#include "work.h"

#define SLOTS 4
static sem_t slots, ready;
static double val[SLOTS];
static long blocks, scale;
static double total;

static void *stage1(void *p)
{
	(void)p;
	for (long i = 0; i < blocks; i++) {
		double v = work(scale, (double)i);
		sem_wait(&slots);
		val[i % SLOTS] = v;
		sem_post(&ready);
	}
	return NULL;
}

static void *stage2(void *p)
{
	(void)p;
	for (long i = 0; i < blocks; i++) {
		sem_wait(&ready);
		double v = val[i % SLOTS];
		sem_post(&slots);
		total += work(scale * 9 / 10, v);
	}
	return NULL;
}

int main(int argc, char **argv)
{
	blocks = arg(argc, argv, 1, 300);
	scale = arg(argc, argv, 2, 150000);
	sem_init(&slots, 0, SLOTS);
	sem_init(&ready, 0, 0);
	pthread_t a, b;
	pthread_create(&a, NULL, stage1, NULL);
	pthread_create(&b, NULL, stage2, NULL);
	pthread_join(a, NULL);
	pthread_join(b, NULL);
	printf("sempipe: %ld blocks, total %.6f\n", blocks, total);
	return 0;
}
