package report

import (
	"bufio"
	"cmp"
	"fmt"
	"io"
	"math"
	"slices"

	"augur/ir"
)

// Paraver writes a timeline in the Paraver trace format (.prv) that BSC's
// Paraver and its tools read: one application whose tasks are the
// processes (threads as Paraver threads), each task on the node the run
// placed it on. Every element execution becomes a state record (state 1
// "Running" for computations and delays, 3 "Waiting a message" for
// point-to-point operations and waits, 10 "Group communication" for
// collectives) and a pair of events of type 50000001 whose value is the
// element's index + 1 (0 at its end), named in the .pcf file WritePCF
// writes.
//
// Paraver wants records in time order and the engine reports an
// execution when it ends, so records are kept (24 bytes each) and sorted
// at Close.
type Paraver struct {
	w      io.Writer
	elems  []ir.Element
	nodeOf []int32
	recs   []prvRec
	maxTid int32
}

type prvRec struct {
	pid, tid, elem int32
	start, end     float64
}

// ParaverEventType is the event type of element executions.
const ParaverEventType = 50000001

// NewParaver starts a Paraver trace on w; nodeOf gives each process's node.
func NewParaver(w io.Writer, elems []ir.Element, nodeOf []int32) *Paraver {
	return &Paraver{w: w, elems: elems, nodeOf: nodeOf}
}

// Slice records that (pid, tid) spent [start, end) seconds in element elem.
func (p *Paraver) Slice(pid, tid, elem int32, start, end float64) {
	p.recs = append(p.recs, prvRec{pid, tid, elem, start, end})
	if tid > p.maxTid {
		p.maxTid = tid
	}
}

func ns(s float64) int64 { return int64(math.Round(s * 1e9)) }

// state classifies an element by its kind for Paraver's standard states.
func (p *Paraver) state(elem int32) int {
	if elem < 0 || int(elem) >= len(p.elems) {
		return 1
	}
	switch p.elems[elem].Name {
	case "compute", "sleep", "action", "delay":
		return 1
	case "send", "isend", "recv", "irecv", "wait", "waitall", "test", "sendRecv", "finalize":
		return 3
	}
	switch p.elems[elem].Kind {
	case "action", "delay", "compute":
		return 1
	case "send", "recv", "isend", "irecv", "wait":
		return 3
	}
	return 10
}

// Close writes the sorted records.
func (p *Paraver) Close() error {
	slices.SortStableFunc(p.recs, func(a, b prvRec) int {
		if c := cmp.Compare(a.start, b.start); c != 0 {
			return c
		}
		if c := cmp.Compare(a.pid, b.pid); c != 0 {
			return c
		}
		return cmp.Compare(a.tid, b.tid)
	})
	var end float64
	for _, r := range p.recs {
		end = math.Max(end, r.end)
	}
	nodes := int32(0)
	for _, n := range p.nodeOf {
		nodes = max(nodes, n+1)
	}
	cpus := make([]int, nodes)
	for _, n := range p.nodeOf {
		cpus[n]++
	}
	w := bufio.NewWriterSize(p.w, 1<<16)
	// Header: duration, resources (nodes and their CPUs), one
	// application with a task per process (threads : node).
	fmt.Fprintf(w, "#Paraver (01/01/70 at 00:00):%d_ns:%d(", ns(end), nodes)
	for i, c := range cpus {
		if i > 0 {
			w.WriteByte(',')
		}
		fmt.Fprint(w, max(c, 1))
	}
	fmt.Fprintf(w, "):1:%d(", len(p.nodeOf))
	for i, n := range p.nodeOf {
		if i > 0 {
			w.WriteByte(',')
		}
		fmt.Fprintf(w, "%d:%d", p.maxTid+1, n+1)
	}
	w.WriteString(")\n")
	// CPU of a process: its node's CPUs numbered globally, one per task.
	cpu := make([]int, len(p.nodeOf))
	first := make([]int, nodes+1)
	for n := int32(0); n < nodes; n++ {
		first[n+1] = first[n] + max(cpus[n], 1)
	}
	used := make([]int, nodes)
	for i, n := range p.nodeOf {
		cpu[i] = first[n] + used[n] + 1
		used[n]++
	}
	for _, r := range p.recs {
		c := 0
		if int(r.pid) < len(cpu) {
			c = cpu[r.pid]
		}
		t0, t1 := ns(r.start), ns(r.end)
		fmt.Fprintf(w, "1:%d:1:%d:%d:%d:%d:%d\n", c, r.pid+1, r.tid+1, t0, t1, p.state(r.elem))
		fmt.Fprintf(w, "2:%d:1:%d:%d:%d:%d:%d\n", c, r.pid+1, r.tid+1, t0, ParaverEventType, r.elem+1)
		fmt.Fprintf(w, "2:%d:1:%d:%d:%d:%d:0\n", c, r.pid+1, r.tid+1, t1, ParaverEventType)
	}
	return w.Flush()
}

// WritePCF writes the Paraver configuration that names the states and
// the elements of the event type.
func (p *Paraver) WritePCF(w io.Writer) error {
	bw := bufio.NewWriter(w)
	bw.WriteString("DEFAULT_OPTIONS\n\nLEVEL               THREAD\nUNITS               NANOSEC\n\n")
	bw.WriteString("STATES\n0    Idle\n1    Running\n3    Waiting a message\n10   Group Communication\n\n")
	fmt.Fprintf(bw, "EVENT_TYPE\n0    %d    Element\nVALUES\n0      End\n", ParaverEventType)
	for i, e := range p.elems {
		fmt.Fprintf(bw, "%d      %s\n", i+1, e.Name)
	}
	bw.WriteString("\n")
	return bw.Flush()
}
