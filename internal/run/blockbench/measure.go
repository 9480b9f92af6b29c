package blockbench

import (
	"context"
	"fmt"
	"math"
	"time"
)

// Request is one block benchmark as `augur bench block` runs it: compile
// the C block, time the clock's overhead, search the threshold count
// (dPerf's block benchmarking), and optionally time the full loop to
// check the prediction.
type Request struct {
	Source string
	CFlags []string
	// N is the loop's iteration count to predict.
	N     int64
	Clock Clock
	// Quantile is the estimator over repetitions; negative: the median on
	// the CPU clock (its noise comes and goes in phases that a long loop
	// averages over), the minimum on the wall clock (load only adds).
	Quantile float64
	// Search holds the threshold search's settings (Epsilon, MinTime,
	// Reps, Confirm, Budget); Quantile and the fixed pacing are set here.
	Search Options
	// Full also times the whole loop in up to FullRuns fresh processes.
	Full     bool
	FullRuns int
	// Progress, if set, is told each phase as it starts.
	Progress func(phase string)
}

// BuildError is a block that does not compile or start: a problem in the
// user's source or flags rather than in the measurement.
type BuildError struct{ Err error }

func (e *BuildError) Error() string { return e.Err.Error() }
func (e *BuildError) Unwrap() error { return e.Err }

// ReportStep is one count the threshold search timed, as reported.
type ReportStep struct {
	N       int64    `json:"n"`
	Seconds float64  `json:"time_s"`
	PerIter float64  `json:"per_iter_s"`
	Spread  float64  `json:"spread"`
	Reps    int      `json:"reps"`
	Change  *float64 `json:"change,omitempty"`
	Tol     float64  `json:"tolerance,omitempty"`
	Cold    *float64 `json:"cold_s,omitempty"`
	Excess  *float64 `json:"cold_excess_s,omitempty"`
	Margin  *float64 `json:"cold_marginal,omitempty"`
	First   *float64 `json:"first_touch_s,omitempty"`
	Settled bool     `json:"settled"`
}

// Report is a block benchmark's outcome (`augur bench block --format
// json`, docs/bench.md).
type Report struct {
	Block     string       `json:"block"`
	Clock     string       `json:"clock"`
	Quantile  float64      `json:"quantile"`
	AvgLoop   float64      `json:"t_avgloop_s"`
	ColdStart float64      `json:"cold_start_s"`
	N         int64        `json:"n"`
	OverheadS float64      `json:"clock_overhead_s"`
	Threshold int64        `json:"threshold"`
	TThS      float64      `json:"t_th_s"`
	Settled   bool         `json:"settled"`
	Predicted float64      `json:"predicted_s"`
	CostS     float64      `json:"cost_s"`
	CostWallS float64      `json:"cost_wall_s"`
	MeasuredS *float64     `json:"measured_s,omitempty"`
	FullRuns  int          `json:"full_runs,omitempty"`
	FullWallS *float64     `json:"measured_wall_s,omitempty"`
	ErrorPct  *float64     `json:"error_pct,omitempty"`
	Slowdown  *float64     `json:"slowdown,omitempty"`
	SavedPct  *float64     `json:"saved_pct,omitempty"`
	Steps     []ReportStep `json:"steps"`
	// Partial: the context ended while the full loop was being timed; the
	// prediction is complete, the measured figures are missing.
	Partial bool `json:"partial,omitempty"`
	// Search is the threshold search as run, for a report's wording.
	Search *Result `json:"-"`
}

// Measure runs req. A context ended before the prediction is complete is
// an error; one that ends while the full loop is timed gives the
// prediction with Partial set.
func Measure(ctx context.Context, req Request) (*Report, error) {
	progress := req.Progress
	if progress == nil {
		progress = func(string) {}
	}
	progress("compiling " + req.Source)
	bin, err := Compile(ctx, req.Source, req.CFlags, 0)
	if err != nil {
		return nil, &BuildError{err}
	}
	defer bin.Remove()
	b, err := bin.Start(ctx)
	if err != nil {
		return nil, &BuildError{err}
	}
	start := time.Now()
	progress("timing the clock's overhead")
	ovh, err := b.Overhead(1000)
	if err != nil {
		b.Close()
		return nil, err
	}
	q := req.Quantile
	if q < 0 {
		q = 0.5
		if req.Clock == Wall {
			q = 0
		}
	}
	o := req.Search
	o.Quantile, o.ConfirmBudget, o.Pause, o.LongRun = q, 0.02, 25*time.Millisecond, 0.01
	progress(fmt.Sprintf("searching the threshold count (1, 2, 4, ... iterations, until the time per iteration settles within %g %%)", 100*o.Epsilon))
	r, err := Threshold(b.Runner(req.Clock, ovh.On(req.Clock)), req.N, o)
	wallCost := time.Since(start).Seconds()
	b.Close()
	if err != nil {
		return nil, err
	}
	r.Cost += ovh.CostOn(req.Clock)
	out := &Report{Block: req.Source, Clock: req.Clock.String(), Quantile: q, AvgLoop: r.AvgLoop, ColdStart: r.ColdStart,
		N: r.Full, OverheadS: ovh.On(req.Clock), Threshold: r.Threshold, TThS: r.TTh, Settled: r.Settled,
		Predicted: r.Predicted, CostS: r.Cost, CostWallS: wallCost, Search: r}
	for _, s := range r.Steps {
		out.Steps = append(out.Steps, reportStep(s))
	}
	if !req.Full {
		return out, nil
	}
	// A short loop is timed in several fresh processes and the minimum
	// kept; a long one once (the budget is about 3 s beyond one run).
	progress(fmt.Sprintf("timing the full loop of %d iterations (up to %d fresh runs) to check the prediction", req.N, req.FullRuns))
	ref, err := TimeFull(ctx, bin, req.N, req.Clock, req.FullRuns, 3)
	switch {
	case err != nil && ctx.Err() != nil:
		out.Partial = true
		return out, nil
	case err != nil:
		return nil, err
	}
	m := ref.Seconds
	fw := math.Inf(1)
	for _, s := range ref.All {
		fw = math.Min(fw, s.Wall)
	}
	errPct := 100 * (r.Predicted - m) / m
	sd := r.Slowdown(m)
	saved := 100 * (1 - sd)
	out.MeasuredS, out.FullRuns, out.FullWallS, out.ErrorPct, out.Slowdown, out.SavedPct = &m, ref.Runs, &fw, &errPct, &sd, &saved
	return out, nil
}

// reportStep turns a search step into its reported form: figures that
// were not measured (NaN) are left out.
func reportStep(s Step) ReportStep {
	st := ReportStep{N: s.N, Seconds: s.Seconds, PerIter: s.PerIter, Spread: s.Spread, Reps: s.Reps, Tol: s.Tol, Settled: s.Settled}
	opt := func(v float64) *float64 {
		if math.IsNaN(v) {
			return nil
		}
		return &v
	}
	st.Change, st.First = opt(s.Change), opt(s.FirstTouch)
	if !math.IsNaN(s.Cold) {
		st.Cold, st.Excess, st.Margin = opt(s.Cold), opt(s.ColdExcess), opt(s.Marginal)
	}
	return st
}
