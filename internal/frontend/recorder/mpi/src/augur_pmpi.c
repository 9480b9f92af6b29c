/*
 * augur's MPI recorder: a PMPI wrapper library that writes one SimGrid
 * time-independent trace (TiT) per rank, the format `augur replay` and
 * `smpirun -replay` read. Load it with LD_PRELOAD under mpirun (augur
 * record --mpi does) or link it before libmpi (augur instrument --time
 * does).
 *
 * Every MPI call becomes an action with its sizes in bytes (the trace's
 * default datatype is MPI_BYTE) and its ranks in MPI_COMM_WORLD; the time
 * between two
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
 * that time is augur_vnow()'s, the instrumented program's virtual clock:
 * the thread's CPU time (dPerf's "virtual time": what the rank computed,
 * not what it waited for the processor) plus the seconds its sampled
 * loops skipped and charged (the threshold iteration rule); without it,
 * the wall time (augur record --mpi).
 *
 * Environment: AUGUR_TIT_DIR (directory for rank-R.txt, default "." or
 * the directory compiled in as AUGUR_TIT_DEFAULT_DIR), AUGUR_REF_SPEED
 * (default 1e9 or AUGUR_REF_SPEED_DEFAULT), AUGUR_REF_HOST and
 * AUGUR_REF_SOURCE (defaults AUGUR_REF_HOST_DEFAULT, AUGUR_REF_SOURCE_DEFAULT;
 * without a source the speed is stated as assumed, not measured).
 * Rank 0 writes index.txt there, naming every rank's trace. A rank stopped
 * by a signal flushes its trace, marks where it stopped, and says so on
 * stderr.
 *
 * Communicators and sources (see "Communicators" and "Receives from any
 * source" below): a trace names ranks of MPI_COMM_WORLD and its
 * collectives span all of them. Point-to-point calls on any
 * intra-communicator are written with their partners' world ranks (as
 * smpirun -trace-ti does); a collective on a communicator of every rank
 * (a duplicate, a reordered copy) with its root and counts in world
 * order; one on a communicator of one rank is local work and counts as
 * computation. What a trace cannot say -- a collective on part of the
 * ranks, an inter-communicator -- stops this rank's recording: the trace
 * ends with a line no replay accepts, naming the call, and stderr says
 * why; the program runs on. A receive from MPI_ANY_SOURCE or with
 * MPI_ANY_TAG is written with the source and tag it matched.
 *
 * Build: mpicc -shared -fPIC -O2 -o libaugur_pmpi.so augur_pmpi.c
 */
#define _GNU_SOURCE /* RUSAGE_THREAD, MAP_ANONYMOUS */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <signal.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
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
static double init_wall;     /* wall clock when MPI_Init returned */

/* wall_now is the wall clock, whatever clock the bursts are measured by:
 * the span of a run (MPI_Init's return to MPI_Finalize's entry) is what
 * a measured run takes, so augur record --runs N can keep the quickest. */
static double wall_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

#ifdef AUGUR_TIMED
/* The timed program's virtual clock, augur instrument's runtime's: the
 * thread's CPU time (read sparingly: it is a system call) plus what its
 * sampled loops charged. */
double augur_vnow(void);
static double now(void) { return augur_vnow(); }
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

/* Outstanding non-blocking requests: the key a TiT wait names (world
 * ranks). A receive from any source or with any tag has its key only when
 * it completes: until then k numbers its placeholders in the trace
 * (see "Receives from any source"), -1 for a key known from the start. */
struct comm;
struct req { MPI_Request r; int src, dst, tag, k; const struct comm *comm; };
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
    reqs[nreqs].k = -1; reqs[nreqs].comm = NULL;
    nreqs++;
}

static int req_find(MPI_Request r)
{
    for (int i = nreqs - 1; i >= 0; i--)
        if (reqs[i].r == r) return i;
    return -1;
}

static void req_del(int i) { reqs[i] = reqs[--nreqs]; }

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
    /* The vectors span count extents: a pair type's (MPI_DOUBLE_INT: 12
     * bytes of data, 16 apart) is larger than its size, and
     * PMPI_Reduce_local writes all of it. */
    MPI_Aint lb = 0, extent = 0;
    PMPI_Type_get_extent(t, &lb, &extent);
    if (extent < size) extent = size;
    char *in = calloc((size_t)n, (size_t)extent), *io = calloc((size_t)n, (size_t)extent);
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

/* IN_PLACE_MARK ends the line of a reduction called with MPI_IN_PLACE (at
 * the root of a reduce, at any rank of an allreduce): the datatype made
 * explicit (6, MPI_BYTE: sizes are in bytes), then a field SimGrid's
 * reader ignores and augur replay reads. Open MPI runs such a reduction
 * on temporary buffers of the vector's size, which a machine file's
 * measured collectives time apart (reduce_in_place, allreduce_in_place). */
#define IN_PLACE_MARK " 6 in_place"

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

/* Memory that a call's data lands in for the first time costs page
 * faults inside the call: a program that mallocs a vector and receives
 * into it (MPI_Recv, MPI_Scatter, ...) pays the kernel's first touch of
 * every page there, which the bursts between calls miss and a replay of
 * the messages does not see (a scatter of 20 MB into fresh memory took
 * 70 ms more than its copy). The calls that may write WATCH_BYTES or more
 * count the thread's minor faults around them (two getrusage calls:
 * microseconds, too dear for every call), and leave() writes the faults'
 * time, at this host's cost of a first touch, as a compute burst after
 * the call. */
#define WATCH_BYTES (64L << 10)
static long watch_flt = -1;  /* minor faults at the entry of a watched call; -1: none */
static int pending_big;      /* large non-blocking receives whose data lands in a wait */
static double page_cost = -1; /* seconds a first touch of a page costs here */

