package otf2

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
)

// Collective operations (OTF2_Events.h, OTF2_CollectiveOp).
const (
	collBarrier            = 0
	collBcast              = 1
	collGather             = 2
	collGatherv            = 3
	collScatter            = 4
	collScatterv           = 5
	collAllgather          = 6
	collAllgatherv         = 7
	collAlltoall           = 8
	collAlltoallv          = 9
	collAlltoallw          = 10
	collAllreduce          = 11
	collReduce             = 12
	collReduceScatter      = 13
	collScan               = 14
	collExscan             = 15
	collReduceScatterBlock = 16
	collCreateHandle       = 17
	collCreateAndAllocate  = 21
)

var collNames = [...]string{"MPI_Barrier", "MPI_Bcast", "MPI_Gather", "MPI_Gatherv", "MPI_Scatter",
	"MPI_Scatterv", "MPI_Allgather", "MPI_Allgatherv", "MPI_Alltoall", "MPI_Alltoallv", "MPI_Alltoallw",
	"MPI_Allreduce", "MPI_Reduce", "MPI_Reduce_scatter", "MPI_Scan", "MPI_Exscan",
	"MPI_Reduce_scatter_block", "a communicator's creation", "a communicator's release",
	"a window's allocation", "a window's release", "a communicator's creation", "a communicator's release"}

func collName(op uint8) string {
	if int(op) < len(collNames) {
		return collNames[op]
	}
	return fmt.Sprintf("collective operation %d", op)
}

// Converted is an archive written out as a SimGrid time-independent
// trace: an index naming one trace per rank.
type Converted struct {
	Index string // the index file
	// Compute holds each rank's computation, in seconds as recorded.
	Compute []float64
	// NotRead says what the trace holds that the replay leaves out.
	NotRead []string
}

// Convert writes the archive's ranks as SimGrid time-independent traces
// in dir (rank R's in dir/rankR.txt, an index in dir/index.txt). The
// time between MPI calls becomes compute actions of seconds × speed(R)
// flops: at speed(R) flop/s a burst takes the seconds it was recorded
// for. Only MPI_COMM_WORLD and its duplicates are replayed: a message or
// collective on another communicator is an error naming it.
func (a *Archive) Convert(dir string, speed func(rank int) float64) (*Converted, error) {
	out := &Converted{Index: filepath.Join(dir, "index.txt"), Compute: make([]float64, a.NP())}
	notRead := map[string]int64{}
	var index strings.Builder
	for r := range a.Ranks {
		p := filepath.Join(dir, "rank"+strconv.Itoa(r)+".txt")
		fmt.Fprintln(&index, p)
		secs, err := a.convertRank(r, p, speed(r), notRead)
		if err != nil {
			return nil, err
		}
		out.Compute[r] = secs
	}
	// The other locations (threads, metric locations): not read.
	ranks := make(map[uint64]bool, len(a.Ranks))
	for _, l := range a.Ranks {
		ranks[l] = true
	}
	var others, otherEvents int64
	for id, l := range a.locations {
		if !ranks[id] && l.events > 0 {
			others++
			otherEvents += int64(l.events)
		}
	}
	if others > 0 {
		out.NotRead = append(out.NotRead, fmt.Sprintf("%d events of %d locations that are not an MPI rank's (threads other than the master, metric locations, devices)", otherEvents, others))
	}
	kinds := make([]string, 0, len(notRead))
	for k := range notRead {
		kinds = append(kinds, k)
	}
	sort.Strings(kinds)
	for _, k := range kinds {
		out.NotRead = append(out.NotRead, fmt.Sprintf("%d %s", notRead[k], k))
	}
	if err := os.WriteFile(out.Index, []byte(index.String()), 0o644); err != nil {
		return nil, err
	}
	return out, nil
}

// p2p is a blocking send or receive inside an MPI call, written when the
// call returns: MPI_Sendrecv's send and receive become a non-blocking
// pair and their waits, which a blocking send and receive in order would
// not be (both partners sending first could deadlock).
type p2p struct {
	send      bool
	peer, tag uint32
	length    uint64
}

