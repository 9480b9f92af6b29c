package engine

import (
	"fmt"
	"math"
	"slices"

	"augur/internal/engine/internal/coll"
	"augur/internal/ir"
)

// Event-free evaluation of collectives.
//
// Under ir.CompleteAfterAll no process leaves a collective before the last
// arrival, so when the last process arrives every participant's arrival
// time (its opStart) is known. Without NIC serialisation a transfer shares
// no resource with any other, and the collective's messages carry tags of
// their own that nothing outside it can match: its internal messages
// cannot interact with the rest of the simulation. The algorithm's
// outcome is then a pure function of the arrival times, computed here by
// a dataflow pass over the processes' round generators: each process runs
// its rounds from its arrival time until a receive (or a rendezvous send)
// needs a partner that has not got that far; the partner resumes it from a
// worklist when it posts the matching operation. Timing, matching (FIFO
// per sender and receiver within the collective) and the accounting of
// transfer intervals follow p2p.go exactly, so the result is the event
// path's, with one event per process instead of several per round.

// fastColl is the event-free evaluation's state. Its arrays are indexed by
// pid, allocated at the first collective that uses them and reused by every
// later one: under ir.CompleteAfterAll at most one collective is ever partly
// arrived.
type fastColl struct {
	e *engine
	// rec holds what each participant brought to the collective being
	// gathered (join), and after run its results.
	rec []fastRec
	n   int32 // participants joined so far
	// The general dataflow (general), allocated on first use: the
	// array passes of regular algorithms need none of it.
	st   []fastProc
	msgs []fastMsg // pending messages beyond the one kept in each receiver
	free int32     // first free entry of msgs, -1 if none
	work []int32   // pids whose round may go on
	// order is a buffer for the participants in wake order.
	order []int32
	// uniform: the machine is one group of nodes without a topology, so
	// every path within a node costs intra and every other path inter
	// (the network's PathCost, looked up once).
	uniform      bool
	intra, inter [2]float64
}

// fastRec is one participant: 64 bytes, one cache line, since the array
// passes touch a partner's record per round and a million of them do not
// fit in any cache.
type fastRec struct {
	t      float64 // arrival; then the end of its last complete round
	lo, hi float64 // the open group of the union of transfer intervals
	comm   float64 // closed groups' length; at the end the whole union
	b      float64 // the size of its messages (op.Bytes)
	node   int32
	ui     int32  // the participating unit
	mark   uint32 // seq+1 of the collective it takes part in
	has    bool   // lo, hi hold an open group
	done   bool   // went through all its rounds
	algo   ir.Algorithm
	_      [9]byte
}

// fastRound gathers the parts of one round of one process: when the round
// ends and its transfer intervals (at most two: a send and a receive).
type fastRound struct {
	end  float64
	a, f [2]float64
	n    int
}

// part records a part of the round that finished at fin after moving data
// for xfer seconds; it is fastProc.part without the folding.
func (r *fastRound) part(fin, xfer float64) {
	if fin > r.end {
		r.end = fin
	}
	if xfer <= 0 {
		return
	}
	r.a[r.n], r.f[r.n] = fin-xfer, fin
	r.n++
}

// close folds the round into the participant's union and moves it to the
// round's end, as fastProc.part and closeRound do: the intervals go to the
// union in order of their starts (equal starts give the same union in
// either order).
func (x *fastRec) close(r *fastRound) {
	switch {
	case r.n == 1:
		x.union(r.a[0], r.f[0])
	case r.n == 2 && r.a[1] < r.a[0]:
		x.union(r.a[1], r.f[1])
		x.union(r.a[0], r.f[0])
	case r.n == 2:
		x.union(r.a[0], r.f[0])
		x.union(r.a[1], r.f[1])
	}
	x.t = r.end
}

func (x *fastRec) union(a, b float64) {
	switch {
	case !x.has:
		x.lo, x.hi, x.has = a, b, true
	case a > x.hi:
		x.comm += x.hi - x.lo
		x.lo, x.hi = a, b
	case b > x.hi:
		x.hi = b
	}
}

