#include <stdio.h>
#include <math.h>
#include <stdlib.h>
#include "local.h"

#if CLASS == 'W'
#define SIZE 128
#else
#define SIZE 16
#endif

static double scale(double x) { return x * FACTOR; }

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : SIZE;
  double s = 0;
#pragma augur loop(n)
  while (n-- > 0)
    s += sqrt(scale(n));
  printf("%g\n", s);
  return 0;
}
