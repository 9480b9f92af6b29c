#define QUOTED 2