// wakeBefore orders participants a and b by wake time (the later of the
// end of their rounds and the last arrival last), then end of rounds.
func (f *fastColl) wakeBefore(a, b int32, last float64) bool {
	x, y := &f.rec[a], &f.rec[b]
	wx, wy := max(x.t, last), max(y.t, last)
	if wx != wy {
		return wx < wy
	}
	return x.t < y.t
}

// use tells whether collectives are evaluated without events.
func (f *fastColl) use() bool {
	e := f.e
	return e.colls.completeAfterAll() && !e.m.Net.NICSerialise && !e.cfg.noFastColl
}

// join registers a cost-less process arriving at collective seq, which
// is evaluated once the last process has arrived.
func (f *fastColl) join(ui int32, seq uint32, t float64) bool {
	e := f.e
	if f.rec == nil {
		f.rec = make([]fastRec, e.cfg.Procs)
		f.free = -1
		if m := e.m; m.Topo == nil && len(m.Groups) == 1 {
			f.uniform = true
			f.intra[0], f.intra[1] = e.p2p.paths.PathCost(0, 0)
			if m.NumNodes() > 1 {
				f.inter[0], f.inter[1] = e.p2p.paths.PathCost(0, 1)
			}
		}
	}
	u := &e.units[ui]
	pid := u.pid
	r := &f.rec[pid]
	if r.mark == seq+1 {
		e.failAt(u.op.Elem, fmt.Errorf("%s: process %d takes part twice in collective #%d (from two of its threads)", e.name(u.op.Elem), pid, seq+1))
		return false
	}
	*r = fastRec{t: t, b: u.op.Bytes, node: u.node, ui: ui, mark: seq + 1, algo: u.op.Algo}
	f.n++
	return true
}

// run evaluates collective seq, all of whose processes have arrived
// (the last at inst.last), and wakes every participant at its completion.
func (f *fastColl) run(inst *collInst, seq uint32) {
	e := f.e
	if f.n == 0 {
		return // every process gave the collective a cost
	}
	mark := seq + 1
	// The array passes take every process through all its rounds.
	allDone := true
	switch f.arrayAlgo(inst) {
	case coll.RecDoubling:
		f.arrayRecDoubling()
	case coll.Bcast:
		f.arrayBcast(inst.root)
	default:
		f.general(mark)
		allDone = false
	}
	f.n = 0
	// Wake the participants in the order the event path would: by wake
	// time, then by when they finished their rounds (the order in which
	// they joined the waiters for the last arrival), then by pid. Ties
	// matter when processes then compete, for a CPU for instance.
	last := inst.last
	if f.order == nil {
		f.order = make([]int32, 0, len(f.rec))
	}
	order := f.order[:0]
	sorted := true
	for pid := range f.rec {
		r := &f.rec[pid]
		if r.mark != mark {
			continue
		}
		r.mark = 0
		if !allDone && !r.done {
			// Its partner takes no part in the algorithm (it gave the
			// collective a cost): blocked for ever, as in the event path,
			// and reported as a deadlock.
			continue
		}
		if r.has {
			r.comm += r.hi - r.lo
		}
		if n := len(order); n > 0 && sorted && f.wakeBefore(int32(pid), order[n-1], last) {
			sorted = false
		}
		order = append(order, int32(pid))
	}
	if !sorted {
		slices.SortStableFunc(order, func(a, b int32) int {
			if f.wakeBefore(a, b, last) {
				return -1
			}
			if f.wakeBefore(b, a, last) {
				return 1
			}
			return 0
		})
	}
	for _, pid := range order {
		r := &f.rec[pid]
		e.units[r.ui].opComm = r.comm
		e.wakeNow(r.ui, max(r.t, last))
	}
	f.order = order[:0]
}

