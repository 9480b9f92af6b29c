/* A counter update under a test of the data: if-converted (setcc) when
   optimising, a jump at gcc's -O0. */
double x[1000];
int main(void) {
  int hits = 0;
  for (int i = 0; i < 1000; i++)
    if (x[i] <= 1)
      hits++;
  return hits;
}
