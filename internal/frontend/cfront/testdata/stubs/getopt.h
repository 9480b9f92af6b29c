#ifndef STUB_GETOPT_H
#define STUB_GETOPT_H
#include <unistd.h>
struct option { const char *name; int has_arg; int *flag; int val; };
#define no_argument 0
#define required_argument 1
#define optional_argument 2
int getopt_long(int argc, char *const argv[], const char *opts, const struct option *longopts, int *index);
#endif
