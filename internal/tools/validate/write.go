package validate

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"strconv"
	"text/tabwriter"
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

// WriteCSV writes one row per configuration with the same columns, and a
// final "mean" row holding the mean errors.
func WriteCSV(w io.Writer, t *Table, stable bool) error {
	cw := csv.NewWriter(w)
	head := []string{"configuration", "nodes", "procs", "threads", "ts_s", "tm_s"}
	if !stable {
		head = append(head, "te_s", "tm_over_te")
	}
	head = append(head, "error_pct")
	if t.RefName != "" {
		head = append(head, "ref_s", "ref_error_pct")
	}
	cw.Write(head)
	f := func(v float64) string { return strconv.FormatFloat(v, 'g', 8, 64) }
	for _, r := range t.Rows {
		rec := []string{r.Config.Label(), strconv.Itoa(r.Config.Nodes), strconv.Itoa(r.Config.Procs), strconv.Itoa(r.Config.Threads), f(r.Predicted), f(r.Measured)}
		if !stable {
			te := r.Eval.Seconds()
			rec = append(rec, f(te), f(ratio(r.Measured, te)))
		}
		rec = append(rec, f(r.Error()))
		if t.RefName != "" {
			rec = append(rec, f(*r.Reference), f(r.RefError()))
		}
		cw.Write(rec)
	}
	mean := make([]string, len(head))
	mean[0] = "mean"
	for i, h := range head {
		switch h {
		case "error_pct":
			mean[i] = f(t.MeanError())
		case "ref_error_pct":
			mean[i] = f(t.MeanRefError())
		}
	}
	cw.Write(mean)
	for _, wn := range t.Warnings {
		// The text says what it is: file:line:col: warning: message.
		row := make([]string, len(head))
		row[0] = wn
		cw.Write(row)
	}
	if t.Partial {
		// The configurations there were, in nodes' column: a count.
		part := make([]string, len(head))
		part[0], part[1] = "partial", strconv.Itoa(t.Of)
		cw.Write(part)
	}
	cw.Flush()
	return cw.Error()
}

type jsonRow struct {
	Configuration string             `json:"configuration"`
	Nodes         int                `json:"nodes,omitempty"`
	Procs         int                `json:"procs,omitempty"`
	Threads       int                `json:"threads,omitempty"`
	Params        map[string]float64 `json:"params"`
	Ts            float64            `json:"ts_s"`
	Tm            float64            `json:"tm_s"`
	Te            *float64           `json:"te_s,omitempty"`
	TmOverTe      *float64           `json:"tm_over_te,omitempty"`
	ErrorPct      float64            `json:"error_pct"`
	Ref           *float64           `json:"ref_s,omitempty"`
	RefErrorPct   *float64           `json:"ref_error_pct,omitempty"`
}

// WriteJSON writes {"model", "machine", "rows": [...], "mean_error_pct"}.
func WriteJSON(w io.Writer, t *Table, stable bool) error {
	out := struct {
		Model        string    `json:"model"`
		Machine      string    `json:"machine"`
		Reference    string    `json:"reference,omitempty"`
		Rows         []jsonRow `json:"rows"`
		MeanError    float64   `json:"mean_error_pct"`
		MeanRefError *float64  `json:"mean_ref_error_pct,omitempty"`
		Warnings     []string  `json:"warnings"`
		Partial      bool      `json:"partial,omitempty"`
		Of           int       `json:"configurations,omitempty"`
	}{Model: t.Model, Machine: t.Machine, Reference: t.RefName, MeanError: t.MeanError(), Rows: []jsonRow{}, Partial: t.Partial,
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
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}
