package simulate

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"reflect"
	"strings"
	"testing"

	"augur/internal/engine"
	"augur/internal/frontend/threadtrace"
	"augur/internal/ir"
	"augur/internal/machine"
	"augur/internal/run/threadsim"
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

// The engine runs thread traces (threadtrace.Lower, Program.HoldCPU)
// with the results of threadsim under each of VPPB's models: the same completion, deadlock or not, and end of every thread
// that ends, on every test trace (VPPB's P, Q and R, the recorded
// programs, a generated trace) on 1, 2 and 4 processors, with the
// trace's priorities, none, and bound threads.
func TestEngineAgreesWithThreadsim(t *testing.T) {
	traces := []string{"../../frontend/threadtrace/testdata/vppb-P.trace", "../../frontend/threadtrace/testdata/vppb-Q.trace", "../../frontend/threadtrace/testdata/vppb-R.trace"}
	for _, n := range []string{"forkjoin", "prodcons", "sempipe", "static", "stencil", "taskqueue"} {
		traces = append(traces, "../../../cmd/augur/testdata/corpus/recorded/"+n+".trace")
	}
	traces = append(traces, "../../../cmd/augur/testdata/corpus/gen/threads.trace")
	runs := 0
	for _, tr := range traces {
		p, err := threadtrace.Load(tr)
		if err != nil {
			t.Fatal(err)
		}
		var header []int32
		if p.Priority != nil {
			header = make([]int32, len(p.Threads))
			for k, th := range p.Priority {
				header[th] = int32(len(p.Priority) - k)
			}
		}
		for _, cpus := range []int{1, 2, 4} {
			bound := make([]int32, len(p.Threads))
			for i := range bound {
				bound[i] = int32(i % cpus)
			}
			for _, set := range []struct {
				name       string
				prio, bind []int32
			}{{"header priorities", header, nil}, {"no priorities", nil, nil}, {"bound", header, bound}} {
				for _, mm := range []struct {
					sim threadsim.Model
					low threadtrace.Matching
				}{{threadsim.Direct, threadtrace.MatchDirect}, {threadsim.ClientServer, threadtrace.MatchClientServer}, {threadsim.Strict, threadtrace.MatchStrict}} {
					rs, err := threadsim.Run(p, threadsim.Config{CPUs: cpus, Prio: set.prio, Bind: set.bind, Model: mm.sim})
					if err != nil {
						t.Fatal(err)
					}
					re := runOnEngine(t, p, mm.low, cpus, set.prio, set.bind)
					runs++
					what := fmt.Sprintf("%s on %d CPU(s), %s, %v", tr, cpus, set.name, mm.sim)
					if (rs.Deadlock != nil) != (re.Deadlock != nil) {
						t.Errorf("%s: threadsim deadlocks %v, the engine %v", what, rs.Deadlock != nil, re.Deadlock != nil)
						continue
					}
					if rs.Deadlock == nil && !close(rs.Completion, re.Time) {
						t.Errorf("%s: completion %.12g on threadsim, %.12g on the engine", what, rs.Completion, re.Time)
					}
					for i, th := range rs.Threads {
						if !th.Done {
							continue
						}
						end := -1.0
						for _, u := range re.Units {
							if u.Tid == int32(i) {
								end = u.Finish
							}
						}
						if !close(th.End, end) {
							t.Errorf("%s: %s ends at %.12g on threadsim, %.12g on the engine", what, th.Name, th.End, end)
						}
					}
				}
			}
		}
	}
	if runs != 270 {
		t.Errorf("%d runs, want 270", runs)
	}
}

// close compares times of one run: equal but for rounding (the engine
// and threadsim add the same computations in different orders).
func close(a, b float64) bool { return math.Abs(a-b) <= 1e-9*math.Max(math.Abs(a), 1e-9) }

