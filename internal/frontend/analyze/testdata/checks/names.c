/* Names the analysis makes must not be those of the program's functions
 * or of the cost functions every model declares (miniAMR: a global int
 * stencil read from the command line, functions stencil_2 ... stencil_7,
 * and a loop index named level, the name of a cost function). */
#include <stdlib.h>

int stencil;
double grid[1000];

static void stencil_2(void) { for (int i = 1; i < 999; i++) grid[i] = (grid[i - 1] + grid[i + 1]) / 2; }
static void stencil_3(void) { for (int i = 1; i < 999; i++) grid[i] = (grid[i - 1] + grid[i] + grid[i + 1]) / 3; }
static void stencil_7(void) { for (int i = 3; i < 997; i++) grid[i] = (grid[i - 3] + grid[i + 3]) / 2; }

int main(int argc, char **argv) {
  stencil = atoi(argv[1]);
  for (int level = 0; level < 4; level++) {
    if (stencil == 2) stencil_2();
    else if (stencil == 3) stencil_3();
    else stencil_7();
  }
  return 0;
}
