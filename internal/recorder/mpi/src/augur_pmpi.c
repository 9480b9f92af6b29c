/*
 * augur's MPI recorder: a PMPI wrapper library that writes one SimGrid
 * time-independent trace (TiT) per rank, the format `augur replay` and
 * `smpirun -replay` read. Load it with LD_PRELOAD under mpirun (augur
 * record --mpi does) or link it before libmpi (augur instrument --time
 * does).
 *
 * Every MPI call on MPI_COMM_WORLD becomes an action with its sizes in
 * bytes (the trace's default datatype is MPI_BYTE); the time between two
 * MPI calls becomes a "compute" action of seconds x reference speed flops
 * (AUGUR_REF_SPEED, flop/s: the recording host's measured speed, which
 * augur passes), so that replaying on the recording host's own machine
 * file gives back the measured compute time, and on a host k times
 * faster 1/k of it. The header of every trace states that speed, the
 * host it was measured on and how (AUGUR_REF_HOST, AUGUR_REF_SOURCE) in
 * a "#" line, which SimGrid's trace reader skips; augur replay reads it.
 * The last line says how many seconds of compute the rank recorded.
 *
 * Built with -DAUGUR_TIMED (augur instrument --time, dPerf's timed run),
 * that time is the thread's CPU time (dPerf's "virtual time": what the
 * rank computed, not what it waited for the processor) plus
 * augur_credit_s, the seconds the instrumented program's sampled loops
 * skipped and charged (the threshold iteration rule); without it, the
 * wall time (augur record --mpi).
 *
 * Environment: AUGUR_TIT_DIR (directory for rank-R.txt, default "." or
 * the directory compiled in as AUGUR_TIT_DEFAULT_DIR), AUGUR_REF_SPEED
 * (default 1e9 or AUGUR_REF_SPEED_DEFAULT), AUGUR_REF_HOST and
 * AUGUR_REF_SOURCE (defaults AUGUR_REF_HOST_DEFAULT, AUGUR_REF_SOURCE_DEFAULT;
 * without a source the speed is stated as assumed, not measured).
 * Rank 0 writes index.txt there, naming every rank's trace. Calls on other
 * communicators are not recorded (their time counts as computation) and a
 * warning says so once. A rank stopped by a signal flushes its trace,
 * marks where it stopped, and says so on stderr.
 *
 * Build: mpicc -shared -fPIC -O2 -o libaugur_pmpi.so augur_pmpi.c
 */
#define _POSIX_C_SOURCE 200809L
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <signal.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#ifndef AUGUR_TIT_DEFAULT_DIR
#define AUGUR_TIT_DEFAULT_DIR "."
#endif

static FILE *out;
static int me = -1, np = 0;
#ifndef AUGUR_REF_SPEED_DEFAULT
#define AUGUR_REF_SPEED_DEFAULT 1e9
#endif
#ifndef AUGUR_REF_HOST_DEFAULT
#define AUGUR_REF_HOST_DEFAULT ""
#endif
#ifndef AUGUR_REF_SOURCE_DEFAULT
#define AUGUR_REF_SOURCE_DEFAULT ""
#endif
static double ref_speed = AUGUR_REF_SPEED_DEFAULT;
static double last;          /* when the last MPI call returned */
static double computed;      /* seconds of compute written so far */
static long bursts;
static int warned_comm, warned_any;

#ifdef AUGUR_TIMED
extern double augur_credit_s; /* defined by augur instrument's runtime */
static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec + augur_credit_s;
}
#else
static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}
#endif

/* cpu_now is the thread's CPU time. */
static double cpu_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* Outstanding non-blocking requests: the key a TiT wait names. */
struct req { MPI_Request r; int src, dst, tag; };
static struct req *reqs;
static int nreqs, capreqs;

static void req_add(MPI_Request r, int src, int dst, int tag)
{
    if (nreqs == capreqs) {
        capreqs = capreqs ? 2 * capreqs : 64;
        reqs = realloc(reqs, (size_t)capreqs * sizeof *reqs);
        if (!reqs) { fprintf(stderr, "augur recorder: out of memory\n"); abort(); }
    }
    reqs[nreqs].r = r; reqs[nreqs].src = src; reqs[nreqs].dst = dst; reqs[nreqs].tag = tag;
    nreqs++;
}