// VPPB §2-4 on the engine: program P on two processors, P1 and P2 on
// processor 0, P3 and P4 on processor 1: Direct 10, Client-Server 11,
// Strict Sequence 12.
func TestEngineVPPBProgramP(t *testing.T) {
	p, err := threadtrace.Load("../../frontend/threadtrace/testdata/vppb-P.trace")
	if err != nil {
		t.Fatal(err)
	}
	for m, want := range map[threadtrace.Matching]float64{threadtrace.MatchDirect: 10, threadtrace.MatchClientServer: 11, threadtrace.MatchStrict: 12} {
		r := runOnEngine(t, p, m, 2, []int32{4, 3, 2, 1}, []int32{0, 0, 1, 1})
		if r.Deadlock != nil || r.Time != want {
			t.Errorf("model %d: %g (deadlock %v), want %g", m, r.Time, r.Deadlock, want)
		}
	}
}

// FuzzEngineAgrees: whatever trace builds, the engine simulates it under
// every model on one to three processors, with and without priorities,
// without an error, and agrees with threadsim on whether it deadlocks
// and when it completes.
func FuzzEngineAgrees(f *testing.F) {
	for _, s := range []string{
		"# priority P1 P2 P3\n0 P1 create P2\n1 P1 create P3\n2 P1 wait X\n9 P2 send X P1\n11 P1 send X P2\n12 P2 wait X\n13 P1 wait X\n14 P2 terminate\n16 P3 send X P1\n18 P1 send X P3\n19 P3 wait X\n20 P1 terminate\n21 P3 terminate\n",
		"0 A create B\n1 B lock M\n2 B cond_wait C M\n3 A lock M\n4 A cond_signal C\n5 A unlock M\n6 B lock M\n7 B unlock M\n8 B exit\n9 A join B\n10 A exit\n",
		"0 A barrier_init R 2\n0 A sem_init S 1\n1 A create B\n2 A barrier_wait R\n3 B barrier_wait R\n4 B sem_wait S\n5 A sem_post S\n6 A sem_wait S\n7 B exit\n8 A exit\n",
	} {
		f.Add(s, uint8(2))
	}
	mach := make([]*machine.Machine, 4)
	for n := 1; n <= 3; n++ {
		m, err := machine.Parse("m.yaml", []byte(fmt.Sprintf("nodes:\n  - {count: 1, cpus: %d, scheduler: priority}\n", n)))
		if err != nil {
			f.Fatal(err)
		}
		mach[n] = m
	}
	f.Fuzz(func(t *testing.T, src string, cpus uint8) {
		tr, err := threadtrace.Parse(strings.NewReader(src), "f")
		if err != nil {
			return
		}
		p, err := threadtrace.Build(tr)
		if err != nil {
			return
		}
		n := int(cpus%3) + 1
		prio := make([]int32, len(p.Threads))
		for i := range prio {
			prio[i] = int32(i % 3)
		}
		for _, m := range []struct {
			sim threadsim.Model
			low threadtrace.Matching
		}{{threadsim.Direct, threadtrace.MatchDirect}, {threadsim.ClientServer, threadtrace.MatchClientServer}, {threadsim.Strict, threadtrace.MatchStrict}} {
			for _, pr := range [][]int32{nil, prio} {
				rs, err := threadsim.Run(p, threadsim.Config{CPUs: n, Model: m.sim, Prio: pr, MaxEvents: 1e6})
				if err != nil {
					continue // the event limit
				}
				l := p.Lower(m.low, pr, nil)
				re, err := engine.Run(engine.Config{Machine: mach[n], Procs: 1, NodeOf: []int32{0}, MaxEvents: 2e6},
					engine.Program{Elements: l.Elements, Sync: l.Sync, HoldCPU: true, Stream: func(pid, nid int32) (ir.Stream, error) { return l.Stream(0), nil }})
				if err != nil {
					t.Fatalf("%v on %d CPU(s): %v", m.sim, n, err)
				}
				if (rs.Deadlock != nil) != (re.Deadlock != nil) {
					t.Fatalf("%v on %d CPU(s): threadsim deadlocks %v, the engine %v", m.sim, n, rs.Deadlock != nil, re.Deadlock != nil)
				}
				if rs.Deadlock == nil && !close(rs.Completion, re.Time) {
					t.Fatalf("%v on %d CPU(s): completion %.12g on threadsim, %.12g on the engine", m.sim, n, rs.Completion, re.Time)
				}
			}
		}
	})
}

