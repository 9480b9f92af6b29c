/* A loop over a huge range whose inner loops are empty for almost all of
 * it (j < i with i < 0): the report walked the outer range to its end,
 * 10^12 iterations that reach no point (bench/mutate made it of a loop
 * from -1e308, whose step of 1 is lost to rounding: it never ended). */
int main(void)
{
    double s = 0;
    for (long i = -1000000000000L; i < 40; i++)
        for (long j = 0; j < i; j++)
            for (long k = j; k < i; k += 2)
                s += k;
    return (int)s;
}
