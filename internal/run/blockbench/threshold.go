// Package blockbench times blocks of code with dPerf's threshold iteration
// rule (dPerf, §IV-A): run the block for growing iteration counts until
// the time per iteration settles within ε; the count where it does is the
// threshold th, reached in t_th, and a loop of n iterations is predicted
// to take t_avgloop = t_th / th × n — at a fraction of the cost of timing
// the whole loop.
//
// On a shared, loaded machine one timing is not enough, so every count is
// timed the way careful benchmark harnesses do: several repetitions,
// interleaved with the previous count so that both see the same load; a
// quantile as the estimator (the minimum for wall-clock time, which load
// only lengthens; the median for CPU time, whose noise a long loop averages
// over); the estimator's uncertainty (the repetitions' spread over √reps)
// first buying more repetitions, then widening the settle test when the
// measurements cannot tell a change of ε; the clock's own cost subtracted
// by the caller. Two effects that a warm, repeated count hides are checked
// too: a count's first run meeting memory for the first time (page faults:
// a stream over a large array), and a cold-cache start costing more than
// the warm runs by an amount that still grows with the count (a working
// set that fits in the caches only for short counts). Their one-time cost
// is added to dPerf's t_avgloop.
package blockbench

import (
	"errors"
	"fmt"
	"math"
	"sort"
	"time"
)

// Runner runs the block for n iterations (after evicting the caches when
// cold) and returns the run's seconds with the clock's overhead already
// subtracted, and what the run cost in all (eviction included), on the
// same clock.
type Runner interface {
	Run(n int64, cold bool) (seconds, cost float64, err error)
}

// RunnerFunc adapts a function to Runner.
type RunnerFunc func(n int64, cold bool) (float64, float64, error)

// Run calls f.
func (f RunnerFunc) Run(n int64, cold bool) (float64, float64, error) { return f(n, cold) }

// Timer runs the block for n iterations and returns the elapsed seconds;
// warm and cold runs are the same to it.
type Timer func(n int64) (float64, error)

// Run times n iterations; the cost is the run itself.
func (t Timer) Run(n int64, cold bool) (float64, float64, error) {
	s, err := t(n)
	return s, s, err
}

// Options of the threshold search.
type Options struct {
	Epsilon float64 // relative settling tolerance of the time per iteration (default 0.02)
	// Stable: consecutive counts that must pass the settle test (default
	// 1: each test already compares two counts, warm and cold, with
	// repetitions enough to tell a change of ε).
	Stable int
	// Budget stops the search, unsettled, once it has cost this fraction
	// of the loop's time as predicted from the last count (0: no bound):
	// on a machine too noisy to settle, the rule then costs a bounded
	// share of the loop rather than more than the loop.
	Budget float64
	Start  int64   // first iteration count (default 1)
	Growth float64 // factor between counts (default 2)
	// Reps: interleaved rounds per count, each timing the previous count
	// and this one (default 5). While the two counts' estimators are
	// uncertain by more than ε/2 together (spread / √reps), rounds are
	// added up to MaxReps (default 3·Reps).
	// Counts whose first run is shorter than MinTime get one round: they
	// cannot settle anyway.
	Reps, MaxReps int
	// Quantile of the repetitions used as the estimator: 0 is the
	// minimum (right for wall-clock time, which load only lengthens), 0.5
	// the median (right for CPU time, whose noise — contention, clock
	// changes — comes and goes in phases that a long loop averages over).
	Quantile float64
	// ColdReps: cold-cache rounds at a candidate threshold (default 2;
	// negative: no cold check, for runners whose warm and cold runs are the
	// same).
	ColdReps int
	// Confirm: once settled, th is timed this many more times, Pause
	// apart, and t_th is the estimator over all its runs, so that t_th is
	// not the machine's state of one instant (default 0).
	// ConfirmBudget bounds the confirmation runs' total time (0: no
	// bound): a long th already spans the load's phases.
	Confirm       int
	ConfirmBudget float64
	Pause         time.Duration
	// LongRun: counts whose runs last longer get 3 rounds rather than
	// Reps (0: no such cut); a long run already averages the noise.
	LongRun float64
	// MinTime: a count only settles once its run lasts this long
	// (default 0), past the clock's resolution.
	MinTime float64
	// MaxIter bounds the search; the threshold is never above the full
	// count either (then the rule degenerates to timing the whole loop).
	MaxIter int64
}

func (o Options) norm(full int64) Options {
	if o.Epsilon <= 0 {
		o.Epsilon = 0.02
	}
	if o.Stable <= 0 {
		o.Stable = 1
	}
	if o.Start <= 0 {
		o.Start = 1
	}
	if o.Growth <= 1 {
		o.Growth = 2
	}
	if o.Reps <= 0 {
		o.Reps = 5
	}
	if o.MaxReps < o.Reps {
		o.MaxReps = 3 * o.Reps
	}
	if o.ColdReps == 0 {
		o.ColdReps = 2
	}
	o.Quantile = math.Min(math.Max(o.Quantile, 0), 0.75)
	if o.MaxIter <= 0 || o.MaxIter > full {
		o.MaxIter = full
	}
	return o
}

