/* Buffers and the pages their first writes fault in (chains_test.go). */
#include <stdlib.h>

#define N (1 << 20)

int *keys;

/* A global buffer allocated and tested here, filled in fill(): 4 MiB. */
void alloc(void)
{
    keys = malloc(sizeof(int) * N);
    if (!keys)
        exit(1);
}

void fill(void)
{
    for (int i = 0; i < N; i++)
        keys[i] = i;
}

int main(void)
{
    alloc();
    fill();
    /* A local buffer of which a quarter is written: 1 MiB of pages. */
    int *part = malloc(sizeof(int) * N);
    if (!part)
        return 1;
    for (int i = 0; i < N / 4; i++)
        part[i] = i;
    return keys[N - 1] + part[N / 4 - 1];
}