static int req_find(MPI_Request r)
{
    for (int i = nreqs - 1; i >= 0; i--)
        if (reqs[i].r == r) return i;
    return -1;
}

static void req_del(int i) { reqs[i] = reqs[--nreqs]; }

static int world(MPI_Comm c)
{
    int res;
    if (c == MPI_COMM_WORLD) return 1;
    PMPI_Comm_compare(c, MPI_COMM_WORLD, &res);
    if (res == MPI_IDENT || res == MPI_CONGRUENT) return 1;
    if (!warned_comm && me == 0)
        fprintf(stderr, "augur recorder: calls on communicators other than MPI_COMM_WORLD are not recorded\n");
    warned_comm = 1;
    return 0;
}

static long bytes(int count, MPI_Datatype t)
{
    int s = 0;
    if (t != MPI_DATATYPE_NULL) PMPI_Type_size(t, &s);
    return (long)count * s;
}

/* Reductions compute: the rank that combines two vectors spends the
 * operator's time per element on each. MPI does it inside the call, so
 * the burst between calls misses it; the recorder writes it as the
 * collective's computation amount (TiT's comp_size, flops at the
 * reference speed), which augur replay and smpirun -replay charge after
 * the collective. The time per element is this host's, measured with
 * PMPI_Reduce_local the first time a rank reduces with an operator, a
 * datatype and a size class (vectors past the caches cost more an
 * element): the lowest of a few timed runs on a vector of the call's
 * length, up to 32 MB. Who combines how much follows Open MPI's
 * algorithms for few ranks: a reduce's root combines ceil(log2 P)
 * vectors (a binomial tree's path), every rank of an allreduce as many
 * (recursive doubling), every rank of a reduce-scatter its own block
 * from each of the P-1 others (pairwise). User-defined operators are
 * not timed (their function may not take the zeros the timing uses):
 * they cost nothing in the trace, and a warning says so once. */
struct opcost { MPI_Op op; MPI_Datatype t; int cls; double per; };
static struct opcost opcosts[64];
static int nopcosts, warned_userop;

static int predefined(MPI_Op op)
{
    MPI_Op ops[] = {MPI_SUM, MPI_MAX, MPI_MIN, MPI_PROD, MPI_LAND, MPI_BAND, MPI_LOR, MPI_BOR,
                    MPI_LXOR, MPI_BXOR, MPI_MAXLOC, MPI_MINLOC};
    for (size_t i = 0; i < sizeof ops / sizeof *ops; i++)
        if (op == ops[i]) return 1;
    return 0;
}

/* op_cost is the seconds op takes per element of t on vectors of count. */
static double op_cost(MPI_Op op, MPI_Datatype t, long count)
{
    int size = 0;
    if (count < 1 || t == MPI_DATATYPE_NULL) return 0;
    PMPI_Type_size(t, &size);
    if (size <= 0) return 0;
    if (!predefined(op)) {
        if (!warned_userop && me == 0)
            fprintf(stderr, "augur recorder: reductions with user-defined operators are recorded without their computation\n");
        warned_userop = 1;
        return 0;
    }
    long n = count, cap = (32L << 20) / size;
    if (n > cap) n = cap;
    int cls = 0;
    while ((1L << cls) < n) cls++;
    for (int i = 0; i < nopcosts; i++)
        if (opcosts[i].op == op && opcosts[i].t == t && opcosts[i].cls == cls) return opcosts[i].per;
    char *in = calloc((size_t)n, (size_t)size), *io = calloc((size_t)n, (size_t)size);
    if (!in || !io) { free(in); free(io); return 0; }
    /* Enough calls a run for the clock, at least 64 Ki elements; a first
     * run untimed (it faults the pages in); the thread's CPU clock, so
     * that a rank that loses its core meanwhile is not charged for it. */
    long k = n >= 65536 ? 1 : 65536 / n;
    PMPI_Reduce_local(in, io, (int)n, t, op);
    double best = -1;
    for (int r = 0; r < 5; r++) {
        double t0 = cpu_now();
        for (long j = 0; j < k; j++) PMPI_Reduce_local(in, io, (int)n, t, op);
        double d = cpu_now() - t0;
        if (best < 0 || d < best) best = d;
    }
    free(in);
    free(io);
    double per = best / ((double)n * (double)k);
    if (nopcosts < (int)(sizeof opcosts / sizeof *opcosts))
        opcosts[nopcosts++] = (struct opcost){op, t, cls, per};
    return per;
}

