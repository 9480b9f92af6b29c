// Tests that skip the rest of a loop's body: if (c) continue;
#include <stdio.h>

int main(int argc, char **argv) {
  double s = 0;
  for (int i = 0; i < 100; i++) {
    if (i % 4 == 0)
      continue;
    s += i * 0.5; // 75 times: i % 4 == 0 is exact
  }
  for (int i = 0; i < 10; i++) {
    for (int j = 0; j < 10; j++) {
      if (s > j * 3.5) {
        continue;
      }
      s += 1.0; // 100 (1 - p) times, p the parameter of the test
    }
  }
  for (int i = 0; i < 8; i++) {
    switch (i & 1) {
    case 0:
      continue; // in a switch: not a test that skips the body
    default:
      s -= 1.0;
    }
  }
  printf("%g\n", s);
  return 0;
}
