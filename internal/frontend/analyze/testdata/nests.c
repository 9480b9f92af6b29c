/* Loop nests whose execution counts the analysis must get exactly: each
   innermost body counts its own executions, so a run prints the truth. */
#include <stdio.h>
#include <stdlib.h>

long cnt[16];

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 10;
  int m = argc > 2 ? atoi(argv[2]) : 7;
  for (int i = 0; i < n; i++)
    cnt[0]++; /* rectangular */
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      cnt[1]++; /* rectangular, two parameters */
  for (int i = 0; i < n; i++)
    for (int j = 0; j < i; j++)
      cnt[2]++; /* triangular */
  for (int i = 0; i < n; i++)
    for (int j = i; j <= n; j++)
      cnt[3]++; /* triangular, inclusive bound */
  for (int i = 0; i < n; i++)
    for (int j = 0; j < i; j++)
      for (int k = 0; k < j; k++)
        cnt[4]++; /* tetrahedral */
  for (int i = 0; i < n; i += 3)
    cnt[5]++; /* strided */
  for (int i = n; i > 0; i -= 2)
    cnt[6]++; /* strided downwards */
  for (int i = 0; i < n; i++)
    for (int j = 0; j < i && j < m; j++)
      cnt[7]++; /* min(i, m) bound */
  for (int i = m; i < n; i++)
    for (int j = 0; j < i - m; j++)
      cnt[8]++; /* empty when n <= m */
  for (int i = 0; i < n; i++)
    for (int j = i + 1; j < n; j++)
      for (int k = j; k < m; k++)
        cnt[9]++; /* inner range empty for j >= m */
  for (int i = 0; i < n; i++)
    for (int j = 0; j <= 2 * i; j += 2)
      cnt[10]++; /* strided inner bound depending on i */
  for (int i = 0; i < 5; i++)
    for (int j = 0; j < 4; j++)
      cnt[11]++; /* constant */
  for (int k = 0; k < 12; k++)
    printf("%ld\n", cnt[k]);
  return 0;
}
