package text

import (
	"strings"
	"testing"

	"augur/internal/results"
	"augur/internal/run/measure"
	"augur/internal/run/replay"
)

func TestDuration(t *testing.T) {
	for _, c := range []struct {
		s    float64
		want string
	}{{2.5e-6, "2.50 µs"}, {0.0125, "12.500 ms"}, {3, "3.000 s"}} {
		if got := Duration(c.s); got != c.want {
			t.Errorf("Duration(%g) = %q, want %q", c.s, got, c.want)
		}
	}
	if got := Sig6(1.0 / 3); got != "0.333333" {
		t.Errorf("Sig6(1/3) = %q", got)
	}
}

func TestReplay(t *testing.T) {
	r := &replay.Result{Replay: results.Replay{NP: 2, Model: "SMPI", SimulationTime: 1.5, Events: 10, Operations: 4,
		Ranks: []results.Rank{
			{Rank: 0, Host: "a", Budget: results.Budget{End: 1.5, Compute: 1, Communication: 0.5}},
			{Rank: 1, Host: "b", Budget: results.Budget{End: 1.25, Compute: 1, Waiting: 0.25}},
		},
		Elements: []results.Stats{{Name: "send", Calls: 2, Total: 0.75}}}}
	var b strings.Builder
	Replay(&b, "t.txt", "p.xml", r)
	want := `Replay of t.txt: 2 ranks on p.xml, network model SMPI

  rank  host   end (s)  compute (s)  comm (s)  waiting (s)
     0     a  1.500000     1.000000  0.500000     0.000000
     1     b  1.250000     1.000000  0.000000     0.250000

  action  calls  total (s)  compute (s)  comm (s)  waiting (s)
    send      2   0.750000     0.000000  0.000000     0.000000

10 events, 4 operations
Simulation time 1.500000
`
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
}

func TestSimulation(t *testing.T) {
	cpu := int32(1)
	sp, one := 1.5, 3.0
	o := &results.Simulation{Trace: "r.trace", TraceEvents: 12, CPUs: 2, ModelAsked: "auto", Model: "direct", Reason: "no deadlock",
		WorkFrom: "the trace", Completion: 2, Recorded: 3, Speedup: &sp, OneCPU: &one,
		Threads: []results.Thread{
			{ThreadStats: results.ThreadStats{Name: "T1", End: 2, Busy: 1.5, Done: true}, CPU: &cpu},
			{ThreadStats: results.ThreadStats{Name: "T2", Start: 0.5, End: 1, Busy: 0.5, Blocked: 0.25}},
		}}
	var b strings.Builder
	Simulation(&b, o)
	want := `trace:            r.trace (12 events, 2 threads; work from the trace)
processors:       2
model:            direct (auto: no deadlock)
completion time:  2 (recorded on one processor: 3)
speed-up:         1.500 (one processor, same model: 3)

  thread  cpu  start        end  busy  blocked  ready-waiting
      T1    1      0          2   1.5        0              0
      T2  any    0.5  1 (stuck)   0.5     0.25              0

Times in the trace's unit: seconds for traces augur records.
`
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
}

func TestFit(t *testing.T) {
	r2 := 0.99
	ms := []*measure.Model{{Metric: "time", Params: []string{"p"}, Expression: "2 * p", SMAPE: 1.25, AdjR2: &r2, Points: 5,
		Predictions: []measure.Prediction{{Point: map[string]float64{"p": 64}, Value: 128}}}}
	var b strings.Builder
	Fit(&b, ms)
	want := `time  (5 points; parameters p)
  model       2 * p
  SMAPE       1.25 %  (leave-one-out: n/a)
  adj. R²     0.990000
  at p=64                 128
`
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
}
