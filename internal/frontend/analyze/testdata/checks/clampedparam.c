/* A function's parameter clamped by data and then passed on inside loops
 * it bounds (hpgmg's rebuild_operator_blackbox: three clamps by the
 * level's dimensions, then color_vector(level, x, colors, i, j, k) in a
 * loop nest over the colors): the parameter the analysis makes for its
 * unknown value must not take the name of the local its callers set. */
#include <stdio.h>
typedef struct { struct { int i, j, k; } dim; double *v; } level_t;

static void color(level_t *l, int colors, int i, int j, int k) {
  for (int n = 0; n < colors; n++) l->v[n] = i + j + k;
}

double work(level_t *l, int colors) {
  if (l->dim.i < colors) colors = l->dim.i;
  if (l->dim.j < colors) colors = l->dim.j;
  if (l->dim.k < colors) colors = l->dim.k;
  printf("%d colors\n", colors * colors * colors);
  for (int k = 0; k < colors; k++)
    for (int j = 0; j < colors; j++)
      for (int i = 0; i < colors; i++)
        color(l, colors, i, j, k);
  return l->v[0];
}

double buf[64];

int main(int argc, char **argv) {
  level_t l = {{0, 0, 0}, buf};
  for (int i = 0; i < argc; i++) l.dim.i += argv[i][0] % 3; /* data */
  l.dim.j = l.dim.k = l.dim.i;
  return (int)(work(&l, 4) + work(&l, 2));
}
