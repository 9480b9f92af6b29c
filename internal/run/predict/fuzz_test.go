package predict_test

import (
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"augur/internal/run/predict"
)

// FuzzPredict runs whatever model text checks (model → compile → engine)
// on one to three processes: no panic, no internal error, finite figures,
// and loops in closed form give the step-by-step run's time (the closed-
// form summation of the model transformation paper).
func FuzzPredict(f *testing.F) {
	paths, _ := filepath.Glob("../../../examples/*.aug")
	for _, p := range paths {
		if data, err := os.ReadFile(p); err == nil {
			f.Add(data, uint8(2))
		}
	}
	f.Add([]byte("model m\nparam N = 10\nactivity main {\n  for i in 0 .. N {\n    for j in i .. N { action A cost 1ns * (i + j) }\n  }\n  allreduce R size 8\n}\n"), uint8(3))
	f.Add([]byte("model m\nactivity main {\n  loop 3 { if pid == 0 { send S to 1 size 1KiB } else if pid == 1 { recv R from 0 size 1KiB } }\n}\n"), uint8(2))
	m := testMachine(f)
	f.Fuzz(func(t *testing.T, src []byte, procs uint8) {
		np := int(procs%3) + 1
		run := func(step bool) (*predict.Prediction, error) {
			return predict.Run(predict.Options{Filename: "f.aug", Source: src, Machine: m, Procs: np, StepLoops: step,
				MaxEvents: 20000, MaxIterations: 1e6})
		}
		a, errA := run(false)
		if errA != nil {
			if strings.Contains(errA.Error(), "internal error") {
				t.Fatalf("%v", errA)
			}
			return
		}
		if math.IsInf(a.Time, 0) || math.IsNaN(a.Time) {
			t.Fatalf("time %v printed as an answer", a.Time)
		}
		b, errB := run(true)
		if errB != nil {
			if strings.Contains(errB.Error(), "internal error") {
				t.Fatalf("stepping: %v", errB)
			}
			return // the event limit reached stepping only
		}
		// To rounding: a closed form sums a triangular nest as
		// polynomials whose terms cancel (a nest of j from i to 1 over i
		// up to 10 left 1.4e-12 of the 1e-5 s it sums; one that sums to
		// nothing left 1.4e-17 s, another 1.1e-15 s), so a few digits more than one step's
		// rounding may go, and up to a picosecond where the sum is zero.
		if a.Deadlock == nil && b.Deadlock == nil && math.Abs(a.Time-b.Time) > 1e-10*math.Max(math.Abs(a.Time), math.Abs(b.Time))+1e-12 && a.Time < 1e100 {
			t.Fatalf("time %v in closed form, %v stepping", a.Time, b.Time)
		}
	})
}
