#ifndef STUB_SYS_TIME_H
#define STUB_SYS_TIME_H
#include <time.h>
struct timeval { time_t tv_sec; long tv_usec; };
int gettimeofday(struct timeval *restrict tv, void *restrict tz);
#endif
