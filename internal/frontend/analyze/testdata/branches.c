/* Branches an optimising compiler does not jump for, and a remainder
 * test (prices_test.go). */
#define N 4096

double a[N];

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

double thirds(void)
{
    double s = 0;
    for (int r = 0; r < 10; r++)
        for (int j = 0; j < N; j += 2)
            if (j % 3 == 0)
                s += a[j];
    return s;
}

double dot(double *b)
{
    double s = 0;
    for (int i = 0; i < N; i++)
        s += a[i] * b[i];
    return s;
}

int main(void)
{
    return collatz(27) + thirds() + dot(a) > 0;
}
