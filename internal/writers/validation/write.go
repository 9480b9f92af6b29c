// Package validation writes a validation (augur validate's table of
// predicted against measured times) as text in Performance Prophet's
// layout, JSON, CSV, and as the SVG or PNG chart of its Fig. 15.
package validation

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"text/tabwriter"

	"augur/internal/run/validate"
	"augur/internal/writers/table"
)

// WriteText prints the table in Performance Prophet's layout. stable leaves Te and
// Tm/Te out (wall-clock figures), so equal inputs give equal output.
func WriteText(w io.Writer, t *validate.Table, stable bool) error {
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
			line += fmt.Sprintf("%.3g\t%s\t", te, ratioText(r.MeasuredOverEval()))
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

// WriteCSV writes the JSON document as one table: a summary row (the
// model, the machine, the mean errors), then a row per configuration.
func WriteCSV(w io.Writer, t *validate.Table, stable bool) error {
	return table.Write(w, t.Document(stable), validate.CSVTable)
}

// WriteJSON writes {"command", "schema_version", "model", "machine",
// "rows": [...], "mean_error_pct", ...}.
func WriteJSON(w io.Writer, t *validate.Table, stable bool) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(t.Document(stable))
}
