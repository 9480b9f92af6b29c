package engine

import (
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"augur/internal/ir"
)

// runHold runs threads[0] as the process on one node of cpus CPUs with
// the priority scheduler; it starts the others with its Fork ops (Count:
// the thread's index).
func runHold(t *testing.T, cpus int, hold bool, objs []ir.SyncObject, threads ...[]ir.Op) *Result {
	t.Helper()
	m := mustMachine(t, "nodes:\n  - {count: 1, cpus: "+string(rune('0'+cpus))+", scheduler: priority}\n")
	elems := make([]ir.Element, 8)
	for i := range elems {
		elems[i] = ir.Element{Name: string(rune('A' + i)), Kind: "test"}
	}
	var stream func(i int32) ir.Stream
	stream = func(i int32) ir.Stream { return &forking{ops: ops{list: threads[i]}, start: stream} }
	r, err := Run(Config{Machine: m, Procs: 1, NodeOf: []int32{0}},
		Program{Elements: elems, Sync: objs, Semantics: ir.Semantics{HoldCPU: hold}, Stream: func(pid, nid int32) (ir.Stream, error) { return stream(0), nil }})
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// forking is a hand-written stream whose Forks start thread Count.
type forking struct {
	ops
	start func(int32) ir.Stream
}

func (s *forking) Next(op *ir.Op) error {
	if err := s.ops.Next(op); err != nil {
		return err
	}
	if op.Kind == ir.Fork {
		op.Spawn = []ir.Stream{s.start(op.Count)}
	}
	return nil
}

// Under HoldCPU a unit keeps its CPU across operations that do not wait:
// on one CPU, thread 0 computes 2, takes a free mutex and computes 1
// more without letting thread 1 in (ends at 3; thread 1 at 4). With the
// model semantics the take gives the CPU to thread 1, queued since 0:
// thread 1 ends at 3, thread 0 at 4.
func TestHoldCPUAcrossOps(t *testing.T) {
	objs := []ir.SyncObject{{Name: "m", Init: 1}}
	t0 := []ir.Op{{Kind: ir.Fork, Elem: 0, Count: 1}, {Kind: ir.Compute, Elem: 1, Cost: 2},
		{Kind: ir.Take, Elem: 2, Obj: 0}, {Kind: ir.Compute, Elem: 3, Cost: 1}}
	t1 := []ir.Op{{Kind: ir.Compute, Elem: 4, Cost: 1}}
	for _, c := range []struct {
		hold   bool
		t0, t1 float64
	}{{true, 3, 4}, {false, 4, 3}} {
		r := runHold(t, 1, c.hold, objs, t0, t1)
		if got0, got1 := threadFinish(r, 0), threadFinish(r, 1); !same(got0, c.t0) || !same(got1, c.t1) {
			t.Errorf("HoldCPU %v: threads end at %g and %g, want %g and %g", c.hold, got0, got1, c.t0, c.t1)
		}
	}
}

// Under HoldCPU a unit that makes ready a unit of higher priority yields
// its CPU once its operation is over: thread 1 (priority 5) is created
// by thread 0 and takes the CPU at once, blocks in its take, and takes
// the CPU again right after thread 0's post at 1. Thread 0 computes
// [0, 1) and [2, 4); thread 1 [1, 2).
func TestHoldCPUYieldsToWoken(t *testing.T) {
	objs := []ir.SyncObject{{Name: "s"}}
	t0 := []ir.Op{{Kind: ir.Fork, Elem: 0, Count: 1}, {Kind: ir.Compute, Elem: 1, Cost: 1},
		{Kind: ir.Post, Elem: 2, Obj: 0, Count: 1}, {Kind: ir.Compute, Elem: 3, Cost: 2}}
	t1 := []ir.Op{{Kind: ir.Priority, Elem: -1, Count: 5}, {Kind: ir.Take, Elem: 4, Obj: 0}, {Kind: ir.Compute, Elem: 5, Cost: 1}}
	r := runHold(t, 1, true, objs, t0, t1)
	if got0, got1 := threadFinish(r, 0), threadFinish(r, 1); !same(got0, 4) || !same(got1, 2) {
		t.Errorf("threads end at %g and %g, want 4 and 2", got0, got1)
	}
}

// A Handoff waits until its token is taken, and returns at once when a
// take waits for it already.
func TestHandoff(t *testing.T) {
	for _, match := range []ir.Match{ir.MatchAny, ir.MatchToken} {
		objs := []ir.SyncObject{{Name: "box", Match: match}}
		t0 := []ir.Op{{Kind: ir.Fork, Elem: 0, Count: 1}, {Kind: ir.Handoff, Elem: 1, Obj: 0, Tag: 0},
			{Kind: ir.Delay, Elem: 2, Cost: 3}, {Kind: ir.Handoff, Elem: 3, Obj: 0, Tag: 1}}
		t1 := []ir.Op{{Kind: ir.Delay, Elem: 4, Cost: 2}, {Kind: ir.Take, Elem: 5, Obj: 0, Tag: 0}, {Kind: ir.Take, Elem: 6, Obj: 0, Tag: 1}}
		r := runHold(t, 2, true, objs, t0, t1)
		// The first handoff waits until 2; the second finds the take
		// waiting (since 2) at 5.
		if r.Deadlock != nil {
			t.Fatal(r.Deadlock)
		}
		if e := r.Elements[1]; !same(e.Wait, 2) {
			t.Errorf("match %d: the first handoff waited %g, want 2", match, e.Wait)
		}
		if got0, got1 := threadFinish(r, 0), threadFinish(r, 1); !same(got0, 5) || !same(got1, 5) {
			t.Errorf("match %d: threads end at %g and %g, want 5 and 5", match, got0, got1)
		}
	}
}

// chooser is a hand-written stream whose TakeFirsts offer alts[k] and
// that is told which token they took.
type chooser struct {
	ops
	alts  [][]ir.Token
	chose []int
}

func (c *chooser) Alternatives() []ir.Token { return c.alts[len(c.chose)] }
func (c *chooser) Chose(alt int)            { c.chose = append(c.chose, alt) }

// TakeFirst takes the token made first: B's at 1 (a wait), then of A's
// and C's, both made by 3, A's, made first though listed last.
func TestTakeFirst(t *testing.T) {
	objs := []ir.SyncObject{{Name: "A", Match: ir.MatchToken, Ordered: true}, {Name: "B", Match: ir.MatchToken, Ordered: true},
		{Name: "C", Match: ir.MatchToken, Ordered: true}}
	c, r, err := runTakeFirst(t, objs)
	if err != nil {
		t.Fatal(err)
	}
	if r.Deadlock != nil {
		t.Fatal(r.Deadlock)
	}
	if len(c.chose) != 2 || c.chose[0] != 1 || c.chose[1] != 1 {
		t.Errorf("chose %v, want [1 1] (B's token, then A's)", c.chose)
	}
	if got := threadFinish(r, 1); !same(got, 4) {
		t.Errorf("the chooser ends at %g, want 4", got)
	}
}

// A TakeFirst naming a token of an object that does not keep the order
// its tokens are made in (not ir.SyncObject.Ordered) fails the run,
// naming the object.
func TestTakeFirstNeedsOrder(t *testing.T) {
	objs := []ir.SyncObject{{Name: "A", Match: ir.MatchToken, Ordered: true}, {Name: "B", Match: ir.MatchToken},
		{Name: "C", Match: ir.MatchToken, Ordered: true}}
	_, _, err := runTakeFirst(t, objs)
	if err == nil || !strings.Contains(err.Error(), "tokens of B, which does not keep the order") {
		t.Fatalf("got %v, want the error that B keeps no order", err)
	}
}

// runTakeFirst runs TestTakeFirst's program on objects objs: a chooser
// taking the first of A's and B's tokens, then of C's and A's, and a
// thread posting B's at 1, then A's and C's at 2.
func runTakeFirst(t *testing.T, objs []ir.SyncObject) (*chooser, *Result, error) {
	t.Helper()
	c := &chooser{ops: ops{list: []ir.Op{
		{Kind: ir.TakeFirst, Elem: 0},
		{Kind: ir.Delay, Elem: 1, Cost: 3},
		{Kind: ir.TakeFirst, Elem: 2},
	}}, alts: [][]ir.Token{{{Obj: 0, Tag: 0}, {Obj: 1, Tag: 0}}, {{Obj: 2, Tag: 0}, {Obj: 0, Tag: 0}}}}
	poster := &ops{list: []ir.Op{{Kind: ir.Delay, Elem: 3, Cost: 1}, {Kind: ir.Post, Elem: 4, Obj: 1, Count: 1},
		{Kind: ir.Delay, Elem: 3, Cost: 1}, {Kind: ir.Post, Elem: 4, Obj: 0, Count: 1}, {Kind: ir.Post, Elem: 4, Obj: 2, Count: 1}}}
	m := mustMachine(t, "nodes:\n  - {count: 1, cpus: 2}\n")
	r, err := Run(Config{Machine: m, Procs: 1, NodeOf: []int32{0}}, Program{Elements: make([]ir.Element, 5), Sync: objs,
		Stream: func(pid, nid int32) (ir.Stream, error) {
			return &ops{list: []ir.Op{{Kind: ir.Fork, Elem: -1, Spawn: []ir.Stream{c, poster}}, {Kind: ir.Join, Elem: -1}}}, nil
		}})
	return c, r, err
}

// A held unit's computation that ends before anything else is due ends
// without its event (endNow); the run is the same without that shortcut
// (plainEvents): every unit's budget, every element, every thread
// account with its steps, the runs and waits, the event and operation
// counts. 600 random programs of 2 to 5 threads (critical sections of
// two mutexes, a semaphore, synchronisations carrying computations,
// priorities) on 1, 2 and 4 CPUs; deadlocks included.
func TestHeldComputationsEndingFirstChangeNothing(t *testing.T) {
	rng := rand.New(rand.NewPCG(23, 29))
	costs := []float64{0, 1e-3, 2e-3, 3e-3, 5e-3}
	cost := func() float64 { return costs[rng.IntN(len(costs))] }
	for trial := 0; trial < 600; trial++ {
		cpus := []int{1, 2, 4}[trial%3]
		n := 2 + rng.IntN(4)
		objs := []ir.SyncObject{{Name: "m0", Init: 1}, {Name: "m1", Init: 1}, {Name: "s", Init: int32(rng.IntN(2))}}
		threads := make([][]ir.Op, n)
		for i := range threads {
			var l []ir.Op
			if i == 0 {
				for k := 1; k < n; k++ {
					l = append(l, ir.Op{Kind: ir.Fork, Elem: 0, Count: int32(k)})
				}
			} else if rng.IntN(3) == 0 {
				l = append(l, ir.Op{Kind: ir.Priority, Elem: -1, Count: int32(rng.IntN(3))})
			}
			for range 2 + rng.IntN(6) {
				switch rng.IntN(4) {
				case 0:
					l = append(l, ir.Op{Kind: ir.Compute, Elem: 1, Cost: cost()})
				case 1, 2:
					m := int32(rng.IntN(2))
					l = append(l, ir.Op{Kind: ir.Take, Elem: 2, Obj: m, Cost: cost()},
						ir.Op{Kind: ir.Post, Elem: 3, Obj: m, Count: 1, Cost: cost()})
				case 3:
					if rng.IntN(2) == 0 {
						l = append(l, ir.Op{Kind: ir.Post, Elem: 4, Obj: 2, Count: 1, Cost: cost()})
					} else {
						l = append(l, ir.Op{Kind: ir.Take, Elem: 5, Obj: 2, Cost: cost()})
					}
				}
			}
			threads[i] = l
		}
		var res [2]*Result
		for k, plain := range []bool{false, true} {
			m := mustMachine(t, "nodes:\n  - {count: 1, cpus: "+string(rune('0'+cpus))+", scheduler: priority}\n")
			var stream func(i int32) ir.Stream
			stream = func(i int32) ir.Stream { return &forking{ops: ops{list: threads[i]}, start: stream} }
			r, err := Run(Config{Machine: m, Procs: 1, NodeOf: []int32{0}, Timeline: true, plainEvents: plain},
				Program{Elements: make([]ir.Element, 6), Sync: objs, Semantics: ir.Semantics{HoldCPU: true},
					Stream: func(pid, nid int32) (ir.Stream, error) { return stream(0), nil }})
			if err != nil {
				t.Fatal(err)
			}
			r.Wall = 0
			res[k] = r
		}
		if !reflect.DeepEqual(res[0], res[1]) {
			t.Fatalf("trial %d (%d CPUs, %d threads): the run differs without the shortcut:\n%+v\n%+v", trial, cpus, n, res[0], res[1])
		}
	}
}
