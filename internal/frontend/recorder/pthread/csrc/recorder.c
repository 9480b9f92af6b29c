/*
 * augur's pthread recorder: an LD_PRELOAD shim that records an unmodified,
 * dynamically linked multithreaded program's calls to the thread library
 * (VPPB's Recorder) and writes an augur thread trace when the program
 * exits. docs/traces.md describes the format; `augur record` builds this
 * file with the system C compiler and runs the program with it.
 *
 * Every event carries the wall time since the program started and the
 * calling thread's CPU time (CLOCK_THREAD_CPUTIME_ID), from which the
 * simulator reads the work between two events directly. Events are ordered
 * by a global sequence number taken where the order matters: an unlock,
 * post or signal takes it before the real call, a lock or wait after the
 * real call returns, so that whoever is released is always written after
 * whoever released it.
 *
 * Environment: AUGUR_RECORD_OUT (trace file; required to record),
 * AUGUR_RECORD_CPU (pin the whole process to this CPU, as VPPB records
 * on a uni-processor). The shim removes LD_PRELOAD from the environment so
 * that programs the recorded program starts are not recorded.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <semaphore.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

enum kind {
	EV_NONE, EV_CREATE, EV_EXIT, EV_LOCK, EV_TRYLOCK_OK, EV_TRYLOCK_BUSY, EV_UNLOCK,
	EV_COND_WAIT, EV_COND_TIMEDWAIT, EV_SIGNAL, EV_BROADCAST, EV_JOIN,
	EV_BARRIER_INIT, EV_BARRIER_WAIT, EV_SEM_INIT, EV_SEM_WAIT, EV_SEM_TRYWAIT_OK,
	EV_SEM_TRYWAIT_BUSY, EV_SEM_TIMEDWAIT_OK, EV_SEM_TIMEDWAIT_TIMEOUT, EV_SEM_POST
};

/* Object classes, each with its own name prefix. */
enum { OBJ_MUTEX, OBJ_COND, OBJ_BARRIER, OBJ_SEM, OBJ_THREAD };
static const char obj_prefix[] = {'M', 'C', 'B', 'S', 'T'};

struct rec {
	uint64_t seq;
	int64_t wall_ns, cpu_ns;
	int32_t tid, a, b;
	int32_t kind;
	int64_t n;
};

struct tbuf {
	struct rec *r;
	size_t n, cap;
	int tid;
	int exited;
	struct tbuf *next;
};

static atomic_uint_fast64_t g_seq;
static atomic_int g_next_tid = 1; /* 0 is the initial thread */
static _Atomic(struct tbuf *) g_bufs;
static struct timespec g_t0;
static char *g_out;
static int g_active;
static int g_cpu = -1;
static __thread struct tbuf *t_buf;
static __thread int t_tid = -1;
static __thread int t_busy; /* inside the recorder: do not record */

/* The real functions. */
static int (*real_create)(pthread_t *, const pthread_attr_t *, void *(*)(void *), void *);
static int (*real_join)(pthread_t, void **);
static void (*real_exit)(void *) __attribute__((noreturn));
static int (*real_mutex_init)(pthread_mutex_t *, const pthread_mutexattr_t *);
static int (*real_mutex_lock)(pthread_mutex_t *);
static int (*real_mutex_trylock)(pthread_mutex_t *);
static int (*real_mutex_timedlock)(pthread_mutex_t *, const struct timespec *);
static int (*real_mutex_unlock)(pthread_mutex_t *);
static int (*real_cond_init)(pthread_cond_t *, const pthread_condattr_t *);
static int (*real_cond_wait)(pthread_cond_t *, pthread_mutex_t *);
static int (*real_cond_timedwait)(pthread_cond_t *, pthread_mutex_t *, const struct timespec *);
static int (*real_cond_signal)(pthread_cond_t *);
static int (*real_cond_broadcast)(pthread_cond_t *);
static int (*real_barrier_init)(pthread_barrier_t *, const pthread_barrierattr_t *, unsigned);
static int (*real_barrier_wait)(pthread_barrier_t *);
static int (*real_sem_init)(sem_t *, int, unsigned);
static int (*real_sem_wait)(sem_t *);
static int (*real_sem_trywait)(sem_t *);
static int (*real_sem_timedwait)(sem_t *, const struct timespec *);
static int (*real_sem_post)(sem_t *);

