/* A loop until convergence: once its body is skipped it would never end,
 * so augur instrument --time refuses to sample it. */
int main(void)
{
    double x = 1;
    int i = 0;
#pragma augur sample
    while (x < 1e6) {
        x *= 1.0001;
        i++;
    }
    return i & 1;
}