// rankConv turns one rank's events into actions.
type rankConv struct {
	a        *Archive
	rank     int
	path     string // the event file, for messages
	speed    float64
	w        *bufio.Writer
	queue    []string // actions waiting for an irecv's source, tag and size
	pending  map[uint64]int
	isends   map[uint64][2]uint32
	depth    int // MPI calls entered and not left
	last     uint64
	haveLast bool
	compute  float64 // seconds since the last action
	total    float64
	finished bool
	calls    []p2p
	notRead  map[string]int64
}

// paradigmName names the paradigms of regions whose time a replay counts
// as computation without saying more ("" for the program's own code).
func paradigmName(p uint8) string {
	switch p {
	case paradigmOpenMP:
		return "OpenMP"
	case paradigmCUDA:
		return "CUDA"
	case 7:
		return "POSIX threads"
	case 18:
		return "OpenACC"
	case 19:
		return "OpenCL"
	case 23:
		return "HIP"
	case 24:
		return "Kokkos"
	}
	return ""
}

func (a *Archive) convertRank(rank int, path string, speed float64, notRead map[string]int64) (float64, error) {
	f, err := os.Create(path)
	if err != nil {
		return 0, err
	}
	defer f.Close()
	loc := a.Ranks[rank]
	secs, err := a.writeRank(rank, f, a.EventFile(rank), speed, notRead, func(fn func(e *event) error) error {
		return a.events(loc, notRead, fn)
	})
	if err != nil {
		return 0, err
	}
	return secs, f.Close()
}

// writeRank writes rank's actions to w from the events read calls its
// argument for (those of the event file evt), and returns its
// computation in seconds.
func (a *Archive) writeRank(rank int, w io.Writer, evt string, speed float64, notRead map[string]int64, read func(fn func(e *event) error) error) (float64, error) {
	c := &rankConv{a: a, rank: rank, speed: speed, w: bufio.NewWriterSize(w, 1<<16),
		pending: map[uint64]int{}, isends: map[uint64][2]uint32{}, path: evt, notRead: notRead}
	c.emit("init")
	if err := read(c.event); err != nil {
		return 0, err
	}
	if len(c.pending) > 0 {
		var reqs []uint64
		for q := range c.pending {
			reqs = append(reqs, q)
		}
		sort.Slice(reqs, func(i, j int) bool { return reqs[i] < reqs[j] })
		return 0, &Error{File: c.path, Offset: -1, Msg: fmt.Sprintf("rank %d: MPI_Irecv request %d never completed: the trace does not say its source, tag and size", rank, reqs[0])}
	}
	if !c.finished {
		c.flushCompute()
	}
	if err := c.w.Flush(); err != nil {
		return 0, err
	}
	return c.total, nil
}

func (c *rankConv) fail(e *event, format string, a ...any) error {
	return &Error{File: c.path, Offset: e.off, Msg: fmt.Sprintf("%s: ", describe(e.id)) + fmt.Sprintf(format, a...)}
}

// emit writes an action, after those waiting for an irecv's completion.
func (c *rankConv) emit(action string) {
	if len(c.queue) > 0 {
		c.queue = append(c.queue, action)
		return
	}
	c.w.WriteString(strconv.Itoa(c.rank))
	c.w.WriteByte(' ')
	c.w.WriteString(action)
	c.w.WriteByte('\n')
}

// flushQueue writes the queued actions up to the first irecv still
// waiting for its completion.
func (c *rankConv) flushQueue() {
	i := 0
	for ; i < len(c.queue) && c.queue[i] != "?"; i++ {
		if c.queue[i] != "" {
			c.w.WriteString(strconv.Itoa(c.rank))
			c.w.WriteByte(' ')
			c.w.WriteString(c.queue[i])
			c.w.WriteByte('\n')
		}
	}
	if i == len(c.queue) {
		c.queue = c.queue[:0]
		return
	}
	n := copy(c.queue, c.queue[i:])
	c.queue = c.queue[:n]
	for q, j := range c.pending {
		c.pending[q] = j - i
	}
}

