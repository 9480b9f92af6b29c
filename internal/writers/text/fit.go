package text

import (
	"fmt"
	"io"
	"strings"

	"augur/internal/run/measure"
)

// Fit writes augur fit's report: per model its name, expression, SMAPE,
// adjusted R² and the predictions asked for.
func Fit(w io.Writer, models []*measure.Model) {
	for i, r := range models {
		if i > 0 {
			fmt.Fprintln(w)
		}
		name := r.Metric
		if r.Region != "" {
			name = r.Region + " / " + r.Metric
		}
		if name == "" {
			name = "(unnamed metric)"
		}
		fmt.Fprintf(w, "%s  (%d points; parameters %s)\n", name, r.Points, strings.Join(r.Params, ", "))
		fmt.Fprintf(w, "  model       %s\n", r.Expression)
		cv := "n/a"
		if r.CVSMAPE != nil {
			cv = fmt.Sprintf("%.3g %%", *r.CVSMAPE)
		}
		fmt.Fprintf(w, "  SMAPE       %.3g %%  (leave-one-out: %s)\n", r.SMAPE, cv)
		if r.AdjR2 != nil {
			fmt.Fprintf(w, "  adj. R²     %.6f\n", *r.AdjR2)
		} else {
			fmt.Fprintf(w, "  adj. R²     n/a (too few points for the terms)\n")
		}
		for _, p := range r.Predictions {
			fmt.Fprintf(w, "  at %-20s %.6g\n", measure.FormatPoint(p.Point), p.Value)
		}
	}
}
