package blockbench

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"os/exec"
	"strings"
	"testing"
)

// A deterministic loop: a fixed 1 µs of start-up per timed run plus 2 ns an
// iteration, and 8 ns more for each of the first 4096 iterations (cold
// caches). The rule must settle, predict a 10^9-iteration loop within 5 %
// and spend a small fraction of that loop's time doing so.
func TestThresholdSynthetic(t *testing.T) {
	truth := func(n int64) float64 {
		cold := math.Min(float64(n), 4096)
		return 1e-6 + 2e-9*float64(n) + 8e-9*cold
	}
	timer := Timer(func(n int64) (float64, error) { return truth(n), nil })
	const full = int64(1e9)
	r, err := Threshold(timer, full, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !r.Settled {
		t.Fatalf("never settled: %+v", r.Steps)
	}
	want := truth(full)
	if e := math.Abs(r.Predicted/want - 1); e > 0.05 {
		t.Errorf("predicted %g s, truth %g s: %.1f %% off (th %d)", r.Predicted, want, 100*e, r.Threshold)
	}
	if r.Slowdown(want) > 0.05 {
		t.Errorf("cost %g s is %.1f %% of the full loop", r.Cost, 100*r.Slowdown(want))
	}
	// The last step's time per iteration agrees with the previous count's
	// within ε (no spread here: the timer is exact).
	last := r.Steps[len(r.Steps)-1]
	prev := r.Steps[len(r.Steps)-2]
	if math.Abs(last.PerIter/prev.PerIter-1) > 0.02 || last.Tol != 0.02 {
		t.Errorf("steps %+v %+v did not settle within 2 %%", prev, last)
	}
	// Hand check of t_avgloop = t_th / th × n (no cold start: the timer's
	// first and cold runs are like the others).
	if math.Abs(r.AvgLoop-r.TTh/float64(r.Threshold)*float64(full)) > 1e-12 || r.ColdStart != 0 || r.Predicted != r.AvgLoop {
		t.Errorf("prediction is not t_th / th × n: %+v", r)
	}
	// Hand check of the threshold: per iteration 2 ns + (1 µs + 32.8 µs)/n
	// changes by (33.8 µs / n) / (2 ns + …) between n/2 and n, which first
	// drops under 2 % at n = 2^20.
	if r.Threshold != 1<<20 {
		t.Errorf("th = %d, want 2^20", r.Threshold)
	}
}

// A loop shorter than its threshold is timed whole: the prediction is exact.
func TestThresholdShortLoop(t *testing.T) {
	timer := Timer(func(n int64) (float64, error) { return 1e-3 + 1e-9*float64(n), nil })
	r, err := Threshold(timer, 100, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if r.Settled || r.Threshold != 100 || math.Abs(r.Predicted-(1e-3+1e-7)) > 1e-15 {
		t.Errorf("%+v", r)
	}
}

// A loaded machine: every run of the loop above is slowed by a random
// 0–4 % (contention), and one run in five by up to 60 % more (another job
// took the core); the noise is seeded, so the test is deterministic. With
// a single timing per count and a fixed ε the rule rarely settles; with
// interleaved repetitions, the minimum and the spread-aware test it must
// settle early and predict within 5 %.
func TestThresholdNoisy(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 5))
	truth := func(n int64) float64 { return 1e-6 + 2e-9*float64(n) + 8e-9*math.Min(float64(n), 4096) }
	timer := Timer(func(n int64) (float64, error) {
		f := 1 + 0.04*rng.Float64()
		if rng.IntN(5) == 0 {
			f += 0.6 * rng.Float64()
		}
		return truth(n) * f, nil
	})
	const full = int64(1e9)
	r, err := Threshold(timer, full, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !r.Settled || r.Threshold > 1<<24 {
		t.Fatalf("settled %v at th %d: %+v", r.Settled, r.Threshold, r.Steps)
	}
	if e := r.Predicted/truth(full) - 1; e < 0 || e > 0.05 {
		t.Errorf("predicted %g s, truth %g s: %+.1f %% (th %d)", r.Predicted, truth(full), 100*e, r.Threshold)
	}
	if r.Slowdown(truth(full)) > 0.1 {
		t.Errorf("cost %g s is %.1f %% of the full loop", r.Cost, 100*r.Slowdown(truth(full)))
	}
}

// stream models a STREAM-like block over an array of size elements, with
// a cache of cache elements: a warm run of n ≤ cache iterations finds the
// elements earlier runs touched in the cache (1 ns each), anything else
// comes from memory (3 ns), and an element touched for the first time
// costs 10 ns more (a page fault's share). Cold runs find nothing cached.
// touched starts at size when block_init wrote the array.
type stream struct {
	size, cache, touched int64
}

func (s *stream) Run(n int64, cold bool) (float64, float64, error) {
	var t float64
	m := min(n, s.size)
	if fresh := m - min(m, s.touched); fresh > 0 {
		t += float64(fresh) * 13e-9
		n -= fresh
		s.touched = m
	}
	if !cold && m <= s.cache {
		t += float64(n) * 1e-9
	} else {
		t += float64(n) * 3e-9
	}
	return t, t, nil
}

// An array written by block_init: the warm counts that fit in the cache
// are flat at 1 ns an iteration, a plateau the rule must not take for the
// loop's 3 ns. Only the cold-cache check tells.
func TestThresholdColdCache(t *testing.T) {
	const full = int64(1e9)
	mk := func() *stream { return &stream{size: 1 << 20, cache: 1 << 16, touched: 1 << 20} }
	r, err := Threshold(mk(), full, Options{})
	if err != nil {
		t.Fatal(err)
	}
	truth := float64(full) * 3e-9
	if !r.Settled || r.Threshold <= 1<<16 {
		t.Fatalf("settled %v at th %d, on the cache plateau: %+v", r.Settled, r.Threshold, r.Steps)
	}
	if e := math.Abs(r.Predicted/truth - 1); e > 0.05 {
		t.Errorf("predicted %g s, truth %g s: %.1f %% off (th %d)", r.Predicted, truth, 100*e, r.Threshold)
	}
	if r.Slowdown(truth) > 0.05 {
		t.Errorf("cost %g s is %.1f %% of the full loop", r.Cost, 100*r.Slowdown(truth))
	}
	plain, err := Threshold(mk(), full, Options{ColdReps: -1})
	if err != nil {
		t.Fatal(err)
	}
	if plain.Threshold > 1<<16 {
		t.Errorf("without the cold check th = %d; the test no longer exercises the check", plain.Threshold)
	}
}

// An array the loop touches first: the rule must not settle before it has
// touched all of it, and must predict the loop started from scratch — the
// first touch of every element once plus 3 ns an iteration.
func TestThresholdFirstTouch(t *testing.T) {
	s := &stream{size: 1 << 20, cache: 1 << 16}
	const full = int64(1e9)
	r, err := Threshold(s, full, Options{})
	if err != nil {
		t.Fatal(err)
	}
	truth := float64(s.size)*10e-9 + float64(full)*3e-9
	if !r.Settled || r.Threshold < s.size {
		t.Fatalf("settled %v at th %d, before touching the %d elements: %+v", r.Settled, r.Threshold, s.size, r.Steps)
	}
	if e := math.Abs(r.Predicted/truth - 1); e > 0.05 {
		t.Errorf("predicted %g s, truth %g s: %.1f %% off (th %d)", r.Predicted, truth, 100*e, r.Threshold)
	}
	// The first touch of the 2^20 elements, 10 ns each, is the cold start
	// (a little more: the small counts' first runs are compared with runs
	// from the cache).
	if r.ColdStart < 0.9*10e-9*(1<<20) || r.ColdStart > 1.5*10e-9*(1<<20) {
		t.Errorf("cold start %g s, want about %g s", r.ColdStart, 10e-9*(1<<20))
	}
}

// realBlock runs the rule on a C block compiled here and times the full
// loop in fresh processes, both in CPU time.
func realBlock(t *testing.T, src string, full int64) (*Result, float64) {
	t.Helper()
	if _, err := exec.LookPath("gcc"); err != nil {
		t.Skip("gcc not installed: cannot compile the C block")
	}
	ctx := context.Background()
	bin, err := Compile(ctx, src, nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer bin.Remove()
	b, err := bin.Start(ctx)
	if err != nil {
		t.Fatal(err)
	}
	ovh, err := b.Overhead(1000)
	if err != nil {
		b.Close()
		t.Fatal(err)
	}
	r, err := Threshold(b.Runner(CPU, ovh.CPU), full, Options{Quantile: 0.5, MinTime: 5e-4, LongRun: 0.01})
	b.Close()
	if err != nil {
		t.Fatal(err)
	}
	ref, err := TimeFull(ctx, bin, full, CPU, 2, 1)
	if err != nil {
		t.Fatal(err)
	}
	return r, ref.Seconds
}

// consistent checks what holds of any run of the rule, however busy the
// machine: dPerf's t_avgloop = t_th / th × n, the prediction is
// t_avgloop plus the cold start, the threshold is within the loop, and
// every figure is a finite time.
func consistent(t *testing.T, r *Result, full int64, measured float64) {
	t.Helper()
	if r.Threshold < 1 || r.Threshold > full || r.Full != full {
		t.Errorf("th %d of a loop of %d (result for %d)", r.Threshold, full, r.Full)
	}
	if !(r.TTh > 0) || math.Abs(r.AvgLoop-r.TTh/float64(r.Threshold)*float64(full)) > 1e-9*r.AvgLoop {
		t.Errorf("t_avgloop %g s is not t_th / th × n = %g s / %d × %d", r.AvgLoop, r.TTh, r.Threshold, full)
	}
	if !(r.ColdStart >= 0) || math.Abs(r.Predicted-(r.AvgLoop+r.ColdStart)) > 1e-9*r.Predicted {
		t.Errorf("predicted %g s, t_avgloop %g s + cold start %g s", r.Predicted, r.AvgLoop, r.ColdStart)
	}
	if !(r.Cost > 0) || math.IsInf(r.Cost, 0) || !(measured > 0) || math.IsInf(measured, 0) || len(r.Steps) == 0 {
		t.Errorf("cost %g s, measured %g s, %d steps", r.Cost, measured, len(r.Steps))
	}
}

// The rule on the dartboard block (compute bound), compiled here, against
// timing the whole loop. How close the prediction comes and how much the
// rule saves depends on how busy the machine is, so this test only logs
// them; bench/blockbench.sh measures them (within 5 % and a few
// thousandths of the loop's time on a quiet machine).
func TestThresholdRealCBlock(t *testing.T) {
	const full = int64(5e7)
	r, measured := realBlock(t, "blocks/pi.c", full)
	consistent(t, r, full, measured)
	t.Logf("predicted %.4g s, measured %.4g s (%+.1f %%), th %d, settled %v, cost %.3g s",
		r.Predicted, measured, 100*(r.Predicted/measured-1), r.Threshold, r.Settled, r.Cost)
}

// The STREAM triad over 3 × 32 MiB: the rule must not settle before the
// loop has touched its arrays once (4 Mi iterations), since until then
// every iteration also pays for a page touched for the first time. That
// decision rests on measurements: a burst of another job can hide the
// difference between a first run and the next, so the test fails only if
// three attempts in a row settle early. The prediction's accuracy is
// logged, and measured by bench/blockbench.sh.
func TestThresholdRealStream(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: the stream loop takes a second")
	}
	const full = int64(5e7)
	var early []string
	for attempt := 0; attempt < 3; attempt++ {
		r, measured := realBlock(t, "blocks/stream.c", full)
		consistent(t, r, full, measured)
		t.Logf("predicted %.4g s, measured %.4g s (%+.1f %%), th %d", r.Predicted, measured, 100*(r.Predicted/measured-1), r.Threshold)
		if r.Threshold >= 1<<22 {
			return
		}
		early = append(early, fmt.Sprint(r.Threshold))
	}
	t.Errorf("settled at th %s, before the loop had touched its 4 Mi elements, in every attempt", strings.Join(early, ", "))
}

// On a machine too noisy to settle, the budget stops the search at a
// bounded share of the loop instead of timing it all.
func TestThresholdBudget(t *testing.T) {
	k := 0
	timer := Timer(func(n int64) (float64, error) {
		k++
		return 1e-9 * float64(n) * (1 + 0.5*float64(k%2)), nil // ±25 % on alternate runs
	})
	const full = int64(1e9)
	r, err := Threshold(timer, full, Options{Epsilon: 0.001, Budget: 0.2, ColdReps: -1})
	if err != nil {
		t.Fatal(err)
	}
	if r.Settled || r.Cost > 0.3*1.5 || r.Threshold >= full {
		t.Errorf("settled %v, th %d, cost %g s of a 1 s loop", r.Settled, r.Threshold, r.Cost)
	}
}
