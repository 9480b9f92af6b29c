/* augur bench machine: the time of the C library calls programs make
   (libcalls.go). Compiled by the system's C compiler twice: at -O2 with
   -fno-builtin, so every call below is a real call into glibc (libc,
   libm), as a program compiled without -ffast-math makes them; and at
   -O3 -ffast-math -march=native (VEC defined), where gcc may call the
   vector variants of libm (libmvec) for the loops over arrays. It
   prints one line per operation: its key and the seconds per operation
   of each repetition, in thread CPU time. */
#define _GNU_SOURCE
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define N 1024           /* elements of the argument arrays: 8 KiB, in the first level */
#define BYTES (8 << 10)  /* memcpy and memset size: in the first level */

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return ts.tv_sec + 1e-9 * ts.tv_nsec;
}

static double xs[N], ys[N];
static char src[BYTES], dst[BYTES];
volatile double sink;

/* Each body performs n operations of its kind and returns something
   that depends on all of them. The math ones call f on every element of
   an array and store the result: independent calls, as a loop over an
   array makes them. */
#define MAPBODY(name, expr)                                 \
  static double name(long n) {                              \
    double s = 0;                                           \
    for (long r = 0; r < n / N; r++) {                      \
      for (int i = 0; i < N; i++) ys[i] = expr;             \
      s += ys[r % N];                                       \
    }                                                       \
    return s;                                               \
  }
MAPBODY(b_exp, exp(xs[i]))
MAPBODY(b_log, log(xs[i] + 1.5))
MAPBODY(b_pow, pow(xs[i] + 1.5, 2.37))
MAPBODY(b_sin, sin(xs[i]))
MAPBODY(b_tan, tan(xs[i]))
MAPBODY(b_atan, atan(xs[i]))
MAPBODY(b_sqrt, sqrt(xs[i]))
MAPBODY(b_floor, floor(xs[i] * 7.3))

#ifndef VEC
/* rand and drand48 carry their state from one call to the next: a
   chain, whatever the loop around them does. */
static double b_rand(long n) {
  long s = 0;
  for (long i = 0; i < n; i++) s += rand();
  return (double)s;
}
static double b_drand48(long n) {
  double s = 0;
  for (long i = 0; i < n; i++) s += drand48();
  return s;
}
/* A small block allocated, written once and freed: the pair. */
static double b_malloc(long n) {
  long s = 0;
  for (long i = 0; i < n; i++) {
    char *p = malloc(64 + (i & 63));
    p[0] = (char)i;
    s += p[0];
    free(p);
  }
  return (double)s;
}
/* n bytes copied or set, BYTES at a time. */
static double b_memcpy(long n) {
  for (long i = 0; i < n / BYTES; i++) {
    memcpy(dst, src, BYTES);
    src[i % BYTES] = dst[(i * 7) % BYTES];
  }
  return dst[n % BYTES];
}
static double b_memset(long n) {
  for (long i = 0; i < n / BYTES; i++) {
    memset(dst, (int)i, BYTES);
    src[i % BYTES] = dst[(i * 7) % BYTES];
  }
  return dst[n % BYTES] + src[3];
}

/* glibc's qsort of 16 random 64-bit keys with a comparison function of
   two loads and two compares, per comparison unit: n log2 n of the
   array, 64 for 16 keys. Each call sorts a fresh copy of one of 4096
   shuffled arrays (the copy is 16 stores, a few percent of the sort):
   so many that the branch predictor cannot learn their comparisons, as
   it learnt those of 64 (a third faster from one repetition to the
   next).
   16 is the size scientific codes sort most (the nonzeros of a row,
   the atoms of a cell); glibc 2.36 merges (msort) through a buffer on
   the stack, later ones sort in place: the kernel times whichever the
   system has. */
#define QN 16
#define QKEYS (QN << 12)
static long qkeys[QKEYS], qbuf[QN];
static int qcmp(const void *a, const void *b) {
  long x = *(const long *)a, y = *(const long *)b;
  return (x > y) - (x < y);
}
static double b_qsort(long n) {
  long s = 0;
  for (long r = 0; r < n / (QN * 4); r++) {
    const long *from = qkeys + (r % (QKEYS / QN)) * QN;
    for (int i = 0; i < QN; i++) qbuf[i] = from[i];
    qsort(qbuf, QN, sizeof qbuf[0], qcmp);
    s += qbuf[r % QN];
  }
  return (double)s;
}
#endif

struct op {
  const char *key;
  double (*body)(long);
  long n;
};

static struct op ops[] = {
#ifdef VEC
    {"libm_exp_vec", b_exp}, {"libm_log_vec", b_log}, {"libm_pow_vec", b_pow}, {"libm_sin_vec", b_sin},
    {"libm_tan_vec", b_tan}, {"libm_atan_vec", b_atan},
#else
    {"libm_exp", b_exp}, {"libm_log", b_log}, {"libm_pow", b_pow}, {"libm_sin", b_sin},
    {"libm_tan", b_tan}, {"libm_atan", b_atan}, {"libm_sqrt", b_sqrt}, {"libm_floor", b_floor},
    {"libc_rand", b_rand}, {"libc_drand48", b_drand48}, {"libc_malloc", b_malloc},
    {"libc_memcpy_byte", b_memcpy}, {"libc_memset_byte", b_memset}, {"libc_qsort", b_qsort},
#endif
};

int main(int argc, char **argv) {
  int reps = argc > 1 ? atoi(argv[1]) : 11;
  double target = argc > 2 ? atof(argv[2]) : 0.02;
  int nops = sizeof ops / sizeof ops[0];
  double *t = calloc((size_t)nops * reps, sizeof *t);
  for (int i = 0; i < N; i++) xs[i] = 0.001 + (double)i / N;
  for (int i = 0; i < BYTES; i++) src[i] = (char)i;
#ifndef VEC
  for (int i = 0; i < QKEYS; i++) qkeys[i] = (long)(((unsigned long)i * 0x9E3779B97F4A7C15UL) >> 11);
#endif
  srand(1);
  srand48(1);
  /* The count that takes about target seconds, per operation. */
  for (int k = 0; k < nops; k++) {
    long n = 4096;
    for (;;) {
      double t0 = now();
      sink += ops[k].body(n);
      double d = now() - t0;
      if (d >= target / 4 || n >= (1L << 34)) {
        if (d > 0) n = (long)(n * target / d);
        break;
      }
      n *= 4;
    }
    ops[k].n = n < N ? N : n;
  }
  /* Rounds: every operation once a round, in a rotating order, so a
     burst of load elsewhere touches all alike. */
  for (int r = 0; r < reps; r++) {
    for (int j = 0; j < nops; j++) {
      int k = (j + r) % nops;
      sink += ops[k].body(ops[k].n / 4); /* warm */
      double t0 = now();
      sink += ops[k].body(ops[k].n);
      t[(size_t)k * reps + r] = (now() - t0) / (double)ops[k].n;
    }
  }
  for (int k = 0; k < nops; k++) {
    printf("%s", ops[k].key);
    for (int r = 0; r < reps; r++) printf(" %.6e", t[(size_t)k * reps + r]);
    printf("\n");
  }
  return 0;
}
