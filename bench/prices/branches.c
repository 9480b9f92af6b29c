/* Data-dependent arms and a remainder test (bench/analyze_prices.sh):
 *  - a Collatz step n = (n % 2) ? 3 * n + 1 : n / 2, which gcc turns into
 *    a conditional move at -O2 (no jump to mispredict);
 *  - if (j % 3 == 0) in a strided loop, taken one time in three;
 *  - a dot product, s += a[i] * b[i]: the add's latency at -O3, not with
 *    -ffast-math. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define N 4096

double a[N], b[N];

long collatz(long n)
{
    long steps = 0;
#pragma augur loop(111)
    while (n != 1) {
        n = (n % 2) ? 3 * n + 1 : n / 2;
        steps++;
    }
    return steps;
}

double thirds(int reps)
{
    double s = 0;
    for (int r = 0; r < reps; r++)
        for (int j = 0; j < N; j += 2)
            if (j % 3 == 0)
                s += a[j] * 0.5 + r;
    return s;
}

double dot(int reps)
{
    double s = 0;
    for (int r = 0; r < reps; r++)
        for (int i = 0; i < N; i++)
            s += a[i] * b[i];
    return s;
}

int main(void)
{
    for (int i = 0; i < N; i++) {
        a[i] = i % 5;
        b[i] = 1.0 / (i + 1);
    }
    long total = 0;
    clock_t t0 = clock();
    for (long k = 0; k < 100000; k++)
        total += collatz(27);
    clock_t t1 = clock();
    double s = thirds(20000);
    clock_t t2 = clock();
    s += dot(50000);
    clock_t t3 = clock();
    printf("collatz %.4f\nthirds %.4f\ndot %.4f\n", (double)(t1 - t0) / CLOCKS_PER_SEC,
           (double)(t2 - t1) / CLOCKS_PER_SEC, (double)(t3 - t2) / CLOCKS_PER_SEC);
    return total + s < 0;
}
