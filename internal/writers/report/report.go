// Package report turns predictions into what people and programs read:
// text tables, JSON (schema in docs/output.md), CSV, and Chrome Trace Event
// timelines that Perfetto opens.
package report

import (
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"strings"

	"augur/internal/engine"
	"augur/internal/results"
	"augur/internal/run/predict"
	"augur/internal/writers/table"
)

// UnitElements lists the elements (named by names) that st, one unit's
// statistics, executed: largest total first, then by name.
func UnitElements(names []string, st []engine.ElemStats) []results.Stats {
	var out []results.Stats
	for i, e := range st {
		if e.Calls == 0 || i >= len(names) {
			continue
		}
		out = append(out, results.Stats{Name: names[i], Calls: e.Calls, Total: e.Total,
			Mean: e.Total / float64(e.Calls), Min: e.Min, Max: e.Max,
			Compute: e.Compute, Communication: e.Comm, Waiting: e.Wait})
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].Total != out[j].Total {
			return out[i].Total > out[j].Total
		}
		return out[i].Name < out[j].Name
	})
	return out
}

// Summarize builds the document of p (docs/output.md). With stable set,
// wall-clock figures are left out so that equal inputs give
// byte-identical output.
func Summarize(p *predict.Prediction, stable bool) *results.Prediction {
	s := &results.Prediction{
		Header: results.NewHeader(results.CommandPredict),
		Model:  p.Model, Machine: p.Machine, Nodes: p.Nodes, Procs: p.Procs, Threads: p.Threads,
		Seed: p.Seed, Params: p.Params, PerProcess: p.PerProcess, PredictedTime: p.Time,
		MeasuredCollectives: p.MeasuredCollectives,
		Events:              p.Events, Executions: p.Ops, ClosedForm: p.ClosedForm, Deadlock: p.Deadlock,
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
		s.Replications = &results.Replications{N: len(p.Times), Times: p.Times, Mean: p.Mean, CI95: p.CI95}
	}
	s.Processes = make([]results.Process, len(p.Units))
	var all float64
	names := make([]string, len(p.Elements))
	for i, el := range p.Elements {
		names[i] = el.Name
	}
	for i, u := range p.Units {
		s.Processes[i] = results.Process{Pid: u.Pid, Tid: u.Tid, Node: u.Node,
			Budget: results.Budget{End: u.Finish, Compute: u.Compute, Communication: u.Comm, Waiting: u.Wait}}
		if i < len(p.UnitElements) {
			s.Processes[i].Elements = UnitElements(names, p.UnitElements[i])
		}
	}
	for _, e := range p.Result.Elements {
		all += e.Total
	}
	s.Elements = make([]results.Stats, len(p.Elements))
	for i, el := range p.Elements {
		st := p.Result.Elements[i]
		e := results.Stats{Name: el.Name, Kind: el.Kind, Where: el.Where, Calls: st.Calls, Total: st.Total,
			Min: st.Min, Max: st.Max, Compute: st.Compute, Communication: st.Comm, Waiting: st.Wait}
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

// SortElements orders elements by a column: name, kind, where, calls,
// total, mean, share, compute, communication (comm), waiting (wait), min,
// max. Numbers sort descending and words ascending unless the column is
// prefixed with + or -.
func SortElements(els []results.Stats, column string) error {
	desc := true
	switch {
	case strings.HasPrefix(column, "+"):
		desc, column = false, column[1:]
	case strings.HasPrefix(column, "-"):
		column = column[1:]
	default:
		desc = column != "name" && column != "kind" && column != "where"
	}
	var key func(e *results.Stats) float64
	var word func(e *results.Stats) string
	switch column {
	case "name":
		word = func(e *results.Stats) string { return e.Name }
	case "kind":
		word = func(e *results.Stats) string { return e.Kind }
	case "where":
		word = func(e *results.Stats) string { return e.Where }
	case "calls":
		key = func(e *results.Stats) float64 { return float64(e.Calls) }
	case "total":
		key = func(e *results.Stats) float64 { return e.Total }
	case "mean":
		key = func(e *results.Stats) float64 { return e.Mean }
	case "share":
		key = func(e *results.Stats) float64 { return e.Share }
	case "compute":
		key = func(e *results.Stats) float64 { return e.Compute }
	case "communication", "comm":
		key = func(e *results.Stats) float64 { return e.Communication }
	case "waiting", "wait":
		key = func(e *results.Stats) float64 { return e.Waiting }
	case "min":
		key = func(e *results.Stats) float64 { return e.Min }
	case "max":
		key = func(e *results.Stats) float64 { return e.Max }
	default:
		return fmt.Errorf("cannot sort by %q: use name, kind, where, calls, total, mean, share, compute, communication, waiting, min or max", column)
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
func WriteJSON(w io.Writer, s *results.Prediction) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(s)
}

// WriteCSV writes the JSON document as one table (docs/output.md, "CSV"):
// a summary row, a row per process, element and blocked process, told
// apart by the first column.
func WriteCSV(w io.Writer, s *results.Prediction) error {
	return table.Write(w, s, results.PredictionTable)
}
