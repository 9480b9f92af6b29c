package report

import (
	"bufio"
	"fmt"
	"io"
	"strconv"

	"augur/ir"
)

// ChromeTrace writes a timeline in the Chrome Trace Event format (JSON
// object form), which Perfetto and chrome://tracing open: a track per
// process (pid) and thread (tid), a complete event ("X") per element
// execution. It implements engine.Tracer; call Close at the end.
type ChromeTrace struct {
	w     *bufio.Writer
	elems []ir.Element
	first bool
	seen  map[[2]int32]bool
	err   error
}

// NewChromeTrace starts a trace on w for a program with these elements.
func NewChromeTrace(w io.Writer, elems []ir.Element) *ChromeTrace {
	t := &ChromeTrace{w: bufio.NewWriterSize(w, 1<<16), elems: elems, first: true, seen: map[[2]int32]bool{}}
	_, t.err = t.w.WriteString(`{"displayTimeUnit":"ms","traceEvents":[` + "\n")
	return t
}

func (t *ChromeTrace) sep() {
	if !t.first {
		t.w.WriteString(",\n")
	}
	t.first = false
}

// Slice records that (pid, tid) spent [start, end) seconds in element elem.
func (t *ChromeTrace) Slice(pid, tid, elem int32, start, end float64) {
	if t.err != nil {
		return
	}
	if k := [2]int32{pid, tid}; !t.seen[k] {
		t.seen[k] = true
		if tid == 0 {
			t.sep()
			fmt.Fprintf(t.w, `{"ph":"M","name":"process_name","pid":%d,"args":{"name":"process %d"}}`, pid, pid)
		}
		t.sep()
		fmt.Fprintf(t.w, `{"ph":"M","name":"thread_name","pid":%d,"tid":%d,"args":{"name":"thread %d"}}`, pid, tid, tid)
	}
	name, kind := "?", "?"
	if elem >= 0 && int(elem) < len(t.elems) {
		name, kind = t.elems[elem].Name, t.elems[elem].Kind
	}
	t.sep()
	t.w.WriteString(`{"ph":"X","name":`)
	t.w.WriteString(strconv.Quote(name))
	t.w.WriteString(`,"cat":`)
	t.w.WriteString(strconv.Quote(kind))
	fmt.Fprintf(t.w, `,"pid":%d,"tid":%d,"ts":%s,"dur":%s}`, pid, tid, us(start), us(end-start))
}

// us prints seconds as microseconds, the format's unit.
func us(s float64) string { return strconv.FormatFloat(s*1e6, 'f', -1, 64) }

// Close ends the JSON document and flushes.
func (t *ChromeTrace) Close() error {
	if t.err != nil {
		return t.err
	}
	t.w.WriteString("\n]}\n")
	return t.w.Flush()
}
