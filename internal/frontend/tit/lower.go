package tit

import (
	"fmt"
	"math"

	"augur/internal/ir"
)

// The elements time is charged to: one per kind of action.
const (
	ElemCompute int32 = iota
	ElemSleep
	ElemSend
	ElemIsend
	ElemRecv
	ElemIrecv
	ElemTest
	ElemWait
	ElemWaitall
	ElemSendRecv
	ElemBarrier
	ElemBcast
	ElemReduce
	ElemAllreduce
	ElemAlltoall
	ElemAlltoallv
	ElemGather
	ElemGatherv
	ElemScatter
	ElemScatterv
	ElemAllgather
	ElemAllgatherv
	ElemReduceScatter
	ElemScan
	ElemExscan
	ElemFinalize // the wait for requests left at the end of a trace
	numElems
)

var elemNames = [numElems]string{
	"compute", "sleep", "send", "isend", "recv", "irecv", "test", "wait", "waitall", "sendRecv",
	"barrier", "bcast", "reduce", "allreduce", "alltoall", "alltoallv", "gather", "gatherv",
	"scatter", "scatterv", "allgather", "allgatherv", "reducescatter", "scan", "exscan", "finalize",
}

// Semantics returns what a trace means where its actions leave it open:
// MPI's collectives, which complete locally, built as SMPI's default
// selector builds them (the algorithm smpirun -replay would run: a trace
// names none); its ranks fork no threads.
func Semantics() ir.Semantics {
	return ir.Semantics{Collectives: ir.CompleteLocally, Selector: ir.SelectSMPI, NoThreads: true}
}

// Elements returns the element table of a replayed trace: one element per
// kind of action, named as the action.
func Elements() []ir.Element {
	els := make([]ir.Element, numElems)
	for i, n := range elemNames {
		els[i] = ir.Element{Name: n, Kind: "mpi"}
	}
	return els
}

// datatypeSizes gives the size in bytes of SimGrid's predefined datatypes
// by the id its traces use (smpi_datatype.cpp): 0 MPI_DOUBLE, 1 MPI_INT,
// 2 MPI_CHAR, 3 MPI_SHORT, 4 MPI_LONG, 5 MPI_FLOAT, 6 MPI_BYTE, ...
var datatypeSizes = [...]float64{
	8, 4, 1, 2, 8, 4, 1, 8, 1, 1, // 0-9
	2, 4, 8, 8, 16, 4, 1, 1, 2, 4, // 10-19
	8, 1, 2, 4, 8, 8, 16, 32, 8, 8, // 20-29
	8, 16, 16, 8, 8, 8, 16, 16, 4, 4, // 30-39: float_int .. real4
	4, 8, 0, 0, 0, 4, 2, 4, 8, 16, // 40-49
	32, 0, 0, 1, 8, // 50-54
}

// Settings are the SMPI settings that change what actions do.
type Settings struct {
	// TestTime is what an MPI_Test injects before looking at its request
	// (smpi/test, default 1e-4 s); GrowTest multiplies it by the number
	// of tests that failed in a row (smpi/grow-injected-times, default on).
	TestTime float64
	GrowTest bool
	// NoCompute drops compute actions (smpi/simulate-computation:no).
	NoCompute bool
}

// DefaultSettings are smpirun 3.32's.
func DefaultSettings() Settings { return Settings{TestTime: 1e-4, GrowTest: true} }

// reqKey names an outstanding request as SimGrid's replay does.
type reqKey struct{ src, dst, tag int32 }

// postedSet counts a rank's outstanding requests by key. A rank has few
// distinct keys outstanding at once (its neighbours), so a short slice
// searched linearly beats a map; past postedSmall keys (an all-to-all
// written as point to point) it moves to a map.
type postedSet struct {
	small []postedCount
	big   map[reqKey]int32
}

type postedCount struct {
	key reqKey
	n   int32
}

const postedSmall = 32

func (p *postedSet) add(k reqKey) {
	if p.big != nil {
		p.big[k]++
		return
	}
	for i := range p.small {
		if p.small[i].key == k {
			p.small[i].n++
			return
		}
	}
	if len(p.small) < postedSmall {
		p.small = append(p.small, postedCount{k, 1})
		return
	}
	p.big = make(map[reqKey]int32, 2*postedSmall)
	for _, c := range p.small {
		p.big[c.key] = c.n
	}
	p.small = p.small[:0]
	p.big[k]++
}