// The engine keeps threadsim's accounts, timeline and, worded as
// threadsim words them, its deadlock reports: every thread's start, end,
// busy, blocked and ready-waiting time and its steps, every run (on which
// CPU) and wait, bit for bit, on every test trace
// under every model on 1, 2 and 4 processors, without priorities, with
// the trace's, and with bound threads.
func TestEngineAccountsAsThreadsim(t *testing.T) {
	traces := []string{"../../frontend/threadtrace/testdata/vppb-P.trace", "../../frontend/threadtrace/testdata/vppb-Q.trace", "../../frontend/threadtrace/testdata/vppb-R.trace"}
	for _, n := range []string{"forkjoin", "prodcons", "sempipe", "static", "stencil", "taskqueue"} {
		traces = append(traces, "../../../cmd/augur/testdata/corpus/recorded/"+n+".trace")
	}
	traces = append(traces, "../../../cmd/augur/testdata/corpus/gen/threads.trace")
	deadlocks := 0
	for _, tr := range traces {
		p, err := threadtrace.Load(tr)
		if err != nil {
			t.Fatal(err)
		}
		var header []int32
		if p.Priority != nil {
			header = make([]int32, len(p.Threads))
			for k, th := range p.Priority {
				header[th] = int32(len(p.Priority) - k)
			}
		}
		for _, cpus := range []int{1, 2, 4} {
			bound := make([]int32, len(p.Threads))
			for i := range bound {
				bound[i] = int32(i % cpus)
			}
			for _, set := range [][2][]int32{{nil, nil}, {header, nil}, {header, bound}} {
				for _, mm := range []struct {
					sim threadsim.Model
					low threadtrace.Matching
				}{{threadsim.Direct, threadtrace.MatchDirect}, {threadsim.ClientServer, threadtrace.MatchClientServer}, {threadsim.Strict, threadtrace.MatchStrict}} {
					rs, err := threadsim.Run(p, threadsim.Config{CPUs: cpus, Model: mm.sim, Prio: set[0], Bind: set[1], Timeline: true})
					if err != nil {
						t.Fatal(err)
					}
					mach, err := machine.Parse("m.yaml", []byte(fmt.Sprintf("nodes:\n  - {count: 1, cpus: %d, scheduler: priority}\n", cpus)))
					if err != nil {
						t.Fatal(err)
					}
					l := p.Lower(mm.low, set[0], set[1])
					re, err := engine.Run(engine.Config{Machine: mach, Procs: 1, NodeOf: []int32{0}, Timeline: true},
						engine.Program{Elements: l.Elements, Sync: l.Sync, HoldCPU: true, Stream: func(pid, nid int32) (ir.Stream, error) { return l.Stream(0), nil }})
					if err != nil {
						t.Fatal(err)
					}
					if rs.Deadlock != nil {
						deadlocks++
					}
					var gd *threadsim.Deadlock
					if re.Deadlock != nil {
						gd = deadlock(p, l, re)
					}
					if wd := rs.Deadlock; !reflect.DeepEqual(gd, wd) {
						t.Errorf("%s on %d CPU(s), %v, priorities %v, bound %v: deadlock\n engine    %v\n threadsim %v", tr, cpus, mm.sim, set[0], set[1], gd, wd)
					}
					var slices []threadsim.Slice
					for _, r := range re.Runs {
						slices = append(slices, threadsim.Slice{Thread: r.Tid, CPU: r.CPU, Start: r.Start, End: r.End})
					}
					var blocks []threadsim.Block
					for _, w := range re.Waits {
						blocks = append(blocks, threadsim.Block{Thread: w.Tid, Line: w.Line, Start: w.Start, End: w.End})
					}
					if !reflect.DeepEqual(slices, rs.Slices) || !reflect.DeepEqual(blocks, rs.Blocks) {
						t.Errorf("%s on %d CPU(s), %v, priorities %v, bound %v: timeline\n engine    %v %v\n threadsim %v %v", tr, cpus, mm.sim, set[0], set[1], slices, blocks, rs.Slices, rs.Blocks)
					}
					got := accounts(p, l, re)
					for i := range got {
						w := rs.Threads[i]
						if w.Elements == nil {
							w.Elements = []threadsim.ThreadElement{}
						}
						if !reflect.DeepEqual(got[i], w) {
							t.Errorf("%s on %d CPU(s), %v, priorities %v, bound %v, %s:\n engine    %+v\n threadsim %+v", tr, cpus, mm.sim, set[0], set[1], w.Name, got[i], w)
						}
					}
				}
			}
		}
	}
	if deadlocks == 0 {
		t.Error("no run deadlocked: the reports were not compared")
	}
	t.Logf("%d runs deadlocked, their reports compared", deadlocks)
}