/* log2up is ceil(log2 p): the combining steps of a tree or of recursive
 * doubling over p ranks. */
static int log2up(int p)
{
    int k = 0;
    while ((1 << k) < p) k++;
    return k;
}

/* combine_flops is the computation amount of combining vectors vectors
 * of count elements of t with op, in flops at the reference speed. */
static double combine_flops(MPI_Op op, MPI_Datatype t, long count, long vectors)
{
    if (vectors <= 0) return 0;
    return op_cost(op, t, count) * (double)count * (double)vectors * ref_speed;
}

/* enter writes the compute burst since the last MPI call. */
static void enter(void)
{
    if (!out) return;
    double t = now();
    double flops = (t - last) * ref_speed;
    if (flops >= 1) {
        fprintf(out, "%d compute %.0f\n", me, flops);
        computed += t - last;
        bursts++;
    }
}

static void leave(void) { last = now(); }

static char trace_path[4096];

/* stopped keeps what a rank stopped by a signal wrote: it flushes the
 * trace (stdio is not async-signal-safe, but the rank is dying and the
 * trace is all that is left of the run), marks the end, says so, and
 * dies of the signal as it would have. */
static void stopped(int sig)
{
    if (out) {
        fprintf(out, "# rank %d stopped here by signal %d: the trace ends early\n", me, sig);
        fflush(out);
        char msg[4300];
        int n = snprintf(msg, sizeof msg, "augur recorder: rank %d stopped by signal %d; its trace up to there is in %s\n",
                         me, sig, trace_path);
        if (n > 0 && write(2, msg, (size_t)(n < (int)sizeof msg ? n : (int)sizeof msg - 1)) < 0) n = 0;
    }
    signal(sig, SIG_DFL);
    raise(sig);
}

/* header_text copies s into buf for a header line: what is not
 * printable ASCII would break the line, so it becomes '?'. */
static const char *header_text(const char *s, char *buf, size_t n)
{
    size_t i = 0;
    for (; s[i] && i + 1 < n; i++) buf[i] = (s[i] < 0x20 || s[i] > 0x7e) ? '?' : s[i];
    buf[i] = 0;
    return buf;
}

/* write_header states who wrote the trace, the rank's host, and the
 * reference speed: "# augur reference speed: S flop/s, measured on host
 * H (SOURCE)", or "..., assumed (not measured)" when augur gave no
 * source. SimGrid's reader skips both lines (they start with '#'). */
static void write_header(void)
{
    char here[256] = "", refhost[256], source[512];
    gethostname(here, sizeof here - 1);
    const char *h = getenv("AUGUR_REF_HOST");
    if (!h) h = AUGUR_REF_HOST_DEFAULT;
    const char *src = getenv("AUGUR_REF_SOURCE");
    if (!src) src = AUGUR_REF_SOURCE_DEFAULT;
    header_text(here, here, sizeof here);
    fprintf(out, "# augur MPI recorder: rank %d of %d on host %s, compute in flops at %.10g flop/s\n", me, np, here, ref_speed);
    if (*src)
        fprintf(out, "# augur reference speed: %.10g flop/s, measured on host %s (%s)\n", ref_speed,
                header_text(*h ? h : here, refhost, sizeof refhost), header_text(src, source, sizeof source));
    else
        fprintf(out, "# augur reference speed: %.10g flop/s, assumed (not measured)\n", ref_speed);
}

