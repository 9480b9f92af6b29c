#include "local.h"
int main(void) { return (int)(FACTOR * MODE); }
