// Package report turns predictions into what people and programs read:
// text tables, JSON (schema in docs/output.md), CSV, and Chrome Trace Event
// timelines that Perfetto opens.
package report

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"sort"
	"strings"

	"augur/engine"
	"augur/predict"
)

// Summary is the JSON form of a prediction (documented in docs/output.md).
type Summary struct {
	Model         string             `json:"model"`
	Machine       string             `json:"machine"`
	Nodes         int                `json:"nodes"`
	Procs         int                `json:"procs"`
	Threads       int                `json:"threads"`
	Seed          uint64             `json:"seed"`
	Params        map[string]float64 `json:"params"`
	PredictedTime float64            `json:"predicted_time_s"`
	EvalTime      float64            `json:"eval_time_s"`
	Events        int64              `json:"events"`
	Executions    int64              `json:"element_executions"`
	ClosedForm    int64              `json:"closed_form_executions"`
	Replications  *Replications      `json:"replications,omitempty"`
	Processes     []Process          `json:"processes"`
	Elements      []Element          `json:"elements"`
	Deadlock      *engine.Deadlock   `json:"deadlock"`
	Warnings      []string           `json:"warnings"`
	// Partial marks a run stopped before its end (Ctrl-C): the figures
	// are those of the operations completed by SimulatedTimeReached,
	// which PredictedTime then is (a lower bound). Both are left out of
	// complete runs' JSON, which stays as it was.
	Partial              bool    `json:"partial,omitempty"`
	SimulatedTimeReached float64 `json:"simulated_time_reached_s,omitempty"`
	// CompletedReplications is set when a later replication than the
	// first was stopped: the figures are the first's, complete, and
	// Replications lists those that completed.
	CompletedReplications int `json:"completed_replications,omitempty"`
}

// Replications summarises several runs with different seeds.
type Replications struct {
	N     int       `json:"n"`
	Times []float64 `json:"times_s"`
	Mean  float64   `json:"mean_s"`
	CI95  float64   `json:"ci95_s"`
}

// Process is one unit's budget.
type Process struct {
	Pid     int32   `json:"pid"`
	Tid     int32   `json:"tid"`
	Node    int32   `json:"node"`
	Total   float64 `json:"total_s"`
	Compute float64 `json:"compute_s"`
	Comm    float64 `json:"comm_s"`
	Wait    float64 `json:"wait_s"`
	// Elements are the unit's own figures per element it executed
	// (largest total first), when the run kept them
	// (predict.Options.UnitElements); they add up to the unit's budget.
	Elements []UnitElement `json:"elements,omitempty"`
}

// UnitElement is one element's aggregate over one unit's executions; its
// kind and where are those of the element of the same name.
type UnitElement struct {
	Name    string  `json:"name"`
	Calls   int64   `json:"calls"`
	Total   float64 `json:"total_s"`
	Mean    float64 `json:"mean_s"`
	Min     float64 `json:"min_s"`
	Max     float64 `json:"max_s"`
	Compute float64 `json:"compute_s"`
	Comm    float64 `json:"comm_s"`
	Wait    float64 `json:"wait_s"`
}

// UnitElements lists the elements (named by names) that st, one unit's
// statistics, executed: largest total first, then by name.
func UnitElements(names []string, st []engine.ElemStats) []UnitElement {
	var out []UnitElement
	for i, e := range st {
		if e.Calls == 0 || i >= len(names) {
			continue
		}
		out = append(out, UnitElement{Name: names[i], Calls: e.Calls, Total: e.Total,
			Mean: e.Total / float64(e.Calls), Min: e.Min, Max: e.Max,
			Compute: e.Compute, Comm: e.Comm, Wait: e.Wait})
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].Total != out[j].Total {
			return out[i].Total > out[j].Total
		}
		return out[i].Name < out[j].Name
	})
	return out
}

// Element is one element's aggregate over all units.
type Element struct {
	Name    string  `json:"name"`
	Kind    string  `json:"kind"`
	Where   string  `json:"where"`
	Calls   int64   `json:"calls"`
	Total   float64 `json:"total_s"`
	Mean    float64 `json:"mean_s"`
	Min     float64 `json:"min_s"`
	Max     float64 `json:"max_s"`
	Share   float64 `json:"share"`
	Compute float64 `json:"compute_s"`
	Comm    float64 `json:"comm_s"`
	Wait    float64 `json:"wait_s"`
}

