/* Operation counts by hand, at -O0 (library calls are calls): each statement's in its comment. */
#include <math.h>
#include <stdlib.h>

double a[100], b[100];
int idx[100];

double kernel(int n) {
  double s = 0.0;
  int k = 3;
  k = k * 7 + 1;            /* int_mul 1, int_add 1 */
  s = s / 2.5 + sqrt(s);    /* fp_div 1, fp_add 1, libm_sqrt 1 */
  a[k] = s * s;             /* fp_mul 1, store 1 */
  s += a[k] * b[k + 1];     /* fp_mul 1, fp_add 1, int_add 1, load 2 */
  k = rand() % 10;          /* libc_rand 1; by a constant: int_mul 1, int_add 3 */
  s = exp(s) + log(s);      /* libm_exp 1, libm_log 1, fp_add 1 */
  return s + n;             /* fp_add 1, conversion fp_add 1 */
}

int main(void) {
  double t = 0;
  for (int i = 0; i < 10; i++) {
    t += kernel(i);
  }
  return t > 0;
}
