package results

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"

	"augur/internal/base/diag"
)

// The checkers read the trace files the writers make the way their
// viewers do and hold them to the formats' rules, so tests (and anyone
// given a trace) can tell a file Perfetto or Paraver will take from one
// they will not.

// ChromeCheck is what CheckChrome counted in a valid trace: Flows of
// every category, Messages those of category "message".
type ChromeCheck struct {
	Processes, Tracks, Slices, Flows, Messages int
}

// CheckChrome reads a Chrome Trace Event file (object form) and checks
// it: every event has a known phase and the fields its phase needs;
// complete slices have ts, dur ≥ 0 and arguments, and on each track they
// nest (a slice starts after the previous one ends, or lies inside it);
// every track and process is named; every flow has one start ("s") and
// one end ("f", binding to the enclosing slice) no earlier than its start, each bound to a slice of its track that contains its time, and
// flow ids are unique. name is used in errors.
func CheckChrome(name string, data []byte) (*ChromeCheck, error) {
	type event struct {
		Ph   string          `json:"ph"`
		Name *string         `json:"name"`
		Cat  string          `json:"cat"`
		Pid  *int64          `json:"pid"`
		Tid  *int64          `json:"tid"`
		Ts   *float64        `json:"ts"`
		Dur  *float64        `json:"dur"`
		ID   *uint64         `json:"id"`
		Bp   string          `json:"bp"`
		Args json.RawMessage `json:"args"`
	}
	var doc struct {
		TraceEvents []event `json:"traceEvents"`
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		return nil, diag.JSON(name, data, err)
	}
	if doc.TraceEvents == nil {
		return nil, fmt.Errorf("%s: no traceEvents", name)
	}
	type track struct{ pid, tid int64 }
	// Times in integer nanoseconds, as Perfetto keeps them: a slice's end
	// is its start plus its duration, each rounded.
	type span struct {
		t0, t1 int64
		tags   uint8 // what the slice's arguments say it sent, received, ...
	}
	ns := func(us float64) int64 { return int64(math.Round(us * 1000)) }
	slicesOf := map[track][]span{}
	named := map[track]bool{}
	procNamed := map[int64]bool{}
	type flowEnd struct {
		tr   track
		ts   int64
		idx  int
		want uint8 // the tag its slice must have (0: any)
	}
	// Every slice and flow event, to go through them as Perfetto does.
	type read struct {
		ts   int64
		idx  int
		x    bool // a slice: it becomes its track's open slice
		tr   track
		sp   span
		key  string // flows: category, name, id
		ph   string
		want uint8
	}
	var reads []read
	starts := map[string]flowEnd{}
	ends := map[string]flowEnd{}
	c := &ChromeCheck{}
	bad := func(i int, format string, a ...any) error {
		return fmt.Errorf("%s: event %d: %s", name, i, fmt.Sprintf(format, a...))
	}
	for i, e := range doc.TraceEvents {
		if e.Name == nil {
			return nil, bad(i, "no name")
		}
		if e.Pid == nil {
			return nil, bad(i, "no pid")
		}
		switch e.Ph {
		case "M":
			var args struct {
				Name      *string `json:"name"`
				SortIndex *int64  `json:"sort_index"`
			}
			if err := json.Unmarshal(e.Args, &args); err != nil {
				return nil, bad(i, "metadata arguments: %v", err)
			}
			switch *e.Name {
			case "process_name":
				if args.Name == nil {
					return nil, bad(i, "process_name without a name")
				}
				procNamed[*e.Pid] = true
			case "thread_name":
				if args.Name == nil || e.Tid == nil {
					return nil, bad(i, "thread_name without a name or tid")
				}
				named[track{*e.Pid, *e.Tid}] = true
			case "process_sort_index", "thread_sort_index":
				if args.SortIndex == nil {
					return nil, bad(i, "%s without sort_index", *e.Name)
				}
			}
		case "X":
			if e.Tid == nil || e.Ts == nil || e.Dur == nil {
				return nil, bad(i, "complete slice without tid, ts or dur")
			}
			if *e.Dur < 0 || *e.Ts < 0 {
				return nil, bad(i, "negative ts or dur")
			}
			var args map[string]any
			if json.Unmarshal(e.Args, &args) != nil || args == nil {
				return nil, bad(i, "slice %q without arguments", *e.Name)
			}
			for _, k := range []string{"rank", "thread", "category"} {
				if _, ok := args[k]; !ok {
					return nil, bad(i, "slice %q has no argument %q", *e.Name, k)
				}
			}
			tr := track{*e.Pid, *e.Tid}
			t0 := ns(*e.Ts)
			var tags uint8
			for k, arg := range map[string]uint8{"sent_peer": tagSent, "sent_messages": tagSent, "received_peer": tagReceived,
				"received_messages": tagReceived, "arrived_last": tagLast, "waited_for": tagWaited} {
				if _, ok := args[k]; ok {
					tags |= arg
				}
			}
			sp := span{t0, t0 + ns(*e.Dur), tags}
			slicesOf[tr] = append(slicesOf[tr], sp)
			reads = append(reads, read{ts: t0, idx: i, x: true, tr: tr, sp: sp})
			c.Slices++
		case "s", "f":
			if e.Tid == nil || e.Ts == nil || e.ID == nil {
				return nil, bad(i, "flow event without tid, ts or id")
			}
			key := e.Cat + "\x00" + *e.Name + "\x00" + strconv.FormatUint(*e.ID, 10)
			fe := flowEnd{track{*e.Pid, *e.Tid}, ns(*e.Ts), i, flowTag(e.Cat, e.Ph == "s")}
			reads = append(reads, read{ts: fe.ts, idx: i, tr: fe.tr, key: key, ph: e.Ph, want: fe.want})
			m := starts
			if e.Ph == "f" {
				if e.Bp != "e" {
					return nil, bad(i, "flow end does not bind to its enclosing slice (bp \"e\")")
				}
				m = ends
			}
			if _, dup := m[key]; dup {
				return nil, bad(i, "flow id %d (%s) used twice", *e.ID, e.Ph)
			}
			m[key] = fe
		default:
			return nil, bad(i, "phase %q is not one the writer uses (M, X, s, f)", e.Ph)
		}
	}
	// Nesting, per track: sorted by start (longest first at one start),
	// each slice ends before the next begins or contains it.
	for tr, ss := range slicesOf {
		if !named[tr] {
			return nil, fmt.Errorf("%s: track pid %d tid %d has no thread_name", name, tr.pid, tr.tid)
		}
		if !procNamed[tr.pid] {
			return nil, fmt.Errorf("%s: process %d has no process_name", name, tr.pid)
		}
		sort.SliceStable(ss, func(i, j int) bool {
			if ss[i].t0 != ss[j].t0 {
				return ss[i].t0 < ss[j].t0
			}
			return ss[i].t1 > ss[j].t1
		})
		var open []span
		for _, s := range ss {
			for len(open) > 0 && open[len(open)-1].t1 <= s.t0 {
				open = open[:len(open)-1]
			}
			if len(open) > 0 && s.t1 > open[len(open)-1].t1 {
				return nil, fmt.Errorf("%s: track pid %d tid %d: slice [%d, %d] ns overlaps [%d, %d] without nesting",
					name, tr.pid, tr.tid, s.t0, s.t1, open[len(open)-1].t0, open[len(open)-1].t1)
			}
			open = append(open, s)
		}
		c.Tracks++
	}
	c.Processes = len(procNamed)
	for key, s := range starts {
		f, ok := ends[key]
		if !ok {
			return nil, bad(s.idx, "flow starts but never ends")
		}
		if f.ts < s.ts {
			return nil, bad(f.idx, "flow ends at %d ns, before it starts (%d ns)", f.ts, s.ts)
		}
		c.Flows++
		if strings.HasPrefix(key, "message\x00") {
			c.Messages++
		}
	}
	for key, f := range ends {
		if _, ok := starts[key]; !ok {
			return nil, bad(f.idx, "flow ends but never starts")
		}
	}
	// Binding, as Perfetto's trace processor does: it reads the events in
	// time order (file order among equals) and binds a flow event to the
	// slice last begun on its track, which must contain its time and be
	// the slice the flow is about; a flow's end must come after its start.
	sort.SliceStable(reads, func(i, j int) bool { return reads[i].ts < reads[j].ts })
	open := map[track]span{}
	hasOpen := map[track]bool{}
	begun := map[string]bool{}
	for _, r := range reads {
		if r.x {
			open[r.tr], hasOpen[r.tr] = r.sp, true
			continue
		}
		sp := open[r.tr]
		if !hasOpen[r.tr] || sp.t1 < r.ts || sp.t0 > r.ts {
			return nil, bad(r.idx, "flow event at %d ns: the slice open on its track then does not contain it", r.ts)
		}
		if r.want != 0 && sp.tags&r.want == 0 {
			return nil, bad(r.idx, "flow event at %d ns binds to the slice [%d, %d] ns, whose arguments do not mention it", r.ts, sp.t0, sp.t1)
		}
		if r.ph == "s" {
			begun[r.key] = true
		} else if !begun[r.key] {
			return nil, bad(r.idx, "flow end read before its start")
		}
	}
	return c, nil
}

