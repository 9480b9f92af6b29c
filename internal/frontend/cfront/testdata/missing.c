#include <stdio.h>
#include <nosuch/header.h>
int main(void) { return 0; }
