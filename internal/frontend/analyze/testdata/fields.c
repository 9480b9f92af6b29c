// Sizes held in struct fields, as CoMD keeps them: the option parser
// fills a field through a pointer after setting its default, and the
// simulation copies it into a field of its own, which main copies into a
// local that bounds the main loop (bounds_test.go).
#include <stdlib.h>

typedef struct { int steps; int rate; } Cmd;
typedef struct { int steps; int rate; int n; } Sim;

static void setInt(int *p, const char *s) { *p = atoi(s); }

Cmd parse(int argc, char **argv)
{
  Cmd cmd;
  cmd.steps = 100;
  cmd.rate = 10;
  if (argc > 1)
    setInt(&cmd.steps, argv[1]);
  return cmd;
}

Sim *init(Cmd cmd)
{
  Sim *s = malloc(sizeof *s);
  s->steps = cmd.steps;
  s->rate = cmd.rate;
  s->n = rand() % 7;
  return s;
}

int main(int argc, char **argv)
{
  Cmd cmd = parse(argc, argv);
  Sim *sim = init(cmd);
  const int nSteps = sim->steps;
  const int rate = sim->rate;
  int step = 0;
  double a = 0;
  for (; step < nSteps;) {
    for (int k = 0; k < rate; k++)
      a += k;
    for (int i = 0; i < sim->n; i++)
      a += i;
    step += rate;
  }
  return a > 0;
}
