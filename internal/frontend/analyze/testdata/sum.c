/* One streamed array of n doubles, summed; levels_test.go. */
#include <stdlib.h>

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 1048576;
    double *a = malloc(sizeof(double) * n);
    double s = 0;
    for (int i = 0; i < n; i++)
        s += a[i];
    return (int)s;
}
