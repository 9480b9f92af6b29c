package results

import (
	"bufio"
	"cmp"
	"fmt"
	"io"
	"slices"
	"strings"
)

// ParaverEventType is the Paraver event type of element executions: its
// value is the element's number (in the .pcf file) at the start of an
// execution and 0 at its end.
const ParaverEventType = 50000001

// Paraver states the writer uses (Paraver's standard numbering).
const (
	prvRunning = 1  // computation, delays
	prvWaiting = 3  // point-to-point operations and waits
	prvGroup   = 10 // collectives
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
	{prvRunning, "Running", [3]uint8{0, 0, 255}},
	{prvWaiting, "Waiting a message", [3]uint8{255, 0, 0}},
	{prvGroup, "Group Communication", [3]uint8{242, 142, 43}},
}

// paraverLayout places the timeline's tracks in Paraver's objects: one
// application whose tasks are the processes (by pid) and whose threads
// are their threads, each task on its node (1 if it has none); every
// thread track has a CPU of its own on its task's node (the CPU field
// names the track, not a simulated processor).
type paraverLayout struct {
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

func (t *Timeline) paraverLayout() *paraverLayout {
	l := &paraverLayout{task: map[int32]int{}, thread: make([]int, len(t.rows)), cpu: make([]int, len(t.rows)), groups: map[int32]int32{}}
	// Nodes in the order of the groups; processes on no node share one.
	for _, g := range t.groups() {
		key := g.node
		if key < 0 {
			key = -1
		}
		if _, ok := l.groups[key]; !ok {
			l.groups[key] = int32(len(l.names) + 1)
			name := g.name
			if key < 0 {
				name = "host"
			}
			l.names = append(l.names, name)
			l.cpus = append(l.cpus, 0)
		}
	}
	for r, row := range t.rows {
		k, ok := l.task[row.Pid]
		if !ok {
			l.tasks = append(l.tasks, row.Pid)
			k = len(l.tasks)
			l.task[row.Pid] = k
			l.threads = append(l.threads, 0)
			key := int32(-1)
			if info, ok := t.procs[row.Pid]; ok && info.node >= 0 {
				key = info.node
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
	for r, row := range t.rows {
		l.cpu[r] += offset[l.node[l.task[row.Pid]-1]-1]
		l.labels = append(l.labels, t.trackLabel(r))
	}
	if len(t.rows) == 0 {
		// Paraver has no empty system: one idle thread on one CPU.
		l.tasks, l.threads, l.node = []int32{0}, []int{1}, []int{1}
		l.names, l.cpus, l.labels = []string{"host"}, []int{1}, []string{"process 0"}
	}
	return l
}

// paraverState classifies an element by its name and kind.
func paraverState(name, kind string) int {
	switch name {
	case "compute", "sleep", "action", "delay":
		return prvRunning
	case "send", "isend", "recv", "irecv", "wait", "waitall", "waitany", "test", "sendRecv", "sendrecv", "finalize":
		return prvWaiting
	}
	switch strings.ToLower(kind) {
	case "action", "delay", "compute", "run", "busy":
		return prvRunning
	case "send", "recv", "isend", "irecv", "wait", "blocked":
		return prvWaiting
	}
	return prvGroup
}

// prvRecord is one record to write, by its time (the first time field).
type prvRecord struct {
	time  int64
	kind  uint8 // 0 state, 1 event at a start, 2 event at an end, 3 communication
	order uint8 // at one time: 0 ends of earlier executions, 1 executions in track order, 2 communications
	idx   int32 // slice or bound message
}

// WriteParaver writes the timeline as a Paraver trace: prv gets the
// records, pcf the names of states, event types and values, row the
// names of nodes, CPUs, tasks and threads. Every element execution is a
// state record (1 running, 3 waiting a message, 10 group communication,
// from the element) with an event of type ParaverEventType at its start
// (the element's number) and end (0), except that an execution shorter
// than a nanosecond gets its two events and no state; every point-to-point message is a
// communication record (logical and physical send, logical and physical
// receive, size, tag). Records are in time order; times are integer
// nanoseconds. The header's date is fixed, so equal runs give equal files.
func (t *Timeline) WriteParaver(prv, pcf, row io.Writer) error {
	t.Finish()
	l := t.paraverLayout()
	msgs, _ := t.bindMessages()
	var recs []prvRecord
	var end int64
	for i := range t.slices {
		s := &t.slices[i]
		if !t.kept(s) {
			continue
		}
		t0, t1 := nanos(s.start), nanos(s.end)
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
		recs = append(recs, prvRecord{nanos(b.m.SendPost), 3, 2, int32(i)})
		end = max(end, nanos(b.m.RecvEnd))
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
		return l.cpu[r], l.task[t.rows[r].Pid], l.thread[r]
	}
	for _, rec := range recs {
		switch rec.kind {
		case 0, 1, 2:
			s := &t.slices[rec.idx]
			cpu, task, thread := obj(int(s.row))
			switch rec.kind {
			case 0:
				fmt.Fprintf(w, "1:%d:1:%d:%d:%d:%d:%d\n", cpu, task, thread, rec.time, nanos(s.end),
					paraverState(t.elemNames[s.elem], t.elemKinds[s.elem]))
			case 1:
				fmt.Fprintf(w, "2:%d:1:%d:%d:%d:%d:%d\n", cpu, task, thread, rec.time, ParaverEventType, s.elem+1)
			default:
				fmt.Fprintf(w, "2:%d:1:%d:%d:%d:%d:0\n", cpu, task, thread, rec.time, ParaverEventType)
			}
		case 3:
			b := msgs[rec.idx]
			sc, st, sth := obj(int(t.slices[b.send].row))
			rc, rt, rth := obj(int(t.slices[b.recv].row))
			fmt.Fprintf(w, "3:%d:1:%d:%d:%d:%d:%d:1:%d:%d:%d:%d:%d:%d\n", sc, st, sth, rec.time, nanos(b.m.SendStart),
				rc, rt, rth, nanos(b.m.RecvPost), nanos(b.m.RecvEnd), int64(b.m.Bytes), b.m.Tag)
		}
	}
	if err := w.Flush(); err != nil {
		return err
	}
	if err := t.writePCF(pcf); err != nil {
		return err
	}
	return t.writeROW(row, l)
}

// writePCF names the states and the elements of the event type.
func (t *Timeline) writePCF(w io.Writer) error {
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
	fmt.Fprintf(bw, "EVENT_TYPE\n0    %d    Element\nVALUES\n0      End\n", ParaverEventType)
	for i, n := range t.elemNames {
		fmt.Fprintf(bw, "%d      %s\n", i+1, strings.NewReplacer("\n", " ", "\r", " ").Replace(n))
	}
	bw.WriteString("\n")
	return bw.Flush()
}

// writeROW names the resources and the tasks' threads.
func (t *Timeline) writeROW(w io.Writer, l *paraverLayout) error {
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
		label := fmt.Sprintf("process %d", pid)
		if info, ok := t.procs[pid]; ok && info.label != "" {
			label = info.label
		}
		fmt.Fprintln(bw, rowName(label))
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
