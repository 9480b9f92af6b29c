#ifndef STUB_ASSERT_H
#define STUB_ASSERT_H
void __assert_fail(const char *expr, const char *file, unsigned line, const char *func);
#ifdef NDEBUG
#define assert(e) ((void)0)
#else
#define assert(e) ((e) ? (void)0 : __assert_fail(#e, __FILE__, __LINE__, __func__))
#endif
#endif
