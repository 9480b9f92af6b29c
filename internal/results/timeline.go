package results

import (
	"fmt"
	"math"
	"sort"

	"augur/internal/engine"
	"augur/internal/ir"
)

// Timeline holds the element executions of a run, a track (row) per unit.
// It implements engine.Tracer, so a prediction fills it directly. Views
// never draw its slices one by one: Aggregate folds any time window into a
// fixed grid of cells, so a 100,000-slice trace costs the browser no more
// than a ten-slice one (VPPB Fig. 13's Gantt chart, at any scale).
type Timeline struct {
	elemNames []string
	elemKinds []string
	elemIndex map[string]int32 // name+"\x00"+kind → index, for traces read from files

	rows     []Row
	rowIndex map[[2]int32]int32
	named    bool // tracks carry names from the trace's metadata

	slices   []Span
	limit    int   // at most this many slices (and as many messages) are kept
	dropped  int64 // slices beyond the limit
	finished bool
	// slicesOnly: messages and collectives are not kept (SlicesOnly).
	slicesOnly bool
	// sample > 0: keep a sample of at most 2·sample messages, one in
	// stride of those sent, and no collectives (SampleMessages).
	sample, stride int
	seen           int64

	msgs        []engine.Message
	colls       []engine.Collective
	arrows      int // messages and collective arrows kept, against the limit
	droppedMsgs int64
	// cut: the earliest start of a slice (or send of a message) that
	// was dropped. Every slice that starts before it was kept, so the
	// trace writers write [0, cut) whole.
	cut float64
	// window, if set, keeps only slices that overlap [w0, w1] and
	// messages sent and received within it.
	windowed bool
	w0, w1   float64
	outside  int64 // slices left out by the window

	procs      map[int32]procInfo // names and places of processes, for the writers
	nodeNames  map[int32]string
	categories *[3]string          // nil: ProgramCategories
	trackNames map[[2]int32]string // names given by SetTrackName
	rowStart   []int               // after Finish: slices of row r are slices[rowStart[r]:rowStart[r+1]]
	end        float64
}

// Row is one track: a process, thread or rank.
type Row struct {
	Name string `json:"name"`
	Pid  int32  `json:"pid"`
	Tid  int32  `json:"tid"`
}

// Span is one element execution: track Row spent [Start, End) seconds
// in element Elem (an index into the timeline's elements).
type Span struct {
	Row, Elem  int32
	Start, End float64
}

// maxGanttColumns is the most distinct elements a Gantt grid tells apart.
const maxGanttColumns = 256

// DefaultSliceLimit bounds the memory of one timeline (24 bytes a slice).
const DefaultSliceLimit = 4_000_000

// NewTimeline returns an empty timeline for a program with these elements
// (name and kind of each; the tracer's elem indexes into them). Nil
// slices are fine for traces read from files.
func NewTimeline(names, kinds []string) *Timeline {
	t := &Timeline{elemIndex: map[string]int32{}, rowIndex: map[[2]int32]int32{}, limit: DefaultSliceLimit,
		cut: math.Inf(1), procs: map[int32]procInfo{}, nodeNames: map[int32]string{},
		trackNames: map[[2]int32]string{}}
	for i, n := range names {
		k := ""
		if i < len(kinds) {
			k = kinds[i]
		}
		t.addElem(n, k)
	}
	return t
}

// SetLimit changes how many slices, and how many messages, are kept (the
// rest are counted, and the trace writers stop where the first was lost).
func (t *Timeline) SetLimit(n int) { t.limit = n }

// SetWindow keeps only what happens in [t0, t1] seconds: the slices that
// overlap it (whole) and the messages both sent and received in it.
func (t *Timeline) SetWindow(t0, t1 float64) {
	t.windowed, t.w0, t.w1 = true, t0, t1
}

// SlicesOnly makes the timeline keep element executions only, not
// messages and collectives: the workbench draws the former, and a large
// run's arrows would cost memory for nothing (the HTML report takes a
// sample of them: SampleMessages).
func (t *Timeline) SlicesOnly() { t.slicesOnly = true }

// SampleMessages makes the timeline keep a sample of the messages (from
// n to 2n of them, every k-th in the order they were sent, k a power of
// two) and no collectives: what the HTML report draws as arrows, at a
// memory that does not grow with the run.
func (t *Timeline) SampleMessages(n int) {
	t.sample, t.stride = max(n, 1), 1
}

// ElementNames returns the names of the timeline's elements.
func (t *Timeline) ElementNames() []string { return append([]string(nil), t.elemNames...) }

