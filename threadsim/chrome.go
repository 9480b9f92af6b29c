package threadsim

import (
	"bufio"
	"fmt"
	"io"
	"sort"
	"strconv"

	"augur/threadtrace"
)

// WriteChrome writes a simulation's timeline (run with Config.Timeline) in
// the Chrome Trace Event format that Perfetto and chrome://tracing open:
// process 1 has a track per thread (running slices named by processor,
// blocked slices named by the op), process 2 a track per processor. Times
// are the trace's units, shown as seconds.
func WriteChrome(w io.Writer, p *threadtrace.Program, r *Result) error {
	bw := bufio.NewWriter(w)
	first := true
	sep := func() {
		if !first {
			bw.WriteString(",\n")
		}
		first = false
	}
	bw.WriteString(`{"displayTimeUnit":"ms","traceEvents":[` + "\n")
	sep()
	fmt.Fprintf(bw, `{"ph":"M","name":"process_name","pid":1,"args":{"name":"threads (%s model, %d processors)"}}`, r.Model, r.CPUs)
	sep()
	bw.WriteString(`{"ph":"M","name":"process_name","pid":2,"args":{"name":"processors"}}`)
	for i, th := range p.Threads {
		sep()
		fmt.Fprintf(bw, `{"ph":"M","name":"thread_name","pid":1,"tid":%d,"args":{"name":%s}}`, i+1, strconv.Quote(th.Name))
	}
	for c := 0; c < r.CPUs; c++ {
		sep()
		fmt.Fprintf(bw, `{"ph":"M","name":"thread_name","pid":2,"tid":%d,"args":{"name":"cpu%d"}}`, c+1, c)
	}
	type ev struct {
		start float64
		line  string
	}
	var evs []ev
	for _, s := range r.Slices {
		name := p.Threads[s.Thread].Name
		evs = append(evs,
			ev{s.Start, fmt.Sprintf(`{"ph":"X","name":"cpu%d","cat":"run","pid":1,"tid":%d,"ts":%s,"dur":%s}`, s.CPU, s.Thread+1, us(s.Start), us(s.End-s.Start))},
			ev{s.Start, fmt.Sprintf(`{"ph":"X","name":%s,"cat":"run","pid":2,"tid":%d,"ts":%s,"dur":%s}`, strconv.Quote(name), s.CPU+1, us(s.Start), us(s.End-s.Start))})
	}
	for _, b := range r.Blocks {
		what := "blocked"
		if b.Line > 0 {
			what = fmt.Sprintf("blocked (line %d)", b.Line)
		}
		evs = append(evs, ev{b.Start, fmt.Sprintf(`{"ph":"X","name":%s,"cat":"blocked","pid":1,"tid":%d,"ts":%s,"dur":%s}`, strconv.Quote(what), b.Thread+1, us(b.Start), us(b.End-b.Start))})
	}
	sort.SliceStable(evs, func(a, b int) bool { return evs[a].start < evs[b].start })
	for _, e := range evs {
		sep()
		bw.WriteString(e.line)
	}
	bw.WriteString("\n]}\n")
	return bw.Flush()
}

func us(s float64) string { return strconv.FormatFloat(s*1e6, 'f', -1, 64) }
