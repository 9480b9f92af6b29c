package engine

import (
	"fmt"
	"math"
	"slices"
)

// Event-free evaluation of collectives.
//
// With SyncCollectives no process leaves a collective before the last
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

// fastColl is the dataflow state. Its array is indexed by pid, allocated
// at the first collective that uses it and reused by every later one: with
// SyncCollectives at most one collective is ever partly arrived.
type fastColl struct {
	st   []fastProc
	msgs []fastMsg // pending messages beyond the one kept in each receiver
	free int32     // first free entry of msgs, -1 if none
	work []int32   // pids whose round may go on
	// order is a buffer for the participants in wake order.
	order []int32
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
	g    gen
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

// wakeBefore orders participants a and b (wake time in end, end of rounds in t).
func (f *fastColl) wakeBefore(a, b int32) bool {
	x, y := &f.st[a], &f.st[b]
	if x.end != y.end {
		return x.end < y.end
	}
	return x.t < y.t
}

// useFastColl tells whether collectives are evaluated without events.
func (e *engine) useFastColl() bool {
	return e.cfg.SyncCollectives && !e.m.Net.NICSerialise && !e.cfg.noFastColl
}

// fastJoin registers a cost-less process arriving at collective seq, which
// is evaluated once the last process has arrived.
func (e *engine) fastJoin(ui int32, seq uint32, t float64) bool {
	f := &e.fast
	p := int32(e.cfg.Procs)
	if f.st == nil {
		f.st = make([]fastProc, p)
		f.free = -1
	}
	u := &e.units[ui]
	op := &u.op
	pid := u.pid
	if f.st[pid].mark == seq+1 {
		e.fail(fmt.Errorf("%s: process %d takes part twice in collective #%d (from two of its threads)",
			e.where(op.Elem), pid, seq+1))
		return false
	}
	var c collRun
	c.plan(op.Kind, op.Algo, p, pid, op.Peer, op.Bytes)
	// Compositions run their two generators one after the other; only
	// the running one is kept (see fastNext).
	f.st[pid] = fastProc{t: t, end: t, ui: ui, node: u.node, from: -1, mark: seq + 1, g: c.g[0], second: c.ng == 2, head: -1, tail: -1}
	return true
}

// fastRun evaluates collective seq, all of whose processes have arrived
// (the last at inst.last), and wakes every participant at its completion.
func (e *engine) fastRun(inst *collInst, seq uint32) {
	f := &e.fast
	mark := seq + 1
	for pid := range f.st {
		if f.st[pid].mark != mark {
			continue
		}
		e.fastAdvance(int32(pid))
		for n := len(f.work); n > 0; n = len(f.work) {
			q := f.work[n-1]
			f.work = f.work[:n-1]
			e.fastAdvance(q)
		}
	}
	// Wake the participants in the order the event path would: by wake
	// time, then by when they finished their rounds (the order in which
	// they joined the waiters for the last arrival), then by pid. Ties
	// matter when processes then compete, for a CPU for instance.
	order := f.order[:0]
	sorted := true
	for pid := range f.st {
		s := &f.st[pid]
		if s.mark != mark {
			continue
		}
		s.mark = 0
		if !s.done {
			// Its partner takes no part in the algorithm (it gave the
			// collective a cost): blocked for ever, as in the event path,
			// and reported as a deadlock.
			continue
		}
		s.end = math.Max(s.t, inst.last) // from now on: its wake time
		if n := len(order); n > 0 && sorted && f.wakeBefore(int32(pid), order[n-1]) {
			sorted = false
		}
		order = append(order, int32(pid))
	}
	if !sorted {
		slices.SortStableFunc(order, func(a, b int32) int {
			if f.wakeBefore(a, b) {
				return -1
			}
			if f.wakeBefore(b, a) {
				return 1
			}
			return 0
		})
	}
	for _, pid := range order {
		s := &f.st[pid]
		u := &e.units[s.ui]
		u.opComm = s.comm
		if s.has {
			u.opComm += s.hi - s.lo
		}
		e.wakeAt(s.ui, s.end)
	}
	f.order = order[:0]
	// Messages left over (to processes that never receive them) go.
	f.msgs = f.msgs[:0]
	f.free = -1
}

// fastNext returns the process's next round, moving on to the second
// algorithm of a composition.
func (e *engine) fastNext(pid int32) (step, bool) {
	s := &e.fast.st[pid]
	if st, ok := s.g.next(); ok {
		return st, true
	}
	if !s.second {
		return step{}, false
	}
	u := &e.units[s.ui]
	var c collRun
	c.plan(u.op.Kind, u.op.Algo, int32(e.cfg.Procs), pid, u.op.Peer, u.op.Bytes)
	s.g = c.g[1]
	s.second = false
	return s.g.next()
}

// fastAdvance runs the process's rounds until one has to wait for a
// partner or the algorithm is done.
func (e *engine) fastAdvance(pid int32) {
	f := &e.fast
	s := &f.st[pid]
	for s.left == 0 && !s.done {
		// The previous round (if any) is complete: fold its transfer
		// intervals, and post the next round when it ended.
		s.closeRound()
		s.t = s.end
		st, ok := e.fastNext(pid)
		s = &f.st[pid]
		if !ok {
			s.done = true
			return
		}
		if st.to >= 0 {
			e.fastSend(pid, st.to, st.sendB)
		}
		if st.from >= 0 {
			e.fastRecv(pid, st.from)
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
func (e *engine) pathCost(a, b int32, bytes, t float64) (inject, arrival float64) {
	lat, bw := e.m.PathCost(int(a), int(b))
	if bytes > 0 && !math.IsInf(bw, 1) {
		inject = bytes / bw
	}
	return inject, t + lat + inject
}

// fastSend posts the process's send of bytes to dst at its round's time.
func (e *engine) fastSend(src, dst int32, bytes float64) {
	f := &e.fast
	s := &f.st[src]
	d := &f.st[dst]
	m := fastMail{src: src}
	if bytes <= e.eager {
		// Eager: the data leaves now; the sender is done after injecting it.
		inject, arrival := e.pathCost(s.node, d.node, bytes, s.t)
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
		e.fastMatch(dst, &m)
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

// fastRecv posts the process's receive from src at its round's time: it
// takes the oldest pending message from src, or waits for one.
func (e *engine) fastRecv(dst, src int32) {
	f := &e.fast
	d := &f.st[dst]
	for i := uint8(0); i < d.nmail; i++ {
		if d.mail[i].src == src {
			m := d.mail[i]
			copy(d.mail[i:d.nmail], d.mail[i+1:d.nmail])
			d.nmail--
			e.fastMatch(dst, &m)
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
		e.fastMatch(dst, &msg)
		return
	}
	d.from = src
	d.left++
}

// fastMatch pairs message m with the receive dst posted at its round's
// time, with the rules of match.
func (e *engine) fastMatch(dst int32, m *fastMail) {
	f := &e.fast
	d := &f.st[dst]
	tr := d.t
	if m.eager {
		fin := math.Max(tr, m.b)
		d.part(fin, math.Min(m.b-m.a, fin-tr))
		return
	}
	// Rendezvous, matched when the later of the two was posted: the
	// clear-to-send takes one latency, then the data moves; both sides
	// complete at its arrival.
	s := &f.st[m.src]
	tm := math.Max(m.a, tr)
	lat, _ := e.m.PathCost(int(s.node), int(d.node))
	start := tm + lat
	_, arrival := e.pathCost(s.node, d.node, m.b, start)
	xfer := arrival - start
	d.part(arrival, xfer)
	s.part(arrival, xfer)
	if s.left--; s.left == 0 {
		f.work = append(f.work, m.src)
	}
}
