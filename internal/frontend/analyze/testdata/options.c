// A mini-app's own option parser, a kernel chosen through a pointer, and
// counts its data make (CoMD's constructs, written here): options are
// registered with their letter, long name and the address of a field of
// a configuration struct; getopt_long parses argv; the parsed struct is
// copied into the simulation's; a flag chooses the setter that stores the
// kernel in a pointer; the kernel's loops run over cells whose number is
// computed from the grid in an array, and atoms whose number is data.
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <mpi.h>

typedef struct { int nx; int nSteps; int fast; double dt; } Config;
typedef struct Sim Sim;
struct Sim { int nSteps; int nCells; int *nAtoms; double *r; int (*force)(Sim *); };

typedef struct { char letter; void *ptr; } Opt;
static Opt table[16];
static int nOpts;

static void addOption(const char *name, char letter, int hasArg, void *ptr, const char *help) {
  table[nOpts].letter = letter;
  table[nOpts].ptr = ptr;
  nOpts++;
}

static void parse(int argc, char **argv) {
  struct option longs[] = {{"nx", 1, 0, 'x'}, {0, 0, 0, 0}};
  int c;
  while ((c = getopt_long(argc, argv, "x:N:fD:", longs, NULL)) != -1)
    for (int i = 0; i < nOpts; i++)
      if (table[i].letter == c) *(int *)table[i].ptr = optarg ? atoi(optarg) : 1;
}

static Config readConfig(int argc, char **argv) {
  Config cfg;
  cfg.nx = 10;
  cfg.nSteps = 100;
  cfg.fast = 0;
  cfg.dt = 1.0;
  addOption("nx", 'x', 1, &(cfg.nx), "cells along x");
  addOption("steps", 'N', 1, &(cfg.nSteps), "time steps");
  addOption("fast", 'f', 0, &(cfg.fast), "the fast kernel");
  addOption("dt", 'D', 1, &(cfg.dt), "time step");
  parse(argc, argv);
  return cfg;
}

static int slowForce(Sim *s) {
  for (int c = 0; c < s->nCells; c++)
    for (int i = 0; i < s->nAtoms[c]; i++)
      s->r[i] = s->r[i] * 0.5 + 1.0; // nSteps * nCells * atoms a cell
  return 0;
}

static int fastForce(Sim *s) {
  for (int c = 0; c < s->nCells; c++)
    s->r[c] += 1.0; // nSteps * nCells, with -f
  return 0;
}

static void useSlow(Sim *s) { s->force = slowForce; }
static void useFast(Sim *s) { s->force = fastForce; }

static void choose(Sim *s, int fast) {
  if (fast)
    useFast(s);
  else
    useSlow(s);
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  Config cfg = readConfig(argc, argv);
  Sim *s = malloc(sizeof(Sim));
  int grid[3];
  for (int d = 0; d < 3; d++) grid[d] = cfg.nx / 2;
  s->nCells = grid[0] * grid[1] * grid[2];
  s->nAtoms = calloc(s->nCells, sizeof(int));
  s->r = calloc(64 * s->nCells, sizeof(double));
  s->nSteps = cfg.nSteps;
  choose(s, cfg.fast);
  for (int step = 0; step < s->nSteps; step++)
    s->force(s);
  MPI_Finalize();
  return 0;
}
