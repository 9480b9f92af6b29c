// Package des is augur's discrete-event kernel: a virtual clock's event
// queue and multi-server facilities with FCFS, priority and round-robin
// queueing. It knows nothing of programs or networks; the engine builds on it.
//
// Simulated processes are not goroutines: an event names a target (an
// integer the engine interprets), and the engine steps that target's state
// machine. That keeps a million simulated processes in a few hundred bytes
// each and makes runs deterministic.
package des

import "math"

// Event is one scheduled happening.
type Event struct {
	Time   float64
	Target int32
	Kind   uint8
	Arg    int32
}

// slot is an event as the heap keeps it: 24 bytes instead of 32, so that
// more of a large heap stays in the caches (popping is most of the
// queue's cost, and most of that is memory).
type slot struct {
	Time    float64
	seqKind uint64 // insertion order << 8 | kind: the order breaks ties so equal times pop FIFO
	Target  int32
	Arg     int32
}

func (s *slot) kind() uint8 { return uint8(s.seqKind) }

func (s *slot) event() Event {
	return Event{Time: s.Time, Target: s.Target, Kind: s.kind(), Arg: s.Arg}
}

// mkSlot packs an event with its insertion number (below 2^56: at a
// billion events a second that is two years).
func mkSlot(t float64, seq uint64, target int32, kind uint8, arg int32) slot {
	return slot{Time: t, seqKind: seq<<8 | uint64(kind), Target: target, Arg: arg}
}

// Queue is a priority queue of events ordered by (Time, insertion order):
// a binary heap. (A 4-ary heap, shallower, was no faster at two million
// pending events once pops leave the root vacant, and slower at the
// eight of a thread trace: a sift down then compares three children
// where it needs one.)
//
// One kind of event may be keyed (SetKeyed): at most one event of that
// kind is pending per target, and Reschedule moves it instead of adding
// another. A flow network whose rates change reschedules each flow's
// completion many times; without keys every superseded completion would
// stay in the heap until its time (26 M stale events in a 1 M-action
// replay with linear reductions).
//
// Pop leaves the root vacant instead of refilling it at once: the engine
// mostly pushes one event after each it pops (a unit's next step), and
// a push into the vacant root sifts down once where a refill and a push
// would sift down and then up (a third of the queue's instructions on a
// thread trace). PeekTime reads the earliest of the rest without filling
// it; every other method fills the root first. The order is the heap's,
// event for event.
//
// A queue that has never held more than smallMax events is not a heap
// but an array sorted latest first: a pop takes the last event, a push
// moves up the events that come before the new one (times compared as
// bits, which order non-negative floats as they are ordered). A thread
// trace keeps fewer events pending than it has threads, and which child
// of a heap node comes first is a coin toss the processor cannot
// foresee (the array, in three steps, took 4, 3 and 2 % off a Strict
// Sequence run, least of 9 runs alternated with the heap). Past smallMax events, or at a negative time, the
// array is made a heap for good. Both pop the earliest event by (time,
// insertion order): the same order.
type Queue struct {
	h      []slot
	seq    uint64
	heap   bool // h is a heap; else an array sorted latest first (smallMax)
	vacant bool // a heap: h[0] is a popped event's slot, to be refilled

	keyed   bool
	keyKind uint8
	pos     []int32 // keyed kind: heap index of each target's event, -1 none
}

// smallMax is the most events a queue holds as a sorted array.
const smallMax = 16

// Len is the number of pending events.
func (q *Queue) Len() int {
	if q.vacant {
		return len(q.h) - 1
	}
	return len(q.h)
}

// refill fills the vacant root with the last event.
func (q *Queue) refill() {
	q.vacant = false
	n := len(q.h) - 1
	q.h[0] = q.h[n]
	q.h = q.h[:n]
	if n > 1 {
		q.down(0)
	} else if n == 1 {
		q.place(0)
	}
}

// Pushes counts the events pushed or rescheduled so far. Events pushed
// with consecutive counts and the same time are consecutive in the
// queue's order: none can come between them (Cancel and Pop remove
// events, they never insert one).
func (q *Queue) Pushes() uint64 { return q.seq }

// SetKeyed makes events of kind keyed by their target, for targets below
// n (Reschedule grows the index for larger ones). It must be called
// before any event of that kind is pushed.
func (q *Queue) SetKeyed(kind uint8, n int) {
	q.makeHeap() // keyed events are found by their heap index
	q.keyed, q.keyKind = true, kind
	q.pos = q.pos[:0]
	q.grow(n)
}

func (q *Queue) grow(n int) {
	for len(q.pos) < n {
		q.pos = append(q.pos, -1)
	}
}

// Push schedules an event. For the keyed kind use Reschedule.
func (q *Queue) Push(t float64, target int32, kind uint8, arg int32) {
	q.seq++
	if !q.heap {
		if t > 0 || t == 0 && !math.Signbit(t) {
			q.insert(mkSlot(t, q.seq, target, kind, arg))
			return
		}
		q.makeHeap() // the array compares times as bits: none below +0
	}
	if q.vacant {
		q.vacant = false
		q.h[0] = mkSlot(t, q.seq, target, kind, arg)
		q.down(0)
		return
	}
	q.h = append(q.h, mkSlot(t, q.seq, target, kind, arg))
	q.up(len(q.h) - 1)
}

