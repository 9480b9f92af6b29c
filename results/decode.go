package results

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"path/filepath"
	"sort"
	"strings"

	"augur/report"
)

// Decode reads a result file of any kind: the JSON of `augur predict`,
// `augur simulate` (thread traces) or `augur replay` (MPI traces). name is
// used in error messages. An MPI replay that lists its events gets a
// timeline from them.
func Decode(name string, data []byte) (r *Result, err error) {
	defer func() {
		if r != nil {
			r.normalise()
		}
	}()
	var probe map[string]json.RawMessage
	if err := json.Unmarshal(data, &probe); err != nil {
		return nil, fmt.Errorf("%s: not a result file: %v", name, jsonErr(data, err))
	}
	switch {
	case probe["predicted_time_s"] != nil:
		var s report.Summary
		if err := json.Unmarshal(data, &s); err != nil {
			return nil, fmt.Errorf("%s: prediction result: %v", name, jsonErr(data, err))
		}
		return FromSummary(&s), nil
	case probe["completion_time"] != nil || probe["threads"] != nil && probe["speedup"] != nil:
		return decodeThreads(name, data)
	case probe["simulation_time_s"] != nil || probe["ranks"] != nil:
		return decodeMPI(name, data)
	case probe["traceEvents"] != nil:
		return nil, fmt.Errorf("%s: this is a timeline (Chrome trace), not a result; give it as the trace", name)
	}
	return nil, fmt.Errorf("%s: not a result of augur predict, simulate or replay (no predicted_time_s, completion_time or simulation_time_s)", name)
}

// jsonErr adds the line and column to a JSON syntax error.
func jsonErr(data []byte, err error) error {
	var se *json.SyntaxError
	if errors.As(err, &se) {
		// Offset counts the offending byte.
		line, col := lineCol(data, se.Offset-1)
		return fmt.Errorf("line %d col %d: %v", line, col, err)
	}
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		line, col := lineCol(data, te.Offset)
		return fmt.Errorf("line %d col %d: %v", line, col, err)
	}
	return err
}

func lineCol(data []byte, off int64) (int, int) {
	off = min(max(off, 0), int64(len(data)))
	before := data[:off]
	line := bytes.Count(before, []byte("\n")) + 1
	col := int(off) - bytes.LastIndexByte(before, '\n')
	return line, col
}

// obj is a loosely typed JSON object; the thread and MPI commands are
// young, so their adapters accept the spellings in use (busy, busy_s, ...).
type obj map[string]any

func (o obj) num(keys ...string) (float64, bool) {
	for _, k := range keys {
		switch v := o[k].(type) {
		case float64:
			return v, true
		case json.Number:
			f, err := v.Float64()
			return f, err == nil
		}
	}
	return 0, false
}

func (o obj) f(keys ...string) float64 { v, _ := o.num(keys...); return v }

func (o obj) str(keys ...string) string {
	for _, k := range keys {
		switch v := o[k].(type) {
		case string:
			return v
		case float64:
			return fmt.Sprint(v)
		}
	}
	return ""
}

func (o obj) list(key string) []obj {
	arr, _ := o[key].([]any)
	var out []obj
	for _, a := range arr {
		if m, ok := a.(map[string]any); ok {
			out = append(out, obj(m))
		}
	}
	return out
}

func decodeThreads(name string, data []byte) (*Result, error) {
	var o obj
	if err := json.Unmarshal(data, &o); err != nil {
		return nil, fmt.Errorf("%s: thread-trace result: %v", name, jsonErr(data, err))
	}
	r := &Result{Kind: KindThreads, Categories: ThreadCategories, UnitName: "thread",
		Time: o.f("completion_time", "completion_time_s")}
	r.Title = filepath.Base(o.str("trace", "name", "program"))
	if r.Title == "." {
		r.Title = "thread trace"
	}
	model := o.str("model")
	cpus := o.str("cpus", "processors")
	r.Subtitle = "thread-trace simulation"
	if model != "" {
		r.Subtitle += ", model " + model
	}
	if cpus != "" {
		r.Subtitle += ", " + cpus + " processor(s)"
	}
	r.Facts = append(r.Facts, Fact{"completion time", Seconds(r.Time)})
	if model != "" {
		r.Facts = append(r.Facts, Fact{"model", model})
	}
	if why := o.str("model_reason", "reason"); why != "" {
		r.Facts = append(r.Facts, Fact{"why", why})
	}
	if sp, ok := o.num("speedup"); ok {
		r.Facts = append(r.Facts, Fact{"speed-up", fmt.Sprintf("%.3g", sp)})
	}
	if t1, ok := o.num("one_processor_time"); ok {
		r.Facts = append(r.Facts, Fact{"on one processor", Seconds(t1)})
	}
	if ev, ok := o.num("events", "trace_events"); ok {
		r.Facts = append(r.Facts, Fact{"trace events", fmt.Sprint(int64(ev))})
	}
	switch d := o["deadlock"].(type) {
	case bool:
		if d {
			r.Deadlock = "the simulated program deadlocked"
			if rep, ok := o["deadlock_report"]; ok && rep != nil {
				b, _ := json.Marshal(rep)
				r.Deadlock += ": " + string(b)
			}
		}
	case map[string]any, []any:
		b, _ := json.Marshal(d)
		r.Deadlock = "deadlock: " + string(b)
	case string:
		if d != "" {
			r.Deadlock = d
		}
	}
	for i, t := range o.list("threads") {
		u := Unit{Pid: int32(i), Name: t.str("name", "thread", "id")}
		if u.Name == "" {
			u.Name = fmt.Sprint(i)
		}
		if !strings.HasPrefix(strings.ToLower(u.Name), "thread") {
			u.Name = "thread " + u.Name
		}
		u.Compute = t.f("busy", "busy_s", "busy_time")
		u.Comm = t.f("blocked", "blocked_s", "blocked_time")
		u.Wait = t.f("ready_waiting", "ready-waiting", "ready", "ready_waiting_s", "ready_s", "ready_time")
		if tot, ok := t.num("total", "total_s", "finish", "end", "end_s", "finish_s"); ok {
			u.Total = tot
		} else {
			u.Total = u.Compute + u.Comm + u.Wait
		}
		if cpu, ok := t.num("cpu", "processor"); ok {
			u.Node = int32(cpu)
		}
		r.Units = append(r.Units, u)
	}
	return r, nil
}

