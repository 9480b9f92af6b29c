#define ANGLE 1
