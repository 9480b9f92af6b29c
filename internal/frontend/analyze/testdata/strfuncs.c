/* String functions priced by their bytes (strfuncs_test.go). */
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
  long n = 1 << 20;
  char *a = malloc(n + 1);
  char *b = malloc(n + 1);
  memset(a, 'x', n);
  a[n] = 0;
  strcpy(b, a);
  size_t k = strlen(argv[0]);
  strncpy(b, a, 4096);
  return memcmp(a, b, 1000) + (int)k;
}