static void open_trace(void)
{
    PMPI_Comm_rank(MPI_COMM_WORLD, &me);
    PMPI_Comm_size(MPI_COMM_WORLD, &np);
    const char *dir = getenv("AUGUR_TIT_DIR");
    if (!dir || !*dir) dir = AUGUR_TIT_DEFAULT_DIR;
    const char *sp = getenv("AUGUR_REF_SPEED");
    if (sp && atof(sp) > 0) ref_speed = atof(sp);
    snprintf(trace_path, sizeof trace_path, "%s/rank-%d.txt", dir, me);
    out = fopen(trace_path, "w");
    if (!out) { perror(trace_path); PMPI_Abort(MPI_COMM_WORLD, 1); }
    write_header();
    fprintf(out, "%d init\n", me);
    if (me == 0) {
        /* The index, at the start: a run that dies keeps it too. */
        char path[4096];
        snprintf(path, sizeof path, "%s/index.txt", dir);
        FILE *idx = fopen(path, "w");
        if (!idx) { perror(path); PMPI_Abort(MPI_COMM_WORLD, 1); }
        for (int r = 0; r < np; r++) fprintf(idx, "%s/rank-%d.txt\n", dir, r);
        fclose(idx);
    }
    int sigs[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT, SIGTERM, SIGINT};
    for (size_t i = 0; i < sizeof sigs / sizeof *sigs; i++) signal(sigs[i], stopped);
}

int MPI_Init(int *argc, char ***argv)
{
    int rc = PMPI_Init(argc, argv);
    open_trace();
    leave();
    return rc;
}

int MPI_Init_thread(int *argc, char ***argv, int required, int *provided)
{
    int rc = PMPI_Init_thread(argc, argv, required, provided);
    open_trace();
    leave();
    return rc;
}

int MPI_Finalize(void)
{
    enter();
    if (out) {
        fprintf(out, "%d finalize\n", me);
        fprintf(out, "# augur recorded compute: %.9f s in %ld bursts\n", computed, bursts);
        fclose(out);
        out = NULL;
    }
    free(reqs);
    return PMPI_Finalize();
}

int MPI_Abort(MPI_Comm c, int code)
{
    if (out) {
        enter();
        fprintf(out, "# rank %d called MPI_Abort(%d) here: the trace ends early\n", me, code);
        fflush(out);
    }
    return PMPI_Abort(c, code);
}

int MPI_Send(const void *buf, int count, MPI_Datatype t, int dst, int tag, MPI_Comm c)
{
    if (dst == MPI_PROC_NULL || !world(c)) return PMPI_Send(buf, count, t, dst, tag, c);
    enter();
    int rc = PMPI_Send(buf, count, t, dst, tag, c);
    fprintf(out, "%d send %d %d %ld\n", me, dst, tag, bytes(count, t));
    leave();
    return rc;
}

int MPI_Isend(const void *buf, int count, MPI_Datatype t, int dst, int tag, MPI_Comm c, MPI_Request *r)
{
    if (dst == MPI_PROC_NULL || !world(c)) return PMPI_Isend(buf, count, t, dst, tag, c, r);
    enter();
    int rc = PMPI_Isend(buf, count, t, dst, tag, c, r);
    fprintf(out, "%d isend %d %d %ld\n", me, dst, tag, bytes(count, t));
    req_add(*r, me, dst, tag);
    leave();
    return rc;
}

int MPI_Recv(void *buf, int count, MPI_Datatype t, int src, int tag, MPI_Comm c, MPI_Status *st)
{
    if (src == MPI_PROC_NULL || !world(c)) return PMPI_Recv(buf, count, t, src, tag, c, st);
    enter();
    MPI_Status s;
    int rc = PMPI_Recv(buf, count, t, src, tag, c, &s);
    int n = 0;
    PMPI_Get_count(&s, MPI_BYTE, &n);
    fprintf(out, "%d recv %d %d %d\n", me, s.MPI_SOURCE, s.MPI_TAG, n);
    if (st != MPI_STATUS_IGNORE) *st = s;
    leave();
    return rc;
}

int MPI_Irecv(void *buf, int count, MPI_Datatype t, int src, int tag, MPI_Comm c, MPI_Request *r)
{
    if (src == MPI_PROC_NULL || !world(c)) return PMPI_Irecv(buf, count, t, src, tag, c, r);
    enter();
    int rc = PMPI_Irecv(buf, count, t, src, tag, c, r);
    if ((src == MPI_ANY_SOURCE || tag == MPI_ANY_TAG) && !warned_any) {
        fprintf(stderr, "augur recorder: rank %d: MPI_Irecv from any source or with any tag is recorded as source 0 / tag 0\n", me);
        warned_any = 1;
    }
    if (src == MPI_ANY_SOURCE) src = 0;
    if (tag == MPI_ANY_TAG) tag = 0;
    fprintf(out, "%d irecv %d %d %ld\n", me, src, tag, bytes(count, t));
    req_add(*r, src, me, tag);
    leave();
    return rc;
}

