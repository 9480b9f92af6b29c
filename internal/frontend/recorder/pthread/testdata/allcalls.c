/* Calls every thread-library function the recorder records, so its test
 * can check each one appears in the trace. */
#include <pthread.h>
#include <semaphore.h>
#include <stdio.h>
#include <time.h>

static pthread_mutex_t m;
static pthread_cond_t c;
static pthread_barrier_t b;
static sem_t s;
static int flag;

static void *helper(void *p)
{
	(void)p;
	if (pthread_mutex_trylock(&m) == 0) /* main holds m: busy */
		pthread_mutex_unlock(&m);
	return NULL;
}

static void *worker(void *p)
{
	(void)p;
	pthread_barrier_wait(&b);
	pthread_mutex_lock(&m);
	while (!flag)
		pthread_cond_wait(&c, &m);
	pthread_mutex_unlock(&m);
	sem_wait(&s);
	sem_post(&s);
	pthread_exit(NULL);
}

int main(void)
{
	struct timespec past = {0, 0};
	pthread_mutex_init(&m, NULL);
	pthread_cond_init(&c, NULL);
	pthread_barrier_init(&b, NULL, 2);
	sem_init(&s, 0, 1);
	pthread_t w, h;
	pthread_create(&w, NULL, worker, NULL);
	pthread_barrier_wait(&b);

	pthread_mutex_lock(&m);
	pthread_create(&h, NULL, helper, NULL);
	pthread_join(h, NULL);
	pthread_cond_timedwait(&c, &m, &past); /* times out at once */
	pthread_mutex_unlock(&m);

	pthread_mutex_timedlock(&m, &(struct timespec){time(NULL) + 60, 0});
	flag = 1;
	pthread_cond_signal(&c);
	pthread_cond_broadcast(&c);
	pthread_mutex_unlock(&m);
	pthread_join(w, NULL);

	if (sem_trywait(&s) == 0) /* the worker posted back: ok */
		;
	sem_trywait(&s);           /* now empty: busy */
	sem_timedwait(&s, &past);  /* empty: timeout */
	sem_post(&s);
	sem_timedwait(&s, &past);  /* ok */
	printf("allcalls done\n");
	return 0;
}