static long minor_faults(void)
{
    struct rusage u;
    getrusage(RUSAGE_THREAD, &u);
    return u.ru_minflt;
}

/* watch counts the faults of the call being recorded when it may write
 * bytes into the program's memory. */
static void watch(long bytes)
{
    if (out && bytes >= WATCH_BYTES) watch_flt = minor_faults();
}

/* watch_pending watches a wait or test while large receives are out. */
static void watch_pending(void)
{
    if (pending_big > 0) watch(WATCH_BYTES);
}

/* first_touch is what a page of fresh memory costs this host the first
 * time it is written: the least of three runs over 256 fresh pages. */
static double first_touch(void)
{
    if (page_cost >= 0) return page_cost;
    long pg = sysconf(_SC_PAGESIZE);
    if (pg <= 0) pg = 4096;
    double best = -1;
    for (int r = 0; r < 3; r++) {
        char *m = mmap(NULL, (size_t)(256 * pg), PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (m == MAP_FAILED) break;
        double t0 = now();
        for (long i = 0; i < 256; i++) m[i * pg] = (char)i;
        double d = (now() - t0) / 256;
        munmap(m, (size_t)(256 * pg));
        if (best < 0 || d < best) best = d;
    }
    page_cost = best > 0 ? best : 0;
    return page_cost;
}

/* fault_flops ends the watch of the call: the flops (at the reference
 * speed) of the faults it took. */
static double fault_flops(void)
{
    if (watch_flt < 0) return 0;
    long f = minor_faults() - watch_flt;
    watch_flt = -1;
    if (f <= 0 || !out) return 0;
    return (double)f * first_touch() * ref_speed;
}

/* leave writes the faults of a watched call as a burst after it. A
 * reduction adds them to its computation amount instead (fault_flops
 * before its line): a machine file's measured collectives, which replay
 * charges in place of that amount, hold what the MPI library's own
 * buffers cost on every call. */
static void leave(void)
{
    double flops = fault_flops();
    if (flops >= 1) {
        fprintf(out, "%d compute %.0f\n", me, flops);
        computed += flops / ref_speed;
    }
    last = now();
}

static char trace_path[4096];

/* stopped keeps what a rank stopped by a signal wrote: it flushes the
 * trace (stdio is not async-signal-safe, but the rank is dying and the
 * trace is all that is left of the run), marks the end, says so, and
 * dies of the signal as it would have. */
static void any_flush(void);
static FILE *any_file;

static void stopped(int sig)
{
    if (any_file) any_flush(); /* what is in memory, placeholders and all */
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

/* ---- Communicators ----
 * A TiT trace names ranks of MPI_COMM_WORLD, and SimGrid's replay runs
 * every collective on MPI_COMM_WORLD. So a call on another communicator
 * is written with its ranks translated to world ranks, and a collective
 * only when its communicator has every rank; what the format cannot say
 * stops the recording (unrecordable) rather than write a trace that
 * would replay to a wrong time. What is known of a communicator is
 * cached on it as an attribute. */
enum { C_WORLD, C_ALL, C_PART, C_INTER };
struct comm {
    int kind;      /* C_WORLD: MPI_COMM_WORLD's ranks in its order; C_ALL: every rank in another order; C_PART: some ranks; C_INTER */
    int size;      /* the communicator's (local group's) size */
    int *to_world; /* world rank of each rank (C_ALL, C_PART) */
    int *from_world; /* rank of each world rank (C_ALL) */
};
static const struct comm world_comm = {C_WORLD, 0, NULL, NULL};
static int comm_key = MPI_KEYVAL_INVALID;

/* Not freed with its communicator (no delete function): a receive from
 * any source on it may still be waiting for the rank its status gives. A
 * few dozen bytes per communicator created. */
static const struct comm *comm_of(MPI_Comm c)
{
    if (c == MPI_COMM_WORLD) return &world_comm;
    if (comm_key == MPI_KEYVAL_INVALID)
        PMPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, MPI_COMM_NULL_DELETE_FN, &comm_key, NULL);
    struct comm *ci;
    int found = 0;
    PMPI_Comm_get_attr(c, comm_key, &ci, &found);
    if (found) return ci;
    ci = calloc(1, sizeof *ci);
    if (!ci) { fprintf(stderr, "augur recorder: out of memory\n"); abort(); }
    int inter = 0, res;
    PMPI_Comm_test_inter(c, &inter);
    if (inter) {
        ci->kind = C_INTER;
    } else {
        PMPI_Comm_compare(c, MPI_COMM_WORLD, &res);
        PMPI_Comm_size(c, &ci->size);
        if (res == MPI_IDENT || res == MPI_CONGRUENT) {
            ci->kind = C_WORLD;
        } else {
            MPI_Group g, wg;
            ci->kind = ci->size == np ? C_ALL : C_PART;
            int *ranks = malloc((size_t)ci->size * sizeof *ranks);
            ci->to_world = malloc((size_t)ci->size * sizeof *ci->to_world);
            if (!ranks || !ci->to_world) { fprintf(stderr, "augur recorder: out of memory\n"); abort(); }
            for (int i = 0; i < ci->size; i++) ranks[i] = i;
            PMPI_Comm_group(c, &g);
            PMPI_Comm_group(MPI_COMM_WORLD, &wg);
            PMPI_Group_translate_ranks(g, ci->size, ranks, wg, ci->to_world);
            PMPI_Group_free(&g);
            PMPI_Group_free(&wg);
            free(ranks);
            if (ci->kind == C_ALL) {
                ci->from_world = malloc((size_t)np * sizeof *ci->from_world);
                if (!ci->from_world) { fprintf(stderr, "augur recorder: out of memory\n"); abort(); }
                for (int i = 0; i < np; i++) ci->from_world[ci->to_world[i]] = i;
            }
        }
    }
    PMPI_Comm_set_attr(c, comm_key, ci);
    return ci;
}

/* wrank is the world rank of rank r of a communicator (MPI_ANY_SOURCE and
 * MPI_PROC_NULL as they are); crank the communicator's rank of world rank
 * w, for the per-rank counts of a collective, which the trace lists in
 * world order. */
static int wrank(const struct comm *ci, int r)
{
    return ci->to_world && r >= 0 && r < ci->size ? ci->to_world[r] : r;
}

static int crank(const struct comm *ci, int w) { return ci->from_world ? ci->from_world[w] : w; }

static int any_buffering(void);

/* unrecordable stops this rank's recording at call: the trace ends with
 * a comment saying why and an action no replay accepts (so that neither
 * augur replay nor smpirun -replay gives a time for it), stderr says so,
 * and the program runs on unrecorded. augur record --mpi reports it. */
static void unrecordable(const char *call, const char *why)
{
    if (!out) return;
    enter();
    if (any_buffering()) any_flush();
    fprintf(out, "# augur recorder: %s %s: a SimGrid time-independent trace cannot say it; the recording stops here\n", call, why);
    fprintf(out, "%d unrecordable %s\n", me, call);
    fclose(out);
    out = NULL;
    fprintf(stderr, "augur recorder: rank %d: %s %s: a SimGrid time-independent trace cannot say it, so the recording stops there (%s ends with it and cannot be replayed); the program runs on\n",
            me, call, why, trace_path);
}

/* p2p_comm is the communicator of a point-to-point call to record, NULL
 * when the call is not recorded (no trace open, or it stopped here). */
static const struct comm *p2p_comm(MPI_Comm c, const char *call)
{
    if (!out) return NULL;
    const struct comm *ci = comm_of(c);
    if (ci->kind == C_INTER) {
        unrecordable(call, "on an inter-communicator");
        return NULL;
    }
    return ci;
}

/* coll_comm is the communicator of a collective to record: one of every
 * rank. NULL when the call is not recorded: no trace open, a
 * communicator of one rank (its collective is local work, which the
 * compute burst around it counts), or one the trace cannot say, which
 * stops the recording. */
static const struct comm *coll_comm(MPI_Comm c, const char *call)
{
    if (!out) return NULL;
    const struct comm *ci = comm_of(c);
    if (ci->kind == C_WORLD || ci->kind == C_ALL) return ci;
    if (ci->kind == C_INTER) {
        unrecordable(call, "on an inter-communicator");
    } else if (ci->size > 1) {
        char why[128];
        snprintf(why, sizeof why, "on a communicator of %d of the %d ranks", ci->size, np);
        unrecordable(call, why);
    }
    return NULL;
}

/* ---- Receives from any source ----
 * The trace must name the source and tag a receive matched, which MPI
 * says only when it completes. From a receive posted with MPI_ANY_SOURCE
 * or MPI_ANY_TAG until every such receive has completed, the trace goes
 * to memory with placeholders (@S<k>@ for the source, @T<k>@ for the
 * tag of receive k); completing it fills in k (any_resolve), and when
 * none is left open the text goes to the file with the values in place
 * (any_flush). */
/* any_file: the trace file while out is the memory stream */
static char *any_text;
static size_t any_len;
static int *any_src, *any_tag, any_n, any_cap, any_open;

static int any_buffering(void) { return any_file != NULL; }

/* any_new starts receive k's placeholders, and the memory stream. */
static int any_new(void)
{
    if (!any_file) {
        FILE *m = open_memstream(&any_text, &any_len);
        if (!m) { perror("augur recorder: open_memstream"); PMPI_Abort(MPI_COMM_WORLD, 1); }
        any_file = out;
        out = m;
        any_n = 0;
    }
    if (any_n == any_cap) {
        any_cap = any_cap ? 2 * any_cap : 16;
        any_src = realloc(any_src, (size_t)any_cap * sizeof *any_src);
        any_tag = realloc(any_tag, (size_t)any_cap * sizeof *any_tag);
        if (!any_src || !any_tag) { fprintf(stderr, "augur recorder: out of memory\n"); abort(); }
    }
    any_src[any_n] = any_tag[any_n] = -1;
    any_open++;
    return any_n++;
}

/* any_flush writes the text in memory to the file, placeholders replaced
 * (one still open, when the recording stops, is left as it is). */
static void any_flush(void)
{
    fclose(out);
    out = any_file;
    any_file = NULL;
    for (size_t i = 0; i < any_len;) {
        char kind;
        int k, n = 0;
        if (any_text[i] == '@' && sscanf(any_text + i, "@%c%d@%n", &kind, &k, &n) == 2 && n > 0 && k >= 0 && k < any_n) {
            int v = kind == 'S' ? any_src[k] : any_tag[k];
            if (v >= 0) {
                fprintf(out, "%d", v);
                i += (size_t)n;
                continue;
            }
        }
        fputc(any_text[i++], out);
    }
    free(any_text);
    any_text = NULL;
    any_len = 0;
    any_open = 0;
}

/* any_resolve completes request i's key from its status. */
static void any_resolve(int i, const MPI_Status *st)
{
    struct req *q = &reqs[i];
    if (q->k < 0) return;
    q->src = wrank(q->comm, st->MPI_SOURCE);
    q->tag = st->MPI_TAG;
    any_src[q->k] = q->src;
    any_tag[q->k] = q->tag;
    q->k = -1;
    if (--any_open == 0) any_flush();
}

/* key writes request i's " src dst tag", placeholders if still open. */
static void key(int i)
{
    const struct req *q = &reqs[i];
    if (q->k >= 0)
        fprintf(out, " @S%d@ %d @T%d@", q->k, q->dst, q->k);
    else
        fprintf(out, " %d %d %d", q->src, q->dst, q->tag);
}

int MPI_Init(int *argc, char ***argv)
{
    int rc = PMPI_Init(argc, argv);
    open_trace();
    leave();
    init_wall = wall_now();
    return rc;
}

int MPI_Init_thread(int *argc, char ***argv, int required, int *provided)
{
    int rc = PMPI_Init_thread(argc, argv, required, provided);
    open_trace();
    leave();
    init_wall = wall_now();
    return rc;
}

int MPI_Finalize(void)
{
    if (any_open > 0) unrecordable("MPI_Finalize", "with a receive from MPI_ANY_SOURCE or with MPI_ANY_TAG never completed (cancelled or freed)");
    double span = wall_now() - init_wall;
    enter();
    if (out) {
        fprintf(out, "%d finalize\n", me);
        fprintf(out, "# augur recorded compute: %.9f s in %ld bursts\n", computed, bursts);
        fprintf(out, "# augur span: %.9f s from MPI_Init's return to MPI_Finalize's entry\n", span);
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

/* A blocking send in any mode (MPI_Send, MPI_Ssend) is the trace's send,
 * a non-blocking one (MPI_Isend, MPI_Issend) its isend: SimGrid's replay
 * has no other modes. Partners are world ranks. */
typedef int (*send_fn)(const void *, int, MPI_Datatype, int, int, MPI_Comm);
typedef int (*isend_fn)(const void *, int, MPI_Datatype, int, int, MPI_Comm, MPI_Request *);

static int record_send(send_fn f, const char *name, const void *buf, int count, MPI_Datatype t, int dst, int tag, MPI_Comm c)
{
    const struct comm *ci;
    if (dst == MPI_PROC_NULL || !(ci = p2p_comm(c, name))) return f(buf, count, t, dst, tag, c);
    enter();
    int rc = f(buf, count, t, dst, tag, c);
    fprintf(out, "%d send %d %d %ld\n", me, wrank(ci, dst), tag, bytes(count, t));
    leave();
    return rc;
}

static int record_isend(isend_fn f, const char *name, const void *buf, int count, MPI_Datatype t, int dst, int tag, MPI_Comm c, MPI_Request *r)
{
    const struct comm *ci;
    if (dst == MPI_PROC_NULL || !(ci = p2p_comm(c, name))) return f(buf, count, t, dst, tag, c, r);
    enter();
    int rc = f(buf, count, t, dst, tag, c, r);
    fprintf(out, "%d isend %d %d %ld\n", me, wrank(ci, dst), tag, bytes(count, t));
    req_add(*r, me, wrank(ci, dst), tag);
    leave();
    return rc;
}

int MPI_Send(const void *buf, int count, MPI_Datatype t, int dst, int tag, MPI_Comm c)
{
    return record_send(PMPI_Send, "MPI_Send", buf, count, t, dst, tag, c);
}

int MPI_Isend(const void *buf, int count, MPI_Datatype t, int dst, int tag, MPI_Comm c, MPI_Request *r)
{
    return record_isend(PMPI_Isend, "MPI_Isend", buf, count, t, dst, tag, c, r);
}

int MPI_Recv(void *buf, int count, MPI_Datatype t, int src, int tag, MPI_Comm c, MPI_Status *st)
{
    const struct comm *ci;
    if (src == MPI_PROC_NULL || !(ci = p2p_comm(c, "MPI_Recv"))) return PMPI_Recv(buf, count, t, src, tag, c, st);
    enter();
    watch(bytes(count, t));
    MPI_Status s;
    int rc = PMPI_Recv(buf, count, t, src, tag, c, &s);
    int n = 0;
    PMPI_Get_count(&s, MPI_BYTE, &n);
    /* The source and tag it matched: MPI_ANY_SOURCE and MPI_ANY_TAG
     * replay as the message that came. */
    fprintf(out, "%d recv %d %d %d\n", me, wrank(ci, s.MPI_SOURCE), s.MPI_TAG, n);
    if (st != MPI_STATUS_IGNORE) *st = s;
    leave();
    return rc;
}

int MPI_Irecv(void *buf, int count, MPI_Datatype t, int src, int tag, MPI_Comm c, MPI_Request *r)
{
    const struct comm *ci;
    if (src == MPI_PROC_NULL || !(ci = p2p_comm(c, "MPI_Irecv"))) return PMPI_Irecv(buf, count, t, src, tag, c, r);
    enter();
    int rc = PMPI_Irecv(buf, count, t, src, tag, c, r);
    req_add(*r, wrank(ci, src), me, tag);
    if (bytes(count, t) >= WATCH_BYTES) pending_big++;
    if (src == MPI_ANY_SOURCE || tag == MPI_ANY_TAG) {
        /* Written now, where it was posted; its source and tag when it
         * completes. */
        struct req *q = &reqs[nreqs - 1];
        q->k = any_new();
        q->comm = ci;
        fprintf(out, "%d irecv ", me);
        if (src == MPI_ANY_SOURCE) fprintf(out, "@S%d@", q->k); else fprintf(out, "%d", q->src);
        if (tag == MPI_ANY_TAG) fprintf(out, " @T%d@", q->k); else fprintf(out, " %d", tag);
        fprintf(out, " %ld\n", bytes(count, t));
    } else {
        fprintf(out, "%d irecv %d %d %ld\n", me, wrank(ci, src), tag, bytes(count, t));
    }
    leave();
    return rc;
}

/* pending_wait writes the wait for request r (a copy taken before it
 * completed: MPI sets it to MPI_REQUEST_NULL), if it is one we recorded,
 * with its key from st when it was a receive from any source. */
static int pending_wait(MPI_Request r, const MPI_Status *st)
{
    int i = req_find(r);
    if (i < 0) return 0;
    any_resolve(i, st);
    fprintf(out, "%d wait", me);
    key(i);
    fprintf(out, "\n");
    req_del(i);
    return 1;
}

int MPI_Wait(MPI_Request *r, MPI_Status *st)
{
    if (!out) return PMPI_Wait(r, st);
    enter();
    watch_pending();
    MPI_Request copy = *r;
    MPI_Status s;
    int rc = PMPI_Wait(r, &s);
    if (pending_big > 0) pending_big--;
    if (st != MPI_STATUS_IGNORE) *st = s;
    pending_wait(copy, &s);
    leave();
    return rc;
}

int MPI_Waitall(int n, MPI_Request rs[], MPI_Status sts[])
{
    if (!out) return PMPI_Waitall(n, rs, sts);
    enter();
    watch_pending();
    MPI_Request *copy = malloc((size_t)(n > 0 ? n : 1) * sizeof *copy);
    MPI_Status *ss = malloc((size_t)(n > 0 ? n : 1) * sizeof *ss);
    if (!copy || !ss) { fprintf(stderr, "augur recorder: out of memory\n"); abort(); }
    if (n > 0) memcpy(copy, rs, (size_t)n * sizeof *copy);
    int rc = PMPI_Waitall(n, rs, ss);
    pending_big = 0;
    if (sts != MPI_STATUSES_IGNORE && n > 0) memcpy(sts, ss, (size_t)n * sizeof *ss);
    /* SimGrid's waitall (what smpirun -trace-ti writes) waits for every
     * outstanding request: exact when this call names them all. When it
     * names only some, one wait per request: waiting for each in turn
     * ends when the last completes, as MPI_Waitall does. */
    int known = 0;
    for (int i = 0; i < n; i++) {
        int j = req_find(copy[i]);
        if (j >= 0) {
            known++;
            any_resolve(j, &ss[i]);
        }
    }
    if (known > 0 && known == nreqs) {
        fprintf(out, "%d waitall %d\n", me, known);
        nreqs = 0;
    } else {
        for (int i = 0; i < n; i++) pending_wait(copy[i], &ss[i]);
    }
    free(copy);
    free(ss);
    leave();
    return rc;
}

int MPI_Test(MPI_Request *r, int *flag, MPI_Status *st)
{
    if (!out) return PMPI_Test(r, flag, st);
    enter();
    watch_pending();
    MPI_Request copy = *r;
    MPI_Status s;
    int rc = PMPI_Test(r, flag, &s);
    if (*flag && st != MPI_STATUS_IGNORE) *st = s;
    int i = req_find(copy);
    if (i >= 0) {
        if (*flag) any_resolve(i, &s);
        fprintf(out, "%d test", me);
        key(i);
        fprintf(out, "\n");
        if (*flag) req_del(i);
    }
    leave();
    return rc;
}

int MPI_Sendrecv(const void *sb, int sc, MPI_Datatype st, int dst, int stag, void *rb, int rcount,
                 MPI_Datatype rt, int src, int rtag, MPI_Comm c, MPI_Status *status)
{
    const struct comm *ci = p2p_comm(c, "MPI_Sendrecv");
    if (!ci) return PMPI_Sendrecv(sb, sc, st, dst, stag, rb, rcount, rt, src, rtag, c, status);
    enter();
    watch(bytes(rcount, rt));
    MPI_Status s;
    int rc = PMPI_Sendrecv(sb, sc, st, dst, stag, rb, rcount, rt, src, rtag, c, &s);
    if (status != MPI_STATUS_IGNORE) *status = s;
    /* World ranks; from MPI_ANY_SOURCE, the rank the message came from. */
    if (src == MPI_ANY_SOURCE) src = s.MPI_SOURCE;
    src = wrank(ci, src);
    dst = wrank(ci, dst);
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
    const struct comm *ci = coll_comm(c, "MPI_Barrier");
    if (!ci) return PMPI_Barrier(c);
    enter();
    int rc = PMPI_Barrier(c);
    fprintf(out, "%d barrier\n", me);
    leave();
    return rc;
}

int MPI_Bcast(void *buf, int count, MPI_Datatype t, int root, MPI_Comm c)
{
    const struct comm *ci = coll_comm(c, "MPI_Bcast");
    if (!ci) return PMPI_Bcast(buf, count, t, root, c);
    enter();
    watch(bytes(count, t));
    int rc = PMPI_Bcast(buf, count, t, root, c);
    fprintf(out, "%d bcast %ld %d\n", me, bytes(count, t), wrank(ci, root));
    leave();
    return rc;
}

int MPI_Reduce(const void *sb, void *rb, int count, MPI_Datatype t, MPI_Op op, int root, MPI_Comm c)
{
    const struct comm *ci = coll_comm(c, "MPI_Reduce");
    if (!ci) return PMPI_Reduce(sb, rb, count, t, op, root, c);
    enter();
    watch(bytes(count, t));
    int rc = PMPI_Reduce(sb, rb, count, t, op, root, c);
    int at_root = me == wrank(ci, root);
    double faults = fault_flops();
    fprintf(out, "%d reduce %ld %.0f %d%s\n", me, bytes(count, t), (at_root ? combine_flops(op, t, count, log2up(np)) : 0.0) + faults, wrank(ci, root),
            at_root && sb == MPI_IN_PLACE ? IN_PLACE_MARK : "");
    leave();
    return rc;
}

int MPI_Allreduce(const void *sb, void *rb, int count, MPI_Datatype t, MPI_Op op, MPI_Comm c)
{
    const struct comm *ci = coll_comm(c, "MPI_Allreduce");
    if (!ci) return PMPI_Allreduce(sb, rb, count, t, op, c);
    enter();
    watch(bytes(count, t));
    int rc = PMPI_Allreduce(sb, rb, count, t, op, c);
    double faults = fault_flops();
    fprintf(out, "%d allreduce %ld %.0f%s\n", me, bytes(count, t), combine_flops(op, t, count, log2up(np)) + faults, sb == MPI_IN_PLACE ? IN_PLACE_MARK : "");
    leave();
    return rc;
}

int MPI_Scan(const void *sb, void *rb, int count, MPI_Datatype t, MPI_Op op, MPI_Comm c)
{
    const struct comm *ci = coll_comm(c, "MPI_Scan");
    if (!ci) return PMPI_Scan(sb, rb, count, t, op, c);
    enter();
    watch(bytes(count, t));
    int rc = PMPI_Scan(sb, rb, count, t, op, c);
    fprintf(out, "%d scan %ld %.0f\n", me, bytes(count, t), fault_flops());
    leave();
    return rc;
}

int MPI_Exscan(const void *sb, void *rb, int count, MPI_Datatype t, MPI_Op op, MPI_Comm c)
{
    const struct comm *ci = coll_comm(c, "MPI_Exscan");
    if (!ci) return PMPI_Exscan(sb, rb, count, t, op, c);
    enter();
    watch(bytes(count, t));
    int rc = PMPI_Exscan(sb, rb, count, t, op, c);
    fprintf(out, "%d exscan %ld %.0f\n", me, bytes(count, t), fault_flops());
    leave();
    return rc;
}

int MPI_Alltoall(const void *sb, int sc, MPI_Datatype st, void *rb, int rc_, MPI_Datatype rt, MPI_Comm c)
{
    const struct comm *ci = coll_comm(c, "MPI_Alltoall");
    if (!ci) return PMPI_Alltoall(sb, sc, st, rb, rc_, rt, c);
    enter();
    watch(bytes(rc_, rt) * np);
    int rc = PMPI_Alltoall(sb, sc, st, rb, rc_, rt, c);
    fprintf(out, "%d alltoall %ld %ld\n", me, bytes(sc, st), bytes(rc_, rt));
    leave();
    return rc;
}

/* counts_bytes is the bytes of a vector collective's counts over the
 * communicator's ranks. */
static long counts_bytes(const int counts[], const struct comm *ci, MPI_Datatype t)
{
    long total = 0;
    int n = ci->kind == C_WORLD ? np : ci->size;
    for (int i = 0; i < n; i++) total += bytes(counts[i], t);
    return total;
}

int MPI_Alltoallv(const void *sb, const int sc[], const int sd[], MPI_Datatype st, void *rb, const int rcs[],
                  const int rd[], MPI_Datatype rt, MPI_Comm c)
{
    const struct comm *ci = coll_comm(c, "MPI_Alltoallv");
    if (!ci) return PMPI_Alltoallv(sb, sc, sd, st, rb, rcs, rd, rt, c);
    enter();
    watch(counts_bytes(rcs, ci, rt));
    int rc = PMPI_Alltoallv(sb, sc, sd, st, rb, rcs, rd, rt, c);
    long ssum = 0, rsum = 0;
    for (int i = 0; i < np; i++) { ssum += bytes(sc[i], st); rsum += bytes(rcs[i], rt); }
    fprintf(out, "%d alltoallv %ld", me, ssum);
    for (int i = 0; i < np; i++) fprintf(out, " %ld", bytes(sc[crank(ci, i)], st));
    fprintf(out, " %ld", rsum);
    for (int i = 0; i < np; i++) fprintf(out, " %ld", bytes(rcs[crank(ci, i)], rt));
    fprintf(out, "\n");
    leave();
    return rc;
}

int MPI_Gather(const void *sb, int sc, MPI_Datatype st, void *rb, int rc_, MPI_Datatype rt, int root, MPI_Comm c)
{
    const struct comm *ci = coll_comm(c, "MPI_Gather");
    if (!ci) return PMPI_Gather(sb, sc, st, rb, rc_, rt, root, c);
    enter();
    watch(bytes(rc_, rt) * np);
    int rc = PMPI_Gather(sb, sc, st, rb, rc_, rt, root, c);
    root = wrank(ci, root);
    long r = me == root ? bytes(rc_, rt) : bytes(sc, st);
    fprintf(out, "%d gather %ld %ld %d\n", me, bytes(sc, st), r, root);
    leave();
    return rc;
}

int MPI_Allgather(const void *sb, int sc, MPI_Datatype st, void *rb, int rc_, MPI_Datatype rt, MPI_Comm c)
{
    const struct comm *ci = coll_comm(c, "MPI_Allgather");
    if (!ci) return PMPI_Allgather(sb, sc, st, rb, rc_, rt, c);
    enter();
    watch(bytes(rc_, rt) * np);
    int rc = PMPI_Allgather(sb, sc, st, rb, rc_, rt, c);
    fprintf(out, "%d allgather %ld %ld\n", me, bytes(sc, st), bytes(rc_, rt));
    leave();
    return rc;
}

int MPI_Scatter(const void *sb, int sc, MPI_Datatype st, void *rb, int rc_, MPI_Datatype rt, int root, MPI_Comm c)
{
    const struct comm *ci = coll_comm(c, "MPI_Scatter");
    if (!ci) return PMPI_Scatter(sb, sc, st, rb, rc_, rt, root, c);
    enter();
    watch(bytes(rc_, rt));
    int rc = PMPI_Scatter(sb, sc, st, rb, rc_, rt, root, c);
    root = wrank(ci, root);
    long r = bytes(rc_, rt);
    fprintf(out, "%d scatter %ld %ld %d\n", me, me == root ? bytes(sc, st) : r, r, root);
    leave();
    return rc;
}

int MPI_Gatherv(const void *sb, int sc, MPI_Datatype st, void *rb, const int rcs[], const int displs[],
                MPI_Datatype rt, int root, MPI_Comm c)
{
    const struct comm *ci = coll_comm(c, "MPI_Gatherv");
    if (!ci) return PMPI_Gatherv(sb, sc, st, rb, rcs, displs, rt, root, c);
    enter();
    if (me == wrank(ci, root)) watch(counts_bytes(rcs, ci, rt)); /* the counts are the root's */
    int rc = PMPI_Gatherv(sb, sc, st, rb, rcs, displs, rt, root, c);
    root = wrank(ci, root);
    fprintf(out, "%d gatherv %ld", me, bytes(sc, st));
    for (int i = 0; i < np; i++) fprintf(out, " %ld", me == root ? bytes(rcs[crank(ci, i)], rt) : 0L);
    fprintf(out, " %d\n", root);
    leave();
    return rc;
}

int MPI_Scatterv(const void *sb, const int scs[], const int displs[], MPI_Datatype st, void *rb, int rc_,
                 MPI_Datatype rt, int root, MPI_Comm c)
{
    const struct comm *ci = coll_comm(c, "MPI_Scatterv");
    if (!ci) return PMPI_Scatterv(sb, scs, displs, st, rb, rc_, rt, root, c);
    enter();
    watch(bytes(rc_, rt));
    int rc = PMPI_Scatterv(sb, scs, displs, st, rb, rc_, rt, root, c);
    root = wrank(ci, root);
    fprintf(out, "%d scatterv", me);
    for (int i = 0; i < np; i++) fprintf(out, " %ld", me == root ? bytes(scs[crank(ci, i)], st) : 0L);
    fprintf(out, " %ld %d\n", bytes(rc_, rt), root);
    leave();
    return rc;
}

int MPI_Allgatherv(const void *sb, int sc, MPI_Datatype st, void *rb, const int rcs[], const int displs[],
                   MPI_Datatype rt, MPI_Comm c)
{
    const struct comm *ci = coll_comm(c, "MPI_Allgatherv");
    if (!ci) return PMPI_Allgatherv(sb, sc, st, rb, rcs, displs, rt, c);
    enter();
    watch(counts_bytes(rcs, ci, rt));
    int rc = PMPI_Allgatherv(sb, sc, st, rb, rcs, displs, rt, c);
    fprintf(out, "%d allgatherv %ld", me, bytes(sc, st));
    for (int i = 0; i < np; i++) fprintf(out, " %ld", bytes(rcs[crank(ci, i)], rt));
    fprintf(out, "\n");
    leave();
    return rc;
}

int MPI_Reduce_scatter(const void *sb, void *rb, const int rcs[], MPI_Datatype t, MPI_Op op, MPI_Comm c)
{
    const struct comm *ci = coll_comm(c, "MPI_Reduce_scatter");
    if (!ci) return PMPI_Reduce_scatter(sb, rb, rcs, t, op, c);
    enter();
    watch(counts_bytes(rcs, ci, t));
    int rc = PMPI_Reduce_scatter(sb, rb, rcs, t, op, c);
    fprintf(out, "%d reducescatter", me);
    for (int i = 0; i < np; i++) fprintf(out, " %ld", bytes(rcs[crank(ci, i)], t));
    double faults = fault_flops();
    fprintf(out, " %.0f\n", combine_flops(op, t, rcs[crank(ci, me)], np - 1) + faults);
    leave();
    return rc;
}

/* ---- Communicators made, requests completed among several, probes ----
 * Making a communicator is a collective on its parent: on one of every
 * rank it synchronizes them all (OpenMPI agrees on a context id with an
 * allreduce), which the trace says as a barrier; on part of the ranks,
 * nothing is written and its time is not computation (the ranks it waited
 * for meet again at the next message). */
static void made(MPI_Comm parent)
{
    if (!out) return;
    const struct comm *ci = comm_of(parent);
    if (ci->kind == C_WORLD || ci->kind == C_ALL) fprintf(out, "%d barrier\n", me);
}

int MPI_Comm_dup(MPI_Comm c, MPI_Comm *nc)
{
    enter();
    int rc = PMPI_Comm_dup(c, nc);
    made(c);
    leave();
    return rc;
}

int MPI_Comm_split(MPI_Comm c, int color, int k, MPI_Comm *nc)
{
    enter();
    int rc = PMPI_Comm_split(c, color, k, nc);
    made(c);
    leave();
    return rc;
}

int MPI_Comm_create(MPI_Comm c, MPI_Group g, MPI_Comm *nc)
{
    enter();
    int rc = PMPI_Comm_create(c, g, nc);
    made(c);
    leave();
    return rc;
}

int MPI_Cart_create(MPI_Comm c, int nd, const int dims[], const int periods[], int reorder, MPI_Comm *nc)
{
    enter();
    int rc = PMPI_Cart_create(c, nd, dims, periods, reorder, nc);
    made(c);
    leave();
    return rc;
}

/* done writes the wait of each recorded request among copy[idx[j]] that
 * completed with status ss[j]: it has, so waiting for it in the replay
 * is what the program did. */
static void done(const MPI_Request *copy, int n, const int *idx, const MPI_Status *ss)
{
    for (int j = 0; j < n; j++)
        pending_wait(copy[idx ? idx[j] : j], &ss[j]);
}

int MPI_Waitany(int n, MPI_Request rs[], int *index, MPI_Status *st)
{
    if (!out) return PMPI_Waitany(n, rs, index, st);
    enter();
    watch_pending();
    MPI_Request *copy = malloc((size_t)(n > 0 ? n : 1) * sizeof *copy);
    if (!copy) { fprintf(stderr, "augur recorder: out of memory\n"); abort(); }
    if (n > 0) memcpy(copy, rs, (size_t)n * sizeof *copy);
    MPI_Status s;
    int rc = PMPI_Waitany(n, rs, index, &s);
    if (st != MPI_STATUS_IGNORE) *st = s;
    if (*index != MPI_UNDEFINED) done(copy, 1, index, &s);
    free(copy);
    leave();
    return rc;
}

int MPI_Waitsome(int n, MPI_Request rs[], int *outcount, int idx[], MPI_Status sts[])
{
    if (!out) return PMPI_Waitsome(n, rs, outcount, idx, sts);
    enter();
    watch_pending();
    MPI_Request *copy = malloc((size_t)(n > 0 ? n : 1) * sizeof *copy);
    MPI_Status *ss = malloc((size_t)(n > 0 ? n : 1) * sizeof *ss);
    if (!copy || !ss) { fprintf(stderr, "augur recorder: out of memory\n"); abort(); }
    if (n > 0) memcpy(copy, rs, (size_t)n * sizeof *copy);
    int rc = PMPI_Waitsome(n, rs, outcount, idx, ss);
    if (*outcount != MPI_UNDEFINED) {
        if (sts != MPI_STATUSES_IGNORE) memcpy(sts, ss, (size_t)*outcount * sizeof *ss);
        done(copy, *outcount, idx, ss);
    }
    free(copy);
    free(ss);
    leave();
    return rc;
}

/* The tests of several requests: those that completed are waited for;
 * the time of the call itself, polling, is not computation. */
int MPI_Testany(int n, MPI_Request rs[], int *index, int *flag, MPI_Status *st)
{
    if (!out) return PMPI_Testany(n, rs, index, flag, st);
    enter();
    watch_pending();
    MPI_Request *copy = malloc((size_t)(n > 0 ? n : 1) * sizeof *copy);
    if (!copy) { fprintf(stderr, "augur recorder: out of memory\n"); abort(); }
    if (n > 0) memcpy(copy, rs, (size_t)n * sizeof *copy);
    MPI_Status s;
    int rc = PMPI_Testany(n, rs, index, flag, &s);
    if (*flag && st != MPI_STATUS_IGNORE) *st = s;
    if (*flag && *index != MPI_UNDEFINED) done(copy, 1, index, &s);
    free(copy);
    leave();
    return rc;
}

int MPI_Testsome(int n, MPI_Request rs[], int *outcount, int idx[], MPI_Status sts[])
{
    if (!out) return PMPI_Testsome(n, rs, outcount, idx, sts);
    enter();
    watch_pending();
    MPI_Request *copy = malloc((size_t)(n > 0 ? n : 1) * sizeof *copy);
    MPI_Status *ss = malloc((size_t)(n > 0 ? n : 1) * sizeof *ss);
    if (!copy || !ss) { fprintf(stderr, "augur recorder: out of memory\n"); abort(); }
    if (n > 0) memcpy(copy, rs, (size_t)n * sizeof *copy);
    int rc = PMPI_Testsome(n, rs, outcount, idx, ss);
    if (*outcount != MPI_UNDEFINED && *outcount > 0) {
        if (sts != MPI_STATUSES_IGNORE) memcpy(sts, ss, (size_t)*outcount * sizeof *ss);
        done(copy, *outcount, idx, ss);
    }
    free(copy);
    free(ss);
    leave();
    return rc;
}

int MPI_Testall(int n, MPI_Request rs[], int *flag, MPI_Status sts[])
{
    if (!out) return PMPI_Testall(n, rs, flag, sts);
    enter();
    watch_pending();
    MPI_Request *copy = malloc((size_t)(n > 0 ? n : 1) * sizeof *copy);
    MPI_Status *ss = malloc((size_t)(n > 0 ? n : 1) * sizeof *ss);
    if (!copy || !ss) { fprintf(stderr, "augur recorder: out of memory\n"); abort(); }
    if (n > 0) memcpy(copy, rs, (size_t)n * sizeof *copy);
    int rc = PMPI_Testall(n, rs, flag, ss);
    if (*flag) {
        if (sts != MPI_STATUSES_IGNORE && n > 0) memcpy(sts, ss, (size_t)n * sizeof *ss);
        done(copy, n, NULL, ss);
    }
    free(copy);
    free(ss);
    leave();
    return rc;
}

/* A probe waits for a message (or polls for one) and moves none: its time
 * is not computation, and the receive that follows waits in the replay. */
int MPI_Probe(int src, int tag, MPI_Comm c, MPI_Status *st)
{
    enter();
    int rc = PMPI_Probe(src, tag, c, st);
    leave();
    return rc;
}

int MPI_Iprobe(int src, int tag, MPI_Comm c, int *flag, MPI_Status *st)
{
    enter();
    int rc = PMPI_Iprobe(src, tag, c, flag, st);
    leave();
    return rc;
}

/* The synchronous sending modes: the trace's send and isend (record_send). */
int MPI_Ssend(const void *buf, int count, MPI_Datatype t, int dst, int tag, MPI_Comm c)
{
    return record_send(PMPI_Ssend, "MPI_Ssend", buf, count, t, dst, tag, c);
}

int MPI_Issend(const void *buf, int count, MPI_Datatype t, int dst, int tag, MPI_Comm c, MPI_Request *r)
{
    return record_isend(PMPI_Issend, "MPI_Issend", buf, count, t, dst, tag, c, r);
}