// SetElements gives the element table of a program, before any slice.
func (t *Timeline) SetElements(names, kinds []string) {
	for i, n := range names {
		k := ""
		if i < len(kinds) {
			k = kinds[i]
		}
		t.addElem(n, k)
	}
}

// procInfo names a process for the trace writers.
type procInfo struct {
	label, host string
	node        int32 // -1: not placed on a node
}

// SetProcess names process pid's tracks for the trace writers ("rank 3";
// its threads get " thread T") and places it on a host and node (node
// -1: none; its tracks then form a group of their own).
func (t *Timeline) SetProcess(pid int32, label, host string, node int32) {
	t.procs[pid] = procInfo{label: label, host: host, node: node}
}

// SetNodeName names a node for the trace writers.
func (t *Timeline) SetNodeName(node int32, name string) { t.nodeNames[node] = name }

// SetTrackName names the track of (pid, tid), creating it if needed.
func (t *Timeline) SetTrackName(pid, tid int32, name string) {
	r := t.row(pid, tid)
	t.rows[r].Name = name
	t.named = true
	t.trackNames[[2]int32{pid, tid}] = name
}

func (t *Timeline) addElem(name, kind string) int32 {
	key := name + "\x00" + kind
	if i, ok := t.elemIndex[key]; ok {
		return i
	}
	i := int32(len(t.elemNames))
	t.elemNames = append(t.elemNames, name)
	t.elemKinds = append(t.elemKinds, kind)
	t.elemIndex[key] = i
	return i
}

func (t *Timeline) row(pid, tid int32) int32 {
	k := [2]int32{pid, tid}
	if r, ok := t.rowIndex[k]; ok {
		return r
	}
	r := int32(len(t.rows))
	name := fmt.Sprintf("%d", pid)
	if tid != 0 {
		name = fmt.Sprintf("%d.%d", pid, tid)
	}
	t.rows = append(t.rows, Row{Name: name, Pid: pid, Tid: tid})
	t.rowIndex[k] = r
	return r
}

// Slice records that unit (pid, tid) spent [start, end) in element elem
// (an index into the names given to NewTimeline). It is engine.Tracer.
func (t *Timeline) Slice(pid, tid, elem int32, start, end float64) {
	if t.finished {
		return
	}
	if elem < 0 || int(elem) >= len(t.elemNames) {
		elem = t.addElem("?", "?")
	}
	t.add(t.row(pid, tid), elem, start, end)
}

// The timeline takes what a prediction or a replay reports.
var _ engine.MessageTracer = (*Timeline)(nil)

// Message records a point-to-point message. It makes the timeline an
// engine.MessageTracer.
func (t *Timeline) Message(m engine.Message) {
	if t.finished || t.slicesOnly || math.IsNaN(m.SendPost) || math.IsNaN(m.RecvEnd) || math.IsInf(m.RecvEnd, 0) {
		return
	}
	if t.windowed && (m.SendPost < t.w0 || m.RecvEnd > t.w1) {
		return
	}
	if t.sample > 0 {
		t.seen++
		if (t.seen-1)%int64(t.stride) != 0 {
			return
		}
		t.msgs = append(t.msgs, m)
		if len(t.msgs) >= 2*t.sample {
			// Keep every other: the sample stays one in stride.
			k := 0
			for i := 0; i < len(t.msgs); i += 2 {
				t.msgs[k] = t.msgs[i]
				k++
			}
			t.msgs = t.msgs[:k]
			t.stride *= 2
		}
		return
	}
	if t.arrows >= t.limit {
		t.droppedMsgs++
		t.cut = math.Min(t.cut, m.SendPost)
		return
	}
	t.arrows++
	t.msgs = append(t.msgs, m)
}

// Collective records a collective's arrivals; the writers draw an arrow
// from the last process to arrive to each one that was waiting for it.
// It makes the timeline an engine.MessageTracer.
func (t *Timeline) Collective(c engine.Collective) {
	if t.finished || t.slicesOnly || t.sample > 0 || len(c.Arrivals) < 2 {
		return
	}
	last := latest(c.Arrivals)
	if t.windowed && (last.At < t.w0 || last.At > t.w1) {
		return
	}
	if t.arrows+len(c.Arrivals)-1 > t.limit {
		t.droppedMsgs += int64(len(c.Arrivals) - 1)
		t.cut = math.Min(t.cut, last.At)
		return
	}
	t.arrows += len(c.Arrivals) - 1
	t.colls = append(t.colls, c)
}