/* record_wait writes the wait for request r (before it completes: MPI
 * sets it to MPI_REQUEST_NULL), if it is one we recorded. */
static int pending_wait(MPI_Request r)
{
    int i = req_find(r);
    if (i < 0) return 0;
    fprintf(out, "%d wait %d %d %d\n", me, reqs[i].src, reqs[i].dst, reqs[i].tag);
    req_del(i);
    return 1;
}

int MPI_Wait(MPI_Request *r, MPI_Status *st)
{
    if (!out) return PMPI_Wait(r, st);
    enter();
    MPI_Request copy = *r;
    int rc = PMPI_Wait(r, st);
    pending_wait(copy);
    leave();
    return rc;
}

int MPI_Waitall(int n, MPI_Request rs[], MPI_Status sts[])
{
    if (!out) return PMPI_Waitall(n, rs, sts);
    enter();
    MPI_Request *copy = malloc((size_t)(n > 0 ? n : 1) * sizeof *copy);
    if (n > 0) memcpy(copy, rs, (size_t)n * sizeof *copy);
    int rc = PMPI_Waitall(n, rs, sts);
    /* SimGrid's waitall (what smpirun -trace-ti writes) waits for every
     * outstanding request: exact when this call names them all. When it
     * names only some, one wait per request: waiting for each in turn
     * ends when the last completes, as MPI_Waitall does. */
    int known = 0;
    for (int i = 0; i < n; i++) known += req_find(copy[i]) >= 0;
    if (known > 0 && known == nreqs) {
        fprintf(out, "%d waitall %d\n", me, known);
        nreqs = 0;
    } else {
        for (int i = 0; i < n; i++) pending_wait(copy[i]);
    }
    free(copy);
    leave();
    return rc;
}

int MPI_Test(MPI_Request *r, int *flag, MPI_Status *st)
{
    if (!out) return PMPI_Test(r, flag, st);
    enter();
    MPI_Request copy = *r;
    int rc = PMPI_Test(r, flag, st);
    int i = req_find(copy);
    if (i >= 0) {
        fprintf(out, "%d test %d %d %d\n", me, reqs[i].src, reqs[i].dst, reqs[i].tag);
        if (*flag) req_del(i);
    }
    leave();
    return rc;
}

int MPI_Sendrecv(const void *sb, int sc, MPI_Datatype st, int dst, int stag, void *rb, int rcount,
                 MPI_Datatype rt, int src, int rtag, MPI_Comm c, MPI_Status *status)
{
    if (!world(c)) return PMPI_Sendrecv(sb, sc, st, dst, stag, rb, rcount, rt, src, rtag, c, status);
    enter();
    int rc = PMPI_Sendrecv(sb, sc, st, dst, stag, rb, rcount, rt, src, rtag, c, status);
    /* SimGrid's sendRecv: counts, partners, then datatypes (6: MPI_BYTE).
     * With MPI_PROC_NULL on one side it is a plain send or receive (SMPI
     * 3.32's -trace-ti writes nothing then, and its trace of a halo
     * exchange loses the boundary ranks' messages); with both, nothing.
     * Tag 0, as SimGrid's replay of sendRecv uses both ways: the partner
     * of a boundary rank is mostly in a sendRecv itself. */
    if (dst != MPI_PROC_NULL && src != MPI_PROC_NULL)
        fprintf(out, "%d sendRecv %ld %d %ld %d 6 6\n", me, bytes(sc, st), dst, bytes(rcount, rt), src);
    else if (dst != MPI_PROC_NULL)
        fprintf(out, "%d send %d 0 %ld\n", me, dst, bytes(sc, st));
    else if (src != MPI_PROC_NULL)
        fprintf(out, "%d recv %d 0 %ld\n", me, src, bytes(rcount, rt));
    leave();
    return rc;
}

