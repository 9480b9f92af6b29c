#define FACTOR 2.5