func decodeMPI(name string, data []byte) (*Result, error) {
	var o obj
	if err := json.Unmarshal(data, &o); err != nil {
		return nil, fmt.Errorf("%s: MPI replay result: %v", name, jsonErr(data, err))
	}
	r := &Result{Kind: KindMPI, Categories: ProgramCategories, UnitName: "rank",
		Time: o.f("simulation_time_s", "simulation_time")}
	r.Title = filepath.Base(o.str("trace", "name"))
	if r.Title == "." {
		r.Title = "MPI trace"
	}
	r.Subtitle = "MPI trace replay"
	if p := o.str("platform"); p != "" {
		r.Subtitle += " on " + p
	}
	if nm := o.str("network_model"); nm != "" {
		r.Subtitle += ", network model " + nm
	}
	r.Facts = append(r.Facts, Fact{"simulation time", Seconds(r.Time)})
	switch d := o["deadlock"].(type) {
	case bool:
		if d {
			r.Deadlock = "the replayed program deadlocked"
		}
	case map[string]any, []any:
		b, _ := json.Marshal(d)
		r.Deadlock = "deadlock: " + string(b)
	}
	for i, k := range o.list("ranks") {
		rank := int32(i)
		if v, ok := k.num("rank", "id"); ok {
			rank = int32(v)
		}
		u := Unit{Name: fmt.Sprintf("rank %d", rank), Pid: rank}
		u.Compute = k.f("compute_s", "compute")
		u.Comm = k.f("communication_s", "communication", "comm_s", "comm")
		u.Wait = k.f("waiting_s", "waiting", "wait_s", "wait")
		if tot, ok := k.num("total_s", "total", "end_s", "end", "finish_s", "finish"); ok {
			u.Total = tot
		} else {
			u.Total = u.Compute + u.Comm + u.Wait
		}
		if h := k.str("host"); h != "" {
			u.Name += " (" + h + ")"
		}
		r.Units = append(r.Units, u)
	}
	// Per-operation figures, when the replay gives them.
	var all float64
	for _, a := range o.list("actions") {
		all += a.f("total_s", "total")
	}
	for _, a := range o.list("actions") {
		e := Element{Name: a.str("action", "name"), Kind: "mpi", Calls: int64(a.f("calls")),
			Total: a.f("total_s", "total"), Compute: a.f("compute_s", "compute"),
			Comm: a.f("communication_s", "comm_s", "communication"), Wait: a.f("waiting_s", "wait_s", "waiting")}
		if e.Calls > 0 {
			e.Mean = e.Total / float64(e.Calls)
		}
		if all > 0 {
			e.Share = e.Total / all
		}
		r.Elements = append(r.Elements, e)
	}
	sort.SliceStable(r.Elements, func(i, j int) bool { return r.Elements[i].Total > r.Elements[j].Total })
	if np, ok := o.num("np"); ok {
		r.Facts = append(r.Facts, Fact{"ranks", fmt.Sprint(int64(np))})
	}
	if ops, ok := o.num("operations"); ok {
		r.Facts = append(r.Facts, Fact{"operations", fmt.Sprint(int64(ops))})
	}
	switch ev := o["events"].(type) {
	case float64:
		r.Facts = append(r.Facts, Fact{"events", fmt.Sprint(int64(ev))})
	case []any:
		r.Facts = append(r.Facts, Fact{"events", fmt.Sprint(len(ev))})
		t := NewTimeline(nil, nil)
		for _, e := range o.list("events") {
			rank := int32(e.f("rank", "pid"))
			start, ok := e.num("start_s", "start", "begin_s", "begin")
			if !ok {
				start = e.f("ts") * 1e-6
			}
			end, ok := e.num("end_s", "end")
			if !ok {
				if d, ok := e.num("duration_s", "dur_s"); ok {
					end = start + d
				} else {
					end = start + e.f("dur")*1e-6
				}
			}
			op := e.str("name", "op", "action", "type")
			kind := e.str("kind", "category", "cat")
			if kind == "" {
				kind = mpiKind(op)
			}
			t.AddNamed(rank, 0, op, kind, start, end)
		}
		r.AttachTimeline(t)
	}
	return r, nil
}