int MPI_Barrier(MPI_Comm c)
{
    if (!world(c)) return PMPI_Barrier(c);
    enter();
    int rc = PMPI_Barrier(c);
    fprintf(out, "%d barrier\n", me);
    leave();
    return rc;
}

int MPI_Bcast(void *buf, int count, MPI_Datatype t, int root, MPI_Comm c)
{
    if (!world(c)) return PMPI_Bcast(buf, count, t, root, c);
    enter();
    int rc = PMPI_Bcast(buf, count, t, root, c);
    fprintf(out, "%d bcast %ld %d\n", me, bytes(count, t), root);
    leave();
    return rc;
}

int MPI_Reduce(const void *sb, void *rb, int count, MPI_Datatype t, MPI_Op op, int root, MPI_Comm c)
{
    if (!world(c)) return PMPI_Reduce(sb, rb, count, t, op, root, c);
    enter();
    int rc = PMPI_Reduce(sb, rb, count, t, op, root, c);
    fprintf(out, "%d reduce %ld %.0f %d\n", me, bytes(count, t), me == root ? combine_flops(op, t, count, log2up(np)) : 0.0, root);
    leave();
    return rc;
}

int MPI_Allreduce(const void *sb, void *rb, int count, MPI_Datatype t, MPI_Op op, MPI_Comm c)
{
    if (!world(c)) return PMPI_Allreduce(sb, rb, count, t, op, c);
    enter();
    int rc = PMPI_Allreduce(sb, rb, count, t, op, c);
    fprintf(out, "%d allreduce %ld %.0f\n", me, bytes(count, t), combine_flops(op, t, count, log2up(np)));
    leave();
    return rc;
}

int MPI_Scan(const void *sb, void *rb, int count, MPI_Datatype t, MPI_Op op, MPI_Comm c)
{
    if (!world(c)) return PMPI_Scan(sb, rb, count, t, op, c);
    enter();
    int rc = PMPI_Scan(sb, rb, count, t, op, c);
    fprintf(out, "%d scan %ld 0\n", me, bytes(count, t));
    leave();
    return rc;
}

int MPI_Exscan(const void *sb, void *rb, int count, MPI_Datatype t, MPI_Op op, MPI_Comm c)
{
    if (!world(c)) return PMPI_Exscan(sb, rb, count, t, op, c);
    enter();
    int rc = PMPI_Exscan(sb, rb, count, t, op, c);
    fprintf(out, "%d exscan %ld 0\n", me, bytes(count, t));
    leave();
    return rc;
}

int MPI_Alltoall(const void *sb, int sc, MPI_Datatype st, void *rb, int rc_, MPI_Datatype rt, MPI_Comm c)
{
    if (!world(c)) return PMPI_Alltoall(sb, sc, st, rb, rc_, rt, c);
    enter();
    int rc = PMPI_Alltoall(sb, sc, st, rb, rc_, rt, c);
    fprintf(out, "%d alltoall %ld %ld\n", me, bytes(sc, st), bytes(rc_, rt));
    leave();
    return rc;
}

int MPI_Alltoallv(const void *sb, const int sc[], const int sd[], MPI_Datatype st, void *rb, const int rcs[],
                  const int rd[], MPI_Datatype rt, MPI_Comm c)
{
    if (!world(c)) return PMPI_Alltoallv(sb, sc, sd, st, rb, rcs, rd, rt, c);
    enter();
    int rc = PMPI_Alltoallv(sb, sc, sd, st, rb, rcs, rd, rt, c);
    long ssum = 0, rsum = 0;
    for (int i = 0; i < np; i++) { ssum += bytes(sc[i], st); rsum += bytes(rcs[i], rt); }
    fprintf(out, "%d alltoallv %ld", me, ssum);
    for (int i = 0; i < np; i++) fprintf(out, " %ld", bytes(sc[i], st));
    fprintf(out, " %ld", rsum);
    for (int i = 0; i < np; i++) fprintf(out, " %ld", bytes(rcs[i], rt));
    fprintf(out, "\n");
    leave();
    return rc;
}

