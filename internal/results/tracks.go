package results

import (
	"fmt"
	"math"
	"sort"

	"augur/internal/engine"
)

// What the two trace writers (Chrome/Perfetto and Paraver) share: which
// slices and messages they write, how tracks are grouped and named, and
// on which slices a message's two ends lie.

// trackGroup is a set of tracks shown together: the processes of one
// node, or one process that is on no node.
type trackGroup struct {
	name string
	node int32 // -1: not a node
	rows []int // tracks, in order
}

// groups returns the timeline's tracks grouped by node (nodes first, in
// node order, then unplaced processes in pid order).
func (t *Timeline) groups() []trackGroup {
	byNode := map[int32]int{}
	byPid := map[int32]int{}
	var gs []trackGroup
	for r, row := range t.rows {
		info, ok := t.procs[row.Pid]
		if ok && info.node >= 0 {
			g, seen := byNode[info.node]
			if !seen {
				g = len(gs)
				byNode[info.node] = g
				gs = append(gs, trackGroup{name: t.nodeName(info.node), node: info.node})
			}
			gs[g].rows = append(gs[g].rows, r)
			continue
		}
		g, seen := byPid[row.Pid]
		if !seen {
			g = len(gs)
			byPid[row.Pid] = g
			name := fmt.Sprintf("process %d", row.Pid)
			if ok && info.label != "" {
				name = info.label
			}
			gs = append(gs, trackGroup{name: name, node: -1})
		}
		gs[g].rows = append(gs[g].rows, r)
	}
	sort.SliceStable(gs, func(i, j int) bool {
		a, b := gs[i], gs[j]
		if (a.node >= 0) != (b.node >= 0) {
			return a.node >= 0
		}
		if a.node >= 0 {
			return a.node < b.node
		}
		return t.rows[a.rows[0]].Pid < t.rows[b.rows[0]].Pid
	})
	return gs
}

func (t *Timeline) nodeName(node int32) string {
	if n, ok := t.nodeNames[node]; ok && n != "" {
		return n
	}
	return fmt.Sprintf("node %d", node)
}

// trackLabel names track r for people: "rank 3", "rank 3 thread 1", the
// name a trace gave it, or "process 3".
func (t *Timeline) trackLabel(r int) string {
	row := t.rows[r]
	if n, ok := t.trackNames[[2]int32{row.Pid, row.Tid}]; ok {
		return n
	}
	if info, ok := t.procs[row.Pid]; ok && info.label != "" {
		l := info.label
		if row.Tid != 0 {
			l += fmt.Sprintf(" thread %d", row.Tid)
		}
		if info.host != "" {
			l += " (" + info.host + ")"
		}
		return l
	}
	if t.named {
		return row.Name
	}
	if row.Tid != 0 {
		return fmt.Sprintf("process %d thread %d", row.Pid, row.Tid)
	}
	return fmt.Sprintf("process %d", row.Pid)
}

// kept reports whether the writers write slice s: it starts before the
// time up to which the timeline is complete.
func (t *Timeline) kept(s *slice) bool { return s.start < t.cut }

// boundMessage is a message with the slices its two ends lie on (indexes
// into t.slices).
type boundMessage struct {
	m          *engine.Message
	send, recv int
}

// bindMessages finds, for every message the writers write, the slice of
// the send on the sender's track (else the one that contains the send)
// and the slice of the receive on the receiver's track if it contains the
// arrival (else the one that does or, if the receiver was between slices
// then, the next one). Messages that end past the complete
// part of the timeline, or whose ends lie on no slice, are counted in
// unbound. The result is in the order messages were recorded.
func (t *Timeline) bindMessages() (bound []boundMessage, unbound int) {
	t.Finish()
	for i := range t.msgs {
		m := &t.msgs[i]
		if !(m.RecvEnd < t.cut) {
			unbound++
			continue
		}
		// The send's own slice; the receive's if it was still going on
		// (a blocking receive), else the slice the data arrived in.
		s := t.collSlice(m.Src, m.SrcTid, m.SendElem, m.SendPost, m.SendPost)
		if s < 0 {
			s = t.sliceAt(m.Src, m.SrcTid, m.SendPost, false)
		}
		r := t.collSlice(m.Dst, m.DstTid, m.RecvElem, m.RecvEnd, m.RecvEnd)
		if r < 0 {
			r = t.sliceAt(m.Dst, m.DstTid, m.RecvEnd, true)
		}
		if s < 0 || r < 0 {
			unbound++
			continue
		}
		bound = append(bound, boundMessage{m: m, send: s, recv: r})
	}
	return bound, unbound
}