// The document of augur simulate is the same, byte for byte, on the
// engine as on threadsim, for every simulate case of the corpus
// (cmd/augur/corpus_test.go).
func TestEngineDocuments(t *testing.T) {
	type c struct {
		trace, model string
		cpus         int
		prio, bind   []int32
	}
	var cases []c
	for _, prog := range []string{"P", "Q", "R"} {
		p, err := threadtrace.Load("../../frontend/threadtrace/testdata/vppb-" + prog + ".trace")
		if err != nil {
			t.Fatal(err)
		}
		header := make([]int32, len(p.Threads))
		for k, th := range p.Priority {
			header[th] = int32(len(p.Priority) - k)
		}
		for _, cpus := range []int{1, 2, 4} {
			for _, model := range []string{"direct", "client-server", "strict", "auto"} {
				cases = append(cases, c{"../../frontend/threadtrace/testdata/vppb-" + prog + ".trace", model, cpus, header, nil})
			}
		}
	}
	cases = append(cases, c{"../../frontend/threadtrace/testdata/vppb-R.trace", "auto", 4, []int32{4, 3, 2, 1}, []int32{0, 1, 2, 3}},
		c{"../../frontend/threadtrace/testdata/vppb-R.trace", "auto", 2, []int32{1, 2, 3, 4}, nil})
	for _, prog := range []string{"static", "taskqueue", "prodcons", "stencil", "forkjoin", "sempipe"} {
		tr := "../../../cmd/augur/testdata/corpus/recorded/" + prog + ".trace"
		cases = append(cases, c{tr, "auto", 2, nil, nil}, c{tr, "direct", 4, nil, nil})
	}
	for _, model := range []string{"direct", "strict", "auto"} {
		cpus := 8
		if model == "auto" {
			cpus = 3
		}
		cases = append(cases, c{"../../../cmd/augur/testdata/corpus/gen/threads.trace", model, cpus, nil, nil})
	}
	for _, k := range cases {
		p, err := threadtrace.Load(k.trace)
		if err != nil {
			t.Fatal(err)
		}
		var docs [2][]byte
		for i, onEngine := range []bool{false, true} {
			d, _, err := Run(p, Options{Trace: k.trace, Model: k.model, Speedup: true, Engine: onEngine,
				Config: threadsim.Config{CPUs: k.cpus, Prio: k.prio, Bind: k.bind, Timeline: true}})
			if err != nil {
				t.Fatal(err)
			}
			if docs[i], err = json.MarshalIndent(d, "", "  "); err != nil {
				t.Fatal(err)
			}
		}
		if !bytes.Equal(docs[0], docs[1]) {
			t.Errorf("%s %s on %d CPU(s): the documents differ:\nthreadsim %s\nengine    %s", k.trace, k.model, k.cpus, docs[0], docs[1])
		}
	}
}