// latest returns the last arrival (the first of equals).
func latest(as []engine.Arrival) engine.Arrival {
	l := as[0]
	for _, a := range as[1:] {
		if a.At > l.At {
			l = a
		}
	}
	return l
}

// AddNamed records a slice of an element known by name and kind, for
// traces read from files.
func (t *Timeline) AddNamed(pid, tid int32, name, kind string, start, end float64) {
	if t.finished {
		return
	}
	t.add(t.row(pid, tid), t.addElem(name, kind), start, end)
}

func (t *Timeline) add(row, elem int32, start, end float64) {
	if math.IsNaN(start) || math.IsNaN(end) || math.IsInf(start, 0) || math.IsInf(end, 0) {
		return
	}
	if end < start {
		start, end = end, start
	}
	if t.windowed && (end < t.w0 || start > t.w1) {
		t.outside++
		return
	}
	if end > t.end {
		t.end = end
	}
	if len(t.slices) >= t.limit {
		t.dropped++
		t.cut = math.Min(t.cut, start)
		return
	}
	t.slices = append(t.slices, Span{Row: row, Elem: elem, Start: start, End: end})
}

// Finish sorts the slices by track and time; adding stops. It is called
// by the readers and by Result.AttachTimeline; calling it again is a no-op.
func (t *Timeline) Finish() {
	if t.finished {
		return
	}
	t.finished = true
	// Tracks in (pid, tid) order, whatever order they started in.
	order := make([]int32, len(t.rows))
	for i := range order {
		order[i] = int32(i)
	}
	sort.Slice(order, func(i, j int) bool {
		a, b := t.rows[order[i]], t.rows[order[j]]
		if a.Pid != b.Pid {
			return a.Pid < b.Pid
		}
		return a.Tid < b.Tid
	})
	rank := make([]int32, len(order))
	rows := make([]Row, len(order))
	for newI, old := range order {
		rank[old] = int32(newI)
		rows[newI] = t.rows[old]
	}
	t.rows = rows
	for k, old := range t.rowIndex {
		t.rowIndex[k] = rank[old]
	}
	for i := range t.slices {
		t.slices[i].Row = rank[t.slices[i].Row]
	}
	sort.SliceStable(t.slices, func(i, j int) bool {
		a, b := &t.slices[i], &t.slices[j]
		if a.Row != b.Row {
			return a.Row < b.Row
		}
		return a.Start < b.Start
	})
	t.rowStart = make([]int, len(t.rows)+1)
	r := 0
	for i, s := range t.slices {
		for r < int(s.Row) {
			r++
			t.rowStart[r] = i
		}
	}
	for r < len(t.rows) {
		r++
		t.rowStart[r] = len(t.slices)
	}
}

// End is the end of the last slice.
func (t *Timeline) End() float64 { return t.end }

// Len is the number of slices kept; Dropped those beyond the limit.
func (t *Timeline) Len() int       { return len(t.slices) }
func (t *Timeline) Dropped() int64 { return t.dropped }

// Messages is the number of messages kept; DroppedMessages the messages
// and collective arrows beyond the limit.
func (t *Timeline) Messages() int          { return len(t.msgs) }
func (t *Timeline) DroppedMessages() int64 { return t.droppedMsgs }

// Arrow is a message as the views draw it: from the sender's track at
// the send to the receiver's track at the arrival.
type Arrow struct {
	From, To     int     // tracks (Rows)
	Send, Arrive float64 // seconds
	Bytes        float64
	Tag          int32
}

// Arrows returns at most n of the messages kept (every k-th, in the
// order they were sent) and how many messages were sent in all (more
// than kept when SampleMessages or the limit dropped some).
func (t *Timeline) Arrows(n int) (arrows []Arrow, sent int64) {
	t.Finish()
	sent = int64(len(t.msgs)) + t.droppedMsgs
	if t.sample > 0 {
		sent = t.seen
	}
	k := 1
	if n > 0 && len(t.msgs) > n {
		k = (len(t.msgs) + n - 1) / n
	}
	for i := 0; i < len(t.msgs); i += k {
		m := &t.msgs[i]
		from, to := t.RowOf(m.Src, m.SrcTid), t.RowOf(m.Dst, m.DstTid)
		if from < 0 || to < 0 {
			continue
		}
		arrows = append(arrows, Arrow{From: from, To: to, Send: m.SendPost, Arrive: m.RecvEnd, Bytes: m.Bytes, Tag: m.Tag})
	}
	return arrows, sent
}