// collArrow is an arrow from the slice of the last process to arrive at
// a collective to the slice of one that was still in it then.
type collArrow struct {
	from, to int
	at       float64 // the last arrival
	last     int32   // its process
}

// bindCollectives finds the arrows of the collectives: from the slice in
// which the last process arrived to the slice of each other process that
// contains that time (processes that had already left, as a broadcast's
// leaves may under MPI's semantics, waited for no one and get none).
func (t *Timeline) bindCollectives() []collArrow {
	t.Finish()
	var out []collArrow
	for _, c := range t.colls {
		last := latest(c.Arrivals)
		if !(last.At < t.cut) {
			continue
		}
		from := t.collSlice(last.Pid, last.Tid, c.Elem, last.At, last.At)
		if from < 0 {
			continue
		}
		for _, a := range c.Arrivals {
			if a == last {
				continue
			}
			if to := t.collSlice(a.Pid, a.Tid, c.Elem, a.At, last.At); to >= 0 && to != from {
				out = append(out, collArrow{from: from, to: to, at: last.At, last: last.Pid})
			}
		}
	}
	return out
}

// collSlice (for collectives and the two ends of messages) returns the
// kept slice of track (pid, tid) of element elem
// (an index into the engine's elements, the timeline's own for programs)
// that starts at or before arrive and contains at, or -1.
func (t *Timeline) collSlice(pid, tid, elem int32, arrive, at float64) int {
	r := t.RowOf(pid, tid)
	if r < 0 {
		return -1
	}
	lo := t.rowStart[r]
	ss := t.slices[lo:t.rowStart[r+1]]
	i := sort.Search(len(ss), func(i int) bool { return ss[i].start > arrive })
	// Slices of a track do not overlap: those containing arrive are the
	// last few before i (several only when some last no time).
	for j := i - 1; j >= 0 && j >= i-64 && ss[j].end >= arrive; j-- {
		if ss[j].elem == elem && ss[j].start <= at && ss[j].end >= at && t.kept(&ss[j]) {
			return lo + j
		}
	}
	return -1
}

// sliceAt returns the index in t.slices of the kept slice of track
// (pid, tid) with start ≤ at ≤ end; failing that, for an arrival, the
// first kept slice that starts after at; else -1. Where one slice ends
// at at and the next starts there, a send lies on the one that starts
// (the send begins it) and an arrival on the one that ends (it waited
// for the data).
func (t *Timeline) sliceAt(pid, tid int32, at float64, arrival bool) int {
	r := t.RowOf(pid, tid)
	if r < 0 {
		return -1
	}
	lo := t.rowStart[r]
	ss := t.slices[lo:t.rowStart[r+1]]
	i := sort.Search(len(ss), func(i int) bool { return ss[i].start > at })
	if arrival && i > 1 && ss[i-1].start == at && ss[i-2].end >= at && ss[i-2].start < at && t.kept(&ss[i-2]) {
		return lo + i - 2
	}
	if i > 0 && ss[i-1].end >= at && t.kept(&ss[i-1]) {
		return lo + i - 1
	}
	if arrival && i < len(ss) && t.kept(&ss[i]) {
		return lo + i
	}
	return -1
}

// nanos converts seconds to integer nanoseconds, the unit both writers
// round to, so that back-to-back slices stay back to back.
func nanos(s float64) int64 { return int64(math.Round(s * 1e9)) }

// categoryName names the category of an element for the slices' arguments.
func (t *Timeline) categoryName(elem int32) string {
	cats := ProgramCategories
	if t.categories != nil {
		cats = *t.categories
	}
	return cats[categoryOf(t.elemNames[elem], t.elemKinds[elem])]
}

// SetCategories names the three categories (see Result.Categories) for
// the slices' arguments; the default is ProgramCategories.
func (t *Timeline) SetCategories(c [3]string) { t.categories = &c }
