/* mpiwrite writes, with the OTF2 library, the trace Score-P would write
 * of a 4-rank MPI program (point to point, non-blocking, collectives on
 * MPI_COMM_WORLD and on a duplicate of it), and the same run as a SimGrid
 * time-independent trace, its compute in flops at SPEED flop/s.
 *
 *   mpiwrite DIR TIT SPEED [MODE]
 *
 * DIR/traces.otf2 is the archive; TIT the shared TiT trace. MODE "full"
 * (the default) also writes what augur does not read (a worker thread
 * per rank, an OpenMP fork, join and parallel region on rank 0); "subcomm" adds a send on a communicator
 * of ranks 0 and 1 only, which augur must refuse by name (the full mode
 * also sends a message on a communicator of every rank, reordered);
 * "long" repeats the ring, its events in several chunks; "openirecv"
 * leaves an MPI_Irecv never completed. */
#include <otf2/otf2.h>
#include <stdio.h>
#include <stdlib.h>
#include <stdarg.h>
#include <string.h>

enum { NP = 4 };

static OTF2_FlushType pre_flush(void *u, OTF2_FileType ft, OTF2_LocationRef l, void *c, bool final) {
    (void)u; (void)ft; (void)l; (void)c; (void)final;
    return OTF2_FLUSH;
}
static OTF2_TimeStamp post_flush(void *u, OTF2_FileType ft, OTF2_LocationRef l) {
    (void)u; (void)ft; (void)l;
    return 0;
}
static OTF2_FlushCallbacks flush_callbacks = {.otf2_pre_flush = pre_flush, .otf2_post_flush = post_flush};

/* Regions. */
enum { R_MAIN, R_INIT, R_FINALIZE, R_SEND, R_RECV, R_ISEND, R_IRECV, R_WAIT, R_WAITALL,
       R_BCAST, R_REDUCE, R_ALLREDUCE, R_BARRIER, R_COMM_RANK, R_OMP_PARALLEL,
       R_ALLGATHERV, R_ALLTOALLV, R_GATHERV, R_REDSCAT, R_NREGIONS };
static const char *region_names[R_NREGIONS] = {"main", "MPI_Init", "MPI_Finalize", "MPI_Send",
    "MPI_Recv", "MPI_Isend", "MPI_Irecv", "MPI_Wait", "MPI_Waitall", "MPI_Bcast", "MPI_Reduce",
    "MPI_Allreduce", "MPI_Barrier", "MPI_Comm_rank", "!$omp parallel @foo.c:12",
    "MPI_Allgatherv", "MPI_Alltoallv", "MPI_Gatherv", "MPI_Reduce_scatter_block"};

/* Communicators. */
enum { C_WORLD, C_DUP, C_SELF, C_PAIR, C_REV };

static OTF2_EvtWriter *ew[NP];
static uint64_t clk[NP];
static FILE *tit;
static double speed;

static const uint64_t t0 = 1000000000ull; /* the clock's value at the start, in ns */

static uint64_t pend[NP]; /* computation not yet written to the TiT trace */

/* compute advances rank r's clock by ns of computation. */
static void compute(int r, uint64_t ns) {
    clk[r] += ns;
    pend[r] += ns;
}

/* action writes an action of rank r to the TiT trace, after the
 * computation that precedes it. */
static void action(int r, const char *fmt, ...) {
    va_list ap;
    if (pend[r] > 0)
        fprintf(tit, "%d compute %.17g\n", r, (double)pend[r] * 1e-9 * speed);
    pend[r] = 0;
    fprintf(tit, "%d ", r);
    va_start(ap, fmt);
    vfprintf(tit, fmt, ap);
    va_end(ap);
    fputc('\n', tit);
}

/* enter and leave bracket an MPI call; the time inside it is not compute. */
static void enter(int r, int region) {
    OTF2_EvtWriter_Enter(ew[r], NULL, clk[r], region);
    clk[r] += 700;
}
static void leave(int r, int region) {
    clk[r] += 300;
    OTF2_EvtWriter_Leave(ew[r], NULL, clk[r], region);
}

/* world is the world rank of rank peer of communicator comm. */
static int world(int comm, int peer) { return comm == C_REV ? NP - 1 - peer : peer; }

