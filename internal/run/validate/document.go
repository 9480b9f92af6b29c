package validate

import (
	"math"

	"augur/internal/results"
)

// Document returns the table as validate's document. stable leaves Te
// and Tm/Te out (wall-clock figures), so equal inputs give equal output.
func (t *Table) Document(stable bool) *Document {
	out := &Document{Header: results.NewHeader(results.CommandValidate), Model: t.Model, Machine: t.Machine, Reference: t.RefName, MeanError: t.MeanError(), Rows: []DocumentRow{}, Partial: t.Partial,
		Warnings: append([]string{}, t.Warnings...)}
	if t.Partial {
		out.Of = t.Of
	}
	if t.RefName != "" {
		v := t.MeanRefError()
		out.MeanRefError = &v
	}
	for _, r := range t.Rows {
		j := DocumentRow{Configuration: r.Config.Label(), Nodes: r.Config.Nodes, Procs: r.Config.Procs, Threads: r.Config.Threads,
			Params: r.Config.Set, Ts: r.Predicted, Tm: r.Measured, ErrorPct: r.Error(), Ref: r.Reference}
		if !stable {
			te := r.Eval.Seconds()
			q := r.MeasuredOverEval()
			j.Te = &te
			if !math.IsInf(q, 0) {
				j.TmOverTe = &q
			}
		}
		if r.Reference != nil {
			e := r.RefError()
			j.RefErrorPct = &e
		}
		out.Rows = append(out.Rows, j)
	}
	return out
}

// Document is validate's document (docs/output.md), which
// internal/writers/validation writes as JSON and CSV.
type Document struct {
	results.Header
	Model        string        `json:"model"`
	Machine      string        `json:"machine"`
	Reference    string        `json:"reference,omitempty"`
	Rows         []DocumentRow `json:"rows"`
	MeanError    float64       `json:"mean_error_pct"`
	MeanRefError *float64      `json:"mean_ref_error_pct,omitempty"`
	Warnings     []string      `json:"warnings"`
	Partial      bool          `json:"partial,omitempty"`
	Of           int           `json:"configurations,omitempty"`
}

// DocumentRow is one configuration of a Document.
type DocumentRow struct {
	Configuration string             `json:"configuration"`
	Nodes         int                `json:"nodes,omitempty"`
	Procs         int                `json:"procs,omitempty"`
	Threads       int                `json:"threads_per_process,omitempty"`
	Params        map[string]float64 `json:"params"`
	Ts            float64            `json:"time_s"`
	Tm            float64            `json:"measured_time_s"`
	Te            *float64           `json:"eval_time_s,omitempty"`
	TmOverTe      *float64           `json:"tm_over_te,omitempty"`
	ErrorPct      float64            `json:"error_pct"`
	Ref           *float64           `json:"ref_s,omitempty"`
	RefErrorPct   *float64           `json:"ref_error_pct,omitempty"`
}

// CSVTable is validate's CSV: the summary, then a row per configuration.
var CSVTable = results.TableSpec{Summary: "summary", Records: []results.TableRecord{{Name: "row", Path: "rows"}}}

// MeasuredOverEval is Tm/Te, +Inf when the prediction took no time.
func (r Row) MeasuredOverEval() float64 {
	te := r.Eval.Seconds()
	if te <= 0 {
		return math.Inf(1)
	}
	return r.Measured / te
}
