package validate

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"text/tabwriter"

	"augur/internal/results"
)

// WriteText prints the table in Performance Prophet's layout. stable leaves Te and
// Tm/Te out (wall-clock figures), so equal inputs give equal output.
func WriteText(w io.Writer, t *Table, stable bool) error {
	fmt.Fprintf(w, "model %s on machine %s\n\n", t.Model, t.Machine)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	head := "configuration\tTs (s)\tTm (s)\t"
	if !stable {
		head += "Te (s)\tTm/Te\t"
	}
	head += "Error (%)\t"
	if t.RefName != "" {
		head += t.RefName + " (s)\t" + t.RefName + " error (%)\t"
	}
	fmt.Fprintln(tw, head)
	for _, r := range t.Rows {
		line := fmt.Sprintf("%s\t%.4g\t%.4g\t", r.Config.Label(), r.Predicted, r.Measured)
		if !stable {
			te := r.Eval.Seconds()
			line += fmt.Sprintf("%.3g\t%s\t", te, ratioText(ratio(r.Measured, te)))
		}
		line += fmt.Sprintf("%.1f\t", r.Error())
		if t.RefName != "" {
			line += fmt.Sprintf("%.4g\t%.1f\t", *r.Reference, r.RefError())
		}
		fmt.Fprintln(tw, line)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	fmt.Fprintf(w, "\nmean error: %.1f %%", t.MeanError())
	if t.RefName != "" {
		fmt.Fprintf(w, " (%s: %.1f %%)", t.RefName, t.MeanRefError())
	}
	_, err := fmt.Fprintln(w)
	for _, wn := range t.Warnings {
		fmt.Fprintln(w, wn)
	}
	if t.Partial {
		_, err = fmt.Fprintf(w, "PARTIAL RESULT: interrupted after %d of %d configurations\n", len(t.Rows), t.Of)
	}
	return err
}

// ratioText prints Tm/Te as the seed does: a whole number when large.
func ratioText(q float64) string {
	if q >= 10 && !math.IsInf(q, 0) {
		return fmt.Sprintf("%.0f", q)
	}
	return fmt.Sprintf("%.3g", q)
}

func ratio(a, b float64) float64 {
	if b <= 0 {
		return math.Inf(1)
	}
	return a / b
}

// WriteCSV writes the JSON document as one table: a summary row (the
// model, the machine, the mean errors), then a row per configuration.
func WriteCSV(w io.Writer, t *Table, stable bool) error {
	return results.WriteTable(w, document(t, stable), CSVTable)
}

// CSVTable is validate's CSV: the summary, then a row per configuration.
var CSVTable = results.TableSpec{Summary: "summary", Records: []results.TableRecord{{Name: "row", Path: "rows"}}}

type jsonRow struct {
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

// WriteJSON writes {"command", "schema_version", "model", "machine",
// "rows": [...], "mean_error_pct", ...}.
func WriteJSON(w io.Writer, t *Table, stable bool) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(document(t, stable))
}

// jsonDoc is validate's document.
type jsonDoc struct {
	results.Header
	Model        string    `json:"model"`
	Machine      string    `json:"machine"`
	Reference    string    `json:"reference,omitempty"`
	Rows         []jsonRow `json:"rows"`
	MeanError    float64   `json:"mean_error_pct"`
	MeanRefError *float64  `json:"mean_ref_error_pct,omitempty"`
	Warnings     []string  `json:"warnings"`
	Partial      bool      `json:"partial,omitempty"`
	Of           int       `json:"configurations,omitempty"`
}

func document(t *Table, stable bool) *jsonDoc {
	out := &jsonDoc{Header: results.NewHeader(results.CommandValidate), Model: t.Model, Machine: t.Machine, Reference: t.RefName, MeanError: t.MeanError(), Rows: []jsonRow{}, Partial: t.Partial,
		Warnings: append([]string{}, t.Warnings...)}
	if t.Partial {
		out.Of = t.Of
	}
	if t.RefName != "" {
		v := t.MeanRefError()
		out.MeanRefError = &v
	}
	for _, r := range t.Rows {
		j := jsonRow{Configuration: r.Config.Label(), Nodes: r.Config.Nodes, Procs: r.Config.Procs, Threads: r.Config.Threads,
			Params: r.Config.Set, Ts: r.Predicted, Tm: r.Measured, ErrorPct: r.Error(), Ref: r.Reference}
		if !stable {
			te := r.Eval.Seconds()
			q := ratio(r.Measured, te)
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
