// Package paraver writes a timeline as a Paraver trace (.prv, .pcf, .row)
// and the configuration files (.cfg) of its views.
package paraver

import (
	"bufio"
	"cmp"
	"fmt"
	"io"
	"slices"
	"strings"

	"augur/internal/results"
)

// EventType is the Paraver event type of element executions: its
// value is the element's number (in the .pcf file) at the start of an
// execution and 0 at its end.
const EventType = 50000001

// The Paraver states the writer uses (Paraver's standard numbering); the
// OTF2 writer classes regions by them too.
const (
	Running = 1  // computation, delays
	Waiting = 3  // point-to-point operations and waits
	Group   = 10 // collectives
)

// paraverStates are the states the .pcf names, with their colours: the
// ones Paraver users know (running blue, waiting a message red), group
// communication orange as in the HTML report's communication.
var paraverStates = []struct {
	value int
	name  string
	rgb   [3]uint8
}{
	{0, "Idle", [3]uint8{117, 195, 255}},
	{Running, "Running", [3]uint8{0, 0, 255}},
	{Waiting, "Waiting a message", [3]uint8{255, 0, 0}},
	{Group, "Group Communication", [3]uint8{242, 142, 43}},
}

// layout places the timeline's tracks in Paraver's objects: one
// application whose tasks are the processes (by pid) and whose threads
// are their threads, each task on its node (1 if it has none); every
// thread track has a CPU of its own on its task's node (the CPU field
// names the track, not a simulated processor).
type layout struct {
	tasks   []int32         // pids, in order
	task    map[int32]int   // pid → task number (1-based)
	thread  []int           // per track: thread number in its task (1-based)
	threads []int           // per task: its number of threads
	node    []int           // per task: its node (1-based)
	cpu     []int           // per track: its CPU (1-based, global)
	cpus    []int           // per node: its CPUs
	names   []string        // per node
	groups  map[int32]int32 // node → 1-based Paraver node
	labels  []string        // per thread track
}

func newLayout(t *results.Tracks) *layout {
	rows := t.Rows()
	l := &layout{task: map[int32]int{}, thread: make([]int, len(rows)), cpu: make([]int, len(rows)), groups: map[int32]int32{}}
	// Nodes in the order of the groups; processes on no node share one.
	for _, g := range t.Groups() {
		key := g.Node
		if key < 0 {
			key = -1
		}
		if _, ok := l.groups[key]; !ok {
			l.groups[key] = int32(len(l.names) + 1)
			name := g.Name
			if key < 0 {
				name = "host"
			}
			l.names = append(l.names, name)
			l.cpus = append(l.cpus, 0)
		}
	}
	for r, row := range rows {
		k, ok := l.task[row.Pid]
		if !ok {
			l.tasks = append(l.tasks, row.Pid)
			k = len(l.tasks)
			l.task[row.Pid] = k
			l.threads = append(l.threads, 0)
			key := int32(-1)
			if info, ok := t.Process(row.Pid); ok && info.Node >= 0 {
				key = info.Node
			}
			l.node = append(l.node, int(l.groups[key]))
		}
		l.threads[k-1]++
		l.thread[r] = l.threads[k-1]
		n := l.node[k-1]
		l.cpus[n-1]++
		l.cpu[r] = l.cpus[n-1] // numbered within the node for now
	}
	first := 0
	offset := make([]int, len(l.cpus))
	for n, c := range l.cpus {
		offset[n] = first
		first += c
	}
	for r, row := range rows {
		l.cpu[r] += offset[l.node[l.task[row.Pid]-1]-1]
		l.labels = append(l.labels, t.TrackLabel(r))
	}
	if len(rows) == 0 {
		// Paraver has no empty system: one idle thread on one CPU.
		l.tasks, l.threads, l.node = []int32{0}, []int{1}, []int{1}
		l.names, l.cpus, l.labels = []string{"host"}, []int{1}, []string{"process 0"}
	}
	return l
}

