#define SYS_ONLY 4