func (c *rankConv) flushCompute() {
	if c.compute > 0 {
		c.emit("compute " + num(c.compute*c.speed))
		c.total += c.compute
		c.compute = 0
	}
}

func num(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }

// blocks is n counts of v each.
func blocks(v float64, n int) string {
	var b strings.Builder
	for i := 0; i < n; i++ {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(num(v))
	}
	return b.String()
}

// approximated notes a vector collective whose per-rank counts OTF2 does
// not keep: it is replayed with its totals in equal blocks.
func (c *rankConv) approximated(name string) {
	c.notRead[name+" calls' per-rank counts (OTF2 keeps their totals only: replayed as equal blocks)"]++
}

// advance counts the time up to t as computation when outside MPI.
func (c *rankConv) advance(t uint64) {
	if c.haveLast && c.depth == 0 && t > c.last {
		c.compute += float64(t-c.last) / float64(c.a.Resolution)
	}
	c.last, c.haveLast = t, true
}

func (c *rankConv) isMPI(region uint32) (name string, mpi bool) {
	r, ok := c.a.regions[region]
	if !ok {
		return "", false
	}
	return r.name, r.paradigm == paradigmMPI || (r.paradigm == paradigmUnknown && strings.HasPrefix(r.name, "MPI_"))
}

// checkComm refuses a communicator other than MPI_COMM_WORLD and its
// duplicates (communicators of every rank), turning the event's peer and
// root into world ranks; self tells the caller it is MPI_COMM_SELF.
func (c *rankConv) checkComm(e *event, what string) (self bool, err error) {
	cm, ok := c.a.comms[e.comm]
	if !ok {
		return false, c.fail(e, "communicator %d is not defined", e.comm)
	}
	world, ranks, size, self := c.a.worldLike(cm)
	if self {
		return true, nil
	}
	if !world {
		return false, c.fail(e, "%s on communicator %q (%d of %d ranks): augur replays MPI_COMM_WORLD and its duplicates only", what, cm.name, size, c.a.NP())
	}
	if ranks != nil {
		if int64(e.peer) < int64(len(ranks)) {
			e.peer = uint32(ranks[e.peer])
		}
		if int64(e.root) < int64(len(ranks)) {
			e.root = uint32(ranks[e.root])
		}
	}
	return false, nil
}

func (c *rankConv) peer(e *event) (string, error) {
	if int64(e.peer) >= int64(c.a.NP()) {
		return "", c.fail(e, "rank %d is not a rank (there are %d)", e.peer, c.a.NP())
	}
	return strconv.FormatUint(uint64(e.peer), 10), nil
}

func (c *rankConv) event(e *event) error {
	if c.finished {
		return nil
	}
	switch e.id {
	case evEnter:
		name, mpi := c.isMPI(e.region)
		if !mpi {
			if p := paradigmName(c.a.regions[e.region].paradigm); p != "" {
				c.notRead[p+" regions entered (their time outside MPI calls counted as computation)"]++
			}
			return nil
		}
		c.advance(e.time)
		c.depth++
		if c.depth == 1 && name == "MPI_Finalize" {
			c.flushCompute()
			c.emit("finalize")
			c.finished = true
		}
		return nil
	case evLeave:
		name, mpi := c.isMPI(e.region)
		if !mpi || c.depth == 0 {
			return nil
		}
		c.advance(e.time)
		c.depth--
		if c.depth == 0 {
			c.flushCalls()
			if name == "MPI_Init" || name == "MPI_Init_thread" {
				c.compute = 0 // before MPI_Init's return is not the program's computation
			}
		}
		return nil
	}
	outside := c.depth == 0
	c.advance(e.time)
	if e.id == evMpiCollBegin || e.id == evMpiRequestTest {
		return nil
	}
	if err := c.mpiEvent(e); err != nil {
		return err
	}
	if outside {
		c.flushCalls() // a trace without the calls' regions
	}
	return nil
}

