package results

import (
	"fmt"
	"math"
	"sort"

	"augur/internal/engine"
)

// What the trace writers (internal/writers/chrome, paraver, otf2) share:
// which slices and messages they write, how tracks are grouped and named,
// and on which slices a message's two ends lie. It is a type of its own,
// not methods of Timeline, so that the timeline keeps to what it records.

// Tracks is a finished timeline as the trace writers read it. Its
// slices, rows and element names are the timeline's own: read them, do
// not change them.
type Tracks struct{ t *Timeline }

// Tracks finishes the timeline (adding stops) and returns it for the
// trace writers.
func (t *Timeline) Tracks() *Tracks {
	t.Finish()
	return &Tracks{t}
}

// Rows lists the tracks, in (pid, tid) order.
func (k *Tracks) Rows() []Row { return k.t.rows }

// RowOf returns the track of (pid, tid), or -1.
func (k *Tracks) RowOf(pid, tid int32) int { return k.t.RowOf(pid, tid) }

// Spans are the slices, by track and then start; the indexes of
// BoundMessage and CollArrow are into it.
func (k *Tracks) Spans() []Span { return k.t.slices }

// First is the index in Spans of track r's first slice; its slices are
// Spans()[First(r):First(r+1)].
func (k *Tracks) First(r int) int { return k.t.rowStart[r] }

// Elements are the names and kinds of the elements, indexed by Span.Elem.
func (k *Tracks) Elements() (names, kinds []string) { return k.t.elemNames, k.t.elemKinds }

// Collectives are the collectives kept.
func (k *Tracks) Collectives() []engine.Collective { return k.t.colls }

// Window is the window set by SetWindow, if any.
func (k *Tracks) Window() (t0, t1 float64, ok bool) { return k.t.w0, k.t.w1, k.t.windowed }

// ProcessInfo is what SetProcess said of a process.
type ProcessInfo struct {
	Label, Host string
	Node        int32 // -1: not placed on a node
}

// Process returns what SetProcess said of pid, if anything.
func (k *Tracks) Process(pid int32) (ProcessInfo, bool) {
	info, ok := k.t.procs[pid]
	return ProcessInfo{Label: info.label, Host: info.host, Node: info.node}, ok
}

// ProcessLabel names process pid: its label, or "process PID".
func (k *Tracks) ProcessLabel(pid int32) string {
	if info, ok := k.t.procs[pid]; ok && info.label != "" {
		return info.label
	}
	return fmt.Sprintf("process %d", pid)
}

// TrackGroup is a set of tracks shown together: the processes of one
// node, or one process that is on no node.
type TrackGroup struct {
	Name string
	Node int32 // -1: not a node
	Rows []int // tracks, in order
}

// Groups returns the timeline's tracks grouped by node (nodes first, in
// node order, then unplaced processes in pid order).
func (k *Tracks) Groups() []TrackGroup {
	t := k.t
	byNode := map[int32]int{}
	byPid := map[int32]int{}
	var gs []TrackGroup
	for r, row := range t.rows {
		info, ok := t.procs[row.Pid]
		if ok && info.node >= 0 {
			g, seen := byNode[info.node]
			if !seen {
				g = len(gs)
				byNode[info.node] = g
				gs = append(gs, TrackGroup{Name: k.NodeName(info.node), Node: info.node})
			}
			gs[g].Rows = append(gs[g].Rows, r)
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
			gs = append(gs, TrackGroup{Name: name, Node: -1})
		}
		gs[g].Rows = append(gs[g].Rows, r)
	}
	sort.SliceStable(gs, func(i, j int) bool {
		a, b := gs[i], gs[j]
		if (a.Node >= 0) != (b.Node >= 0) {
			return a.Node >= 0
		}
		if a.Node >= 0 {
			return a.Node < b.Node
		}
		return t.rows[a.Rows[0]].Pid < t.rows[b.Rows[0]].Pid
	})
	return gs
}

// NodeName names a node: the name SetNodeName gave it, or "node N".
func (k *Tracks) NodeName(node int32) string {
	if n, ok := k.t.nodeNames[node]; ok && n != "" {
		return n
	}
	return fmt.Sprintf("node %d", node)
}

