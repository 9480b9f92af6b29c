/* switch with fall-through, default and break; a break inside a loop of
 * a case leaves the loop, not the switch. Counts at N = 12. */
#define N 12
double x[N];
int main(int argc, char **argv) {
  int i, k;
  for (i = 0; i < N; i++) {
    switch (i % 4) {
    case 0:
      x[i] += 1.0; /* 3: i % 4 == 0 */
    case 1:
      x[i] *= 2.0; /* 6: falls through from case 0 */
      break;
    case 2:
      for (k = 0; k < 3; k++) {
        if (k == 1)
          break;
        x[i] -= 1.0;
      } /* the loop: 3 times (i = 2, 6, 10) */
      break;
    default:
      x[i] = 0; /* 3: i % 4 == 3 */
    }
  }
  switch ((int)x[argc]) { /* data: cases 1, 2, 3 and no match, 1/4 each */
  case 1:
  case 2:
    x[0] = 1; /* 2/4 */
    break;
  case 3:
    x[1] = 2; /* 1/4 */
  }
  return 0;
}
