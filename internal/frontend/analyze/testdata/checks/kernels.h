/* A header of the program's own: its functions are followed like the
 * sources', its macros are parameters. */
#define LEN 1000
static inline double dot(const double *a, const double *b, int n) {
  double s = 0;
  for (int i = 0; i < n; i++)
    s += a[i] * b[i]; /* n per call */
  return s;
}