// arrayAlgo tells which array pass evaluates the collective: one whose
// rounds follow a fixed pattern over pids, every process taking part with
// the same algorithm (sizes may differ). coll.None: the general dataflow.
func (f *fastColl) arrayAlgo(inst *collInst) coll.Kind {
	e := f.e
	if e.cfg.noArrayColl || int(f.n) != e.cfg.Procs {
		return coll.None
	}
	algo := f.rec[0].algo
	for i := range f.rec {
		if f.rec[i].algo != algo {
			return coll.None
		}
	}
	// plan's own choice of generator, rather than a copy of its rules,
	// says whether a pass applies: a single recursive doubling or
	// binomial bcast (the root does not change the choice).
	var c coll.Plan
	c.Set(inst.kind, algo, int32(e.cfg.Procs), 0, max(inst.root, 0), 0)
	if g := c.Gen(0); c.Len() == 1 && (g.Kind() == coll.RecDoubling || g.Kind() == coll.Bcast) {
		return g.Kind()
	}
	return coll.None
}

// msg1 evaluates the message of sender x (posting its send at x.t) to
// receiver y (posting its receive at y.t), adding its parts to the
// rounds rx and ry: fastSend, fastRecv and fastMatch in one.
func (f *fastColl) msg1(x, y *fastRec, rx, ry *fastRound) {
	e := f.e
	if e.p2p.proto.Eager(x.b) {
		inject, arrival := f.pathCost(x.node, y.node, x.b, x.t)
		rx.part(x.t+inject, inject)
		fin := max(y.t, arrival)
		ry.part(fin, min(arrival-x.t, fin-y.t))
		return
	}
	tm := max(x.t, y.t)
	lat, _ := f.path(x.node, y.node)
	start := tm + lat
	_, arrival := f.pathCost(x.node, y.node, x.b, start)
	xfer := arrival - start
	ry.part(arrival, xfer)
	rx.part(arrival, xfer)
}

// arrayOneWay is a round in which x sends to y and y receives from x.
func (f *fastColl) arrayOneWay(x, y *fastRec) {
	rx, ry := fastRound{end: x.t}, fastRound{end: y.t}
	f.msg1(x, y, &rx, &ry)
	x.close(&rx)
	y.close(&ry)
}

// arrayExchange is a round in which x and y send to and receive from
// each other.
func (f *fastColl) arrayExchange(x, y *fastRec) {
	rx, ry := fastRound{end: x.t}, fastRound{end: y.t}
	f.msg1(x, y, &rx, &ry)
	f.msg1(y, x, &ry, &rx)
	x.close(&rx)
	y.close(&ry)
}

// arrayPanel is how many recursive doubling ranks a panel holds: their
// records (64 bytes each, at most twice as many with the folded ranks
// interleaved) stay in the L2 cache for all the rounds run on the panel.
const arrayPanel = 1 << 13

// arrayRecDoubling evaluates coll.RecDoubling for every process: the
// exchange of a round depends only on the two partners' states after the
// previous round, so the rounds can run over the array instead of
// following dependencies, in any order that keeps each process's rounds
// in sequence. They run in panels, as a cache-blocked FFT: the rounds of
// masks 2^a..2^(b-1) only pair ranks that differ in bits a..b-1, so the
// ranks sharing their other bits (w adjacent values of the low bits a
// panel) go through all those rounds while they are in the cache; the
// records are read as a few sequential streams.
func (f *fastColl) arrayRecDoubling() {
	rec := f.rec
	p := int32(len(rec))
	pof2 := int32(1)
	for pof2*2 <= p {
		pof2 *= 2
	}
	rem := p - pof2
	// The power-of-two group: new rank i is process 2i+1 for i < rem,
	// i+rem beyond.
	pidOf := func(i int32) int32 {
		if i < rem {
			return 2*i + 1
		}
		return i + rem
	}
	for a := int32(1); a < pof2; {
		// Masks a..b/2 (powers of two), panels of w low values.
		w := min(a, 32)
		b := min(pof2, a*(arrayPanel/w))
		for hi := int32(0); hi < pof2; hi += b {
			if a == 1 {
				// Before its first round, rank 2i folds into 2i+1
				// (new rank i), for the i < rem of this panel.
				for i := hi; i < min(hi+b, rem); i++ {
					f.arrayOneWay(&rec[2*i], &rec[2*i+1])
				}
			}
			for l0 := int32(0); l0 < a; l0 += w {
				for m := a; m < b; m <<= 1 {
					for jb := hi; jb < hi+b; jb += 2 * m {
						for j := jb; j < jb+m; j += a {
							for i := j + l0; i < j+l0+w; i++ {
								f.arrayExchange(&rec[pidOf(i)], &rec[pidOf(i+m)])
							}
						}
					}
				}
				if b == pof2 {
					// After its last round, new rank i < rem gives
					// the result to the rank that folded into it.
					for j := hi; j < hi+b; j += a {
						for i := j + l0; i < min(j+l0+w, rem); i++ {
							f.arrayOneWay(&rec[2*i+1], &rec[2*i])
						}
					}
				}
			}
		}
		a = b
	}
}

