#ifndef STUB_STDLIB_H
#define STUB_STDLIB_H
#include <stddef.h>
#define EXIT_SUCCESS 0
#define EXIT_FAILURE 1
#define RAND_MAX 2147483647
void *malloc(size_t size);
void *calloc(size_t n, size_t size);
void *realloc(void *p, size_t size);
void *aligned_alloc(size_t align, size_t size);
int posix_memalign(void **p, size_t align, size_t size);
void free(void *p);
void exit(int status);
void abort(void);
int atexit(void (*f)(void));
int atoi(const char *s);
long atol(const char *s);
long long atoll(const char *s);
double atof(const char *s);
long strtol(const char *restrict s, char **restrict end, int base);
unsigned long strtoul(const char *restrict s, char **restrict end, int base);
long long strtoll(const char *restrict s, char **restrict end, int base);
double strtod(const char *restrict s, char **restrict end);
int rand(void);
void srand(unsigned seed);
long random(void);
void srandom(unsigned seed);
double drand48(void);
void srand48(long seed);
int abs(int x);
long labs(long x);
char *getenv(const char *name);
void qsort(void *base, size_t n, size_t size, int (*cmp)(const void *, const void *));
void *bsearch(const void *key, const void *base, size_t n, size_t size, int (*cmp)(const void *, const void *));
#endif
