/* A program header that includes MPI's with quotes, as NAS's mpinpb.h does. */
#include "mpi.h"
extern int me, np;