// arrayBcast evaluates coll.Bcast (binomial, from root) for every process:
// in increasing relative rank, each process has received from its parent
// (a lower rank) and sends to its children, farthest first, each send a
// round of its own; a child's receive round is its first, posted at its
// arrival.
func (f *fastColl) arrayBcast(root int32) {
	rec := f.rec
	p := int32(len(rec))
	top := int32(1)
	for top < p {
		top <<= 1
	}
	for q := int32(0); q < p; q++ {
		x := &rec[(q+root)%p]
		m := top
		if q != 0 {
			m = q & -q
		}
		for m >>= 1; m > 0; m >>= 1 {
			if c := q + m; c < p {
				f.arrayOneWay(x, &rec[(c+root)%p])
			}
		}
	}
}

// general evaluates collective seq by the general dataflow: each
// process runs its rounds from its arrival time until a receive (or a
// rendezvous send) needs a partner that has not got that far; the partner
// resumes it from a worklist when it posts the matching operation.
func (f *fastColl) general(mark uint32) {
	e := f.e
	p := int32(e.cfg.Procs)
	if f.st == nil {
		f.st = make([]fastProc, p)
	}
	for pid := range f.rec {
		r := &f.rec[pid]
		if r.mark != mark {
			continue
		}
		u := &e.units[r.ui]
		var c coll.Plan
		c.Set(u.op.Kind, u.op.Algo, p, int32(pid), u.op.root(), u.op.Bytes)
		// Compositions run their two generators one after the other; only
		// the running one is kept (see next).
		f.st[pid] = fastProc{t: r.t, end: r.t, ui: r.ui, node: r.node, from: -1, mark: mark,
			g: c.Gen(0), second: c.Len() == 2, head: -1, tail: -1}
	}
	for pid := range f.st {
		if f.st[pid].mark != mark {
			continue
		}
		f.advance(int32(pid))
		for n := len(f.work); n > 0; n = len(f.work) {
			q := f.work[n-1]
			f.work = f.work[:n-1]
			f.advance(q)
		}
	}
	for pid := range f.st {
		s := &f.st[pid]
		if s.mark != mark {
			continue
		}
		s.mark = 0
		r := &f.rec[pid]
		r.t, r.done = s.t, s.done
		r.lo, r.hi, r.comm, r.has = s.lo, s.hi, s.comm, s.has
	}
	// Messages left over (to processes that never receive them) go.
	f.msgs = f.msgs[:0]
	f.free = -1
}