// mpiKind classifies an MPI action name (SimGrid's TiT names) for the
// compute / communication / waiting split.
func mpiKind(op string) string {
	switch strings.ToLower(op) {
	case "compute", "sleep":
		return "compute"
	case "wait", "waitall", "test":
		return "wait"
	}
	return "communication"
}

// ReadChromeTrace reads a timeline in the Chrome Trace Event format, the
// form `augur predict --trace` (and simulate and replay) write: complete
// events ("ph":"X") with pid, tid, name, cat, ts and dur in microseconds.
// Both the object form {"traceEvents": [...]} and a bare array are read.
// Slices whose arguments carry augur's rank and thread (what WriteChrome
// writes) are put on that process and thread; others on their pid and tid.
func ReadChromeTrace(name string, data []byte) (*Timeline, error) {
	type event struct {
		Ph   string          `json:"ph"`
		Name string          `json:"name"`
		Cat  string          `json:"cat"`
		Pid  json.RawMessage `json:"pid"`
		Tid  json.RawMessage `json:"tid"`
		Ts   float64         `json:"ts"`
		Dur  float64         `json:"dur"`
		Args struct {
			Name   string   `json:"name"`
			Rank   *float64 `json:"rank"`
			Thread *float64 `json:"thread"`
		} `json:"args"`
	}
	var doc struct {
		TraceEvents []event `json:"traceEvents"`
	}
	trimmed := bytes.TrimLeft(data, " \t\r\n")
	var err error
	if len(trimmed) > 0 && trimmed[0] == '[' {
		err = json.Unmarshal(trimmed, &doc.TraceEvents)
	} else {
		err = json.Unmarshal(data, &doc)
	}
	if err != nil {
		return nil, fmt.Errorf("%s: not a Chrome trace: %v", name, jsonErr(data, err))
	}
	if doc.TraceEvents == nil {
		return nil, fmt.Errorf("%s: not a Chrome trace: no traceEvents", name)
	}
	// pid and tid may be numbers or strings; strings get numbers in order
	// of appearance.
	ids := map[string]int32{}
	id := func(raw json.RawMessage) int32 {
		var n float64
		if json.Unmarshal(raw, &n) == nil && n == math.Trunc(n) && math.Abs(n) < 1<<31 {
			return int32(n)
		}
		k := string(raw)
		v, ok := ids[k]
		if !ok {
			v = int32(len(ids))
			ids[k] = v
		}
		return v
	}
	small := func(p *float64) bool { return p != nil && *p == math.Trunc(*p) && math.Abs(*p) < 1<<31 }
	// augur's (process, thread) of each Chrome track, from its slices.
	unit := map[[2]int32][2]int32{}
	track := func(e *event) [2]int32 {
		k := [2]int32{id(e.Pid), id(e.Tid)}
		if small(e.Args.Rank) && small(e.Args.Thread) {
			u := [2]int32{int32(*e.Args.Rank), int32(*e.Args.Thread)}
			unit[k] = u
			return u
		}
		if u, ok := unit[k]; ok {
			return u
		}
		return k
	}
	t := NewTimeline(nil, nil)
	open := map[[2]int32][]event{} // B/E pairs
	for i := range doc.TraceEvents {
		e := &doc.TraceEvents[i]
		switch e.Ph {
		case "X":
			k := track(e)
			t.AddNamed(k[0], k[1], e.Name, e.Cat, e.Ts*1e-6, (e.Ts+e.Dur)*1e-6)
		case "B":
			k := [2]int32{id(e.Pid), id(e.Tid)}
			open[k] = append(open[k], *e)
		case "E":
			k := [2]int32{id(e.Pid), id(e.Tid)}
			if st := open[k]; len(st) > 0 {
				b := st[len(st)-1]
				open[k] = st[:len(st)-1]
				u := track(&b)
				t.AddNamed(u[0], u[1], b.Name, b.Cat, b.Ts*1e-6, e.Ts*1e-6)
			}
		}
	}
	t.Finish()
	// Name the tracks as the trace's metadata does, when it does.
	for _, e := range doc.TraceEvents {
		if e.Ph == "M" && e.Name == "thread_name" && e.Args.Name != "" {
			k := [2]int32{id(e.Pid), id(e.Tid)}
			if u, ok := unit[k]; ok {
				k = u
			}
			if r := t.RowOf(k[0], k[1]); r >= 0 && e.Args.Name != "thread 0" {
				t.rows[r].Name = e.Args.Name
				t.named = true
			}
		}
	}
	return t, nil
}
