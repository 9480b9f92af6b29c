#ifndef STUB_STDBOOL_H
#define STUB_STDBOOL_H
#define bool _Bool
#define true 1
#define false 0
#endif