// fastProc is one process's progress through the algorithm. Everything a
// round touches, including the oldest messages waiting for the process,
// sits in this one record: the partners of a large collective are far
// apart in memory, and each extra array would be a cache miss per round.
type fastProc struct {
	// What a partner's send touches comes first, in the record's first
	// cache line (records are 3 lines and the array is line-aligned).
	node  int32  // the participant's node
	mark  uint32 // seq+1 of the collective it takes part in
	from  int32  // receive waiting for a message from this pid, -1 if none
	left  int8   // parts of the current round not complete
	nmail uint8
	nx    bool    // x holds a transfer interval of the current round
	has   bool    // lo, hi hold an open group
	t     float64 // when the current round was posted
	end   float64 // latest completion among the current round's parts
	x     [2]float64
	head  int32 // further pending messages, in msgs, -1 if none
	tail  int32

	lo   float64 // the open group of the union of transfer intervals
	hi   float64
	comm float64 // closed groups' length
	ui   int32   // the participating unit
	done bool    // no rounds left
	// second: the algorithm is a composition whose second generator
	// follows g.
	second bool
	// mail holds the oldest nmail pending messages to this process, in
	// the order they were sent. Messages for later rounds often arrive
	// first (a recursive doubling partner may be ahead), so a few slots
	// spare most receives a walk through msgs.
	mail [fastMailSlots]fastMail
	g    coll.Gen
}

const fastMailSlots = 3

// fastMail is a message posted and not yet received: eager, when its data
// started to move (a) and arrives (b); rendezvous, when it was posted (a)
// and its size (b).
type fastMail struct {
	a, b  float64
	src   int32
	eager bool
}

// fastMsg is a pending message beyond a receiver's mail slots.
type fastMsg struct {
	fastMail
	next int32 // next pending message of the same receiver
}

// next returns the process's next round, moving on to the second
// algorithm of a composition.
func (f *fastColl) next(pid int32) (coll.Step, bool) {
	e := f.e
	s := &f.st[pid]
	if st, ok := s.g.Next(nil); ok {
		return st, true
	}
	if !s.second {
		return coll.Step{}, false
	}
	u := &e.units[s.ui]
	var c coll.Plan
	c.Set(u.op.Kind, u.op.Algo, int32(e.cfg.Procs), pid, u.op.root(), u.op.Bytes)
	s.g = c.Gen(1)
	s.second = false
	return s.g.Next(nil)
}

// advance runs the process's rounds until one has to wait for a
// partner or the algorithm is done.
func (f *fastColl) advance(pid int32) {
	s := &f.st[pid]
	for s.left == 0 && !s.done {
		// The previous round (if any) is complete: fold its transfer
		// intervals, and post the next round when it ended.
		s.closeRound()
		s.t = s.end
		st, ok := f.next(pid)
		s = &f.st[pid]
		if !ok {
			s.done = true
			return
		}
		if st.To >= 0 {
			f.send(pid, st.To, st.SendB)
		}
		if st.From >= 0 {
			f.recv(pid, st.From)
		}
	}
}

// closeRound adds the round's pending transfer interval to the union: the
// rounds follow each other in time, so feeding their intervals in order of
// their starts round by round groups them as foldXfers does all at once.
func (s *fastProc) closeRound() {
	if s.nx {
		s.union(s.x[0], s.x[1])
		s.nx = false
	}
}

func (s *fastProc) union(a, b float64) {
	switch {
	case !s.has:
		s.lo, s.hi, s.has = a, b, true
	case a > s.hi:
		s.comm += s.hi - s.lo
		s.lo, s.hi = a, b
	case b > s.hi:
		s.hi = b
	}
}

// part records a completed part of the current round: it finished at fin
// after moving data for xfer seconds (see addXfer). A round has at most
// two parts: the first interval waits in x for the second, and the two go
// to the union in order of their starts.
func (s *fastProc) part(fin, xfer float64) {
	if fin > s.end {
		s.end = fin
	}
	if xfer <= 0 {
		return
	}
	a := fin - xfer
	if !s.nx {
		s.x, s.nx = [2]float64{a, fin}, true
		return
	}
	if a < s.x[0] {
		s.union(a, fin)
		s.union(s.x[0], s.x[1])
	} else {
		s.union(s.x[0], s.x[1])
		s.union(a, fin)
	}
	s.nx = false
}

// pathCost is transfer for the dataflow: without NIC serialisation a
// transfer of bytes between nodes a and b starting at t needs no state.
func (f *fastColl) pathCost(a, b int32, bytes, t float64) (inject, arrival float64) {
	lat, bw := f.path(a, b)
	if bytes > 0 && !math.IsInf(bw, 1) {
		inject = bytes / bw
	}
	return inject, t + lat + inject
}