// TrackLabel names track r for people: "rank 3", "rank 3 thread 1", the
// name a trace gave it, or "process 3".
func (k *Tracks) TrackLabel(r int) string {
	t := k.t
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

// Kept reports whether the writers write slice s: it starts before the
// time up to which the timeline is complete.
func (k *Tracks) Kept(s *Span) bool { return s.Start < k.t.cut }

// BoundMessage is a message with the slices its two ends lie on (indexes
// into Spans).
type BoundMessage struct {
	M          *engine.Message
	Send, Recv int
}

// BoundMessages finds, for every message the writers write, the slice of
// the send on the sender's track (else the one that contains the send)
// and the slice of the receive on the receiver's track if it contains the
// arrival (else the one that does or, if the receiver was between slices
// then, the next one). Messages that end past the complete
// part of the timeline, or whose ends lie on no slice, are counted in
// unbound. The result is in the order messages were recorded.
func (k *Tracks) BoundMessages() (bound []BoundMessage, unbound int) {
	t := k.t
	for i := range t.msgs {
		m := &t.msgs[i]
		if !(m.RecvEnd < t.cut) {
			unbound++
			continue
		}
		// The send's own slice; the receive's if it was still going on
		// (a blocking receive), else the slice the data arrived in.
		s := k.CollSpan(m.Src, m.SrcTid, m.SendElem, m.SendPost, m.SendPost)
		if s < 0 {
			s = k.sliceAt(m.Src, m.SrcTid, m.SendPost, false)
		}
		r := k.CollSpan(m.Dst, m.DstTid, m.RecvElem, m.RecvEnd, m.RecvEnd)
		if r < 0 {
			r = k.sliceAt(m.Dst, m.DstTid, m.RecvEnd, true)
		}
		if s < 0 || r < 0 {
			unbound++
			continue
		}
		bound = append(bound, BoundMessage{M: m, Send: s, Recv: r})
	}
	return bound, unbound
}

// CollArrow is an arrow from the slice of the last process to arrive at
// a collective to the slice of one that was still in it then (indexes
// into Spans).
type CollArrow struct {
	From, To int
	At       float64 // the last arrival
	Last     int32   // its process
}

// CollectiveArrows finds the arrows of the collectives: from the slice in
// which the last process arrived to the slice of each other process that
// contains that time (processes that had already left, as a broadcast's
// leaves may under MPI's semantics, waited for no one and get none).
func (k *Tracks) CollectiveArrows() []CollArrow {
	t := k.t
	var out []CollArrow
	for _, c := range t.colls {
		last := latest(c.Arrivals)
		if !(last.At < t.cut) {
			continue
		}
		from := k.CollSpan(last.Pid, last.Tid, c.Elem, last.At, last.At)
		if from < 0 {
			continue
		}
		for _, a := range c.Arrivals {
			if a == last {
				continue
			}
			if to := k.CollSpan(a.Pid, a.Tid, c.Elem, a.At, last.At); to >= 0 && to != from {
				out = append(out, CollArrow{From: from, To: to, At: last.At, Last: last.Pid})
			}
		}
	}
	return out
}

// CollSpan (for collectives and the two ends of messages) returns the
// index in Spans of the kept slice of track (pid, tid) of element elem
// (an index into the engine's elements, the timeline's own for programs)
// that starts at or before arrive and contains at, or -1.
func (k *Tracks) CollSpan(pid, tid, elem int32, arrive, at float64) int {
	t := k.t
	r := t.RowOf(pid, tid)
	if r < 0 {
		return -1
	}
	lo := t.rowStart[r]
	ss := t.slices[lo:t.rowStart[r+1]]
	i := sort.Search(len(ss), func(i int) bool { return ss[i].Start > arrive })
	// Slices of a track do not overlap: those containing arrive are the
	// last few before i (several only when some last no time).
	for j := i - 1; j >= 0 && j >= i-64 && ss[j].End >= arrive; j-- {
		if ss[j].Elem == elem && ss[j].Start <= at && ss[j].End >= at && k.Kept(&ss[j]) {
			return lo + j
		}
	}
	return -1
}

// sliceAt returns the index in Spans of the kept slice of track
// (pid, tid) with start ≤ at ≤ end; failing that, for an arrival, the
// first kept slice that starts after at; else -1. Where one slice ends
// at at and the next starts there, a send lies on the one that starts
// (the send begins it) and an arrival on the one that ends (it waited
// for the data).
func (k *Tracks) sliceAt(pid, tid int32, at float64, arrival bool) int {
	t := k.t
	r := t.RowOf(pid, tid)
	if r < 0 {
		return -1
	}
	lo := t.rowStart[r]
	ss := t.slices[lo:t.rowStart[r+1]]
	i := sort.Search(len(ss), func(i int) bool { return ss[i].Start > at })
	if arrival && i > 1 && ss[i-1].Start == at && ss[i-2].End >= at && ss[i-2].Start < at && k.Kept(&ss[i-2]) {
		return lo + i - 2
	}
	if i > 0 && ss[i-1].End >= at && k.Kept(&ss[i-1]) {
		return lo + i - 1
	}
	if arrival && i < len(ss) && k.Kept(&ss[i]) {
		return lo + i
	}
	return -1
}

// Nanos converts seconds to integer nanoseconds, the unit the Chrome and
// Paraver writers both round to, so that back-to-back slices stay back
// to back.
func Nanos(s float64) int64 { return int64(math.Round(s * 1e9)) }

// Category names the category of an element for the slices' arguments.
func (k *Tracks) Category(elem int32) string {
	t := k.t
	cats := ProgramCategories
	if t.categories != nil {
		cats = *t.categories
	}
	return cats[categoryOf(t.elemNames[elem], t.elemKinds[elem])]
}

// SetCategories names the three categories (see Result.Categories) for
// the slices' arguments; the default is ProgramCategories.
func (t *Timeline) SetCategories(c [3]string) { t.categories = &c }