// ElementTimes returns the time the timeline's slices spend in each
// element (indexed as ElementNames), to name in a legend every element
// drawn, however small.
func (t *Timeline) ElementTimes() []float64 {
	out := make([]float64, len(t.elemNames))
	for _, s := range t.slices {
		out[s.Elem] += s.End - s.Start
	}
	return out
}

// Outside is the number of slices the window left out.
func (t *Timeline) Outside() int64 { return t.outside }

// Complete is the time up to which the timeline holds every slice and
// message (+Inf when the limit dropped nothing): the trace writers write
// what starts before it.
func (t *Timeline) Complete() float64 { return t.cut }

// Rows lists the tracks.
func (t *Timeline) Rows() []Row { return t.rows }

// RowOf returns the track of (pid, tid), or -1.
func (t *Timeline) RowOf(pid, tid int32) int {
	if r, ok := t.rowIndex[[2]int32{pid, tid}]; ok {
		return int(r)
	}
	return -1
}

func (t *Timeline) rowSlices(r int) []Span {
	t.Finish()
	if r < 0 || r >= len(t.rows) {
		return nil
	}
	return t.slices[t.rowStart[r]:t.rowStart[r+1]]
}

// Query asks for a window of the timeline folded into a grid: Bins
// columns over [T0, T1) and at most MaxRows rows for tracks Row0 to
// Row0+Rows-1 (consecutive tracks share a row when there are more).
type Query struct {
	T0, T1  float64
	Bins    int
	Row0    int
	Rows    int // 0: all from Row0
	MaxRows int
}

// Gantt is an aggregated window. Each row is run-length coded as Runs:
// consecutive bins with the same dominant element and the same coverage
// (in eighths) form one run [first bin, bin count, element or -1, eighths].
type Gantt struct {
	T0        float64    `json:"t0"`
	T1        float64    `json:"t1"`
	End       float64    `json:"end"`
	Bins      int        `json:"bins"`
	Row0      int        `json:"row0"`
	RowCount  int        `json:"row_count"` // tracks in the window
	TotalRows int        `json:"total_rows"`
	Elements  []string   `json:"elements"`
	Kinds     []string   `json:"kinds"`
	Rows      []GanttRow `json:"rows"`
	Slices    int        `json:"slices"` // slices in the timeline
	Dropped   int64      `json:"dropped,omitempty"`
	Cells     int        `json:"cells"` // runs sent, what the browser draws
}

// GanttRow is one drawn row: one track, or several folded together.
type GanttRow struct {
	Label  string     `json:"label"`
	First  int        `json:"first"` // first track
	Tracks int        `json:"tracks"`
	Runs   [][4]int32 `json:"runs"`
}