/* The condition variable functions exist in two versions in glibc; take
 * the current one (dlsym alone may give the old 2.2.5 one). */
static void *cond_sym(const char *name)
{
	void *p = dlvsym(RTLD_NEXT, name, "GLIBC_2.3.2");
	return p ? p : dlsym(RTLD_NEXT, name);
}

static void resolve(void)
{
	static atomic_int done;
	if (atomic_load(&done))
		return;
	real_create = dlsym(RTLD_NEXT, "pthread_create");
	real_join = dlsym(RTLD_NEXT, "pthread_join");
	real_exit = dlsym(RTLD_NEXT, "pthread_exit");
	real_mutex_init = dlsym(RTLD_NEXT, "pthread_mutex_init");
	real_mutex_lock = dlsym(RTLD_NEXT, "pthread_mutex_lock");
	real_mutex_trylock = dlsym(RTLD_NEXT, "pthread_mutex_trylock");
	real_mutex_timedlock = dlsym(RTLD_NEXT, "pthread_mutex_timedlock");
	real_mutex_unlock = dlsym(RTLD_NEXT, "pthread_mutex_unlock");
	real_cond_init = cond_sym("pthread_cond_init");
	real_cond_wait = cond_sym("pthread_cond_wait");
	real_cond_timedwait = cond_sym("pthread_cond_timedwait");
	real_cond_signal = cond_sym("pthread_cond_signal");
	real_cond_broadcast = cond_sym("pthread_cond_broadcast");
	real_barrier_init = dlsym(RTLD_NEXT, "pthread_barrier_init");
	real_barrier_wait = dlsym(RTLD_NEXT, "pthread_barrier_wait");
	real_sem_init = dlsym(RTLD_NEXT, "sem_init");
	real_sem_wait = dlsym(RTLD_NEXT, "sem_wait");
	real_sem_trywait = dlsym(RTLD_NEXT, "sem_trywait");
	real_sem_timedwait = dlsym(RTLD_NEXT, "sem_timedwait");
	real_sem_post = dlsym(RTLD_NEXT, "sem_post");
	atomic_store(&done, 1);
}

/* ---- object names: address -> small number, per class ---- */

struct slot {
	uintptr_t key; /* address | class in the low bits is not safe: keep both */
	int cls;
	int id;
};
static struct slot *g_tab;
static size_t g_tabcap;
static size_t g_tabn;
static int g_nextid[5];
static atomic_flag g_tablock = ATOMIC_FLAG_INIT;

static void tab_lock(void)
{
	while (atomic_flag_test_and_set_explicit(&g_tablock, memory_order_acquire))
		sched_yield();
}
static void tab_unlock(void) { atomic_flag_clear_explicit(&g_tablock, memory_order_release); }

static size_t hash(uintptr_t k, int cls) { return (size_t)((k >> 3) * 0x9E3779B97F4A7C15ull + (uintptr_t)cls); }

static void tab_grow(void)
{
	size_t ncap = g_tabcap ? g_tabcap * 2 : 1024;
	struct slot *nt = calloc(ncap, sizeof *nt);
	if (!nt)
		abort();
	for (size_t i = 0; i < g_tabcap; i++) {
		if (!g_tab[i].key)
			continue;
		size_t j = hash(g_tab[i].key, g_tab[i].cls) & (ncap - 1);
		while (nt[j].key)
			j = (j + 1) & (ncap - 1);
		nt[j] = g_tab[i];
	}
	free(g_tab);
	g_tab = nt;
	g_tabcap = ncap;
}

/* name_of returns the object's number; fresh gives the address a new one
 * (an init call: the memory may hold a new object). */
static int name_of(const void *addr, int cls, int fresh)
{
	uintptr_t k = (uintptr_t)addr;
	tab_lock();
	if ((g_tabn + 1) * 2 > g_tabcap)
		tab_grow();
	size_t j = hash(k, cls) & (g_tabcap - 1);
	while (g_tab[j].key && !(g_tab[j].key == k && g_tab[j].cls == cls))
		j = (j + 1) & (g_tabcap - 1);
	if (!g_tab[j].key) {
		g_tab[j].key = k;
		g_tab[j].cls = cls;
		g_tab[j].id = g_nextid[cls]++;
		g_tabn++;
	} else if (fresh) {
		g_tab[j].id = g_nextid[cls]++;
	}
	int id = g_tab[j].id;
	tab_unlock();
	return id;
}

