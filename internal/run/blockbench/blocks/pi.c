/* The dartboard step of the pi program of ChronosMix: throw a
   dart with a linear congruential generator, count the hits. Compute bound:
   the time per iteration settles almost at once. */
static unsigned long long x = 12345;
static long hits;
double block(long i) {
  (void)i;
  x = x * 6364136223846793005ULL + 1442695040888963407ULL;
  double px = (double)(x >> 11) / 9007199254740992.0;
  x = x * 6364136223846793005ULL + 1442695040888963407ULL;
  double py = (double)(x >> 11) / 9007199254740992.0;
  if (px * px + py * py <= 1.0) hits++;
  return (double)hits;
}
void block_init(void) {}
