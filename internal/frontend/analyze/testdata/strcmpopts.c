/* Options parsed by hand, as XSBench and many mini-apps do: each argument
 * compared with the options' names, the next one converted into a field
 * of a struct returned by value, or into a variable. */
#include <stdlib.h>
#include <string.h>

typedef struct { int lookups; long cells; int method; int type, bounce; } Inputs;

static Inputs read_cli(int argc, char **argv) {
  Inputs in;
  in.lookups = 34;
  in.cells = 1000;
  in.method = 0;
  for (int i = 1; i < argc; i++) {
    char *arg = argv[i];
    if (strcmp(arg, "-l") == 0) {
      if (++i < argc) in.lookups = atoi(argv[i]);
    } else if (!strcmp(arg, "-c") || !strcmp(arg, "--cells")) {
      in.cells = atol(argv[++i]);
    } else if (!strcmp(arg, "--object")) { /* several values: no one parameter */
      in.type = atoi(argv[++i]);
      in.bounce = atoi(argv[++i]);
    } else if (strcmp(arg, "-m") == 0) {
      if (strcmp(argv[++i], "event") == 0) in.method = 1;
    }
  }
  return in;
}

double grid[1 << 20];

int main(int argc, char **argv) {
  int steps = 5;
  for (int i = 1; i < argc; i++)
    if (0 == strcmp(argv[i], "-s")) steps = atoi(argv[++i]);
  Inputs in = read_cli(argc, argv);
  for (int s = 0; s < steps; s++)
    for (int k = 0; k < in.lookups; k++)
      for (long c = 0; c < in.cells; c++)
        grid[c] += k; // steps * lookups * cells
  for (int b = 0; b < in.bounce; b++) grid[b] += in.type;
  if (in.method == 1)
    for (long c = 0; c < in.cells; c++) grid[c] *= 2; // with -m event only
  return 0;
}
