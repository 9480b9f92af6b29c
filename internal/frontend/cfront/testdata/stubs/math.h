#ifndef STUB_MATH_H
#define STUB_MATH_H
#define M_PI 3.14159265358979323846
#define M_E 2.7182818284590452354
#define HUGE_VAL (__builtin_huge_val())
#define INFINITY (__builtin_inff())
#define NAN (__builtin_nanf(""))
double sqrt(double x);
double fabs(double x);
double pow(double x, double y);
double exp(double x);
double log(double x);
double log2(double x);
double log10(double x);
double sin(double x);
double cos(double x);
double tan(double x);
double atan(double x);
double atan2(double y, double x);
double floor(double x);
double ceil(double x);
double round(double x);
double fmod(double x, double y);
double fmin(double x, double y);
double fmax(double x, double y);
double cbrt(double x);
double hypot(double x, double y);
float sqrtf(float x);
float fabsf(float x);
float expf(float x);
float logf(float x);
float powf(float x, float y);
float sinf(float x);
float cosf(float x);
#endif