// take removes one request with key k; false if none is outstanding.
func (p *postedSet) take(k reqKey) bool {
	if p.big != nil {
		if p.big[k] > 0 {
			p.big[k]--
			return true
		}
		return false
	}
	for i := range p.small {
		if c := &p.small[i]; c.key == k {
			if c.n--; c.n == 0 {
				last := len(p.small) - 1
				p.small[i] = p.small[last]
				p.small = p.small[:last]
			}
			return true
		}
	}
	return false
}

func (p *postedSet) clear() {
	p.small = p.small[:0]
	clear(p.big)
}

// rankState is what lowering a rank's actions needs to remember.
type rankState struct {
	defType  float64 // size of MPI_DEFAULT_TYPE: MPI_BYTE, or MPI_DOUBLE after "init X"
	flopCost float64 // Cost of one flop on the rank's node
	// combineCost is the Cost of combining one byte of a reduction on the
	// rank's node, for reductions whose trace gives no computation (0:
	// none; see Trace.SetCombineCost).
	combineCost float64
	// colls, when set, times the rank's collectives as its node measured
	// them (Trace.SetCollectiveTimes): their Cost replaces simulating
	// their messages and their combining.
	colls CollectiveTimes
	// collFlop is the seconds a flop of a collective's computation amount
	// takes on the rank's node, with colls (see collIn).
	collFlop float64
	posted   postedSet
	// self are the rank's outstanding requests to and from itself, in the
	// order posted: a wait names one by (rank, rank, tag), which says
	// neither whether it is a send or a receive; SimGrid's replay takes
	// the first request posted under a key, and so does this.
	self []selfReq
	// out is the caller's operation while Next lowers with nothing
	// queued: the first operation lowered goes straight there (got set),
	// the rest to ops. Most actions make one operation, which then is
	// never copied through the queue.
	out  *ir.Op
	got  bool
	rank int32   // next to got: one word for both
	ops  []ir.Op // lowered and not yet handed out, from head
	head int
	memo lineMemo // the fast path's
}

// slot returns a zeroed operation to lower into in place: the caller's
// (out) if it is free, else a new one at the end of the queue. Filling
// its fields there saves building an operation and copying it, a copy
// whose 16-byte loads over the narrower stores that built it stall (no
// store forwarding): the common actions' helpers use it.
func (st *rankState) slot() *ir.Op {
	if st.out != nil && !st.got {
		st.got = true
		*st.out = ir.Op{}
		return st.out
	}
	st.ops = append(st.ops, ir.Op{})
	return &st.ops[len(st.ops)-1]
}

func (st *rankState) push(op ir.Op) {
	if st.out != nil && !st.got {
		*st.out, st.got = op, true
		return
	}
	st.ops = append(st.ops, op)
}

// pop hands out the oldest lowered operation.
func (st *rankState) pop(op *ir.Op) bool {
	if st.head >= len(st.ops) {
		return false
	}
	*op = st.ops[st.head]
	st.ops[st.head] = ir.Op{}
	st.head++
	if st.head == len(st.ops) {
		st.ops, st.head = st.ops[:0], 0
	}
	return true
}

// ready tells whether an operation is waiting: in the caller's op or
// queued.
func (st *rankState) ready() bool { return st.got || st.head < len(st.ops) }

// lowerer turns actions of one trace into operations.
type lowerer struct {
	np  int32
	set Settings
	// general sends every action through lower, the general path (tests
	// compare it with the fast path).
	general bool
	// memo: the fast path remembers each rank's lines (lineMemo), for at
	// most memoBudget bytes over all ranks.
	memo bool
}

// errf makes a message for the action at hand.
func errf(format string, args ...any) error { return fmt.Errorf(format, args...) }

// count converts a size as SimGrid does: to a C int (fractions dropped,
// values beyond 32 bits wrapped as 3.32 was seen to wrap them).
func count(x float64) float64 {
	if math.IsInf(x, 0) || math.IsNaN(x) {
		return 0
	}
	if math.Abs(x) >= 1<<62 {
		return 0
	}
	return float64(int32(uint32(int64(x))))
}