// Step is one timed count of the search.
type Step struct {
	N       int64
	Seconds float64 // the estimator over the warm repetitions
	PerIter float64 // Seconds / N
	Spread  float64 // relative: half the range between the quantiles ±0.25 around the estimator's, over it
	Reps    int
	// Change is the relative change of the time per iteration against
	// the previous count, both timed in the same interleaved rounds (NaN
	// for the first count); Tol is the tolerance it was held to:
	// ε + min(the two estimators' uncertainties, ε), the uncertainty being
	// the spread over √reps.
	Change, Tol float64
	// Cold is the estimator of the cold-cache runs (NaN when not timed:
	// only counts whose Change passed are). ColdExcess is Cold − Seconds,
	// the cold start's extra cost; Marginal is how much of it the second
	// half of the iterations added (the previous count's excess
	// subtracted), relative to Seconds: near 0 once the block has stopped
	// meeting cold data, near 1 or more while every iteration does (a
	// stream over an array larger than the count's).
	Cold, ColdExcess, Marginal float64
	// FirstTouch is how much longer the count's first run took than the
	// estimator of the others when it was also slower than all of them
	// (else 0; NaN for counts shorter than MinTime): positive while the
	// block meets memory it never touched before.
	FirstTouch float64
	Settled    bool
}

// Result of the threshold rule.
type Result struct {
	Threshold int64   // th
	TTh       float64 // t_th, seconds for th iterations
	ThRuns    int     // warm runs of th that t_th is the estimator of
	Full      int64   // n, the loop's iteration count
	AvgLoop   float64 // dPerf's t_avgloop = t_th / th × n, seconds
	// ColdStart is the loop's one-time cost of meeting its data for the
	// first time, which t_avgloop (timed warm) leaves out: the excess of
	// each count's first run over its second where significant (pages
	// touched for the first time), plus the excess of a cold-cache start
	// at th (the data the loop keeps in the caches once warm).
	ColdStart float64
	Predicted float64 // AvgLoop + ColdStart, seconds
	Cost      float64 // seconds spent timing (every run, eviction included)
	Settled   bool    // false: the time per iteration never settled below MaxIter
	Steps     []Step
}