// Tags of slices, from their arguments, that flows must bind to.
const (
	tagSent uint8 = 1 << iota
	tagReceived
	tagLast
	tagWaited
)

// flowTag is the tag the slice of a flow event of category cat must have.
func flowTag(cat string, start bool) uint8 {
	switch {
	case cat == "message" && start:
		return tagSent
	case cat == "message":
		return tagReceived
	case cat == "collective" && start:
		return tagLast
	case cat == "collective":
		return tagWaited
	}
	return 0
}

// ParaverCheck is what CheckParaver counted in a valid trace.
type ParaverCheck struct {
	Nodes, CPUs, Tasks, Threads int
	States, Events, Comms       int
	End                         int64 // the header's duration, ns
}

// CheckParaver reads a Paraver trace (.prv, with its .pcf and .row) and
// checks it against the format's rules: the header
// "#Paraver (dd/mm/yy at hh:mm):T_ns:N(c1,...):A:n(t:node,...)" with one
// application; records of type 1 (state), 2 (event) and 3
// (communication) with their number of fields, objects (CPU, application,
// task, thread) in the ranges the header declares, times within [0, T],
// state begin ≤ end, logical ≤ physical times of communications, and
// records sorted by time; the .pcf names every state and event type
// used; the .row's CPU, node, task and thread levels have the header's
// counts. Errors give name:line:col.
func CheckParaver(name string, prv, pcf, row []byte) (*ParaverCheck, error) {
	c := &ParaverCheck{}
	sc := bufio.NewScanner(bytes.NewReader(prv))
	sc.Buffer(make([]byte, 1<<16), 1<<24)
	if !sc.Scan() {
		return nil, fmt.Errorf("%s:1:1: empty trace", name)
	}
	hdr := sc.Text()
	threadsOf, _, cpus, err := parseParaverHeader(hdr, c)
	if err != nil {
		return nil, fmt.Errorf("%s:1:%v", name, err)
	}
	states := map[int64]bool{}
	types := map[int64]bool{}
	var last int64
	line := 1
	for sc.Scan() {
		line++
		text := sc.Text()
		if text == "" || text[0] == '#' {
			continue // comments, and communicator lines Paraver allows
		}
		if text[0] == 'c' {
			continue
		}
		f := strings.Split(text, ":")
		vals := make([]int64, len(f))
		col := 1
		for i, s := range f {
			v, err := strconv.ParseInt(s, 10, 64)
			if err != nil || v < 0 {
				return nil, diag.At(name, line, col, "field %d %q is not an integer ≥ 0", i+1, s)
			}
			vals[i] = v
			col += len(s) + 1
		}
		at := func(field int, format string, args ...any) error { // an error at a field
			col := 1
			for i := 0; i < field && i < len(f); i++ {
				col += len(f[i]) + 1
			}
			return diag.At(name, line, col, format, args...)
		}
		obj := func(first int) error { // cpu:appl:task:thread at fields first..first+3
			cpu, appl, task, thread := vals[first], vals[first+1], vals[first+2], vals[first+3]
			switch {
			case cpu > int64(cpus):
				return at(first, "CPU %d, but the header declares %d", cpu, cpus)
			case appl != 1:
				return at(first+1, "application %d, but the header declares 1", appl)
			case task < 1 || task > int64(len(threadsOf)):
				return at(first+2, "task %d, but the header declares %d", task, len(threadsOf))
			case thread < 1 || thread > int64(threadsOf[task-1]):
				return at(first+3, "thread %d of task %d, which has %d", thread, task, threadsOf[task-1])
			}
			return nil
		}
		inTime := func(fields ...int) error {
			for _, i := range fields {
				if vals[i] > c.End {
					return at(i, "time %d is past the trace's end %d", vals[i], c.End)
				}
			}
			return nil
		}
		var t int64
		switch vals[0] {
		case 1:
			if len(vals) != 8 {
				return nil, diag.At(name, line, 1, "a state record has 8 fields, not %d", len(vals))
			}
			if err := obj(1); err != nil {
				return nil, err
			}
			if err := inTime(5, 6); err != nil {
				return nil, err
			}
			if vals[6] < vals[5] {
				return nil, at(6, "state ends (%d) before it begins (%d)", vals[6], vals[5])
			}
			states[vals[7]] = true
			t = vals[5]
			c.States++
		case 2:
			if len(vals) < 8 || len(vals)%2 != 0 {
				return nil, diag.At(name, line, 1, "an event record has 6 fields and type:value pairs, not %d fields", len(vals))
			}
			if err := obj(1); err != nil {
				return nil, err
			}
			if err := inTime(5); err != nil {
				return nil, err
			}
			for i := 6; i < len(vals); i += 2 {
				types[vals[i]] = true
			}
			t = vals[5]
			c.Events++
		case 3:
			if len(vals) != 15 {
				return nil, diag.At(name, line, 1, "a communication record has 15 fields, not %d", len(vals))
			}
			if err := obj(1); err != nil {
				return nil, err
			}
			if err := obj(7); err != nil {
				return nil, err
			}
			if err := inTime(5, 6, 11, 12); err != nil {
				return nil, err
			}
			if vals[6] < vals[5] || vals[12] < vals[11] {
				return nil, at(5, "a physical time before its logical time")
			}
			t = vals[5]
			c.Comms++
		default:
			return nil, diag.At(name, line, 1, "record type %d; Paraver has 1 (state), 2 (event), 3 (communication)", vals[0])
		}
		if t < last {
			return nil, at(5, "time %d comes after %d: records are not sorted", t, last)
		}
		last = t
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	if err := checkPCF(name, pcf, states, types); err != nil {
		return nil, err
	}
	if err := checkROW(name, row, cpus, c.Nodes, len(threadsOf), c.Threads); err != nil {
		return nil, err
	}
	return c, nil
}

// parseParaverHeader reads "#Paraver (date):T_ns:N(c,...):1:n(t:node,...)"
// and returns each task's threads and node and the number of CPUs; errors
// start with the column.
func parseParaverHeader(h string, c *ParaverCheck) (threads, nodes []int, cpus int, err error) {
	const pre = "#Paraver ("
	if !strings.HasPrefix(h, pre) {
		return nil, nil, 0, fmt.Errorf("1: the header does not start with %q", pre)
	}
	close := strings.Index(h, "):")
	if close < 0 {
		return nil, nil, 0, fmt.Errorf("%d: no \"):\" after the date", len(pre)+1)
	}
	date := h[len(pre):close]
	var dd, mm, yy, hh, mi int
	if n, _ := fmt.Sscanf(date, "%d/%d/%d at %d:%d", &dd, &mm, &yy, &hh, &mi); n != 5 {
		return nil, nil, 0, fmt.Errorf("%d: date %q is not dd/mm/yy at hh:mm", len(pre)+1, date)
	}
	pos := close + 2
	rest := h[pos:]
	ft, rest, ok := strings.Cut(rest, ":")
	if !ok {
		return nil, nil, 0, fmt.Errorf("%d: no duration", pos+1)
	}
	ftNum := strings.TrimSuffix(ft, "_ns")
	end, err := strconv.ParseInt(ftNum, 10, 64)
	if err != nil || end < 0 {
		return nil, nil, 0, fmt.Errorf("%d: duration %q is not N_ns", pos+1, ft)
	}
	c.End = end
	pos += len(ft) + 1
	// Resources: N(c1,...,cN).
	nodesPart, rest, ok := strings.Cut(rest, ":")
	if !ok {
		return nil, nil, 0, fmt.Errorf("%d: no resources", pos+1)
	}
	nn, list, err := countList(nodesPart)
	if err != nil {
		return nil, nil, 0, fmt.Errorf("%d: resources %q: %v", pos+1, nodesPart, err)
	}
	for _, s := range list {
		v, err := strconv.Atoi(s)
		if err != nil || v < 1 {
			return nil, nil, 0, fmt.Errorf("%d: CPUs of a node %q is not ≥ 1", pos+1, s)
		}
		cpus += v
	}
	c.Nodes, c.CPUs = nn, cpus
	pos += len(nodesPart) + 1
	appls, rest, ok := strings.Cut(rest, ":")
	if !ok || appls != "1" {
		return nil, nil, 0, fmt.Errorf("%d: want 1 application, got %q", pos+1, appls)
	}
	pos += len(appls) + 1
	// One application: n(t:node,...), then optionally ",communicators".
	app := rest
	if i := strings.LastIndex(app, ")"); i >= 0 && i+1 < len(app) {
		app = app[:i+1]
	}
	nt, tasks, err := countList(app)
	if err != nil {
		return nil, nil, 0, fmt.Errorf("%d: application %q: %v", pos+1, app, err)
	}
	c.Tasks = nt
	for _, s := range tasks {
		a, b, ok := strings.Cut(s, ":")
		th, err1 := strconv.Atoi(a)
		node, err2 := strconv.Atoi(b)
		if !ok || err1 != nil || err2 != nil || th < 1 || node < 1 || node > nn {
			return nil, nil, 0, fmt.Errorf("%d: task %q is not threads:node with node in 1..%d", pos+1, s, nn)
		}
		threads = append(threads, th)
		nodes = append(nodes, node)
		c.Threads += th
	}
	return threads, nodes, cpus, nil
}

// countList reads "n(a,b,...)" and checks that n counts the items.
func countList(s string) (int, []string, error) {
	open := strings.IndexByte(s, '(')
	if open < 0 || !strings.HasSuffix(s, ")") {
		return 0, nil, fmt.Errorf("not n(...)")
	}
	n, err := strconv.Atoi(s[:open])
	if err != nil || n < 1 {
		return 0, nil, fmt.Errorf("count %q is not ≥ 1", s[:open])
	}
	items := strings.Split(s[open+1:len(s)-1], ",")
	if len(items) != n {
		return 0, nil, fmt.Errorf("count %d, but %d items", n, len(items))
	}
	return n, items, nil
}

// checkPCF checks that the configuration names every state and event
// type used.
func checkPCF(name string, pcf []byte, states, types map[int64]bool) error {
	named := map[string]map[int64]bool{"STATES": {}, "EVENT_TYPE": {}}
	section := ""
	for i, l := range strings.Split(string(pcf), "\n") {
		f := strings.Fields(l)
		switch {
		case len(f) == 0:
			section = ""
		case f[0] == "STATES" || f[0] == "EVENT_TYPE" || f[0] == "VALUES" || f[0] == "DEFAULT_OPTIONS" || f[0] == "STATES_COLOR":
			section = f[0]
		case section == "STATES":
			v, err := strconv.ParseInt(f[0], 10, 64)
			if err != nil {
				return fmt.Errorf("%s.pcf:%d:1: state %q is not a number", name, i+1, f[0])
			}
			named["STATES"][v] = true
		case section == "EVENT_TYPE":
			if len(f) < 2 {
				return fmt.Errorf("%s.pcf:%d:1: an event type is \"gradient type name\"", name, i+1)
			}
			v, err := strconv.ParseInt(f[1], 10, 64)
			if err != nil {
				return diag.At(name+".pcf", i+1, len(f[0])+2, "event type %q is not a number", f[1])
			}
			named["EVENT_TYPE"][v] = true
		}
	}
	for s := range states {
		if !named["STATES"][s] {
			return fmt.Errorf("%s.pcf: state %d is used but not named", name, s)
		}
	}
	for t := range types {
		if !named["EVENT_TYPE"][t] {
			return fmt.Errorf("%s.pcf: event type %d is used but not named", name, t)
		}
	}
	return nil
}

// checkROW checks that the .row file's levels have the header's counts.
func checkROW(name string, row []byte, cpus, nodes, tasks, threads int) error {
	want := map[string]int{"CPU": cpus, "NODE": nodes, "TASK": tasks, "THREAD": threads}
	lines := strings.Split(string(row), "\n")
	seen := map[string]bool{}
	for i := 0; i < len(lines); i++ {
		f := strings.Fields(lines[i])
		if len(f) != 4 || f[0] != "LEVEL" || f[2] != "SIZE" {
			continue
		}
		n, err := strconv.Atoi(f[3])
		if err != nil {
			return diag.At(name+".row", i+1, len(lines[i])-len(f[3])+1, "size %q is not a number", f[3])
		}
		if w, ok := want[f[1]]; ok && n != w {
			return fmt.Errorf("%s.row:%d:1: LEVEL %s SIZE %d, but the trace has %d", name, i+1, f[1], n, w)
		}
		names := 0
		for i+1 < len(lines) && strings.TrimSpace(lines[i+1]) != "" {
			i++
			names++
		}
		if names != n {
			return fmt.Errorf("%s.row:%d:1: LEVEL %s SIZE %d lists %d names", name, i+1, f[1], n, names)
		}
		seen[f[1]] = true
	}
	for _, l := range []string{"CPU", "NODE", "THREAD"} {
		if !seen[l] {
			return fmt.Errorf("%s.row: no LEVEL %s", name, l)
		}
	}
	return nil
}
