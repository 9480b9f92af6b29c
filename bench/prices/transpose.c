/* A tiled transpose, as ParRes's Transpose does its local blocks, and the
 * same untiled (bench/analyze_prices.sh): the column-strided a[jt*N + it]
 * uses its lines again at the next it, a tile (or, untiled, a column of
 * 2000 lines) later. */
#include <stdio.h>
#include <time.h>

#define MIN(x, y) ((x) < (y) ? (x) : (y))
#define N 2000
#define T 32

double a[N * N], b[N * N];

void tiled(int reps)
{
    for (int r = 0; r < reps; r++)
        for (int i = 0; i < N; i += T)
            for (int j = 0; j < N; j += T)
                for (int it = i; it < MIN(N, i + T); it++)
                    for (int jt = j; jt < MIN(N, j + T); jt++) {
                        b[it * N + jt] += a[jt * N + it];
                        a[jt * N + it] += 1.0;
                    }
}

void untiled(int reps)
{
    for (int r = 0; r < reps; r++)
        for (int i = 0; i < N; i++)
            for (int j = 0; j < N; j++)
                b[i * N + j] += a[j * N + i];
}

int main(void)
{
    for (int i = 0; i < N * N; i++) {
        a[i] = i;
        b[i] = 0;
    }
    clock_t t0 = clock();
    tiled(10);
    clock_t t1 = clock();
    untiled(10);
    clock_t t2 = clock();
    printf("tiled %.4f\nuntiled %.4f\n", (double)(t1 - t0) / CLOCKS_PER_SEC, (double)(t2 - t1) / CLOCKS_PER_SEC);
    return b[1] < 0;
}
