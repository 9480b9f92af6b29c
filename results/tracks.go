package results

import (
	"fmt"
	"math"
	"sort"

	"augur/engine"
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

// bindMessages finds, for every message the writers write, the slice on
// the sender's track that contains its send and the slice on the
// receiver's track that contains its arrival (or, if the receiver was
// between slices then, the next one). Messages that end past the complete
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
		s := t.sliceAt(m.Src, m.SrcTid, m.SendPost, false)
		r := t.sliceAt(m.Dst, m.DstTid, m.RecvEnd, true)
		if s < 0 || r < 0 {
			unbound++
			continue
		}
		bound = append(bound, boundMessage{m: m, send: s, recv: r})
	}
	return bound, unbound
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
