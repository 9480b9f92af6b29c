package simulate

import (
	"math"
	"reflect"
	"testing"

	"augur/internal/results"
)

// A thread's steps add up to its busy, blocked and ready-waiting time, in
// every model and seed program, deadlocked or not.
func TestElementsAddUp(t *testing.T) {
	for _, name := range []string{"vppb-P.trace", "vppb-Q.trace", "vppb-R.trace"} {
		p := load(t, name)
		for _, m := range []Model{Direct, ClientServer, Strict} {
			for _, cpus := range []int{1, 2, 3} {
				r, err := RunModel(p, Config{CPUs: cpus, Model: m})
				if err != nil {
					t.Fatal(err)
				}
				for _, th := range r.Threads {
					var sum [3]float64
					for _, e := range th.Elements {
						k := map[string]int{results.KindBusy: 0, results.KindBlocked: 1, results.KindReady: 2}[e.Kind]
						sum[k] += e.Total
						if e.Calls < 1 || e.Min <= 0 || e.Min > e.Max || e.Max > e.Total {
							t.Errorf("%s %v %d: %s: %+v", name, m, cpus, th.Name, e)
						}
					}
					if math.Abs(sum[0]-th.Busy) > 1e-12 || math.Abs(sum[1]-th.Blocked) > 1e-12 || math.Abs(sum[2]-th.Ready) > 1e-12 {
						t.Errorf("%s %v %d: %s: steps sum to %v, budget %g %g %g", name, m, cpus, th.Name, sum, th.Busy, th.Blocked, th.Ready)
					}
				}
			}
		}
	}
}

// VPPB's program P, Direct model, P1 and P2 on processor 0 (P1
// first), P3 and P4 on processor 1. P1 runs 0-3, finds X already sent...
// no: it blocks in "wait X" (line 5) and is woken at once (0 s, not a
// step), so P2 gets processor 0 for no time and waits again; P1 runs 3-5,
// waits for X (line 8) 5-7 while P2 runs 5-7, then runs 7-9; P2 runs
// 9-10. So P1: run 3 times (3, 2, 2 s), blocked in wait 2 s at line 8;
// P2: ready 0-3, 3-5, 7-9 (7 s in 3 waits), run 5-7 and 9-10 (3 s).
func TestElementsOfP(t *testing.T) {
	p := load(t, "vppb-P.trace")
	r, err := RunModel(p, Config{CPUs: 2, Bind: []int32{0, 0, 1, 1}, Prio: seedPrio(4), Model: Direct})
	if err != nil {
		t.Fatal(err)
	}
	got := map[string][]results.ThreadElement{}
	for _, th := range r.Threads {
		got[th.Name] = th.Elements
	}
	for name, want := range map[string][]results.ThreadElement{
		"P1": {{Name: "run", Kind: results.KindBusy, Calls: 3, Total: 7, Min: 2, Max: 3},
			{Name: "wait", Kind: results.KindBlocked, Where: "line 8", Calls: 1, Total: 2, Min: 2, Max: 2}},
		"P2": {{Name: "ready", Kind: results.KindReady, Calls: 3, Total: 7, Min: 2, Max: 3},
			{Name: "run", Kind: results.KindBusy, Calls: 2, Total: 3, Min: 1, Max: 2}},
	} {
		if !reflect.DeepEqual(got[name], want) {
			t.Errorf("%s: %+v, want %+v", name, got[name], want)
		}
	}
}
