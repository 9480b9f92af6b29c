/* C library calls (bench/analyze_prices.sh):
 *  - rand() / (float)RAND_MAX filling an array, as mpitutorial's
 *    create_rand_nums: glibc's rand, a call with a lock and a state;
 *  - exp, sin and pow on each element: calls into libm (at -O3 with
 *    -ffast-math, libmvec's vector variants);
 *  - memcpy of an array beyond the caches: the memory's bandwidth. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define N (1 << 20)

float v[N];
double x[N], y[N];

void randfill(int reps)
{
    for (int r = 0; r < reps; r++)
        for (int i = 0; i < N; i++)
            v[i] = rand() / (float)RAND_MAX;
}

void mathmap(int reps)
{
    for (int r = 0; r < reps; r++)
        for (int i = 0; i < N; i++)
            y[i] = exp(x[i]) + sin(x[i]) + pow(x[i], 2.5);
}

void copy(int reps)
{
    for (int r = 0; r < reps; r++)
        memcpy(y, x, sizeof x);
}

int main(void)
{
    for (int i = 0; i < N; i++) {
        x[i] = (double)i / N;
        y[i] = 0;
        v[i] = 0;
    }
    clock_t t0 = clock();
    randfill(5);
    clock_t t1 = clock();
    mathmap(3);
    clock_t t2 = clock();
    copy(50);
    clock_t t3 = clock();
    printf("randfill %.4f\nmathmap %.4f\ncopy %.4f\n", (double)(t1 - t0) / CLOCKS_PER_SEC,
           (double)(t2 - t1) / CLOCKS_PER_SEC, (double)(t3 - t2) / CLOCKS_PER_SEC);
    return v[1] + y[2] < 0;
}