static void send(int r, int to, uint32_t tag, uint64_t len, int comm) {
    enter(r, R_SEND);
    OTF2_EvtWriter_MpiSend(ew[r], NULL, clk[r], to, comm, tag, len);
    leave(r, R_SEND);
    action(r, "send %d %u %llu", world(comm, to), tag, (unsigned long long)len);
}
static void recv(int r, int from, uint32_t tag, uint64_t len, int comm) {
    enter(r, R_RECV);
    clk[r] += 5000;
    OTF2_EvtWriter_MpiRecv(ew[r], NULL, clk[r], from, comm, tag, len);
    leave(r, R_RECV);
    action(r, "recv %d %u %llu", world(comm, from), tag, (unsigned long long)len);
}

static void coll(int r, int region, OTF2_CollectiveOp op, int comm, uint32_t root, uint64_t sent, uint64_t recvd,
                 const char *titline) {
    enter(r, region);
    OTF2_EvtWriter_MpiCollectiveBegin(ew[r], NULL, clk[r]);
    clk[r] += 4000;
    OTF2_EvtWriter_MpiCollectiveEnd(ew[r], NULL, clk[r], op, comm, root, sent, recvd);
    leave(r, region);
    action(r, "%s", titline);
}

int main(int argc, char **argv) {
    if (argc < 4) {
        fprintf(stderr, "usage: mpiwrite DIR TIT SPEED [full|subcomm|openirecv]\n");
        return 2;
    }
    const char *mode = argc > 4 ? argv[4] : "full";
    int full = strcmp(mode, "full") == 0, subcomm = strcmp(mode, "subcomm") == 0,
        openirecv = strcmp(mode, "openirecv") == 0, lng = strcmp(mode, "long") == 0;
    /* long: the ring 20000 times, in event chunks of 256 KiB (several a
     * rank), so that events cross chunk boundaries. */
    int rounds = lng ? 20000 : 1;
    speed = atof(argv[3]);
    tit = fopen(argv[2], "w");
    if (!tit) {
        perror(argv[2]);
        return 1;
    }
    OTF2_Archive *ar = OTF2_Archive_Open(argv[1], "traces", OTF2_FILEMODE_WRITE, lng ? 256 * 1024 : 1024 * 1024,
                                         4 * 1024 * 1024, OTF2_SUBSTRATE_POSIX, OTF2_COMPRESSION_NONE);
    if (!ar) {
        fprintf(stderr, "OTF2_Archive_Open failed\n");
        return 1;
    }
    OTF2_Archive_SetFlushCallbacks(ar, &flush_callbacks, NULL);
    OTF2_Archive_SetSerialCollectiveCallbacks(ar);
    OTF2_Archive_SetCreator(ar, "augur testdata/mpiwrite.c");
    OTF2_Archive_OpenEvtFiles(ar);

    OTF2_EvtWriter *thr[NP];
    for (int r = 0; r < NP; r++) {
        ew[r] = OTF2_Archive_GetEvtWriter(ar, r);
        if (full)
            thr[r] = OTF2_Archive_GetEvtWriter(ar, (1ull << 32) + r);
        clk[r] = t0 + 1000u * r;
    }

    /* MPI_Init, after main's start: the time before it is not compute
     * (the recorder starts at MPI_Init's return). */
    for (int r = 0; r < NP; r++) {
        OTF2_EvtWriter_Enter(ew[r], NULL, clk[r], R_MAIN);
        clk[r] += 200000;
        enter(r, R_INIT);
        clk[r] += 100000;
        leave(r, R_INIT);
        action(r, "init");
        enter(r, R_COMM_RANK);
        leave(r, R_COMM_RANK);
    }
    /* Ring of blocking messages, on MPI_COMM_WORLD: even ranks send
     * first. */
    for (int k = 0; k < rounds * NP; k++) {
        int r = k % NP;
        compute(r, 1000000 + 250000 * r);
        int next = (r + 1) % NP, prev = (r + NP - 1) % NP;
        if (r % 2 == 0) {
            send(r, next, 1, 1000, C_WORLD);
            recv(r, prev, 1, 1000, C_WORLD);
        } else {
            recv(r, prev, 1, 1000, C_WORLD);
            send(r, next, 1, 1000, C_WORLD);
        }
    }
    /* Non-blocking exchange on the duplicate: irecv from prev, isend to
     * next, wait for both (the receive's source, tag and size are known
     * only at its completion, in the wait). */
    for (int r = 0; r < NP; r++) {
        compute(r, 2000000);
        int next = (r + 1) % NP, prev = (r + NP - 1) % NP;
        uint64_t rq = 7, sq = 8;
        enter(r, R_IRECV);
        OTF2_EvtWriter_MpiIrecvRequest(ew[r], NULL, clk[r], rq);
        leave(r, R_IRECV);
        action(r, "irecv %d 2 50000", prev);
        compute(r, 300000);
        enter(r, R_ISEND);
        OTF2_EvtWriter_MpiIsend(ew[r], NULL, clk[r], next, C_DUP, 2, 50000, sq);
        leave(r, R_ISEND);
        action(r, "isend %d 2 50000", next);
        compute(r, 400000);
        enter(r, R_WAIT);
        OTF2_EvtWriter_MpiIsendComplete(ew[r], NULL, clk[r], sq);
        leave(r, R_WAIT);
        action(r, "wait %d %d 2", r, next);
        enter(r, R_WAIT);
        clk[r] += 9000;
        OTF2_EvtWriter_MpiIrecv(ew[r], NULL, clk[r], prev, C_DUP, 2, 50000, rq);
        leave(r, R_WAIT);
        action(r, "wait %d %d 2", prev, r);
    }
    /* Collectives. */
    for (int r = 0; r < NP; r++) {
        char line[128];
        compute(r, 500000);
        snprintf(line, sizeof line, "bcast 4096 0");
        coll(r, R_BCAST, OTF2_COLLECTIVE_OP_BCAST, C_WORLD, 0, r == 0 ? 4096 * NP : 0, 4096, line); /* as Score-P counts a bcast's bytes */
        compute(r, 700000 + 100000 * r);
        snprintf(line, sizeof line, "reduce 800 0 1");
        coll(r, R_REDUCE, OTF2_COLLECTIVE_OP_REDUCE, C_DUP, 1, 800, r == 1 ? 800 * NP : 0, line);
        if (full && r == 0) {
            /* An OpenMP parallel region on the master thread: counted as
             * compute, its fork and join not read. */
            OTF2_EvtWriter_ThreadFork(ew[r], NULL, clk[r], OTF2_PARADIGM_OPENMP, 2);
            OTF2_EvtWriter_Enter(ew[r], NULL, clk[r], R_OMP_PARALLEL);
            clk[r] += 150000;
            OTF2_EvtWriter_Leave(ew[r], NULL, clk[r], R_OMP_PARALLEL);
            OTF2_EvtWriter_ThreadJoin(ew[r], NULL, clk[r], OTF2_PARADIGM_OPENMP);
            pend[r] += 150000; /* counted as computation */
        }
        compute(r, 600000);
        snprintf(line, sizeof line, "allreduce 8000 0");
        coll(r, R_ALLREDUCE, OTF2_COLLECTIVE_OP_ALLREDUCE, C_WORLD, OTF2_UNDEFINED_UINT32, 8000 * NP, 8000 * NP, line);
        compute(r, 100000);
        snprintf(line, sizeof line, "barrier");
        coll(r, R_BARRIER, OTF2_COLLECTIVE_OP_BARRIER, C_WORLD, OTF2_UNDEFINED_UINT32, 0, 0, line);
    }
    if (full) {
        /* Vector collectives with equal counts, whose totals are all an
         * OTF2 trace keeps (as Score-P counts them): the equal blocks
         * augur replays them as are then exact. */
        for (int r = 0; r < NP; r++) {
            compute(r, 30000);
            coll(r, R_ALLGATHERV, OTF2_COLLECTIVE_OP_ALLGATHERV, C_WORLD, OTF2_UNDEFINED_UINT32, 256 * NP, 256 * NP,
                 "allgatherv 256 256 256 256 256");
            compute(r, 30000);
            coll(r, R_ALLTOALLV, OTF2_COLLECTIVE_OP_ALLTOALLV, C_DUP, OTF2_UNDEFINED_UINT32, 128 * NP, 128 * NP,
                 "alltoallv 512 128 128 128 128 512 128 128 128 128");
            compute(r, 30000);
            coll(r, R_GATHERV, OTF2_COLLECTIVE_OP_GATHERV, C_WORLD, 2, 64, r == 2 ? 64 * NP : 0,
                 r == 2 ? "gatherv 64 64 64 64 64 2" : "gatherv 64 0 0 0 0 2");
            compute(r, 30000);
            coll(r, R_REDSCAT, OTF2_COLLECTIVE_OP_REDUCE_SCATTER_BLOCK, C_WORLD, OTF2_UNDEFINED_UINT32, 32 * NP, 32 * NP,
                 "reducescatter 32 32 32 32 0");
        }
        /* A message on a communicator of every rank in reverse order
         * (as MPI_Comm_split with descending keys makes it): world rank 0
         * is its rank 3, world 3 its rank 0. */
        for (int r = 0; r < NP; r += NP - 1) {
            compute(r, 20000);
            if (r == 0)
                send(r, 0, 5, 64, C_REV);
            else
                recv(r, 3, 5, 64, C_REV);
        }
    }
    if (subcomm) {
        compute(0, 1000);
        send(0, 1, 3, 64, C_PAIR);
    }
    if (openirecv) {
        enter(2, R_IRECV);
        OTF2_EvtWriter_MpiIrecvRequest(ew[2], NULL, clk[2], 99);
        leave(2, R_IRECV);
    }
    for (int r = 0; r < NP; r++) {
        compute(r, 50000);
        enter(r, R_FINALIZE);
        leave(r, R_FINALIZE);
        action(r, "finalize");
        clk[r] += 10000;
        OTF2_EvtWriter_Leave(ew[r], NULL, clk[r], R_MAIN);
    }
    if (full) {
        for (int r = 0; r < NP; r++) {
            /* The OpenMP worker thread: its events are not read. */
            OTF2_EvtWriter_Enter(thr[r], NULL, t0 + 5000000, R_OMP_PARALLEL);
            OTF2_EvtWriter_Leave(thr[r], NULL, t0 + 5150000, R_OMP_PARALLEL);
        }
    }

    uint64_t nev[NP], nthr[NP];
    uint64_t end = 0;
    for (int r = 0; r < NP; r++) {
        OTF2_EvtWriter_GetNumberOfEvents(ew[r], &nev[r]);
        OTF2_Archive_CloseEvtWriter(ar, ew[r]);
        if (full) {
            OTF2_EvtWriter_GetNumberOfEvents(thr[r], &nthr[r]);
            OTF2_Archive_CloseEvtWriter(ar, thr[r]);
        }
        if (clk[r] > end)
            end = clk[r];
    }
    OTF2_Archive_CloseEvtFiles(ar);

    OTF2_Archive_OpenDefFiles(ar);
    for (int r = 0; r < NP; r++) {
        OTF2_Archive_CloseDefWriter(ar, OTF2_Archive_GetDefWriter(ar, r));
        if (full)
            OTF2_Archive_CloseDefWriter(ar, OTF2_Archive_GetDefWriter(ar, (1ull << 32) + r));
    }
    OTF2_Archive_CloseDefFiles(ar);

    OTF2_GlobalDefWriter *gw = OTF2_Archive_GetGlobalDefWriter(ar);
    OTF2_GlobalDefWriter_WriteClockProperties(gw, 1000000000, t0, end - t0 + 1, OTF2_UNDEFINED_TIMESTAMP);
    /* Strings: 0 "", 1.. region names, then the rest. */
    uint32_t s = 0;
    OTF2_GlobalDefWriter_WriteString(gw, s++, "");
    for (int i = 0; i < R_NREGIONS; i++)
        OTF2_GlobalDefWriter_WriteString(gw, s++, region_names[i]);
    enum { S_MACHINE = R_NREGIONS + 1, S_NODE, S_CLASS_MACHINE, S_CLASS_NODE, S_WORLD, S_DUP, S_SELF, S_PAIR,
           S_MASTER, S_WORKER, S_REV, S_RANK0 };
    const char *more[] = {"Linux", "node7", "machine", "node", "MPI_COMM_WORLD", "MPI_COMM_WORLD dup 1",
                          "MPI_COMM_SELF", "pair_comm", "Master thread", "OMP thread 1", "rev_comm"};
    for (size_t i = 0; i < sizeof more / sizeof *more; i++)
        OTF2_GlobalDefWriter_WriteString(gw, s++, more[i]);
    for (int r = 0; r < NP; r++) {
        char name[32];
        snprintf(name, sizeof name, "MPI Rank %d", r);
        OTF2_GlobalDefWriter_WriteString(gw, s++, name);
    }
    OTF2_GlobalDefWriter_WriteSystemTreeNode(gw, 0, S_MACHINE, S_CLASS_MACHINE, OTF2_UNDEFINED_SYSTEM_TREE_NODE);
    OTF2_GlobalDefWriter_WriteSystemTreeNode(gw, 1, S_NODE, S_CLASS_NODE, 0);
    for (int r = 0; r < NP; r++)
        OTF2_GlobalDefWriter_WriteLocationGroup(gw, r, S_RANK0 + r, OTF2_LOCATION_GROUP_TYPE_PROCESS, 1,
                                                OTF2_UNDEFINED_LOCATION_GROUP);
    for (int r = 0; r < NP; r++) {
        OTF2_GlobalDefWriter_WriteLocation(gw, r, S_MASTER, OTF2_LOCATION_TYPE_CPU_THREAD, nev[r], r);
        if (full)
            OTF2_GlobalDefWriter_WriteLocation(gw, (1ull << 32) + r, S_WORKER, OTF2_LOCATION_TYPE_CPU_THREAD, nthr[r], r);
    }
    for (int i = 0; i < R_NREGIONS; i++) {
        OTF2_Paradigm p = i == R_MAIN ? OTF2_PARADIGM_COMPILER : i == R_OMP_PARALLEL ? OTF2_PARADIGM_OPENMP : OTF2_PARADIGM_MPI;
        OTF2_RegionRole role = i == R_MAIN ? OTF2_REGION_ROLE_FUNCTION : i == R_OMP_PARALLEL ? OTF2_REGION_ROLE_PARALLEL
                             : (i >= R_BCAST && i <= R_BARRIER) || i >= R_ALLGATHERV ? OTF2_REGION_ROLE_COLL_OTHER : OTF2_REGION_ROLE_POINT2POINT;
        OTF2_GlobalDefWriter_WriteRegion(gw, i, i + 1, i + 1, 0, role, p, OTF2_REGION_FLAG_NONE, 0, 0, 0);
    }
    uint64_t locs[NP], ranks[NP], rev[NP], pair[2] = {0, 1};
    for (int r = 0; r < NP; r++)
        locs[r] = r, ranks[r] = r, rev[r] = NP - 1 - r;
    OTF2_GlobalDefWriter_WriteGroup(gw, 0, 0, OTF2_GROUP_TYPE_COMM_LOCATIONS, OTF2_PARADIGM_MPI, OTF2_GROUP_FLAG_NONE, NP, locs);
    OTF2_GlobalDefWriter_WriteGroup(gw, 1, 0, OTF2_GROUP_TYPE_COMM_GROUP, OTF2_PARADIGM_MPI, OTF2_GROUP_FLAG_NONE, NP, ranks);
    OTF2_GlobalDefWriter_WriteGroup(gw, 2, 0, OTF2_GROUP_TYPE_COMM_SELF, OTF2_PARADIGM_MPI, OTF2_GROUP_FLAG_NONE, 0, NULL);
    OTF2_GlobalDefWriter_WriteGroup(gw, 3, 0, OTF2_GROUP_TYPE_COMM_GROUP, OTF2_PARADIGM_MPI, OTF2_GROUP_FLAG_NONE, 2, pair);
    OTF2_GlobalDefWriter_WriteGroup(gw, 4, 0, OTF2_GROUP_TYPE_COMM_GROUP, OTF2_PARADIGM_MPI, OTF2_GROUP_FLAG_NONE, NP, rev);
    OTF2_GlobalDefWriter_WriteComm(gw, C_WORLD, S_WORLD, 1, OTF2_UNDEFINED_COMM, OTF2_COMM_FLAG_NONE);
    OTF2_GlobalDefWriter_WriteComm(gw, C_DUP, S_DUP, 1, C_WORLD, OTF2_COMM_FLAG_NONE);
    OTF2_GlobalDefWriter_WriteComm(gw, C_SELF, S_SELF, 2, OTF2_UNDEFINED_COMM, OTF2_COMM_FLAG_NONE);
    OTF2_GlobalDefWriter_WriteComm(gw, C_PAIR, S_PAIR, 3, C_WORLD, OTF2_COMM_FLAG_NONE);
    OTF2_GlobalDefWriter_WriteComm(gw, C_REV, S_REV, 4, C_WORLD, OTF2_COMM_FLAG_NONE);
    OTF2_Archive_CloseGlobalDefWriter(ar, gw);
    OTF2_Archive_Close(ar);
    if (fclose(tit) != 0) {
        perror(argv[2]);
        return 1;
    }
    return 0;
}
