package blockbench

import (
	"context"
	"math"
	"os/exec"
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
	timer := func(n int64) (float64, error) { return truth(n), nil }
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
	// The per-iteration times of the last Stable+1 steps agree within ε.
	last := r.Steps[len(r.Steps)-3:]
	for i := 1; i < len(last); i++ {
		if math.Abs(last[i].PerIter/last[i-1].PerIter-1) > 0.02 {
			t.Errorf("steps %+v did not settle", last)
		}
	}
	// Hand check of t_avgloop = t_th / th × n.
	if math.Abs(r.Predicted-r.TTh/float64(r.Threshold)*float64(full)) > 1e-12 {
		t.Error("prediction is not t_th / th × n")
	}
}

// A loop shorter than its threshold is timed whole: the prediction is exact.
func TestThresholdShortLoop(t *testing.T) {
	timer := func(n int64) (float64, error) { return 1e-3 + 1e-9*float64(n), nil }
	r, err := Threshold(timer, 100, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if r.Settled || r.Threshold != 100 || math.Abs(r.Predicted-(1e-3+1e-7)) > 1e-15 {
		t.Errorf("%+v", r)
	}
}

// On a real C block compiled here, the rule's prediction of a loop of
// 3·10^7 iterations agrees with timing that loop in a fresh process, with
// a generous tolerance (a factor of 3: the machine is shared by other
// jobs, which slow long runs more than short ones), and costs less than the
// loop. bench/blockbench.sh measures the same with tight figures.
func TestThresholdRealCBlock(t *testing.T) {
	if _, err := exec.LookPath("gcc"); err != nil {
		t.Skip("gcc not installed: cannot compile the C block")
	}
	ctx := context.Background()
	b, err := CompileC(ctx, "blocks/pi.c", nil)
	if err != nil {
		t.Fatal(err)
	}
	const full = int64(3e7)
	r, err := Threshold(b.Time, full, Options{Epsilon: 0.05, MinTime: 0.005})
	b.Close()
	if err != nil {
		t.Fatal(err)
	}
	fresh, err := CompileC(ctx, "blocks/pi.c", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer fresh.Close()
	measured, err := fresh.Time(full)
	if err != nil {
		t.Fatal(err)
	}
	if ratio := r.Predicted / measured; ratio < 1.0/3 || ratio > 3 {
		t.Errorf("predicted %g s, measured %g s (th %d)", r.Predicted, measured, r.Threshold)
	}
	if r.Cost >= measured {
		t.Errorf("the rule cost %g s, more than the full loop's %g s (th %d)", r.Cost, measured, r.Threshold)
	}
}
