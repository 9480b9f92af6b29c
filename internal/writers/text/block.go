package text

import (
	"fmt"
	"io"

	"augur/internal/run/blockbench"
)

// Block writes augur bench block's report: the threshold, the times of
// dPerf's rule, the benchmark's cost and, with the full loop timed, the
// prediction's error. eps and budget are the search's, for the text of a
// threshold that did not settle.
func Block(w io.Writer, out *blockbench.Report, clock blockbench.Clock, eps, budget float64) {
	q, r := out.Quantile, out.Search
	wallCost := out.CostWallS
	fmt.Fprintf(w, "block %s, loop of %d iterations, %s time (clock overhead %s subtracted)\n", out.Block, r.Full, clockText(clock), Duration(out.OverheadS))
	last := r.Steps[len(r.Steps)-1]
	if r.Settled {
		fmt.Fprintf(w, "  threshold th     %d iterations (settled: %+.2f %% against th/2 within %.2f %%, cold start %+.2f %% per iteration beyond th/2)\n",
			r.Threshold, 100*last.Change, 100*last.Tol, 100*last.Marginal)
	} else {
		why := "timed up to the full count"
		if r.Threshold < r.Full {
			why = fmt.Sprintf("stopped at %g × the predicted loop's time", budget)
		}
		fmt.Fprintf(w, "  threshold th     %d iterations (did not settle within %g %%: %s)\n", r.Threshold, 100*eps, why)
	}
	fmt.Fprintf(w, "  t_th             %s  (%s of %d runs)\n", Duration(r.TTh), quantileText(q), r.ThRuns)
	fmt.Fprintf(w, "  t_avgloop        %s  (t_th / th × n)\n", Duration(r.AvgLoop))
	fmt.Fprintf(w, "  cold start       %s  (first touch of the data and cold caches, once)\n", Duration(r.ColdStart))
	fmt.Fprintf(w, "  predicted loop   %s  (t_avgloop + cold start)\n", Duration(r.Predicted))
	fmt.Fprintf(w, "  benchmark cost   %s %s time, %s wall, %d counts\n", Duration(r.Cost), clock, Duration(wallCost), len(r.Steps))
	if out.MeasuredS != nil {
		how := "one fresh run"
		if out.FullRuns > 1 {
			how = fmt.Sprintf("minimum of %d fresh runs", out.FullRuns)
		}
		fmt.Fprintf(w, "  measured loop    %s  (%s; %s wall)  error %+.1f %%\n", Duration(*out.MeasuredS), how, Duration(*out.FullWallS), *out.ErrorPct)
		fmt.Fprintf(w, "  slowdown         %.3g  (benchmark cost / measured loop: %.1f %% of the full run's time saved)\n", *out.Slowdown, *out.SavedPct)
	}
	if out.Partial {
		fmt.Fprintln(w, "  PARTIAL RESULT: interrupted while timing the full loop; no measured loop to compare with")
	}
}

func quantileText(q float64) string {
	switch q {
	case 0:
		return "minimum"
	case 0.5:
		return "median"
	}
	return fmt.Sprintf("%g-quantile", q)
}

func clockText(c blockbench.Clock) string {
	if c == blockbench.Wall {
		return "wall-clock (real)"
	}
	return "CPU (virtual)"
}