func (c *rankConv) mpiEvent(e *event) error {
	me := strconv.Itoa(c.rank)
	switch e.id {
	case evMpiSend, evMpiRecv:
		what := "a send"
		if e.id == evMpiRecv {
			what = "a receive"
		}
		if self, err := c.checkComm(e, what); err != nil || self {
			return err
		}
		if _, err := c.peer(e); err != nil {
			return err
		}
		c.calls = append(c.calls, p2p{send: e.id == evMpiSend, peer: e.peer, tag: e.tag, length: e.length})
	case evMpiIsend:
		if self, err := c.checkComm(e, "a send"); err != nil || self {
			return err
		}
		p, err := c.peer(e)
		if err != nil {
			return err
		}
		c.flushCompute()
		c.emit(fmt.Sprintf("isend %s %d %d", p, e.tag, e.length))
		c.isends[e.req] = [2]uint32{e.peer, e.tag}
	case evMpiIsendComplete:
		s, ok := c.isends[e.req]
		if !ok {
			return c.fail(e, "request %d: no MpiIsend started it", e.req)
		}
		delete(c.isends, e.req)
		c.flushCompute()
		c.emit(fmt.Sprintf("wait %s %d %d", me, s[0], s[1]))
	case evMpiIrecvRequest:
		if _, dup := c.pending[e.req]; dup {
			return c.fail(e, "request %d is posted twice", e.req)
		}
		c.flushCompute()
		c.pending[e.req] = len(c.queue)
		c.queue = append(c.queue, "?")
	case evMpiIrecv:
		if self, err := c.checkComm(e, "a receive"); err != nil || self {
			return err
		}
		p, err := c.peer(e)
		if err != nil {
			return err
		}
		c.flushCompute()
		recv := fmt.Sprintf("irecv %s %d %d", p, e.tag, e.length)
		if i, ok := c.pending[e.req]; ok {
			delete(c.pending, e.req)
			c.queue[i] = recv
		} else {
			c.emit(recv) // posted before the trace began
		}
		c.emit(fmt.Sprintf("wait %s %s %d", p, me, e.tag))
		c.flushQueue()
	case evMpiRequestCancel:
		if i, ok := c.pending[e.req]; ok {
			delete(c.pending, e.req)
			c.queue[i] = ""
			c.flushQueue()
		} else if _, ok := c.isends[e.req]; ok {
			return c.fail(e, "request %d: a cancelled MPI_Isend cannot be replayed", e.req)
		}
	case evMpiCollEnd:
		return c.collective(e)
	}
	return nil
}

// flushCalls writes the blocking sends and receives of the MPI call just
// left.
func (c *rankConv) flushCalls() {
	if len(c.calls) == 0 {
		return
	}
	c.flushCompute()
	me := strconv.Itoa(c.rank)
	if len(c.calls) == 1 {
		p := c.calls[0]
		kind := "recv"
		if p.send {
			kind = "send"
		}
		c.emit(fmt.Sprintf("%s %d %d %d", kind, p.peer, p.tag, p.length))
		c.calls = c.calls[:0]
		return
	}
	for _, p := range c.calls {
		kind := "irecv"
		if p.send {
			kind = "isend"
		}
		c.emit(fmt.Sprintf("%s %d %d %d", kind, p.peer, p.tag, p.length))
	}
	for _, p := range c.calls {
		if p.send {
			c.emit(fmt.Sprintf("wait %s %d %d", me, p.peer, p.tag))
		} else {
			c.emit(fmt.Sprintf("wait %d %s %d", p.peer, me, p.tag))
		}
	}
	c.calls = c.calls[:0]
}