// msgBytes is a message of n elements of ds bytes each, as SimGrid sizes it.
// (Small enough to inline into the fast path; other sizes go to
// msgBytesSlow.)
func msgBytes(n, ds float64) float64 {
	if n >= 0 && n < 1<<31 {
		return float64(int64(n)) * ds // what count gives for these, without its checks
	}
	return msgBytesSlow(n, ds)
}

func msgBytesSlow(n, ds float64) float64 { return math.Max(count(n), 0) * ds }

// actionArgs reads one action's arguments. It keeps the first error and
// answers zero after it, so that an action reads all its arguments in a
// row and checks err once; the error reported is the first in argument
// order.
type actionArgs struct {
	name    string
	args    [][]byte
	np      int32
	defType float64 // the rank's default datatype size
	err     error
}

func (a *actionArgs) fail(format string, v ...any) {
	if a.err == nil {
		a.err = fmt.Errorf("%s: "+format, append([]any{a.name}, v...)...)
	}
}

// need checks that there are at least n arguments (and says opt more are
// optional in the message).
func (a *actionArgs) need(n, opt int) {
	if a.err == nil && len(a.args) < n {
		what := "arguments"
		if n == 1 {
			what = "argument"
		}
		a.err = errf("%s needs %d %s (and takes %d optional), got %d", a.name, n, what, opt, len(a.args))
	}
}

func (a *actionArgs) num(i int, what string) float64 {
	if a.err != nil {
		return 0
	}
	v, ok := parseFloat(a.args[i])
	switch {
	case !ok:
		a.fail("%s %q is not a number", what, a.args[i])
	case math.IsInf(v, 0):
		// 1e309 overflows to ±Inf: refused here, at its line, rather
		// than as a fault of the simulation with no place.
		a.fail("%s %q is out of range (not a finite number)", what, a.args[i])
	}
	return v
}

// integer reads argument i as an integer. The whole field must be one:
// SimGrid's std::stoi reads "1.5" or "2e1" as their leading digits, which
// in a rank or tag is a corrupt trace, not a number to round.
func (a *actionArgs) integer(i int, what string) int32 {
	if a.err != nil {
		return 0
	}
	v, ok := parseInt(a.args[i])
	if !ok || !wholeInt(a.args[i]) {
		a.fail("%s %q is not an integer", what, a.args[i])
	}
	return v
}

// size reads argument i as an amount (bytes, flops): a finite number ≥ 0.
// SimGrid would turn a negative or infinite size into 0 bytes, a trace
// error that would replay to a wrong time.
func (a *actionArgs) size(i int, what string) float64 {
	v := a.num(i, what)
	if a.err == nil && (v < 0 || math.IsInf(v, 0)) {
		a.fail("%s %q is not a finite amount ≥ 0", what, a.args[i])
	}
	return v
}

func (a *actionArgs) rank(i int, what string) int32 {
	v := a.integer(i, what)
	if a.err == nil && (v < 0 || v >= a.np) {
		a.fail("%s %d is not a rank (there are %d, 0..%d)", what, v, a.np, a.np-1)
	}
	return v
}

// inPlace tells whether argument i, past the action's own (which SimGrid
// ignores), is augur's recorder's mark of a reduction called with
// MPI_IN_PLACE.
func (a *actionArgs) inPlace(i int) bool {
	return i < len(a.args) && string(a.args[i]) == "in_place"
}

// optRank is rank i if the action has it, rank 0 (SimGrid's default root)
// if not.
func (a *actionArgs) optRank(i int, what string) int32 {
	if i >= len(a.args) {
		return 0
	}
	return a.rank(i, what)
}

// dtype is the size of datatype i, the rank's default if absent.
func (a *actionArgs) dtype(i int) float64 {
	if a.err != nil {
		return 0
	}
	if i >= len(a.args) {
		return a.defType
	}
	id, ok := parseInt(a.args[i])
	if !ok || id < 0 || int(id) >= len(datatypeSizes) {
		a.fail("datatype %q is not one of SimGrid's datatype ids (0..%d)", a.args[i], len(datatypeSizes)-1)
		return 0
	}
	return datatypeSizes[id]
}