// State classifies an element by its name and kind: Running, Waiting or
// Group.
func State(name, kind string) int {
	switch name {
	case "compute", "sleep", "action", "delay":
		return Running
	case "send", "isend", "recv", "irecv", "wait", "waitall", "waitany", "test", "sendRecv", "sendrecv", "finalize":
		return Waiting
	}
	switch strings.ToLower(kind) {
	case "action", "delay", "compute", "run", "busy":
		return Running
	case "send", "recv", "isend", "irecv", "wait", "blocked":
		return Waiting
	}
	return Group
}

// prvRecord is one record to write, by its time (the first time field).
type prvRecord struct {
	time  int64
	kind  uint8 // 0 state, 1 event at a start, 2 event at an end, 3 communication
	order uint8 // at one time: 0 ends of earlier executions, 1 executions in track order, 2 communications
	idx   int32 // slice or bound message
}

// Write writes the timeline as a Paraver trace: prv gets the
// records, pcf the names of states, event types and values, row the
// names of nodes, CPUs, tasks and threads. Every element execution is a
// state record (1 running, 3 waiting a message, 10 group communication,
// from the element) with an event of type EventType at its start
// (the element's number) and end (0), except that an execution shorter
// than a nanosecond gets its two events and no state; every point-to-point message is a
// communication record (logical and physical send, logical and physical
// receive, size, tag). Records are in time order; times are integer
// nanoseconds. The header's date is fixed, so equal runs give equal files.
func Write(prv, pcf, row io.Writer, tl *results.Timeline) error {
	t := tl.Tracks()
	spans := t.Spans()
	rows := t.Rows()
	names, kinds := t.Elements()
	l := newLayout(t)
	msgs, _ := t.BoundMessages()
	var recs []prvRecord
	var end int64
	for i := range spans {
		s := &spans[i]
		if !t.Kept(s) {
			continue
		}
		t0, t1 := results.Nanos(s.Start), results.Nanos(s.End)
		end = max(end, t1)
		if t1 == t0 {
			// An execution that lasts no time (at Paraver's nanosecond)
			// has no state: a state record of length 0 is one Paraver
			// draws as nothing and counts as a burst. Its two events
			// stay, so the element view and event counts still see it;
			// its end comes right after its start.
			recs = append(recs, prvRecord{t0, 1, 1, int32(i)}, prvRecord{t1, 2, 1, int32(i)})
			continue
		}
		recs = append(recs, prvRecord{t0, 0, 1, int32(i)}, prvRecord{t0, 1, 1, int32(i)}, prvRecord{t1, 2, 0, int32(i)})
	}
	for i, b := range msgs {
		recs = append(recs, prvRecord{results.Nanos(b.M.SendPost), 3, 2, int32(i)})
		end = max(end, results.Nanos(b.M.RecvEnd))
	}
	// Time order; at one time, the ends of executions that began earlier
	// come first, so that a thread is in one state at a time, then the
	// executions in the order they ran.
	slices.SortStableFunc(recs, func(a, b prvRecord) int {
		if c := cmp.Compare(a.time, b.time); c != 0 {
			return c
		}
		return cmp.Compare(a.order, b.order)
	})
	w := bufio.NewWriterSize(prv, 1<<16)
	fmt.Fprintf(w, "#Paraver (01/01/70 at 00:00):%d_ns:%d(", end, len(l.cpus))
	for n, c := range l.cpus {
		if n > 0 {
			w.WriteByte(',')
		}
		fmt.Fprint(w, c)
	}
	fmt.Fprintf(w, "):1:%d(", len(l.tasks))
	for k := range l.tasks {
		if k > 0 {
			w.WriteByte(',')
		}
		fmt.Fprintf(w, "%d:%d", l.threads[k], l.node[k])
	}
	w.WriteString(")\n")
	obj := func(r int) (cpu, task, thread int) {
		return l.cpu[r], l.task[rows[r].Pid], l.thread[r]
	}
	for _, rec := range recs {
		switch rec.kind {
		case 0, 1, 2:
			s := &spans[rec.idx]
			cpu, task, thread := obj(int(s.Row))
			switch rec.kind {
			case 0:
				fmt.Fprintf(w, "1:%d:1:%d:%d:%d:%d:%d\n", cpu, task, thread, rec.time, results.Nanos(s.End),
					State(names[s.Elem], kinds[s.Elem]))
			case 1:
				fmt.Fprintf(w, "2:%d:1:%d:%d:%d:%d:%d\n", cpu, task, thread, rec.time, EventType, s.Elem+1)
			default:
				fmt.Fprintf(w, "2:%d:1:%d:%d:%d:%d:0\n", cpu, task, thread, rec.time, EventType)
			}
		case 3:
			b := msgs[rec.idx]
			sc, st, sth := obj(int(spans[b.Send].Row))
			rc, rt, rth := obj(int(spans[b.Recv].Row))
			fmt.Fprintf(w, "3:%d:1:%d:%d:%d:%d:%d:1:%d:%d:%d:%d:%d:%d\n", sc, st, sth, rec.time, results.Nanos(b.M.SendStart),
				rc, rt, rth, results.Nanos(b.M.RecvPost), results.Nanos(b.M.RecvEnd), int64(b.M.Bytes), b.M.Tag)
		}
	}
	if err := w.Flush(); err != nil {
		return err
	}
	if err := writePCF(pcf, names); err != nil {
		return err
	}
	return writeROW(row, t, l)
}

