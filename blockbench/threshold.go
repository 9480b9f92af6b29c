// Package blockbench times blocks of code with dPerf's threshold iteration
// rule (seed 002, §IV-A): run the block for growing iteration counts until
// the time per iteration settles within ε; the count where it does is the
// threshold th, reached in t_th, and a loop of n iterations is predicted
// to take t_avgloop = t_th / th × n — at a fraction of the cost of timing
// the whole loop.
package blockbench

import (
	"errors"
	"fmt"
	"math"
)

// Timer runs the block for n iterations and returns the elapsed seconds.
type Timer func(n int64) (float64, error)

// Options of the threshold search.
type Options struct {
	Epsilon float64 // relative settling tolerance of the time per iteration (default 0.02)
	Stable  int     // consecutive growth steps that must stay within Epsilon (default 2)
	Start   int64   // first iteration count (default 1)
	Growth  float64 // factor between counts (default 2)
	Reps    int     // timings per count; the minimum is kept (default 3)
	// MinTime: a count only counts as settled once its run lasts this
	// long (0: no minimum; augur bench block uses 20 ms), so that a block whose working set still fits
	// in the caches, or whose time is near the timer's resolution, does
	// not settle too early.
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
		o.Stable = 2
	}
	if o.Start <= 0 {
		o.Start = 1
	}
	if o.Growth <= 1 {
		o.Growth = 2
	}
	if o.Reps <= 0 {
		o.Reps = 3
	}
	if o.MaxIter <= 0 || o.MaxIter > full {
		o.MaxIter = full
	}
	return o
}

// Step is one timed count of the search.
type Step struct {
	N       int64
	Seconds float64 // best of the repetitions
	PerIter float64
}

// Result of the threshold rule.
type Result struct {
	Threshold int64   // th
	TTh       float64 // t_th, seconds for th iterations
	Full      int64   // n, the loop's iteration count
	Predicted float64 // t_avgloop = t_th / th × n, seconds
	Cost      float64 // seconds spent timing (every repetition of every step)
	Settled   bool    // false: the time per iteration never settled below MaxIter
	Steps     []Step
}

// Threshold applies the rule to a loop of full iterations.
func Threshold(time Timer, full int64, o Options) (*Result, error) {
	if full < 1 {
		return nil, errors.New("the loop must have at least one iteration")
	}
	o = o.norm(full)
	r := &Result{Full: full}
	stable := 0
	n := o.Start
	for {
		best := math.Inf(1)
		for k := 0; k < o.Reps; k++ {
			s, err := time(n)
			if err != nil {
				return nil, fmt.Errorf("timing %d iterations: %w", n, err)
			}
			if s < 0 || math.IsNaN(s) {
				return nil, fmt.Errorf("timing %d iterations: bad time %g", n, s)
			}
			r.Cost += s
			best = math.Min(best, s)
		}
		st := Step{N: n, Seconds: best, PerIter: best / float64(n)}
		if len(r.Steps) > 0 {
			prev := r.Steps[len(r.Steps)-1].PerIter
			if prev > 0 && math.Abs(st.PerIter-prev)/prev <= o.Epsilon && best >= o.MinTime {
				stable++
			} else {
				stable = 0
			}
		}
		r.Steps = append(r.Steps, st)
		if stable >= o.Stable {
			r.Settled = true
			break
		}
		if n >= o.MaxIter {
			break
		}
		next := int64(math.Ceil(float64(n) * o.Growth))
		if next > o.MaxIter {
			next = o.MaxIter
		}
		n = next
	}
	last := r.Steps[len(r.Steps)-1]
	r.Threshold, r.TTh = last.N, last.Seconds
	r.Predicted = r.TTh / float64(r.Threshold) * float64(full)
	return r, nil
}

// Slowdown is seed 002's slowdown of the prediction: the time spent
// timing divided by the time of one run of the full loop.
func (r *Result) Slowdown(fullSeconds float64) float64 {
	if fullSeconds <= 0 {
		return math.Inf(1)
	}
	return r.Cost / fullSeconds
}