// counts reads n integer counts from args[i:] as sizes in bytes.
func (a *actionArgs) counts(i, n int, size float64, what string) []float64 {
	c := make([]float64, n)
	for k := range c {
		c[k] = float64(a.integer(i+k, what)) * size
	}
	return c
}

// The operations of the common actions, built in one place for lower and
// for lowerFast (which must give exactly the same).

func (l *lowerer) compute(st *rankState, flops float64, elem int32) {
	if flops > 0 && !l.set.NoCompute {
		o := st.slot()
		o.Kind, o.Elem, o.Cost = ir.Compute, elem, flops*st.flopCost
	}
}

// reduction charges a reduction's computation after it: the trace's
// amount (comp flops, as SimGrid does), or, when the trace gives none
// and the rank's node has a measured operator cost, that of combining
// vectors vectors of bytes each.
func (l *lowerer) reduction(st *rankState, comp, bytes float64, vectors int32, elem int32) {
	if comp > 0 || st.combineCost == 0 || vectors <= 0 || !(bytes > 0) {
		l.compute(st, comp, elem)
		return
	}
	if !l.set.NoCompute {
		o := st.slot()
		o.Kind, o.Elem, o.Cost = ir.Compute, elem, bytes*float64(vectors)*st.combineCost
	}
}

// combineSteps is how many vectors a rank of an np-rank reduction or
// allreduce combines on its critical path: ceil(log2 np), a binomial
// tree's depth or recursive doubling's rounds (Open MPI's algorithms for
// few ranks, as the recorder charges them).
func combineSteps(np int32) int32 {
	k := int32(0)
	for int32(1)<<k < np {
		k++
	}
	return k
}

// coll lowers a collective; it tells whether the rank's measured
// collectives gave it a cost (then a reduction's combining is in it).
func coll(st *rankState, k ir.Kind, elem, root int32, bytes float64, c []float64) bool {
	return collIn(st, k, elem, root, bytes, c, false, 0)
}

// collIn is coll for a reduction called with MPI_IN_PLACE or not
// (inPlace), which a node's measured collectives may time apart, whose
// trace gives comp flops of computation (the combining, and the first
// touch of buffers the call faulted in: augur's recorder). A measured
// time holds what the MPI library's buffers cost on every call; a call
// whose own computation is longer (the first calls, which fault in a
// temporary vector the allocator keeps for the later ones) takes that.
func collIn(st *rankState, k ir.Kind, elem, root int32, bytes float64, c []float64, inPlace bool, comp float64) bool {
	o := st.slot()
	o.Kind, o.Elem, o.Root, o.Bytes, o.Cost, o.Counts = k, elem, root, bytes, ir.NoCost, c
	if st.colls == nil || c != nil {
		return false // vector collectives are simulated
	}
	t, ok := st.colls.Time(k.String(), inPlace, bytes)
	if ok {
		o.Cost = max(t, comp*st.collFlop)
	}
	return ok
}

// CollectiveTimes gives the seconds a collective (MPI's name in lower
// case) takes on a node for bytes, called in place or not; false when it
// was not measured. machine.Collectives is one.
type CollectiveTimes interface {
	Time(name string, inPlace bool, bytes float64) (float64, bool)
}

// p2p lowers send, isend, recv or irecv (kind k, element el) of a
// message of bytes (msgBytes).
func p2p(st *rankState, k ir.Kind, el, peer, tag int32, bytes float64) {
	switch k {
	case ir.Isend:
		st.posted.add(reqKey{st.rank, peer, tag})
		if peer == st.rank {
			st.self = append(st.self, selfReq{tag, ir.ToPeer})
		}
	case ir.Irecv:
		st.posted.add(reqKey{peer, st.rank, tag})
		if peer == st.rank {
			st.self = append(st.self, selfReq{tag, ir.FromPeer})
		}
	}
	o := st.slot()
	o.Kind, o.Elem, o.Peer, o.Tag, o.Bytes, o.Cost = k, el, peer, tag, bytes, ir.NoCost
}

