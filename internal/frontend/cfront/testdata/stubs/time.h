#ifndef STUB_TIME_H
#define STUB_TIME_H
#include <stddef.h>
typedef long time_t;
typedef long clock_t;
struct timespec { time_t tv_sec; long tv_nsec; };
#define CLOCKS_PER_SEC 1000000L
#define CLOCK_REALTIME 0
#define CLOCK_MONOTONIC 1
typedef int clockid_t;
time_t time(time_t *t);
clock_t clock(void);
int clock_gettime(clockid_t c, struct timespec *ts);
#endif
