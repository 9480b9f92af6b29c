#ifndef STUB_INTTYPES_H
#define STUB_INTTYPES_H
#include <stdint.h>
#define PRId32 "d"
#define PRIu32 "u"
#define PRId64 "ld"
#define PRIu64 "lu"
#define PRIx64 "lx"
#endif
