// Loops that step their index in their body, as CoMD's main loop does
// (for (; iStep < nSteps;) { ...; iStep += printRate; }): counted from
// the index's value before the loop, as is a for without its
// initialisation; one that steps it at two places is not (bounds_test.go).
#include <stdlib.h>
int main(int argc, char **argv)
{
  int n = atoi(argv[1]), s = atoi(argv[2]), i = 0, k = 3, r = 0, j = 1;
  double a = 0;
  while (i < n) {
    a += i;
    i++;
  }
  for (; k < n;) {
    a += k;
    k += s;
  }
  while (r < n) {
    if (a > 3) r++;
    r++;
  }
  for (; j < n; j += 2)
    a += j;
  return a > 0;
}
