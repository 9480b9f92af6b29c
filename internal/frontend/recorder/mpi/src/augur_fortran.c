/* augur's MPI recorder for Fortran programs (use mpi, mpif.h).
 *
 * Open MPI's Fortran bindings call the C library's PMPI_ functions
 * directly, so a Fortran program's calls never reach the recorder's
 * MPI_ wrappers (augur_pmpi.c): the recorder saw MPI_Init from no rank
 * and wrote no trace. Preloaded before Open MPI's own, these bindings take
 * the Fortran calls the recorder records, convert their handles and
 * sentinels as the MPI standard defines (MPI_Comm_f2c, MPI_Status_c2f,
 * MPI_IN_PLACE, MPI_STATUS_IGNORE, 1-based indices, LOGICAL flags) and
 * call the C wrappers, which record them and call PMPI_. Every other
 * Fortran call goes to Open MPI untouched.
 *
 * Each binding is defined under the names Fortran compilers use for it:
 * mpi_send_ (gfortran, Intel), mpi_send, mpi_send__ and MPI_SEND. The
 * mpi_f08 module's bindings (mpi_send_f08_, ...) are not taken: a
 * program that uses it is recorded without its MPI calls, and augur
 * record says that no trace was written. */
#include <mpi.h>
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>

_Static_assert(sizeof(MPI_Fint) == sizeof(int), "Fortran INTEGER arrays are passed to the C functions as int arrays");

/* A Fortran status is MPI_STATUS_SIZE INTEGERs: MPI_F_STATUS_SIZE where
 * mpi.h defines it (MPI 3), else the C status's size in them (Open MPI's
 * definition, which its mpi.h does not export). */
#ifdef MPI_F_STATUS_SIZE
#define F_STATUS_SIZE MPI_F_STATUS_SIZE
#else
#define F_STATUS_SIZE (sizeof(MPI_Status) / sizeof(MPI_Fint))
#endif

/* The Fortran sentinels are common blocks of the program (or of Open
 * MPI's Fortran library): their addresses, found by name once. */
static void *f_in_place, *f_bottom, *f_status_ignore, *f_statuses_ignore;
static int f_looked;

static void *fortran_symbol(const char *lower, const char *upper)
{
    char name[64];
    const char *forms[] = {"%s_", "%s", "%s__"};
    for (size_t i = 0; i < sizeof forms / sizeof *forms; i++) {
        snprintf(name, sizeof name, forms[i], lower);
        void *p = dlsym(RTLD_DEFAULT, name);
        if (p) return p;
    }
    return dlsym(RTLD_DEFAULT, upper);
}

static void sentinels(void)
{
    if (f_looked) return;
    f_looked = 1;
    f_in_place = fortran_symbol("mpi_fortran_in_place", "MPI_FORTRAN_IN_PLACE");
    f_bottom = fortran_symbol("mpi_fortran_bottom", "MPI_FORTRAN_BOTTOM");
    f_status_ignore = fortran_symbol("mpi_fortran_status_ignore", "MPI_FORTRAN_STATUS_IGNORE");
    f_statuses_ignore = fortran_symbol("mpi_fortran_statuses_ignore", "MPI_FORTRAN_STATUSES_IGNORE");
}

/* buf is a Fortran buffer argument as C sees it. */
static void *buf(void *b)
{
    sentinels();
    if (b && b == f_in_place) return MPI_IN_PLACE;
    if (b && b == f_bottom) return MPI_BOTTOM;
    return b;
}

/* status writes a C status into a Fortran one, unless ignored. */
static void status(const MPI_Status *s, MPI_Fint *f)
{
    sentinels();
    if (f && (void *)f != f_status_ignore && (void *)f != f_statuses_ignore) PMPI_Status_c2f(s, f);
}

/* statuses writes n C statuses into a Fortran array of them. */
static void statuses(const MPI_Status *s, int n, MPI_Fint *f)
{
    sentinels();
    if (!f || (void *)f == f_statuses_ignore) return;
    for (int i = 0; i < n; i++) PMPI_Status_c2f(&s[i], f + (size_t)i * F_STATUS_SIZE);
}

