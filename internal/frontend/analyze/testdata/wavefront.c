/* Loops whose iterations wait for the element the iteration before
   stored (chains_test.go). */
#define N 512
#define M 256

double a[N][N], p[M * 2], q[M], x[M], b[N][N];

/* A wavefront swept along j: a[i][j] needs a[i][j-1], stored by the
   iteration before; two dependent adds an iteration. */
void sweep(void)
{
    for (int i = 1; i < N; i++)
        for (int j = 1; j < N; j++)
            a[i][j] = a[i][j - 1] + a[i - 1][j] - a[i - 1][j - 1];
}

/* A prefix sum on a flattened array, with an offset: one add. */
void prefix(void)
{
    for (int i = 1; i < M; i++)
        p[M + i] = p[M + i - 1] + x[i];
}

/* Counting down: q[i] needs q[i + 1]; one multiply. */
void down(void)
{
    for (int i = M - 2; i >= 0; i--)
        q[i] = q[i + 1] * 0.5;
}

/* Two chains interleaved: q[i] needs q[i - 2]; half an add an iteration. */
void every2(void)
{
    for (int i = 2; i < M; i++)
        q[i] = q[i - 2] + 1.0;
}

/* a[i][j] needs a[i - 1][j], stored an iteration of the outer loop
   before: the iterations along j are independent. */
void columns(void)
{
    for (int i = 1; i < N; i++)
        for (int j = 0; j < N; j++)
            b[i][j] = b[i - 1][j] + 1.0;
}

/* A compound assignment: x[i] += x[i - 1], the add on the chain. */
void running(void)
{
    for (int i = 1; i < M; i++)
        x[i] += x[i - 1];
}

int main(void)
{
    sweep();
    prefix();
    down();
    every2();
    columns();
    running();
    return (int)(a[N - 1][N - 1] + p[2 * M - 1] + q[0] + b[N - 1][0] + x[M - 1]);
}
