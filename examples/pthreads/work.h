/* Shared by the example programs: a CPU-bound kernel whose cost is
 * proportional to n and that touches no memory, so that its speed does not
 * depend on what else runs on the machine's caches. */
#ifndef AUGUR_EXAMPLE_WORK_H
#define AUGUR_EXAMPLE_WORK_H
#include <stdlib.h>

static inline double work(long n, double seed)
{
	double x = seed, y = 1.0;
	for (long i = 0; i < n; i++) {
		x = x * 1.0000001 + 0.5;
		if (x > 1e6)
			x -= 1e6;
		y += x * 1e-9;
	}
	return y;
}

static inline long arg(int argc, char **argv, int i, long def)
{
	return argc > i ? atol(argv[i]) : def;
}
#endif