// path is the network's PathCost for the dataflow.
func (f *fastColl) path(a, b int32) (latency, bandwidth float64) {
	e := f.e
	switch {
	case !f.uniform:
		return e.p2p.paths.PathCost(int(a), int(b))
	case a == b:
		return f.intra[0], f.intra[1]
	default:
		return f.inter[0], f.inter[1]
	}
}

// send posts the process's send of bytes to dst at its round's time.
func (f *fastColl) send(src, dst int32, bytes float64) {
	e := f.e
	s := &f.st[src]
	d := &f.st[dst]
	m := fastMail{src: src}
	if e.p2p.proto.Eager(bytes) {
		// Eager: the data leaves now; the sender is done after injecting it.
		inject, arrival := f.pathCost(s.node, d.node, bytes, s.t)
		s.part(s.t+inject, inject)
		m.eager, m.a, m.b = true, s.t, arrival
	} else {
		// Rendezvous: the sender waits for the receive.
		s.left++
		m.a, m.b = s.t, bytes
	}
	if d.mark != s.mark {
		return // dst gave the collective a cost: never received
	}
	if d.from == src {
		d.from = -1
		f.match(dst, &m)
		if d.left--; d.left == 0 {
			f.work = append(f.work, dst)
		}
		return
	}
	// Keep it for dst's receive: in dst's own record if a slot is free
	// and nothing older waits in msgs (messages from one sender stay in
	// order), else at the end of dst's list.
	if d.nmail < fastMailSlots && d.head < 0 {
		d.mail[d.nmail] = m
		d.nmail++
		return
	}
	id := f.free
	if id >= 0 {
		f.free = f.msgs[id].next
	} else {
		id = int32(len(f.msgs))
		f.msgs = append(f.msgs, fastMsg{})
	}
	f.msgs[id] = fastMsg{fastMail: m, next: -1}
	if d.tail >= 0 {
		f.msgs[d.tail].next = id
	} else {
		d.head = id
	}
	d.tail = id
}

// recv posts the process's receive from src at its round's time: it
// takes the oldest pending message from src, or waits for one.
func (f *fastColl) recv(dst, src int32) {
	d := &f.st[dst]
	for i := uint8(0); i < d.nmail; i++ {
		if d.mail[i].src == src {
			m := d.mail[i]
			copy(d.mail[i:d.nmail], d.mail[i+1:d.nmail])
			d.nmail--
			f.match(dst, &m)
			return
		}
	}
	prev := int32(-1)
	for id := d.head; id >= 0; prev, id = id, f.msgs[id].next {
		m := &f.msgs[id]
		if m.src != src {
			continue
		}
		next := m.next
		if prev >= 0 {
			f.msgs[prev].next = next
		} else {
			d.head = next
		}
		if d.tail == id {
			d.tail = prev
		}
		msg := m.fastMail
		m.next = f.free
		f.free = id
		f.match(dst, &msg)
		return
	}
	d.from = src
	d.left++
}

// match pairs message m with the receive dst posted at its round's
// time, with the rules of match.
func (f *fastColl) match(dst int32, m *fastMail) {
	d := &f.st[dst]
	tr := d.t
	if m.eager {
		fin := max(tr, m.b)
		d.part(fin, min(m.b-m.a, fin-tr))
		return
	}
	// Rendezvous, matched when the later of the two was posted: the
	// clear-to-send takes one latency, then the data moves; both sides
	// complete at its arrival.
	s := &f.st[m.src]
	tm := max(m.a, tr)
	lat, _ := f.path(s.node, d.node)
	start := tm + lat
	_, arrival := f.pathCost(s.node, d.node, m.b, start)
	xfer := arrival - start
	d.part(arrival, xfer)
	s.part(arrival, xfer)
	if s.left--; s.left == 0 {
		f.work = append(f.work, m.src)
	}
}