// Aggregate folds the window q into a grid. The work is proportional to
// the slices in the window plus the cells, whatever the zoom.
func (t *Timeline) Aggregate(q Query) *Gantt {
	t.Finish()
	if q.Bins <= 0 || q.Bins > 4000 {
		q.Bins = 800
	}
	if q.MaxRows <= 0 || q.MaxRows > 2000 {
		q.MaxRows = 200
	}
	if !(q.T1 > q.T0) {
		q.T0, q.T1 = 0, t.end
		if q.T1 <= 0 {
			q.T1 = 1
		}
	}
	n := len(t.rows)
	if q.Row0 < 0 {
		q.Row0 = 0
	}
	if q.Row0 > n {
		q.Row0 = n
	}
	if q.Rows <= 0 || q.Row0+q.Rows > n {
		q.Rows = n - q.Row0
	}
	g := &Gantt{T0: q.T0, T1: q.T1, End: t.end, Bins: q.Bins, Row0: q.Row0, RowCount: q.Rows,
		TotalRows: n, Elements: t.elemNames, Kinds: t.elemKinds, Slices: len(t.slices), Dropped: t.dropped}
	if q.Rows == 0 {
		return g
	}
	per := (q.Rows + q.MaxRows - 1) / q.MaxRows // tracks per drawn row
	width := (q.T1 - q.T0) / float64(q.Bins)
	// The grid keeps a time per (bin, element). Traces with very many
	// distinct names are coloured by kind instead, to bound that memory.
	col := make([]int32, len(t.elemNames))
	ne := len(t.elemNames)
	for i := range col {
		col[i] = int32(i)
	}
	if ne > maxGanttColumns {
		kinds := map[string]int32{}
		g.Elements, g.Kinds = nil, nil
		for i, k := range t.elemKinds {
			c, ok := kinds[k]
			if !ok {
				c = int32(len(g.Elements))
				kinds[k] = c
				g.Elements, g.Kinds = append(g.Elements, k), append(g.Kinds, k)
			}
			col[i] = c
		}
		ne = len(g.Elements)
	}
	acc := make([]float64, q.Bins*ne) // time per (bin, element) of the current row
	for first := q.Row0; first < q.Row0+q.Rows; first += per {
		last := min(first+per, q.Row0+q.Rows)
		clear(acc)
		for r := first; r < last; r++ {
			ss := t.rowSlices(r)
			// Slices of a track do not overlap, so they are sorted by end
			// too: skip those that end before the window.
			i := sort.Search(len(ss), func(i int) bool { return ss[i].End > q.T0 })
			for ; i < len(ss) && ss[i].Start < q.T1; i++ {
				s := ss[i]
				a, b := math.Max(s.Start, q.T0), math.Min(s.End, q.T1)
				if b <= a {
					// A zero-length slice still shows as a sliver.
					if s.Start >= q.T0 && s.Start < q.T1 {
						bin := min(int((s.Start-q.T0)/width), q.Bins-1)
						acc[bin*ne+int(col[s.Elem])] += width * 1e-3
					}
					continue
				}
				b0 := min(int((a-q.T0)/width), q.Bins-1)
				b1 := min(int((b-q.T0)/width), q.Bins-1)
				for bin := b0; bin <= b1; bin++ {
					lo := math.Max(a, q.T0+float64(bin)*width)
					hi := math.Min(b, q.T0+float64(bin+1)*width)
					if hi > lo {
						acc[bin*ne+int(col[s.Elem])] += hi - lo
					}
				}
			}
		}
		row := GanttRow{First: first, Tracks: last - first, Label: t.rows[first].Name}
		if last-first > 1 {
			row.Label = t.rows[first].Name + "–" + t.rows[last-1].Name
		}
		cap := width * float64(last-first)
		prev := [4]int32{-1, 0, -1, 0}
		for bin := 0; bin < q.Bins; bin++ {
			best, bestT, sum := int32(-1), 0.0, 0.0
			for e := 0; e < ne; e++ {
				v := acc[bin*ne+e]
				sum += v
				if v > bestT {
					best, bestT = int32(e), v
				}
			}
			eighths := int32(0)
			if best >= 0 {
				eighths = int32(math.Ceil(math.Min(sum/cap, 1) * 8))
				if eighths < 1 {
					eighths = 1
				}
			}
			if prev[0] >= 0 && prev[2] == best && prev[3] == eighths {
				prev[1]++
				continue
			}
			if prev[0] >= 0 && prev[2] >= 0 {
				row.Runs = append(row.Runs, prev)
			}
			prev = [4]int32{int32(bin), 1, best, eighths}
		}
		if prev[0] >= 0 && prev[2] >= 0 {
			row.Runs = append(row.Runs, prev)
		}
		if row.Runs == nil {
			row.Runs = [][4]int32{}
		}
		g.Cells += len(row.Runs)
		g.Rows = append(g.Rows, row)
	}
	return g
}

// Timelines are the timelines one run fills at once (a trace file's, with
// its window and limit, and a report's whole one).
type Timelines []*Timeline

// Tracer is what the engine is given: nil for none, the timeline itself
// for one, all of them for several.
func (ts Timelines) Tracer() engine.Tracer {
	switch len(ts) {
	case 0:
		return nil
	case 1:
		return ts[0]
	}
	return ts
}

// Slice, Message and Collective pass what the engine reports on to every
// timeline.
func (ts Timelines) Slice(pid, tid, elem int32, start, end float64) {
	for _, t := range ts {
		t.Slice(pid, tid, elem, start, end)
	}
}

func (ts Timelines) Message(m engine.Message) {
	for _, t := range ts {
		t.Message(m)
	}
}

func (ts Timelines) Collective(c engine.Collective) {
	for _, t := range ts {
		t.Collective(c)
	}
}

// SetElements gives every timeline a program's element table.
func (ts Timelines) SetElements(els []ir.Element) {
	names, kinds := make([]string, len(els)), make([]string, len(els))
	for i, e := range els {
		names[i], kinds[i] = e.Name, e.Kind
	}
	for _, t := range ts {
		t.SetElements(names, kinds)
	}
}

// SetProcess and SetNodeName name a process and a node in every timeline.
func (ts Timelines) SetProcess(pid int32, label, host string, node int32) {
	for _, t := range ts {
		t.SetProcess(pid, label, host, node)
	}
}

func (ts Timelines) SetNodeName(node int32, name string) {
	for _, t := range ts {
		t.SetNodeName(node, name)
	}
}
