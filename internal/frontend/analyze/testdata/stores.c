/* Stores through indices the analysis cannot follow; reuse_test.go. */
#include <stdlib.h>
#define K 4096

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 1 << 20;
    int procs = argc > 2 ? atoi(argv[2]) : 4;
    int *key = malloc(sizeof(int) * n);
    int *h = malloc(sizeof(int) * K);
    int *next = malloc(sizeof(int) * procs);
    int *out = malloc(sizeof(int) * n);
    int *sorted = malloc(sizeof(int) * n);
    for (int i = 0; i < n; i++)
        h[key[i]]++;
    for (int i = 0; i < n; i++)
        out[next[key[i] % procs]++] = key[i];
#pragma augur loop(n / procs)
    for (int i = 0; i < n; i++)
        sorted[h[out[i]]++] = out[i];
    long s = 0;
    for (int i = 0; i < n / procs; i++)
        s += sorted[i];
    return (int)s;
}
