/* Random updates of a table, as GUPS and ParRes Random make them
   (Table[ran & (size - 1)] ^= ran): each reads and writes a line at a
   place the hardware cannot predict, at the working set of the whole
   table. A batch of BATCH values, made once, is applied ROUNDS times. */
#include <stdint.h>
#include <stdlib.h>

#ifndef SIZE
#define SIZE 2097152 /* 16 MiB of 8-byte words */
#endif
#define BATCH 1024
#define ROUNDS 4096

int main(void) {
  uint64_t *table = malloc(SIZE * sizeof(uint64_t));
  uint64_t *ran = malloc(BATCH * sizeof(uint64_t));
  for (long i = 0; i < SIZE; i++) table[i] = i;
  for (int j = 0; j < BATCH; j++) ran[j] = 2654435761u * (j + 1);
  for (int r = 0; r < ROUNDS; r++)
    for (int j = 0; j < BATCH; j++)
      table[ran[j] & (SIZE - 1)] ^= ran[j];
  return (int)(table[1] & 1);
}