// collective writes a collective as its action, its sizes taken from
// the bytes Score-P counts for it: a bcast's receivers (the root's
// count included) get N bytes; a reduce sends N from every rank; an
// allreduce, allgather and alltoall count N from every rank to every
// rank (p·N sent); scatter's receivers and gather's senders N each; a
// scan on rank r sends (p-r)·N and receives (r+1)·N, an exscan
// (p-1-r)·N and r·N. The vector collectives count only a rank's totals
// (a gatherv's root the sum of what it receives, a reduce-scatter's ranks
// the whole vector): their per-rank counts are the totals' equal shares.
func (c *rankConv) collective(e *event) error {
	name := collName(e.op)
	if e.op == collCreateHandle || e.op == collCreateAndAllocate {
		// MPI_Comm_dup, _split, _create: a barrier of the parent when it
		// has every rank (as augur's recorder writes them); otherwise, or
		// the release of a communicator or window, nothing to replay.
		cm, ok := c.a.comms[e.comm]
		if ok {
			if world, _, _, _ := c.a.worldLike(cm); world {
				c.flushCompute()
				c.emit("barrier")
			}
		}
		return nil
	}
	if e.op > collReduceScatterBlock {
		return nil
	}
	self, err := c.checkComm(e, name)
	if err != nil || self {
		return err
	}
	p := float64(c.a.NP())
	root := func() (string, error) {
		if e.root == undefined32 {
			return "", c.fail(e, "%s: the trace gives no root", name)
		}
		if int64(e.root) >= int64(c.a.NP()) {
			return "", c.fail(e, "%s: root %d is not a rank (there are %d)", name, e.root, c.a.NP())
		}
		return strconv.FormatUint(uint64(e.root), 10), nil
	}
	var action string
	switch e.op {
	case collBarrier:
		action = "barrier"
	case collBcast:
		r, err := root()
		if err != nil {
			return err
		}
		action = "bcast " + num(float64(e.recvd)) + " " + r
	case collReduce:
		r, err := root()
		if err != nil {
			return err
		}
		action = "reduce " + num(float64(e.sent)) + " 0 " + r
	case collAllreduce:
		action = "allreduce " + num(float64(e.sent)/p) + " 0"
	case collGather:
		r, err := root()
		if err != nil {
			return err
		}
		action = "gather " + num(float64(e.sent)) + " " + num(float64(e.sent)) + " " + r
	case collScatter:
		r, err := root()
		if err != nil {
			return err
		}
		action = "scatter " + num(float64(e.recvd)) + " " + num(float64(e.recvd)) + " " + r
	case collAllgather, collAlltoall:
		kind := "allgather "
		if e.op == collAlltoall {
			kind = "alltoall "
		}
		n := num(float64(e.sent) / p)
		action = kind + n + " " + n
	case collScan:
		action = "scan " + num(float64(e.sent+e.recvd)/(p+1)) + " 0"
	case collExscan:
		n := 0.0
		if p > 1 {
			n = float64(e.sent+e.recvd) / (p - 1)
		}
		action = "exscan " + num(n) + " 0"
	case collGatherv:
		r, err := root()
		if err != nil {
			return err
		}
		action = "gatherv " + num(float64(e.sent)) + " " + blocks(float64(e.recvd)/p, c.a.NP()) + " " + r
		c.approximated(name)
	case collScatterv:
		r, err := root()
		if err != nil {
			return err
		}
		action = "scatterv " + blocks(float64(e.sent)/p, c.a.NP()) + " " + num(float64(e.recvd)) + " " + r
		c.approximated(name)
	case collAllgatherv:
		action = "allgatherv " + num(float64(e.sent)/p) + " " + blocks(float64(e.recvd)/p, c.a.NP())
		c.approximated(name)
	case collAlltoallv, collAlltoallw:
		action = "alltoallv " + num(float64(e.sent)) + " " + blocks(float64(e.sent)/p, c.a.NP()) + " " +
			num(float64(e.recvd)) + " " + blocks(float64(e.recvd)/p, c.a.NP())
		c.approximated(name)
	case collReduceScatter, collReduceScatterBlock:
		// Every rank sends the whole vector (the sum of the counts).
		action = "reducescatter " + blocks(float64(e.sent)/p, c.a.NP()) + " 0"
		if e.op == collReduceScatter {
			c.approximated(name)
		}
	}
	c.flushCompute()
	c.emit(action)
	return nil
}
