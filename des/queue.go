// Package des is augur's discrete-event kernel: a virtual clock's event
// queue and multi-server facilities with FCFS, priority and round-robin
// queueing. It knows nothing of programs or networks; the engine builds on it.
//
// Simulated processes are not goroutines: an event names a target (an
// integer the engine interprets), and the engine steps that target's state
// machine. That keeps a million simulated processes in a few hundred bytes
// each and makes runs deterministic.
package des

// Event is one scheduled happening.
type Event struct {
	Time   float64
	seq    uint64 // insertion order: breaks ties so equal times pop FIFO
	Target int32
	Kind   uint8
	Arg    int32
}

// Queue is a priority queue of events ordered by (Time, insertion order).
// It is a 4-ary heap: shallower than a binary heap, so fewer cache misses
// with millions of pending events.
type Queue struct {
	h   []Event
	seq uint64
}

// Len is the number of pending events.
func (q *Queue) Len() int { return len(q.h) }

// Push schedules an event.
func (q *Queue) Push(t float64, target int32, kind uint8, arg int32) {
	q.seq++
	q.h = append(q.h, Event{Time: t, seq: q.seq, Target: target, Kind: kind, Arg: arg})
	q.up(len(q.h) - 1)
}

// PeekTime returns the time of the earliest event; ok is false if empty.
func (q *Queue) PeekTime() (t float64, ok bool) {
	if len(q.h) == 0 {
		return 0, false
	}
	return q.h[0].Time, true
}

// Pop removes and returns the earliest event. The queue must not be empty.
func (q *Queue) Pop() Event {
	h := q.h
	top := h[0]
	n := len(h) - 1
	h[0] = h[n]
	q.h = h[:n]
	if n > 1 {
		q.down(0)
	}
	return top
}

func less(a, b *Event) bool {
	if a.Time != b.Time {
		return a.Time < b.Time
	}
	return a.seq < b.seq
}

func (q *Queue) up(i int) {
	h := q.h
	e := h[i]
	for i > 0 {
		p := (i - 1) / 4
		if !less(&e, &h[p]) {
			break
		}
		h[i] = h[p]
		i = p
	}
	h[i] = e
}

func (q *Queue) down(i int) {
	h := q.h
	n := len(h)
	e := h[i]
	for {
		c := 4*i + 1
		if c >= n {
			break
		}
		best := c
		end := c + 4
		if end > n {
			end = n
		}
		for j := c + 1; j < end; j++ {
			if less(&h[j], &h[best]) {
				best = j
			}
		}
		if !less(&h[best], &e) {
			break
		}
		h[i] = h[best]
		i = best
	}
	h[i] = e
}