// writePCF names the states and the elements of the event type.
func writePCF(w io.Writer, names []string) error {
	bw := bufio.NewWriter(w)
	bw.WriteString("DEFAULT_OPTIONS\n\nLEVEL               THREAD\nUNITS               NANOSEC\n\n")
	bw.WriteString("STATES\n")
	for _, s := range paraverStates {
		fmt.Fprintf(bw, "%-4d %s\n", s.value, s.name)
	}
	bw.WriteString("\nSTATES_COLOR\n")
	for _, s := range paraverStates {
		fmt.Fprintf(bw, "%-4d {%d,%d,%d}\n", s.value, s.rgb[0], s.rgb[1], s.rgb[2])
	}
	bw.WriteString("\n")
	fmt.Fprintf(bw, "EVENT_TYPE\n0    %d    Element\nVALUES\n0      End\n", EventType)
	for i, n := range names {
		fmt.Fprintf(bw, "%d      %s\n", i+1, strings.NewReplacer("\n", " ", "\r", " ").Replace(n))
	}
	bw.WriteString("\n")
	return bw.Flush()
}

// writeROW names the resources and the tasks' threads.
func writeROW(w io.Writer, t *results.Tracks, l *layout) error {
	bw := bufio.NewWriter(w)
	total := 0
	for _, c := range l.cpus {
		total += c
	}
	fmt.Fprintf(bw, "LEVEL CPU SIZE %d\n", total)
	for n, c := range l.cpus {
		for i := 1; i <= c; i++ {
			fmt.Fprintf(bw, "%d.%s\n", i, rowName(l.names[n]))
		}
	}
	fmt.Fprintf(bw, "\nLEVEL NODE SIZE %d\n", len(l.names))
	for _, n := range l.names {
		fmt.Fprintln(bw, rowName(n))
	}
	fmt.Fprintf(bw, "\nLEVEL TASK SIZE %d\n", len(l.tasks))
	for _, pid := range l.tasks {
		fmt.Fprintln(bw, rowName(t.ProcessLabel(pid)))
	}
	fmt.Fprintf(bw, "\nLEVEL THREAD SIZE %d\n", len(l.labels))
	for _, label := range l.labels {
		fmt.Fprintln(bw, rowName(label))
	}
	return bw.Flush()
}

// rowName keeps a name on one line.
func rowName(s string) string {
	s = strings.NewReplacer("\n", " ", "\r", " ").Replace(s)
	if s == "" {
		return "-"
	}
	return s
}