int MPI_Gather(const void *sb, int sc, MPI_Datatype st, void *rb, int rc_, MPI_Datatype rt, int root, MPI_Comm c)
{
    if (!world(c)) return PMPI_Gather(sb, sc, st, rb, rc_, rt, root, c);
    enter();
    int rc = PMPI_Gather(sb, sc, st, rb, rc_, rt, root, c);
    long r = me == root ? bytes(rc_, rt) : bytes(sc, st);
    fprintf(out, "%d gather %ld %ld %d\n", me, bytes(sc, st), r, root);
    leave();
    return rc;
}

int MPI_Allgather(const void *sb, int sc, MPI_Datatype st, void *rb, int rc_, MPI_Datatype rt, MPI_Comm c)
{
    if (!world(c)) return PMPI_Allgather(sb, sc, st, rb, rc_, rt, c);
    enter();
    int rc = PMPI_Allgather(sb, sc, st, rb, rc_, rt, c);
    fprintf(out, "%d allgather %ld %ld\n", me, bytes(sc, st), bytes(rc_, rt));
    leave();
    return rc;
}

int MPI_Scatter(const void *sb, int sc, MPI_Datatype st, void *rb, int rc_, MPI_Datatype rt, int root, MPI_Comm c)
{
    if (!world(c)) return PMPI_Scatter(sb, sc, st, rb, rc_, rt, root, c);
    enter();
    int rc = PMPI_Scatter(sb, sc, st, rb, rc_, rt, root, c);
    long r = bytes(rc_, rt);
    fprintf(out, "%d scatter %ld %ld %d\n", me, me == root ? bytes(sc, st) : r, r, root);
    leave();
    return rc;
}

int MPI_Gatherv(const void *sb, int sc, MPI_Datatype st, void *rb, const int rcs[], const int displs[],
                MPI_Datatype rt, int root, MPI_Comm c)
{
    if (!world(c)) return PMPI_Gatherv(sb, sc, st, rb, rcs, displs, rt, root, c);
    enter();
    int rc = PMPI_Gatherv(sb, sc, st, rb, rcs, displs, rt, root, c);
    fprintf(out, "%d gatherv %ld", me, bytes(sc, st));
    for (int i = 0; i < np; i++) fprintf(out, " %ld", me == root ? bytes(rcs[i], rt) : 0L);
    fprintf(out, " %d\n", root);
    leave();
    return rc;
}

int MPI_Scatterv(const void *sb, const int scs[], const int displs[], MPI_Datatype st, void *rb, int rc_,
                 MPI_Datatype rt, int root, MPI_Comm c)
{
    if (!world(c)) return PMPI_Scatterv(sb, scs, displs, st, rb, rc_, rt, root, c);
    enter();
    int rc = PMPI_Scatterv(sb, scs, displs, st, rb, rc_, rt, root, c);
    fprintf(out, "%d scatterv", me);
    for (int i = 0; i < np; i++) fprintf(out, " %ld", me == root ? bytes(scs[i], st) : 0L);
    fprintf(out, " %ld %d\n", bytes(rc_, rt), root);
    leave();
    return rc;
}

int MPI_Allgatherv(const void *sb, int sc, MPI_Datatype st, void *rb, const int rcs[], const int displs[],
                   MPI_Datatype rt, MPI_Comm c)
{
    if (!world(c)) return PMPI_Allgatherv(sb, sc, st, rb, rcs, displs, rt, c);
    enter();
    int rc = PMPI_Allgatherv(sb, sc, st, rb, rcs, displs, rt, c);
    fprintf(out, "%d allgatherv %ld", me, bytes(sc, st));
    for (int i = 0; i < np; i++) fprintf(out, " %ld", bytes(rcs[i], rt));
    fprintf(out, "\n");
    leave();
    return rc;
}

int MPI_Reduce_scatter(const void *sb, void *rb, const int rcs[], MPI_Datatype t, MPI_Op op, MPI_Comm c)
{
    if (!world(c)) return PMPI_Reduce_scatter(sb, rb, rcs, t, op, c);
    enter();
    int rc = PMPI_Reduce_scatter(sb, rb, rcs, t, op, c);
    fprintf(out, "%d reducescatter", me);
    for (int i = 0; i < np; i++) fprintf(out, " %ld", bytes(rcs[i], t));
    fprintf(out, " %.0f\n", combine_flops(op, t, rcs[me], np - 1));
    leave();
    return rc;
}
