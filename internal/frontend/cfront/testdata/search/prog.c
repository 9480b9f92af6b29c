/* Headers found by gcc's include search: <...> through -I or -isystem,
   "..." also through -iquote, and MPI's "mpi.h" where mpicc finds it. */
#include <angle.h>
#include "quoted.h"
#include <sys_only.h>
#include "mpi.h"

int main(void) { return ANGLE + QUOTED + SYS_ONLY; }
