#ifndef STUB_UNISTD_H
#define STUB_UNISTD_H
#include <stddef.h>
extern char *optarg;
extern int optind, opterr, optopt;
int getopt(int argc, char *const argv[], const char *opts);
unsigned sleep(unsigned s);
int usleep(unsigned us);
long sysconf(int name);
int gethostname(char *name, size_t len);
#define _SC_NPROCESSORS_ONLN 84
#endif
