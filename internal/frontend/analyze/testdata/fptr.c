// Calls through function pointers, as CoMD calls its force kernel: a
// field set to one function in a struct that extends the one the call
// reads it from (sim->pot->force(sim)), a local initialised to one
// function, and a pointer set to two functions, where which one runs is
// a parameter (bounds_test.go).
#include <stdlib.h>

typedef struct {
  int n;
  void (*kernel)(int);
} Base;

typedef struct {
  int n;
  void (*kernel)(int);
  double extra;
} Derived;

double acc;

void square(int n)
{
  int i;
  for (i = 0; i < n; i++)
    acc += (double)i * i;
}

void cube(int n)
{
  int i;
  for (i = 0; i < n; i++)
    acc += (double)i * i * i;
}

void (*either)(int);

Base *make(void)
{
  Derived *d = malloc(sizeof *d);
  d->kernel = square;
  return (Base *)d;
}

int main(int argc, char **argv)
{
  Base *b = make();
  void (*g)(int) = cube;
  either = argc > 1 ? square : cube;
  b->kernel(100);
  g(7);
  (*g)(8);
  either(9);
  return acc > 0;
}