// Threshold applies the rule to a loop of full iterations.
func Threshold(r Runner, full int64, o Options) (*Result, error) {
	if full < 1 {
		return nil, errors.New("the loop must have at least one iteration")
	}
	o = o.norm(full)
	res := &Result{Full: full}
	run := func(n int64, cold bool) (float64, error) {
		s, c, err := r.Run(n, cold)
		if err != nil {
			return 0, fmt.Errorf("timing %d iterations: %w", n, err)
		}
		if math.IsNaN(s) || math.IsInf(s, 0) || math.IsNaN(c) || c < 0 {
			return 0, fmt.Errorf("timing %d iterations: bad time %g", n, s)
		}
		res.Cost += c
		return math.Max(s, 0), nil
	}
	est := func(v []float64) float64 { return quantile(v, o.Quantile) }
	spread := func(v []float64) float64 {
		e := est(v)
		if len(v) < 2 || e <= 0 {
			return 0 // below the clock's resolution: the settle test fails anyway
		}
		return (quantile(v, o.Quantile+0.25) - quantile(v, math.Max(o.Quantile-0.25, 0))) / 2 / e
	}
	// The estimator's own uncertainty: the spread over √reps.
	uncert := func(v []float64) float64 { return spread(v) / math.Sqrt(float64(len(v))) }
	stable := 0
	n := o.Start
	var prev *Step
	var thRuns []float64 // warm runs of the last count
	for {
		var cur, pre []float64
		round := func() error {
			if prev != nil {
				s, err := run(prev.N, false)
				if err != nil {
					return err
				}
				pre = append(pre, s)
			}
			s, err := run(n, false)
			cur = append(cur, s)
			return err
		}
		if err := round(); err != nil {
			return nil, err
		}
		first := math.NaN() // excess of the first run over the others
		if n >= o.MaxIter && n == full {
			// The whole loop: timing it again would only cost more.
			st := Step{N: n, Seconds: cur[0], PerIter: cur[0] / float64(n), Reps: 1, Change: math.NaN(),
				Cold: math.NaN(), ColdExcess: math.NaN(), Marginal: math.NaN(), FirstTouch: math.NaN()}
			res.Steps = append(res.Steps, st)
			thRuns = cur
			break
		}
		if cur[0] >= o.MinTime {
			// The first run of a count is the first time its second half
			// runs: if it takes more than twice as long as the second, the
			// block is still meeting memory for the first time (page
			// faults, cold misses) and cannot settle here; spend no more
			// runs on it. Smaller excesses are judged below against the
			// other runs' estimator, like any change.
			if err := round(); err != nil {
				return nil, err
			}
			if cur[0] <= 2*cur[1] {
				reps := o.Reps
				if o.LongRun > 0 && cur[1] >= o.LongRun {
					reps = min(reps, 3)
				}
				for len(cur) < reps {
					if err := round(); err != nil {
						return nil, err
					}
				}
				for prev != nil && uncert(cur[1:])+uncert(pre[1:]) > o.Epsilon/2 && len(cur) < o.MaxReps {
					if err := round(); err != nil {
						return nil, err
					}
				}
			}
			// Judged against the slowest of the others, so that a first
			// run that only met the load's noise does not count.
			if cur[0] > 2*cur[1] || cur[0] > quantile(cur[1:], 1) {
				first = cur[0] - est(cur[1:])
			} else {
				first = 0
			}
		}
		warm, warmPre := cur, pre // the runs after the first, when there are some
		if len(cur) > 1 {
			warm = cur[1:]
			if len(pre) > 1 {
				warmPre = pre[1:]
			}
		}
		st := Step{N: n, Seconds: est(warm), Spread: spread(warm), Reps: len(cur), FirstTouch: first,
			Change: math.NaN(), Cold: math.NaN(), ColdExcess: math.NaN(), Marginal: math.NaN()}
		st.PerIter = st.Seconds / float64(n)
		ok := false
		if prev != nil {
			p := est(warmPre) / float64(prev.N)
			st.Tol = o.Epsilon + math.Min(uncert(warm)+uncert(warmPre), o.Epsilon)
			if p > 0 && st.PerIter > 0 {
				st.Change = st.PerIter/p - 1
				ok = math.Abs(st.Change) <= st.Tol && st.Seconds >= o.MinTime && first <= st.Tol*st.Seconds
			}
		}
		if first > math.Max(st.Tol, o.Epsilon)*st.Seconds {
			res.ColdStart += first // the first touch of this count's new data, once
		}
		if ok && o.ColdReps > 0 {
			// Cold starts of this count and the previous one, interleaved:
			// the excess over the warm runs is a one-time cost if it did
			// not grow from the previous count to this one.
			var cc, cp []float64
			for k := 0; k < o.ColdReps; k++ {
				s, err := run(prev.N, true)
				if err != nil {
					return nil, err
				}
				cp = append(cp, s)
				if s, err = run(n, true); err != nil {
					return nil, err
				}
				cc = append(cc, s)
			}
			st.Cold = est(cc)
			st.ColdExcess = st.Cold - st.Seconds
			st.Marginal = (st.ColdExcess - (est(cp) - est(warmPre))) / st.Seconds
			ok = st.Marginal <= st.Tol && st.ColdExcess <= st.Tol*st.PerIter*float64(full)
		}
		st.Settled = ok
		if ok {
			stable++
		} else {
			stable = 0
		}
		res.Steps = append(res.Steps, st)
		prev = &res.Steps[len(res.Steps)-1]
		thRuns = warm
		if stable >= o.Stable {
			res.Settled = true
			break
		}
		if n >= o.MaxIter {
			break
		}
		if o.Budget > 0 && st.PerIter > 0 && res.Cost >= o.Budget*st.PerIter*float64(full) {
			break
		}
		next := int64(math.Ceil(float64(n) * o.Growth))
		if next > o.MaxIter {
			next = o.MaxIter
		}
		n = next
	}
	last := &res.Steps[len(res.Steps)-1]
	if res.Settled {
		for k := 0; k < o.Confirm; k++ {
			if o.ConfirmBudget > 0 && float64(k+1)*last.Seconds > o.ConfirmBudget {
				break
			}
			if o.Pause > 0 {
				time.Sleep(o.Pause)
			}
			s, err := run(last.N, false)
			if err != nil {
				return nil, err
			}
			thRuns = append(thRuns, s)
		}
		res.ColdStart += math.Max(last.ColdExcess, 0)
	}
	res.Threshold, res.TTh, res.ThRuns = last.N, est(thRuns), len(thRuns)
	res.AvgLoop = res.TTh / float64(res.Threshold) * float64(full)
	res.Predicted = res.AvgLoop + res.ColdStart
	return res, nil
}

// quantile is the q-quantile of v, interpolated between order statistics
// (q = 0: the minimum).
func quantile(v []float64, q float64) float64 {
	if len(v) == 0 {
		return math.NaN()
	}
	s := append([]float64(nil), v...)
	sort.Float64s(s)
	x := q * float64(len(s)-1)
	i := int(x)
	if i >= len(s)-1 {
		return s[len(s)-1]
	}
	return s[i] + (x-float64(i))*(s[i+1]-s[i])
}

// Slowdown is dPerf's slowdown of the prediction: the time spent
// timing divided by the time of one run of the full loop.
func (r *Result) Slowdown(fullSeconds float64) float64 {
	if fullSeconds <= 0 {
		return math.Inf(1)
	}
	return r.Cost / fullSeconds
}