// waitTest lowers a wait (or a test) for the request src -> dst, tag,
// which involves st's rank.
func (l *lowerer) waitTest(st *rankState, test bool, src, dst, tag int32) {
	o := st.slot()
	o.Peer, o.Tag, o.Dir = src, tag, ir.FromPeer
	if src == st.rank {
		o.Peer, o.Dir = dst, ir.ToPeer
		if dst == st.rank {
			o.Dir = st.selfDir(tag, !test)
		}
	}
	if test {
		o.Kind, o.Elem, o.Cost = ir.Test, ElemTest, l.set.TestTime
		if l.set.GrowTest {
			o.Bytes = 1
		}
		return
	}
	o.Kind, o.Elem = ir.WaitReq, ElemWait
	if !st.posted.take(reqKey{src, dst, tag}) {
		o.Kind = ir.WaitUnposted // a mismatched trace
	}
}

// selfReq is an outstanding request of a rank to or from itself.
type selfReq struct {
	tag int32
	dir ir.Direction
}

// selfDir is the direction of the first outstanding request to or from
// the rank itself posted with tag (ToPeer if none), taken off the list by
// a wait.
func (st *rankState) selfDir(tag int32, take bool) ir.Direction {
	for i := range st.self {
		if st.self[i].tag == tag {
			d := st.self[i].dir
			if take {
				st.self = append(st.self[:i], st.self[i+1:]...)
			}
			return d
		}
	}
	return ir.ToPeer
}

func waitall(st *rankState) {
	st.posted.clear()
	st.self = st.self[:0]
	o := st.slot()
	o.Kind, o.Elem, o.Request = ir.Wait, ElemWaitall, ir.AllRequests
}