/* ---- per-thread event buffers ---- */

static struct tbuf *buf(void)
{
	if (t_buf)
		return t_buf;
	struct tbuf *b = calloc(1, sizeof *b);
	if (!b)
		abort();
	if (t_tid < 0) /* a thread we did not see created */
		t_tid = atomic_fetch_add(&g_next_tid, 1);
	b->tid = t_tid;
	struct tbuf *head = atomic_load(&g_bufs);
	do
		b->next = head;
	while (!atomic_compare_exchange_weak(&g_bufs, &head, b));
	t_buf = b;
	return b;
}

static int64_t ns(clockid_t c)
{
	struct timespec ts;
	clock_gettime(c, &ts);
	return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

/* emit records an event of the calling thread and returns its index in
 * the thread's buffer (or -1 when not recording). */
static long emit(int kind, int a, int b, int64_t n)
{
	if (!g_active || t_busy)
		return -1;
	t_busy = 1;
	struct tbuf *tb = buf();
	if (tb->n == tb->cap) {
		size_t ncap = tb->cap ? tb->cap * 2 : 256;
		struct rec *nr = realloc(tb->r, ncap * sizeof *nr);
		if (!nr)
			abort();
		tb->r = nr;
		tb->cap = ncap;
	}
	struct rec *r = &tb->r[tb->n];
	r->cpu_ns = ns(CLOCK_THREAD_CPUTIME_ID);
	r->seq = atomic_fetch_add(&g_seq, 1);
	struct timespec now;
	clock_gettime(CLOCK_MONOTONIC, &now);
	r->wall_ns = (int64_t)(now.tv_sec - g_t0.tv_sec) * 1000000000 + (now.tv_nsec - g_t0.tv_nsec);
	r->tid = tb->tid;
	r->kind = kind;
	r->a = a;
	r->b = b;
	r->n = n;
	t_busy = 0;
	return (long)tb->n++;
}

/* ---- pthread_t -> thread number, for join ---- */

struct tmap {
	pthread_t th;
	int tid;
	struct tmap *next;
};
static struct tmap *g_threads;
static atomic_flag g_tlock = ATOMIC_FLAG_INIT;

static void tmap_put(pthread_t th, int tid)
{
	struct tmap *m = malloc(sizeof *m);
	if (!m)
		abort();
	m->th = th;
	m->tid = tid;
	while (atomic_flag_test_and_set(&g_tlock))
		sched_yield();
	m->next = g_threads;
	g_threads = m;
	atomic_flag_clear(&g_tlock);
}

static int tmap_get(pthread_t th)
{
	int tid = -1;
	while (atomic_flag_test_and_set(&g_tlock))
		sched_yield();
	for (struct tmap *m = g_threads; m; m = m->next)
		if (pthread_equal(m->th, th)) {
			tid = m->tid;
			break;
		}
	atomic_flag_clear(&g_tlock);
	return tid;
}

/* ---- threads ---- */

struct start {
	void *(*fn)(void *);
	void *arg;
	int tid;
};

static void thread_exit_event(void)
{
	if (t_buf && t_buf->exited)
		return;
	emit(EV_EXIT, 0, 0, 0);
	if (t_buf)
		t_buf->exited = 1;
}

static void *trampoline(void *p)
{
	struct start s = *(struct start *)p;
	free(p);
	t_tid = s.tid;
	void *ret = s.fn(s.arg);
	thread_exit_event();
	return ret;
}

int pthread_create(pthread_t *th, const pthread_attr_t *attr, void *(*fn)(void *), void *arg)
{
	resolve();
	if (!g_active)
		return real_create(th, attr, fn, arg);
	struct start *s = malloc(sizeof *s);
	if (!s)
		return EAGAIN;
	s->fn = fn;
	s->arg = arg;
	int tid = atomic_fetch_add(&g_next_tid, 1);
	s->tid = tid; /* the child frees s: use tid from here on */
	long at = emit(EV_CREATE, tid, 0, 0); /* before the child can record anything */
	int rc = real_create(th, attr, trampoline, s);
	if (rc != 0) {
		if (at >= 0)
			buf()->r[at].kind = EV_NONE;
		free(s);
		return rc;
	}
	tmap_put(*th, tid);
	return 0;
}

int pthread_join(pthread_t th, void **ret)
{
	resolve();
	int rc = real_join(th, ret);
	if (rc == 0) {
		int tid = tmap_get(th);
		if (tid >= 0)
			emit(EV_JOIN, tid, 0, 0);
	}
	return rc;
}

void pthread_exit(void *ret)
{
	resolve();
	thread_exit_event();
	real_exit(ret);
}

/* ---- mutexes ---- */

int pthread_mutex_init(pthread_mutex_t *m, const pthread_mutexattr_t *a)
{
	resolve();
	int rc = real_mutex_init(m, a);
	if (rc == 0 && g_active)
		name_of(m, OBJ_MUTEX, 1);
	return rc;
}

int pthread_mutex_lock(pthread_mutex_t *m)
{
	resolve();
	int rc = real_mutex_lock(m);
	if (rc == 0 && g_active && !t_busy)
		emit(EV_LOCK, name_of(m, OBJ_MUTEX, 0), 0, 0);
	return rc;
}

int pthread_mutex_trylock(pthread_mutex_t *m)
{
	resolve();
	int rc = real_mutex_trylock(m);
	if (g_active && !t_busy)
		emit(rc == 0 ? EV_TRYLOCK_OK : EV_TRYLOCK_BUSY, name_of(m, OBJ_MUTEX, 0), 0, 0);
	return rc;
}

int pthread_mutex_timedlock(pthread_mutex_t *m, const struct timespec *abst)
{
	resolve();
	int rc = real_mutex_timedlock(m, abst);
	if (rc == 0 && g_active && !t_busy)
		emit(EV_LOCK, name_of(m, OBJ_MUTEX, 0), 0, 0);
	return rc;
}

int pthread_mutex_unlock(pthread_mutex_t *m)
{
	resolve();
	if (g_active && !t_busy)
		emit(EV_UNLOCK, name_of(m, OBJ_MUTEX, 0), 0, 0);
	return real_mutex_unlock(m);
}

/* ---- condition variables ---- */

int pthread_cond_init(pthread_cond_t *c, const pthread_condattr_t *a)
{
	resolve();
	int rc = real_cond_init(c, a);
	if (rc == 0 && g_active)
		name_of(c, OBJ_COND, 1);
	return rc;
}

int pthread_cond_wait(pthread_cond_t *c, pthread_mutex_t *m)
{
	resolve();
	int rec = g_active && !t_busy;
	int mid = rec ? name_of(m, OBJ_MUTEX, 0) : 0;
	if (rec)
		emit(EV_COND_WAIT, name_of(c, OBJ_COND, 0), mid, 0);
	int rc = real_cond_wait(c, m);
	if (rec)
		emit(EV_LOCK, mid, 0, 0); /* the wait returns holding the mutex again */
	return rc;
}

int pthread_cond_timedwait(pthread_cond_t *c, pthread_mutex_t *m, const struct timespec *abst)
{
	resolve();
	int rec = g_active && !t_busy;
	int mid = rec ? name_of(m, OBJ_MUTEX, 0) : 0;
	if (rec)
		emit(EV_COND_TIMEDWAIT, name_of(c, OBJ_COND, 0), mid, 0);
	int rc = real_cond_timedwait(c, m, abst);
	if (rec)
		emit(EV_LOCK, mid, 0, 0);
	return rc;
}

int pthread_cond_signal(pthread_cond_t *c)
{
	resolve();
	if (g_active && !t_busy)
		emit(EV_SIGNAL, name_of(c, OBJ_COND, 0), 0, 0);
	return real_cond_signal(c);
}

int pthread_cond_broadcast(pthread_cond_t *c)
{
	resolve();
	if (g_active && !t_busy)
		emit(EV_BROADCAST, name_of(c, OBJ_COND, 0), 0, 0);
	return real_cond_broadcast(c);
}

/* ---- barriers ---- */

int pthread_barrier_init(pthread_barrier_t *b, const pthread_barrierattr_t *a, unsigned count)
{
	resolve();
	int rc = real_barrier_init(b, a, count);
	if (rc == 0 && g_active)
		emit(EV_BARRIER_INIT, name_of(b, OBJ_BARRIER, 1), 0, count);
	return rc;
}

int pthread_barrier_wait(pthread_barrier_t *b)
{
	resolve();
	if (g_active && !t_busy)
		emit(EV_BARRIER_WAIT, name_of(b, OBJ_BARRIER, 0), 0, 0);
	return real_barrier_wait(b);
}

/* ---- semaphores ---- */

int sem_init(sem_t *s, int pshared, unsigned value)
{
	resolve();
	int rc = real_sem_init(s, pshared, value);
	if (rc == 0 && g_active)
		emit(EV_SEM_INIT, name_of(s, OBJ_SEM, 1), 0, value);
	return rc;
}

int sem_wait(sem_t *s)
{
	resolve();
	int rc = real_sem_wait(s);
	if (rc == 0 && g_active && !t_busy)
		emit(EV_SEM_WAIT, name_of(s, OBJ_SEM, 0), 0, 0);
	return rc;
}

int sem_trywait(sem_t *s)
{
	resolve();
	int rc = real_sem_trywait(s);
	if (g_active && !t_busy)
		emit(rc == 0 ? EV_SEM_TRYWAIT_OK : EV_SEM_TRYWAIT_BUSY, name_of(s, OBJ_SEM, 0), 0, 0);
	return rc;
}

int sem_timedwait(sem_t *s, const struct timespec *abst)
{
	resolve();
	int rc = real_sem_timedwait(s, abst);
	if (g_active && !t_busy && (rc == 0 || errno == ETIMEDOUT))
		emit(rc == 0 ? EV_SEM_TIMEDWAIT_OK : EV_SEM_TIMEDWAIT_TIMEOUT, name_of(s, OBJ_SEM, 0), 0, 0);
	return rc;
}

int sem_post(sem_t *s)
{
	resolve();
	if (g_active && !t_busy)
		emit(EV_SEM_POST, name_of(s, OBJ_SEM, 0), 0, 0);
	return real_sem_post(s);
}

/* ---- start and end ---- */

__attribute__((constructor)) static void recorder_start(void)
{
	resolve();
	const char *out = getenv("AUGUR_RECORD_OUT");
	if (!out || !*out)
		return;
	g_out = strdup(out);
	const char *cpu = getenv("AUGUR_RECORD_CPU");
	if (cpu && *cpu) {
		g_cpu = atoi(cpu);
		cpu_set_t set;
		CPU_ZERO(&set);
		CPU_SET(g_cpu, &set);
		if (sched_setaffinity(0, sizeof set, &set) != 0) {
			fprintf(stderr, "augur recorder: cannot pin to CPU %d: %s\n", g_cpu, strerror(errno));
			_exit(127);
		}
	}
	/* Only this program is recorded, not the programs it starts. */
	unsetenv("LD_PRELOAD");
	unsetenv("AUGUR_RECORD_OUT");
	unsetenv("AUGUR_RECORD_CPU");
	clock_gettime(CLOCK_MONOTONIC, &g_t0);
	t_tid = 0;
	g_active = 1;
}

static int by_seq(const void *a, const void *b)
{
	uint64_t x = ((const struct rec *)a)->seq, y = ((const struct rec *)b)->seq;
	return x < y ? -1 : x > y;
}

static const char *objname(char *s, size_t n, int cls, int id)
{
	snprintf(s, n, "%c%d", obj_prefix[cls], id);
	return s;
}

__attribute__((destructor)) static void recorder_end(void)
{
	if (!g_active)
		return;
	thread_exit_event(); /* the thread that ends the process */
	g_active = 0;
	t_busy = 1;
	size_t total = 0;
	for (struct tbuf *b = atomic_load(&g_bufs); b; b = b->next)
		total += b->n;
	struct rec *all = malloc((total ? total : 1) * sizeof *all);
	if (!all)
		abort();
	size_t k = 0;
	for (struct tbuf *b = atomic_load(&g_bufs); b; b = b->next) {
		memcpy(all + k, b->r, b->n * sizeof *all);
		k += b->n;
	}
	qsort(all, total, sizeof *all, by_seq);
	FILE *f = fopen(g_out, "w");
	if (!f) {
		fprintf(stderr, "augur recorder: cannot write %s: %s\n", g_out, strerror(errno));
		return;
	}
	char exe[512] = "?";
	ssize_t len = readlink("/proc/self/exe", exe, sizeof exe - 1);
	if (len > 0)
		exe[len] = 0;
	fprintf(f, "# augur thread trace, written by augur's pthread recorder (LD_PRELOAD)\n");
	fprintf(f, "# program: %s\n", exe);
	if (g_cpu >= 0)
		fprintf(f, "# recorded pinned to CPU %d\n", g_cpu);
	fprintf(f, "# TIME(s since start) THREAD EVENT [ARGS] cpu=THREAD_CPU_TIME(s)\n");
	char x[32], y[32];
	for (size_t i = 0; i < total; i++) {
		struct rec *r = &all[i];
		if (r->kind == EV_NONE)
			continue;
		fprintf(f, "%.9f T%d ", r->wall_ns / 1e9, r->tid);
		switch (r->kind) {
		case EV_CREATE: fprintf(f, "create T%d", r->a); break;
		case EV_EXIT: fprintf(f, "exit"); break;
		case EV_LOCK: fprintf(f, "lock %s", objname(x, sizeof x, OBJ_MUTEX, r->a)); break;
		case EV_TRYLOCK_OK: fprintf(f, "trylock %s ok", objname(x, sizeof x, OBJ_MUTEX, r->a)); break;
		case EV_TRYLOCK_BUSY: fprintf(f, "trylock %s busy", objname(x, sizeof x, OBJ_MUTEX, r->a)); break;
		case EV_UNLOCK: fprintf(f, "unlock %s", objname(x, sizeof x, OBJ_MUTEX, r->a)); break;
		case EV_COND_WAIT:
			fprintf(f, "cond_wait %s %s", objname(x, sizeof x, OBJ_COND, r->a), objname(y, sizeof y, OBJ_MUTEX, r->b));
			break;
		case EV_COND_TIMEDWAIT:
			fprintf(f, "cond_timedwait %s %s", objname(x, sizeof x, OBJ_COND, r->a), objname(y, sizeof y, OBJ_MUTEX, r->b));
			break;
		case EV_SIGNAL: fprintf(f, "cond_signal %s", objname(x, sizeof x, OBJ_COND, r->a)); break;
		case EV_BROADCAST: fprintf(f, "cond_broadcast %s", objname(x, sizeof x, OBJ_COND, r->a)); break;
		case EV_JOIN: fprintf(f, "join T%d", r->a); break;
		case EV_BARRIER_INIT: fprintf(f, "barrier_init %s %lld", objname(x, sizeof x, OBJ_BARRIER, r->a), (long long)r->n); break;
		case EV_BARRIER_WAIT: fprintf(f, "barrier_wait %s", objname(x, sizeof x, OBJ_BARRIER, r->a)); break;
		case EV_SEM_INIT: fprintf(f, "sem_init %s %lld", objname(x, sizeof x, OBJ_SEM, r->a), (long long)r->n); break;
		case EV_SEM_WAIT: fprintf(f, "sem_wait %s", objname(x, sizeof x, OBJ_SEM, r->a)); break;
		case EV_SEM_TRYWAIT_OK: fprintf(f, "sem_trywait %s ok", objname(x, sizeof x, OBJ_SEM, r->a)); break;
		case EV_SEM_TRYWAIT_BUSY: fprintf(f, "sem_trywait %s busy", objname(x, sizeof x, OBJ_SEM, r->a)); break;
		case EV_SEM_TIMEDWAIT_OK: fprintf(f, "sem_timedwait %s ok", objname(x, sizeof x, OBJ_SEM, r->a)); break;
		case EV_SEM_TIMEDWAIT_TIMEOUT: fprintf(f, "sem_timedwait %s timeout", objname(x, sizeof x, OBJ_SEM, r->a)); break;
		case EV_SEM_POST: fprintf(f, "sem_post %s", objname(x, sizeof x, OBJ_SEM, r->a)); break;
		}
		fprintf(f, " cpu=%.9f\n", r->cpu_ns / 1e9);
	}
	if (fclose(f) != 0)
		fprintf(stderr, "augur recorder: writing %s: %s\n", g_out, strerror(errno));
	free(all);
}
