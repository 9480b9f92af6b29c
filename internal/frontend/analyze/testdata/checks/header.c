#include "kernels.h"
double u[LEN], v[LEN];
int main(void) {
  double t = 0;
  for (int r = 0; r < 10; r++)
    t += dot(u, v, LEN); /* 10 calls: 10 * LEN = 10000 iterations */
  return t > 0;
}
