/* Reuse distances, worked out by hand in reuse_test.go. */
#define N 64
double a[N * N], b[N * N], c[N * N], u[N * N], v[N * N];

void matmul(void)
{
    for (int i = 0; i < N; i++)
        for (int k = 0; k < N; k++) {
            double aik = a[i * N + k];
            for (int j = 0; j < N; j++)
                c[i * N + j] += aik * b[k * N + j];
        }
}

void sweep(void)
{
    for (int it = 0; it < 10; it++)
        for (int i = 1; i < N - 1; i++)
            for (int j = 0; j < N; j++)
                v[i * N + j] = u[(i - 1) * N + j] + u[(i + 1) * N + j];
}

void triangle(void)
{
    for (int k = 0; k < N; k++)
        for (int i = k + 1; i < N; i++)
            for (int j = k + 1; j < N; j++)
                a[i * N + j] -= a[i * N + k] * b[k * N + j];
}

int main(void)
{
    matmul();
    sweep();
    triangle();
    return 0;
}
