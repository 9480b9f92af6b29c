/* Loops and branches of every kind the analysis counts, and two it cannot:
 * a while loop and a data-dependent branch (augur instrument's tests). */
#include <stdio.h>
#include <stdlib.h>

#define N 40

int main(int argc, char **argv)
{
    int m = argc > 1 ? atoi(argv[1]) : 30;
    double s = 0;
    for (int i = 0; i < N; i++)
        for (int j = i; j < m; j++)
            s += i * j;
    for (int i = 0; i < N; i++)
        for (int j = 0; j < i; j++) {
            for (int k = j; k < i; k += 2)
                s += k;
            if (j % 3 == 0)
                s -= 1;
            else
                s += 1;
        }
    unsigned x = 12345;
    int steps = 0;
    while (x != 1 && steps < 1000) {
        x = x % 2 ? 3 * x + 1 : x / 2;
        steps++;
    }
    for (int i = 0; i < m; i++)
        if ((i * 7919) % 10 < 3)
            s += 2;
    printf("%g %d\n", s, steps);
    return 0;
}