// lower appends the operations of one action (fields f, f[0] the rank,
// f[1] the name) to st.
func (l *lowerer) lower(st *rankState, f [][]byte) error {
	if len(f) < 2 {
		return errf("want \"RANK ACTION [ARGS]\", got %q", join(f))
	}
	name := intern(f[1])
	a := &actionArgs{name: name, args: f[2:], np: l.np, defType: st.defType}
	compute := func(flops float64, elem int32) { l.compute(st, flops, elem) }
	coll := func(k ir.Kind, elem, root int32, bytes float64, c []float64) bool {
		return coll(st, k, elem, root, bytes, c)
	}
	p := int(l.np)
	nargs := len(a.args)

	switch name {
	case "init":
		def := st.defType
		st.defType = 1 // MPI_BYTE, TAU's default
		if nargs > 0 {
			st.defType = 8 // MPI_DOUBLE, MPE's default
		}
		if st.defType != def {
			st.memo.reset() // its lines were read with the old default
		}
	case "finalize", "comm_size", "comm_split", "comm_dup", "location":
		// Nothing to simulate (SimGrid's replay does nothing either).
	case "compute", "sleep":
		a.need(1, 0)
		what, unit := "flops", "flops"
		if name == "sleep" {
			what, unit = "time", "s"
		}
		v := a.num(0, what)
		if a.err == nil && v < 0 {
			a.fail("%g %s is negative", v, unit)
		}
		if a.err != nil {
			return a.err
		}
		if name == "sleep" {
			st.push(ir.Op{Kind: ir.Delay, Elem: ElemSleep, Cost: v})
		} else {
			compute(v, ElemCompute)
		}
	case "send", "isend", "recv", "irecv":
		a.need(3, 1)
		peer := a.rank(0, "partner")
		tag := a.integer(1, "tag")
		size := a.size(2, "size")
		ds := a.dtype(3)
		if a.err == nil && tag < 0 {
			a.fail("tag %d is negative", tag)
		}
		if a.err != nil {
			return a.err
		}
		k, el := ir.Send, ElemSend
		switch name {
		case "isend":
			k, el = ir.Isend, ElemIsend
		case "recv":
			k, el = ir.Recv, ElemRecv
		case "irecv":
			k, el = ir.Irecv, ElemIrecv
		}
		p2p(st, k, el, peer, tag, msgBytes(size, ds))
	case "test", "wait":
		a.need(3, 0)
		src := a.rank(0, "source")
		dst := a.rank(1, "destination")
		tag := a.integer(2, "tag")
		if a.err == nil && src != st.rank && dst != st.rank {
			a.fail("request %d -> %d does not involve rank %d", src, dst, st.rank)
		}
		if a.err != nil {
			return a.err
		}
		l.waitTest(st, name == "test", src, dst, tag)
	case "waitall":
		waitall(st)
	case "sendRecv", "sendrecv":
		a.need(6, 0)
		sc := a.size(0, "send size")
		dst := a.rank(1, "destination")
		rc := a.size(2, "receive size")
		src := a.rank(3, "source")
		ds1, ds2 := a.dtype(4), a.dtype(5)
		if a.err != nil {
			return a.err
		}
		if dst == st.rank && src == st.rank {
			break // SMPI copies locally: no message, no time
		}
		// MPI_Sendrecv with tag 0 both ways: an isend and an irecv
		// started together and both awaited.
		st.push(ir.Op{Kind: ir.Isend, Elem: ElemSendRecv, Peer: dst, Bytes: msgBytes(sc, ds1), Cost: ir.NoCost})
		st.push(ir.Op{Kind: ir.Irecv, Elem: ElemSendRecv, Peer: src, Bytes: msgBytes(rc, ds2), Cost: ir.NoCost})
		st.push(ir.Op{Kind: ir.WaitReq, Elem: ElemSendRecv, Peer: dst, Dir: ir.ToPeer})
		st.push(ir.Op{Kind: ir.WaitReq, Elem: ElemSendRecv, Peer: src, Dir: ir.FromPeer})
	case "barrier":
		coll(ir.Barrier, ElemBarrier, 0, 0, nil)
	case "bcast":
		a.need(1, 2)
		size := a.size(0, "size")
		root := a.optRank(1, "root")
		ds := a.dtype(2)
		if a.err != nil {
			return a.err
		}
		coll(ir.Bcast, ElemBcast, root, msgBytes(size, ds), nil)
	case "reduce":
		a.need(2, 2)
		comm := a.size(0, "size")
		comp := a.size(1, "flops")
		root := a.optRank(2, "root")
		ds := a.dtype(3)
		if a.err != nil {
			return a.err
		}
		if collIn(st, ir.Reduce, ElemReduce, root, msgBytes(comm, ds), nil, a.inPlace(4), comp) {
			break // the measured time holds the combining
		}
		vectors := int32(0)
		if root == st.rank {
			vectors = combineSteps(l.np)
		}
		l.reduction(st, comp, msgBytes(comm, ds), vectors, ElemReduce)
	case "allreduce", "scan", "exscan":
		a.need(2, 1)
		comm := a.size(0, "size")
		comp := a.size(1, "flops")
		ds := a.dtype(2)
		if a.err != nil {
			return a.err
		}
		k, el := ir.Allreduce, ElemAllreduce
		if name == "scan" {
			k, el = ir.Scan, ElemScan
		} else if name == "exscan" {
			k, el = ir.Exscan, ElemExscan
		}
		if collIn(st, k, el, 0, msgBytes(comm, ds), nil, a.inPlace(3), comp) {
			break // the measured time holds the combining
		}
		if k == ir.Allreduce {
			l.reduction(st, comp, msgBytes(comm, ds), combineSteps(l.np), el)
		} else {
			compute(comp, el)
		}
	case "alltoall", "allgather":
		a.need(2, 2)
		send := a.size(0, "send size")
		a.size(1, "receive size") // checked; SimGrid sizes by the send side
		ds := a.dtype(2)
		a.dtype(3)
		if a.err != nil {
			return a.err
		}
		k, el := ir.Alltoall, ElemAlltoall
		if name == "allgather" {
			k, el = ir.Allgather, ElemAllgather
		}
		coll(k, el, 0, msgBytes(send, ds), nil)
	case "gather", "scatter":
		a.need(2, 3)
		send := a.size(0, "send size")
		recv := a.size(1, "receive size")
		root := a.optRank(2, "root")
		ds1, ds2 := a.dtype(3), a.dtype(4)
		if a.err != nil {
			return a.err
		}
		if name == "gather" {
			coll(ir.Gather, ElemGather, root, msgBytes(send, ds1), nil)
			break
		}
		// The root sends blocks of the send size; the others receive the
		// receive size.
		b := msgBytes(recv, ds2)
		if st.rank == root {
			b = msgBytes(send, ds1)
		}
		coll(ir.Scatter, ElemScatter, root, b, nil)
	case "gatherv", "allgatherv":
		a.need(p+1, 2)
		send := a.size(0, "send size")
		root := int32(0)
		ds1, ds2 := st.defType, st.defType
		if name == "gatherv" {
			root = a.optRank(1+p, "root")
			ds1, ds2 = a.dtype(2+p), a.dtype(3+p)
		} else if n := nargs + 2; n > 3+2*p || (n > 3+p && n <= 3+p+2) {
			// SimGrid's reading: a datatype after the counts (then
			// optional displacements), or displacements alone.
			ds1 = a.dtype(1 + p)
			ds2 = ds1
		}
		c := a.counts(1, p, ds2, "receive count")
		if a.err != nil {
			return a.err
		}
		if name == "gatherv" {
			coll(ir.Gatherv, ElemGatherv, root, msgBytes(send, ds1), c)
		} else {
			coll(ir.Allgatherv, ElemAllgatherv, 0, msgBytes(send, ds1), c)
		}
	case "scatterv":
		a.need(p+1, 3)
		recv := a.size(p, "receive size")
		root := a.optRank(1+p, "root")
		ds1, ds2 := a.dtype(2+p), a.dtype(3+p)
		c := a.counts(0, p, ds1, "send count")
		if a.err != nil {
			return a.err
		}
		coll(ir.Scatterv, ElemScatterv, root, msgBytes(recv, ds2), c)
	case "alltoallv":
		a.need(2*p+2, 2)
		ds1, ds2 := st.defType, st.defType
		if nargs > 3+2*p {
			ds1, ds2 = a.dtype(2+2*p), a.dtype(3+2*p)
		}
		a.size(0, "send buffer size")
		a.size(1+p, "receive buffer size")
		sc := a.counts(1, p, ds1, "send count")
		rc := a.counts(2+p, p, ds2, "receive count")
		if a.err != nil {
			return a.err
		}
		coll(ir.Alltoallv, ElemAlltoallv, 0, 0, append(sc, rc...))
	case "reducescatter":
		a.need(p+1, 1)
		comp := a.size(p, "flops")
		ds := a.dtype(p + 1)
		c := a.counts(0, p, ds, "receive count")
		if a.err != nil {
			return a.err
		}
		coll(ir.ReduceScatter, ElemReduceScatter, 0, c[st.rank], c)
		l.reduction(st, comp, c[st.rank], l.np-1, ElemReduceScatter)
	default:
		return errf("unknown action %q (SimGrid 3.32's replay knows init, finalize, compute, sleep, send, isend, recv, irecv, test, wait, waitall, sendRecv, barrier, bcast, reduce, allreduce, alltoall, alltoallv, gather, gatherv, scatter, scatterv, allgather, allgatherv, reducescatter, scan, exscan, comm_size, comm_split, comm_dup, location)", name)
	}
	return nil
}

