#ifndef STUB_STDIO_H
#define STUB_STDIO_H
#include <stddef.h>
#include <stdarg.h>
typedef struct stub_FILE FILE;
extern FILE *stdin, *stdout, *stderr;
#define EOF (-1)
#define SEEK_SET 0
#define SEEK_CUR 1
#define SEEK_END 2
int printf(const char *restrict fmt, ...);
int fprintf(FILE *restrict f, const char *restrict fmt, ...);
int sprintf(char *restrict s, const char *restrict fmt, ...);
int snprintf(char *restrict s, size_t n, const char *restrict fmt, ...);
int vfprintf(FILE *restrict f, const char *restrict fmt, va_list ap);
int vprintf(const char *restrict fmt, va_list ap);
int scanf(const char *restrict fmt, ...);
int sscanf(const char *restrict s, const char *restrict fmt, ...);
int fscanf(FILE *restrict f, const char *restrict fmt, ...);
int puts(const char *s);
int fputs(const char *restrict s, FILE *restrict f);
int putchar(int c);
int fputc(int c, FILE *f);
int getchar(void);
int fgetc(FILE *f);
char *fgets(char *restrict s, int n, FILE *restrict f);
FILE *fopen(const char *restrict name, const char *restrict mode);
int fclose(FILE *f);
int fflush(FILE *f);
size_t fread(void *restrict p, size_t size, size_t n, FILE *restrict f);
size_t fwrite(const void *restrict p, size_t size, size_t n, FILE *restrict f);
int fseek(FILE *f, long off, int whence);
long ftell(FILE *f);
void perror(const char *s);
int remove(const char *name);
#endif