/* requests converts a Fortran array of n requests to C (the caller frees). */
static MPI_Request *requests(int n, const MPI_Fint *f)
{
    MPI_Request *r = malloc(sizeof *r * (size_t)(n > 0 ? n : 1));
    if (!r) PMPI_Abort(MPI_COMM_WORLD, 1);
    for (int i = 0; i < n; i++) r[i] = PMPI_Request_f2c(f[i]);
    return r;
}

static void back(const MPI_Request *r, int n, MPI_Fint *f)
{
    for (int i = 0; i < n; i++) f[i] = PMPI_Request_c2f(r[i]);
}

static MPI_Status *status_array(int n)
{
    MPI_Status *s = malloc(sizeof *s * (size_t)(n > 0 ? n : 1));
    if (!s) PMPI_Abort(MPI_COMM_WORLD, 1);
    return s;
}

#define COMM(f) PMPI_Comm_f2c(*(f))
#define TYPE(f) PMPI_Type_f2c(*(f))
#define OP(f) PMPI_Op_f2c(*(f))

/* NAMES gives binding lower_ (defined) its other Fortran names. */
#define NAMES(lower, upper)                                         \
    extern __typeof__(lower##_) lower __attribute__((alias(#lower "_"))); \
    extern __typeof__(lower##_) lower##__ __attribute__((alias(#lower "_"))); \
    extern __typeof__(lower##_) upper __attribute__((alias(#lower "_")));

void mpi_init_(MPI_Fint *ierr) { *ierr = MPI_Init(NULL, NULL); }
NAMES(mpi_init, MPI_INIT)

void mpi_init_thread_(MPI_Fint *required, MPI_Fint *provided, MPI_Fint *ierr)
{
    int p = 0;
    *ierr = MPI_Init_thread(NULL, NULL, *required, &p);
    *provided = p;
}
NAMES(mpi_init_thread, MPI_INIT_THREAD)

void mpi_finalize_(MPI_Fint *ierr) { *ierr = MPI_Finalize(); }
NAMES(mpi_finalize, MPI_FINALIZE)

void mpi_abort_(MPI_Fint *comm, MPI_Fint *code, MPI_Fint *ierr) { *ierr = MPI_Abort(COMM(comm), *code); }
NAMES(mpi_abort, MPI_ABORT)

void mpi_send_(void *b, MPI_Fint *n, MPI_Fint *t, MPI_Fint *dst, MPI_Fint *tag, MPI_Fint *comm, MPI_Fint *ierr)
{
    *ierr = MPI_Send(buf(b), *n, TYPE(t), *dst, *tag, COMM(comm));
}
NAMES(mpi_send, MPI_SEND)

void mpi_ssend_(void *b, MPI_Fint *n, MPI_Fint *t, MPI_Fint *dst, MPI_Fint *tag, MPI_Fint *comm, MPI_Fint *ierr)
{
    *ierr = MPI_Ssend(buf(b), *n, TYPE(t), *dst, *tag, COMM(comm));
}
NAMES(mpi_ssend, MPI_SSEND)

void mpi_isend_(void *b, MPI_Fint *n, MPI_Fint *t, MPI_Fint *dst, MPI_Fint *tag, MPI_Fint *comm, MPI_Fint *req, MPI_Fint *ierr)
{
    MPI_Request r;
    *ierr = MPI_Isend(buf(b), *n, TYPE(t), *dst, *tag, COMM(comm), &r);
    *req = PMPI_Request_c2f(r);
}
NAMES(mpi_isend, MPI_ISEND)

void mpi_issend_(void *b, MPI_Fint *n, MPI_Fint *t, MPI_Fint *dst, MPI_Fint *tag, MPI_Fint *comm, MPI_Fint *req, MPI_Fint *ierr)
{
    MPI_Request r;
    *ierr = MPI_Issend(buf(b), *n, TYPE(t), *dst, *tag, COMM(comm), &r);
    *req = PMPI_Request_c2f(r);
}
NAMES(mpi_issend, MPI_ISSEND)

void mpi_recv_(void *b, MPI_Fint *n, MPI_Fint *t, MPI_Fint *src, MPI_Fint *tag, MPI_Fint *comm, MPI_Fint *st, MPI_Fint *ierr)
{
    MPI_Status s;
    *ierr = MPI_Recv(buf(b), *n, TYPE(t), *src, *tag, COMM(comm), &s);
    status(&s, st);
}
NAMES(mpi_recv, MPI_RECV)

void mpi_irecv_(void *b, MPI_Fint *n, MPI_Fint *t, MPI_Fint *src, MPI_Fint *tag, MPI_Fint *comm, MPI_Fint *req, MPI_Fint *ierr)
{
    MPI_Request r;
    *ierr = MPI_Irecv(buf(b), *n, TYPE(t), *src, *tag, COMM(comm), &r);
    *req = PMPI_Request_c2f(r);
}
NAMES(mpi_irecv, MPI_IRECV)

void mpi_sendrecv_(void *sb, MPI_Fint *sc, MPI_Fint *st, MPI_Fint *dst, MPI_Fint *stag, void *rb, MPI_Fint *rc,
                   MPI_Fint *rt, MPI_Fint *src, MPI_Fint *rtag, MPI_Fint *comm, MPI_Fint *fst, MPI_Fint *ierr)
{
    MPI_Status s;
    *ierr = MPI_Sendrecv(buf(sb), *sc, TYPE(st), *dst, *stag, buf(rb), *rc, TYPE(rt), *src, *rtag, COMM(comm), &s);
    status(&s, fst);
}
NAMES(mpi_sendrecv, MPI_SENDRECV)

void mpi_wait_(MPI_Fint *req, MPI_Fint *st, MPI_Fint *ierr)
{
    MPI_Request r = PMPI_Request_f2c(*req);
    MPI_Status s;
    *ierr = MPI_Wait(&r, &s);
    *req = PMPI_Request_c2f(r);
    status(&s, st);
}
NAMES(mpi_wait, MPI_WAIT)

void mpi_test_(MPI_Fint *req, MPI_Fint *flag, MPI_Fint *st, MPI_Fint *ierr)
{
    MPI_Request r = PMPI_Request_f2c(*req);
    MPI_Status s;
    int f = 0;
    *ierr = MPI_Test(&r, &f, &s);
    *req = PMPI_Request_c2f(r);
    *flag = f ? 1 : 0;
    if (f) status(&s, st);
}
NAMES(mpi_test, MPI_TEST)

void mpi_waitall_(MPI_Fint *n, MPI_Fint *reqs, MPI_Fint *sts, MPI_Fint *ierr)
{
    MPI_Request *r = requests(*n, reqs);
    MPI_Status *s = status_array(*n);
    *ierr = MPI_Waitall(*n, r, s);
    back(r, *n, reqs);
    statuses(s, *n, sts);
    free(r);
    free(s);
}
NAMES(mpi_waitall, MPI_WAITALL)

void mpi_waitany_(MPI_Fint *n, MPI_Fint *reqs, MPI_Fint *index, MPI_Fint *st, MPI_Fint *ierr)
{
    MPI_Request *r = requests(*n, reqs);
    MPI_Status s;
    int i = MPI_UNDEFINED;
    *ierr = MPI_Waitany(*n, r, &i, &s);
    back(r, *n, reqs);
    *index = i == MPI_UNDEFINED ? MPI_UNDEFINED : i + 1;
    if (i != MPI_UNDEFINED) status(&s, st);
    free(r);
}
NAMES(mpi_waitany, MPI_WAITANY)

void mpi_waitsome_(MPI_Fint *n, MPI_Fint *reqs, MPI_Fint *outcount, MPI_Fint *idx, MPI_Fint *sts, MPI_Fint *ierr)
{
    MPI_Request *r = requests(*n, reqs);
    MPI_Status *s = status_array(*n);
    int out = 0;
    *ierr = MPI_Waitsome(*n, r, &out, (int *)idx, s);
    back(r, *n, reqs);
    *outcount = out;
    if (out != MPI_UNDEFINED) {
        for (int j = 0; j < out; j++) idx[j]++;
        statuses(s, out, sts);
    }
    free(r);
    free(s);
}
NAMES(mpi_waitsome, MPI_WAITSOME)

void mpi_testany_(MPI_Fint *n, MPI_Fint *reqs, MPI_Fint *index, MPI_Fint *flag, MPI_Fint *st, MPI_Fint *ierr)
{
    MPI_Request *r = requests(*n, reqs);
    MPI_Status s;
    int i = MPI_UNDEFINED, f = 0;
    *ierr = MPI_Testany(*n, r, &i, &f, &s);
    back(r, *n, reqs);
    *index = i == MPI_UNDEFINED ? MPI_UNDEFINED : i + 1;
    *flag = f ? 1 : 0;
    if (f && i != MPI_UNDEFINED) status(&s, st);
    free(r);
}
NAMES(mpi_testany, MPI_TESTANY)

void mpi_testsome_(MPI_Fint *n, MPI_Fint *reqs, MPI_Fint *outcount, MPI_Fint *idx, MPI_Fint *sts, MPI_Fint *ierr)
{
    MPI_Request *r = requests(*n, reqs);
    MPI_Status *s = status_array(*n);
    int out = 0;
    *ierr = MPI_Testsome(*n, r, &out, (int *)idx, s);
    back(r, *n, reqs);
    *outcount = out;
    if (out != MPI_UNDEFINED) {
        for (int j = 0; j < out; j++) idx[j]++;
        statuses(s, out, sts);
    }
    free(r);
    free(s);
}
NAMES(mpi_testsome, MPI_TESTSOME)

void mpi_testall_(MPI_Fint *n, MPI_Fint *reqs, MPI_Fint *flag, MPI_Fint *sts, MPI_Fint *ierr)
{
    MPI_Request *r = requests(*n, reqs);
    MPI_Status *s = status_array(*n);
    int f = 0;
    *ierr = MPI_Testall(*n, r, &f, s);
    back(r, *n, reqs);
    *flag = f ? 1 : 0;
    if (f) statuses(s, *n, sts);
    free(r);
    free(s);
}
NAMES(mpi_testall, MPI_TESTALL)

void mpi_probe_(MPI_Fint *src, MPI_Fint *tag, MPI_Fint *comm, MPI_Fint *st, MPI_Fint *ierr)
{
    MPI_Status s;
    *ierr = MPI_Probe(*src, *tag, COMM(comm), &s);
    status(&s, st);
}
NAMES(mpi_probe, MPI_PROBE)

void mpi_iprobe_(MPI_Fint *src, MPI_Fint *tag, MPI_Fint *comm, MPI_Fint *flag, MPI_Fint *st, MPI_Fint *ierr)
{
    MPI_Status s;
    int f = 0;
    *ierr = MPI_Iprobe(*src, *tag, COMM(comm), &f, &s);
    *flag = f ? 1 : 0;
    if (f) status(&s, st);
}
NAMES(mpi_iprobe, MPI_IPROBE)

void mpi_barrier_(MPI_Fint *comm, MPI_Fint *ierr) { *ierr = MPI_Barrier(COMM(comm)); }
NAMES(mpi_barrier, MPI_BARRIER)

void mpi_bcast_(void *b, MPI_Fint *n, MPI_Fint *t, MPI_Fint *root, MPI_Fint *comm, MPI_Fint *ierr)
{
    *ierr = MPI_Bcast(buf(b), *n, TYPE(t), *root, COMM(comm));
}
NAMES(mpi_bcast, MPI_BCAST)

void mpi_reduce_(void *sb, void *rb, MPI_Fint *n, MPI_Fint *t, MPI_Fint *op, MPI_Fint *root, MPI_Fint *comm, MPI_Fint *ierr)
{
    *ierr = MPI_Reduce(buf(sb), buf(rb), *n, TYPE(t), OP(op), *root, COMM(comm));
}
NAMES(mpi_reduce, MPI_REDUCE)

void mpi_allreduce_(void *sb, void *rb, MPI_Fint *n, MPI_Fint *t, MPI_Fint *op, MPI_Fint *comm, MPI_Fint *ierr)
{
    *ierr = MPI_Allreduce(buf(sb), buf(rb), *n, TYPE(t), OP(op), COMM(comm));
}
NAMES(mpi_allreduce, MPI_ALLREDUCE)

void mpi_scan_(void *sb, void *rb, MPI_Fint *n, MPI_Fint *t, MPI_Fint *op, MPI_Fint *comm, MPI_Fint *ierr)
{
    *ierr = MPI_Scan(buf(sb), buf(rb), *n, TYPE(t), OP(op), COMM(comm));
}
NAMES(mpi_scan, MPI_SCAN)

void mpi_exscan_(void *sb, void *rb, MPI_Fint *n, MPI_Fint *t, MPI_Fint *op, MPI_Fint *comm, MPI_Fint *ierr)
{
    *ierr = MPI_Exscan(buf(sb), buf(rb), *n, TYPE(t), OP(op), COMM(comm));
}
NAMES(mpi_exscan, MPI_EXSCAN)

void mpi_reduce_scatter_(void *sb, void *rb, MPI_Fint *rcs, MPI_Fint *t, MPI_Fint *op, MPI_Fint *comm, MPI_Fint *ierr)
{
    *ierr = MPI_Reduce_scatter(buf(sb), buf(rb), (const int *)rcs, TYPE(t), OP(op), COMM(comm));
}
NAMES(mpi_reduce_scatter, MPI_REDUCE_SCATTER)

void mpi_alltoall_(void *sb, MPI_Fint *sc, MPI_Fint *st, void *rb, MPI_Fint *rc, MPI_Fint *rt, MPI_Fint *comm, MPI_Fint *ierr)
{
    *ierr = MPI_Alltoall(buf(sb), *sc, TYPE(st), buf(rb), *rc, TYPE(rt), COMM(comm));
}
NAMES(mpi_alltoall, MPI_ALLTOALL)

void mpi_alltoallv_(void *sb, MPI_Fint *scs, MPI_Fint *sds, MPI_Fint *st, void *rb, MPI_Fint *rcs, MPI_Fint *rds,
                    MPI_Fint *rt, MPI_Fint *comm, MPI_Fint *ierr)
{
    *ierr = MPI_Alltoallv(buf(sb), (const int *)scs, (const int *)sds, TYPE(st), buf(rb), (const int *)rcs,
                          (const int *)rds, TYPE(rt), COMM(comm));
}
NAMES(mpi_alltoallv, MPI_ALLTOALLV)

void mpi_gather_(void *sb, MPI_Fint *sc, MPI_Fint *st, void *rb, MPI_Fint *rc, MPI_Fint *rt, MPI_Fint *root,
                 MPI_Fint *comm, MPI_Fint *ierr)
{
    *ierr = MPI_Gather(buf(sb), *sc, TYPE(st), buf(rb), *rc, TYPE(rt), *root, COMM(comm));
}
NAMES(mpi_gather, MPI_GATHER)

void mpi_allgather_(void *sb, MPI_Fint *sc, MPI_Fint *st, void *rb, MPI_Fint *rc, MPI_Fint *rt, MPI_Fint *comm, MPI_Fint *ierr)
{
    *ierr = MPI_Allgather(buf(sb), *sc, TYPE(st), buf(rb), *rc, TYPE(rt), COMM(comm));
}
NAMES(mpi_allgather, MPI_ALLGATHER)

void mpi_scatter_(void *sb, MPI_Fint *sc, MPI_Fint *st, void *rb, MPI_Fint *rc, MPI_Fint *rt, MPI_Fint *root,
                  MPI_Fint *comm, MPI_Fint *ierr)
{
    *ierr = MPI_Scatter(buf(sb), *sc, TYPE(st), buf(rb), *rc, TYPE(rt), *root, COMM(comm));
}
NAMES(mpi_scatter, MPI_SCATTER)

void mpi_gatherv_(void *sb, MPI_Fint *sc, MPI_Fint *st, void *rb, MPI_Fint *rcs, MPI_Fint *ds, MPI_Fint *rt,
                  MPI_Fint *root, MPI_Fint *comm, MPI_Fint *ierr)
{
    *ierr = MPI_Gatherv(buf(sb), *sc, TYPE(st), buf(rb), (const int *)rcs, (const int *)ds, TYPE(rt), *root, COMM(comm));
}
NAMES(mpi_gatherv, MPI_GATHERV)

void mpi_scatterv_(void *sb, MPI_Fint *scs, MPI_Fint *ds, MPI_Fint *st, void *rb, MPI_Fint *rc, MPI_Fint *rt,
                   MPI_Fint *root, MPI_Fint *comm, MPI_Fint *ierr)
{
    *ierr = MPI_Scatterv(buf(sb), (const int *)scs, (const int *)ds, TYPE(st), buf(rb), *rc, TYPE(rt), *root, COMM(comm));
}
NAMES(mpi_scatterv, MPI_SCATTERV)

void mpi_allgatherv_(void *sb, MPI_Fint *sc, MPI_Fint *st, void *rb, MPI_Fint *rcs, MPI_Fint *ds, MPI_Fint *rt,
                     MPI_Fint *comm, MPI_Fint *ierr)
{
    *ierr = MPI_Allgatherv(buf(sb), *sc, TYPE(st), buf(rb), (const int *)rcs, (const int *)ds, TYPE(rt), COMM(comm));
}
NAMES(mpi_allgatherv, MPI_ALLGATHERV)

void mpi_comm_dup_(MPI_Fint *comm, MPI_Fint *nc, MPI_Fint *ierr)
{
    MPI_Comm c;
    *ierr = MPI_Comm_dup(COMM(comm), &c);
    *nc = PMPI_Comm_c2f(c);
}
NAMES(mpi_comm_dup, MPI_COMM_DUP)

void mpi_comm_split_(MPI_Fint *comm, MPI_Fint *color, MPI_Fint *key, MPI_Fint *nc, MPI_Fint *ierr)
{
    MPI_Comm c;
    *ierr = MPI_Comm_split(COMM(comm), *color, *key, &c);
    *nc = PMPI_Comm_c2f(c);
}
NAMES(mpi_comm_split, MPI_COMM_SPLIT)

void mpi_comm_create_(MPI_Fint *comm, MPI_Fint *group, MPI_Fint *nc, MPI_Fint *ierr)
{
    MPI_Comm c;
    *ierr = MPI_Comm_create(COMM(comm), PMPI_Group_f2c(*group), &c);
    *nc = PMPI_Comm_c2f(c);
}
NAMES(mpi_comm_create, MPI_COMM_CREATE)

void mpi_cart_create_(MPI_Fint *comm, MPI_Fint *nd, MPI_Fint *dims, MPI_Fint *periods, MPI_Fint *reorder,
                      MPI_Fint *nc, MPI_Fint *ierr)
{
    /* LOGICAL periods: any non-zero value is true (gfortran's .true. is 1). */
    int *p = malloc(sizeof *p * (size_t)(*nd > 0 ? *nd : 1));
    if (!p) PMPI_Abort(MPI_COMM_WORLD, 1);
    for (int i = 0; i < *nd; i++) p[i] = periods[i] != 0;
    MPI_Comm c;
    *ierr = MPI_Cart_create(COMM(comm), *nd, (const int *)dims, p, *reorder != 0, &c);
    *nc = PMPI_Comm_c2f(c);
    free(p);
}
NAMES(mpi_cart_create, MPI_CART_CREATE)