// finish appends what SimGrid does after a rank's last action: wait for
// every request still outstanding.
func (l *lowerer) finish(st *rankState) {
	st.push(ir.Op{Kind: ir.Wait, Elem: ElemFinalize, Request: ir.AllRequests})
	st.push(ir.Op{Kind: ir.End, Elem: -1})
}

func join(f [][]byte) string {
	var s []byte
	for i, x := range f {
		if i > 0 {
			s = append(s, ' ')
		}
		s = append(s, x...)
	}
	return string(s)
}

// intern returns the action name without allocating for the known ones
// (the compiler turns a switch on string(b) into comparisons).
func intern(b []byte) string {
	switch string(b) {
	case "compute":
		return "compute"
	case "send":
		return "send"
	case "isend":
		return "isend"
	case "recv":
		return "recv"
	case "irecv":
		return "irecv"
	case "wait":
		return "wait"
	case "waitall":
		return "waitall"
	case "test":
		return "test"
	case "init":
		return "init"
	case "finalize":
		return "finalize"
	case "allreduce":
		return "allreduce"
	case "bcast":
		return "bcast"
	case "barrier":
		return "barrier"
	case "alltoall":
		return "alltoall"
	case "reduce":
		return "reduce"
	case "sleep":
		return "sleep"
	}
	return string(b)
}