// Summarize builds the Summary of p. With stable set, wall-clock figures
// are left out so that equal inputs give byte-identical output.
func Summarize(p *predict.Prediction, stable bool) *Summary {
	s := &Summary{
		Model: p.Model, Machine: p.Machine, Nodes: p.Nodes, Procs: p.Procs, Threads: p.Threads,
		Seed: p.Seed, Params: p.Params, PredictedTime: p.Time,
		Events: p.Events, Executions: p.Ops, ClosedForm: p.ClosedForm, Deadlock: p.Deadlock,
	}
	if s.Params == nil {
		s.Params = map[string]float64{}
	}
	if p.Partial {
		s.Partial, s.SimulatedTimeReached = true, p.Reached
		s.PredictedTime = p.Reached
		s.CompletedReplications = len(p.Times)
	}
	if !stable {
		s.EvalTime = p.EvalTime.Seconds()
	}
	if len(p.Times) > 1 {
		s.Replications = &Replications{N: len(p.Times), Times: p.Times, Mean: p.Mean, CI95: p.CI95}
	}
	s.Processes = make([]Process, len(p.Units))
	var all float64
	names := make([]string, len(p.Elements))
	for i, el := range p.Elements {
		names[i] = el.Name
	}
	for i, u := range p.Units {
		s.Processes[i] = Process{Pid: u.Pid, Tid: u.Tid, Node: u.Node, Total: u.Finish,
			Compute: u.Compute, Comm: u.Comm, Wait: u.Wait}
		if i < len(p.UnitElements) {
			s.Processes[i].Elements = UnitElements(names, p.UnitElements[i])
		}
	}
	for _, e := range p.Result.Elements {
		all += e.Total
	}
	s.Elements = make([]Element, len(p.Elements))
	for i, el := range p.Elements {
		st := p.Result.Elements[i]
		e := Element{Name: el.Name, Kind: el.Kind, Where: el.Where, Calls: st.Calls, Total: st.Total,
			Min: st.Min, Max: st.Max, Compute: st.Compute, Comm: st.Comm, Wait: st.Wait}
		if st.Calls > 0 {
			e.Mean = st.Total / float64(st.Calls)
		}
		if all > 0 {
			e.Share = st.Total / all
		}
		s.Elements[i] = e
	}
	s.Warnings = []string{}
	for _, w := range p.Warnings {
		if w.Warning {
			s.Warnings = append(s.Warnings, w.Error())
		}
	}
	return s
}

// SortElements orders elements by a column: name, kind, calls, total,
// mean, share, compute, comm, wait, min, max. Numbers sort descending and
// words ascending unless the column is prefixed with + or -.
func SortElements(els []Element, column string) error {
	desc := true
	switch {
	case strings.HasPrefix(column, "+"):
		desc, column = false, column[1:]
	case strings.HasPrefix(column, "-"):
		column = column[1:]
	default:
		desc = column != "name" && column != "kind" && column != "where"
	}
	var key func(e *Element) float64
	var word func(e *Element) string
	switch column {
	case "name":
		word = func(e *Element) string { return e.Name }
	case "kind":
		word = func(e *Element) string { return e.Kind }
	case "where":
		word = func(e *Element) string { return e.Where }
	case "calls":
		key = func(e *Element) float64 { return float64(e.Calls) }
	case "total":
		key = func(e *Element) float64 { return e.Total }
	case "mean":
		key = func(e *Element) float64 { return e.Mean }
	case "share":
		key = func(e *Element) float64 { return e.Share }
	case "compute":
		key = func(e *Element) float64 { return e.Compute }
	case "comm":
		key = func(e *Element) float64 { return e.Comm }
	case "wait":
		key = func(e *Element) float64 { return e.Wait }
	case "min":
		key = func(e *Element) float64 { return e.Min }
	case "max":
		key = func(e *Element) float64 { return e.Max }
	default:
		return fmt.Errorf("cannot sort by %q: use name, kind, where, calls, total, mean, share, compute, comm, wait, min or max", column)
	}
	sort.SliceStable(els, func(i, j int) bool {
		a, b := &els[i], &els[j]
		if word != nil {
			if desc {
				return word(a) > word(b)
			}
			return word(a) < word(b)
		}
		if desc {
			return key(a) > key(b)
		}
		return key(a) < key(b)
	})
	return nil
}

// WriteJSON writes s as indented JSON.
func WriteJSON(w io.Writer, s *Summary) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(s)
}

// WriteCSV writes one table: a summary row, a row per process and a row
// per element, told apart by the first column.
func WriteCSV(w io.Writer, s *Summary) error {
	var b strings.Builder
	b.WriteString("record,name,kind,where,pid,tid,node,calls,total_s,mean_s,share,compute_s,comm_s,wait_s\n")
	fmt.Fprintf(&b, "summary,%s,model,,,,,%d,%s,,,,,\n", csvField(s.Model), s.Executions, num(s.PredictedTime))
	for _, p := range s.Processes {
		fmt.Fprintf(&b, "process,,,,%d,%d,%d,,%s,,,%s,%s,%s\n", p.Pid, p.Tid, p.Node,
			num(p.Total), num(p.Compute), num(p.Comm), num(p.Wait))
		if b.Len() > 1<<16 {
			if _, err := io.WriteString(w, b.String()); err != nil {
				return err
			}
			b.Reset()
		}
	}
	for _, e := range s.Elements {
		fmt.Fprintf(&b, "element,%s,%s,%s,,,,%d,%s,%s,%s,%s,%s,%s\n", csvField(e.Name), e.Kind, csvField(e.Where),
			e.Calls, num(e.Total), num(e.Mean), num(e.Share), num(e.Compute), num(e.Comm), num(e.Wait))
	}
	// Rows a complete run without warnings does not have come last, so
	// that readers of the other records are not disturbed by them.
	for _, wn := range s.Warnings {
		fmt.Fprintf(&b, "warning,%s,,,,,,,,,,,,\n", csvField(wn))
	}
	if s.Partial {
		fmt.Fprintf(&b, "partial,,,,,,,,%s,,,,,\n", num(s.SimulatedTimeReached))
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func csvField(s string) string {
	if strings.ContainsAny(s, ",\"\n") {
		return `"` + strings.ReplaceAll(s, `"`, `""`) + `"`
	}
	return s
}

// num prints a number with full precision and no exponent noise for
// ordinary values.
func num(x float64) string {
	if x == math.Trunc(x) && math.Abs(x) < 1e15 {
		return fmt.Sprintf("%.0f", x)
	}
	return fmt.Sprintf("%.9g", x)
}