// Reschedule schedules the keyed event of target at t with arg,
// replacing the one pending, if any. The event is ordered as if pushed
// now: among events of equal time it comes after those already pushed.
func (q *Queue) Reschedule(t float64, target int32, arg int32) {
	if q.vacant {
		q.refill()
	}
	q.grow(int(target) + 1)
	q.seq++
	i := q.pos[target]
	if i < 0 {
		q.h = append(q.h, mkSlot(t, q.seq, target, q.keyKind, arg))
		q.up(len(q.h) - 1)
		return
	}
	ev := &q.h[i]
	later := t >= ev.Time // the new seq is larger: at an equal time the event moves back
	*ev = mkSlot(t, q.seq, ev.Target, q.keyKind, arg)
	if later {
		q.down(int(i))
	} else {
		q.up(int(i))
	}
}

// Cancel removes the keyed event of target, if one is pending.
func (q *Queue) Cancel(target int32) {
	if int(target) >= len(q.pos) {
		return
	}
	i := int(q.pos[target])
	if i < 0 {
		return
	}
	if q.vacant {
		q.refill()
		i = int(q.pos[target])
	}
	q.pos[target] = -1
	n := len(q.h) - 1
	if i == n {
		q.h = q.h[:n]
		return
	}
	q.h[i] = q.h[n]
	q.h = q.h[:n]
	if i > 0 && less(&q.h[i], &q.h[(i-1)/2]) {
		q.up(i)
	} else {
		q.down(i)
	}
}

// PeekTime returns the time of the earliest event; ok is false if empty.
func (q *Queue) PeekTime() (t float64, ok bool) {
	if !q.heap {
		if len(q.h) == 0 {
			return 0, false
		}
		return q.h[len(q.h)-1].Time, true
	}
	if q.vacant {
		// The earliest of the rest is one of the root's children (the
		// last event, which a refill would move up, is below one of
		// them): no refill, so that a push can still fill the root.
		switch len(q.h) {
		case 1:
			return 0, false
		case 2:
			return q.h[1].Time, true
		}
		return min(q.h[1].Time, q.h[2].Time), true
	}
	if len(q.h) == 0 {
		return 0, false
	}
	return q.h[0].Time, true
}

// Peek returns the earliest event without removing it. The queue must not
// be empty.
func (q *Queue) Peek() Event {
	if !q.heap {
		return q.h[len(q.h)-1].event()
	}
	if q.vacant {
		q.refill()
	}
	return q.h[0].event()
}

// Each calls fn for every pending event, in no particular order.
func (q *Queue) Each(fn func(Event)) {
	if q.vacant {
		q.refill()
	}
	for i := range q.h {
		fn(q.h[i].event())
	}
}

// Reset empties the queue, keeping its storage for reuse.
func (q *Queue) Reset() {
	if q.vacant {
		q.refill()
	}
	for i := range q.h {
		if q.keyed && q.h[i].kind() == q.keyKind {
			q.pos[q.h[i].Target] = -1
		}
	}
	q.h = q.h[:0]
}

// Pop removes and returns the earliest event. The queue must not be empty.
func (q *Queue) Pop() Event {
	if !q.heap {
		n := len(q.h) - 1
		top := q.h[n]
		q.h = q.h[:n]
		return top.event()
	}
	if q.vacant {
		q.refill()
	}
	top := &q.h[0]
	if q.keyed && top.kind() == q.keyKind {
		q.pos[top.Target] = -1
	}
	q.vacant = true
	return top.event()
}

// place records the heap index of the event at i if it is keyed.
func (q *Queue) place(i int) {
	if q.keyed && q.h[i].kind() == q.keyKind {
		q.pos[q.h[i].Target] = int32(i)
	}
}

// makeHeap makes the sorted array a heap, for good.
func (q *Queue) makeHeap() {
	if q.heap {
		return
	}
	q.heap = true
	for i := len(q.h)/2 - 1; i >= 0; i-- {
		q.down(i)
	}
}

// insert puts e into the array sorted latest first, after every event
// that comes after it (an event of its time came before it: its
// insertion number is the largest), moving up those that come before
// it; the array becomes a heap once it would hold more than smallMax
// events.
func (q *Queue) insert(e slot) {
	n := len(q.h)
	if n == smallMax {
		q.makeHeap()
		q.h = append(q.h, e)
		q.up(n)
		return
	}
	q.h = append(q.h, e)
	h := q.h
	tb := math.Float64bits(e.Time)
	i := n
	for ; i > 0 && math.Float64bits(h[i-1].Time) <= tb; i-- {
		h[i] = h[i-1]
	}
	h[i] = e
}

func less(a, b *slot) bool {
	if a.Time != b.Time {
		return a.Time < b.Time
	}
	return a.seqKind < b.seqKind // seqs are unique: the kind bits never decide
}

func (q *Queue) up(i int) {
	h := q.h
	e := h[i]
	for i > 0 {
		p := (i - 1) / 2
		if !less(&e, &h[p]) {
			break
		}
		h[i] = h[p]
		q.place(i)
		i = p
	}
	h[i] = e
	q.place(i)
}

func (q *Queue) down(i int) {
	h := q.h
	n := len(h)
	e := h[i]
	for {
		c := 2*i + 1
		if c >= n {
			break
		}
		if d := c + 1; d < n && less(&h[d], &h[c]) {
			c = d
		}
		if !less(&h[c], &e) {
			break
		}
		h[i] = h[c]
		q.place(i)
		i = c
	}
	h[i] = e
	q.place(i)
}
