package simulate

import (
	"fmt"
	"math"
	"testing"

	"augur/engine"
	"augur/ir"
	"augur/machine"
	"augur/threadsim"
	"augur/threadtrace"
)

// runOnEngine runs p lowered to the ir on one node of cpus CPUs with the
// priority scheduler.
func runOnEngine(t *testing.T, p *threadtrace.Program, m threadtrace.Matching, cpus int, prio, bind []int32) *engine.Result {
	t.Helper()
	mach, err := machine.Parse("m.yaml", []byte(fmt.Sprintf("nodes:\n  - {count: 1, cpus: %d, scheduler: priority}\n", cpus)))
	if err != nil {
		t.Fatal(err)
	}
	l := p.Lower(m, prio, bind)
	r, err := engine.Run(engine.Config{Machine: mach, Procs: 1, NodeOf: []int32{0}},
		engine.Program{Elements: l.Elements, Sync: l.Sync, HoldCPU: true, Stream: func(pid, nid int32) (ir.Stream, error) { return l.Stream(0), nil }})
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// TestCompareEngine runs every test trace on threadsim and on the engine
// and logs where they differ (go test -v -run CompareEngine).
func TestCompareEngine(t *testing.T) {
	traces := []string{"../threadtrace/testdata/vppb-P.trace", "../threadtrace/testdata/vppb-Q.trace", "../threadtrace/testdata/vppb-R.trace"}
	for _, n := range []string{"forkjoin", "prodcons", "sempipe", "static", "stencil", "taskqueue"} {
		traces = append(traces, "../cmd/augur/testdata/corpus/recorded/"+n+".trace")
	}
	traces = append(traces, "../cmd/augur/testdata/corpus/gen/threads.trace")
	same, all := 0, 0
	for _, tr := range traces {
		p, err := threadtrace.Load(tr)
		if err != nil {
			t.Fatal(err)
		}
		var prio []int32
		if p.Priority != nil {
			prio = make([]int32, len(p.Threads))
			for k, th := range p.Priority {
				prio[th] = int32(len(p.Priority) - k)
			}
		}
		for _, cpus := range []int{1, 2, 4} {
			for _, mm := range []struct {
				sim threadsim.Model
				low threadtrace.Matching
			}{{threadsim.Direct, threadtrace.MatchDirect}, {threadsim.Strict, threadtrace.MatchStrict}} {
				rs, err := threadsim.Run(p, threadsim.Config{CPUs: cpus, Prio: prio, Model: mm.sim})
				if err != nil {
					t.Fatal(err)
				}
				re := runOnEngine(t, p, mm.low, cpus, prio, nil)
				all++
				ends := ""
				differ := (rs.Deadlock != nil) != (re.Deadlock != nil)
				if rs.Deadlock == nil && re.Deadlock == nil && math.Abs(rs.Completion-re.Time) > 1e-9*rs.Completion {
					differ = true
				}
				for i, th := range rs.Threads {
					var fe float64 = -1
					for _, u := range re.Units {
						if u.Tid == int32(i) {
							fe = u.Finish
						}
					}
					if th.Done && math.Abs(th.End-fe) > 1e-9*th.End {
						ends += fmt.Sprintf(" %s %g/%g", th.Name, th.End, fe)
					}
				}
				if !differ && ends == "" {
					same++
					continue
				}
				t.Logf("%s cpus %d %v: threadsim %g (deadlock %v), engine %g (deadlock %v);%s", tr, cpus, mm.sim, rs.Completion, rs.Deadlock != nil, re.Time, re.Deadlock != nil, ends)
			}
		}
	}
	t.Logf("%d of %d runs agree", same, all)
}
