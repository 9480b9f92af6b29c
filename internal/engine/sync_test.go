package engine

import (
	"strings"
	"testing"

	"augur/internal/ir"
)

// runThreads runs one process on a node of cpus CPUs (scheduler sched)
// that forks a thread per stream and joins them.
func runThreads(t *testing.T, cpus int, sched string, objs []ir.SyncObject, threads ...[]ir.Op) *Result {
	t.Helper()
	r, err := runThreadsErr(t, cpus, sched, objs, threads...)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// runThreadsErr is runThreads for a run that may fail.
func runThreadsErr(t *testing.T, cpus int, sched string, objs []ir.SyncObject, threads ...[]ir.Op) (*Result, error) {
	t.Helper()
	m := mustMachine(t, "nodes:\n  - {count: 1, cpus: "+string(rune('0'+cpus))+", scheduler: "+sched+"}\n")
	elems := make([]ir.Element, 8)
	for i := range elems {
		elems[i] = ir.Element{Name: string(rune('A' + i)), Kind: "test"}
	}
	return Run(Config{Machine: m, Procs: 1, NodeOf: []int32{0}},
		Program{Elements: elems, Sync: objs, Stream: func(pid, nid int32) (ir.Stream, error) {
			spawn := make([]ir.Stream, len(threads))
			for i, th := range threads {
				spawn[i] = &ops{list: th}
			}
			return &ops{list: []ir.Op{{Kind: ir.Fork, Elem: -1, Spawn: spawn}, {Kind: ir.Join, Elem: -1}}}, nil
		}})
}

// threadFinish is the finish time of thread tid of process 0.
func threadFinish(r *Result, tid int32) float64 {
	for _, u := range r.Units {
		if u.Pid == 0 && u.Tid == tid {
			return u.Finish
		}
	}
	return -1
}

// A take waits for a post from another thread; an object's initial
// tokens are taken at once.
func TestPostTake(t *testing.T) {
	objs := []ir.SyncObject{{Name: "s"}, {Name: "m", Init: 1}}
	r := runThreads(t, 4, "fcfs", objs,
		[]ir.Op{{Kind: ir.Take, Elem: 0, Obj: 0}, {Kind: ir.Compute, Elem: 1, Cost: 1}},
		[]ir.Op{{Kind: ir.Delay, Elem: 2, Cost: 2}, {Kind: ir.Post, Elem: 3, Obj: 0, Count: 1}},
		[]ir.Op{{Kind: ir.Take, Elem: 4, Obj: 1}, {Kind: ir.Compute, Elem: 5, Cost: 0.5}},
	)
	if r.Deadlock != nil {
		t.Fatal(r.Deadlock)
	}
	// Thread 1 takes at 2 (thread 2's post) and computes 1: ends at 3;
	// thread 3 takes m's initial token at 0.
	for tid, want := range map[int32]float64{1: 3, 2: 2, 3: 0.5} {
		if got := threadFinish(r, tid); !same(got, want) {
			t.Errorf("thread %d ends at %g, want %g", tid, got, want)
		}
	}
	if w := r.Elements[0].Wait; !same(w, 2) {
		t.Errorf("the take waited %g, want 2", w)
	}
}

// Blocked takers are served by priority, then arrival; the one left
// without a token is reported in the deadlock with the object's name.
func TestTakeByPriority(t *testing.T) {
	objs := []ir.SyncObject{{Name: "sem"}}
	r := runThreads(t, 4, "fcfs", objs,
		[]ir.Op{{Kind: ir.Take, Elem: 0, Obj: 0}},
		[]ir.Op{{Kind: ir.Priority, Elem: -1, Count: 5}, {Kind: ir.Delay, Elem: 1, Cost: 1}, {Kind: ir.Take, Elem: 2, Obj: 0}},
		[]ir.Op{{Kind: ir.Delay, Elem: 3, Cost: 2}, {Kind: ir.Post, Elem: 4, Obj: 0, Count: 1}},
	)
	if got := threadFinish(r, 2); !same(got, 2) {
		t.Errorf("the high-priority taker ends at %g, want 2 (it came later but goes first)", got)
	}
	if r.Deadlock == nil {
		t.Fatal("thread 1 never gets a token: want a deadlock")
	}
	var found bool
	for _, b := range r.Deadlock.Blocked {
		if b.Tid == 1 {
			found = strings.Contains(b.WaitsFor, "a post of sem")
		}
	}
	if !found {
		t.Errorf("deadlock report does not say thread 1 waits for a post of sem:\n%v", r.Deadlock)
	}
}

// A Post of n tokens releases n takers at once.
func TestPostMany(t *testing.T) {
	objs := []ir.SyncObject{{Name: "gate"}}
	take := []ir.Op{{Kind: ir.Take, Elem: 0, Obj: 0}, {Kind: ir.Compute, Elem: 1, Cost: 1}}
	r := runThreads(t, 4, "fcfs", objs, take, take,
		[]ir.Op{{Kind: ir.Delay, Elem: 2, Cost: 3}, {Kind: ir.Post, Elem: 3, Obj: 0, Count: 2}})
	if r.Deadlock != nil {
		t.Fatal(r.Deadlock)
	}
	for _, tid := range []int32{1, 2} {
		if got := threadFinish(r, tid); !same(got, 4) {
			t.Errorf("thread %d ends at %g, want 4", tid, got)
		}
	}
}

// Under MatchToken a take waits for its own token: T1 arrives first but
// waits for token 1, posted at 2; T2 gets token 0, posted at 1. Under
// MatchAny the first post goes to T1, the first to arrive.
func TestTakeToken(t *testing.T) {
	threads := [][]ir.Op{
		{{Kind: ir.Take, Elem: 0, Obj: 0, Tag: 1}},
		{{Kind: ir.Delay, Elem: 1, Cost: 0.5}, {Kind: ir.Take, Elem: 2, Obj: 0, Tag: 0}},
		{{Kind: ir.Delay, Elem: 3, Cost: 1}, {Kind: ir.Post, Elem: 4, Obj: 0, Tag: 0, Count: 1},
			{Kind: ir.Delay, Elem: 5, Cost: 1}, {Kind: ir.Post, Elem: 6, Obj: 0, Tag: 1, Count: 1}},
	}
	for _, c := range []struct {
		match  ir.Match
		t1, t2 float64
	}{{ir.MatchToken, 2, 1}, {ir.MatchAny, 1, 2}} {
		r := runThreads(t, 4, "fcfs", []ir.SyncObject{{Name: "s", Match: c.match}}, threads...)
		if r.Deadlock != nil {
			t.Fatal(r.Deadlock)
		}
		if got1, got2 := threadFinish(r, 1), threadFinish(r, 2); !same(got1, c.t1) || !same(got2, c.t2) {
			t.Errorf("match %d: T1 ends at %g, T2 at %g; want %g and %g", c.match, got1, got2, c.t1, c.t2)
		}
	}
}

// Under MatchToken an object's initial tokens are 0..Init-1, a post of n
// tokens makes n consecutive ones, and a take of a token nobody posts is
// named in the deadlock report.
func TestTakeTokenInitAndDeadlock(t *testing.T) {
	objs := []ir.SyncObject{{Name: "sem", Init: 1, Match: ir.MatchToken}}
	r := runThreads(t, 4, "fcfs", objs,
		[]ir.Op{{Kind: ir.Take, Elem: 0, Obj: 0, Tag: 0}, {Kind: ir.Take, Elem: 1, Obj: 0, Tag: 2}, {Kind: ir.Take, Elem: 2, Obj: 0, Tag: 4}},
		[]ir.Op{{Kind: ir.Delay, Elem: 3, Cost: 1}, {Kind: ir.Post, Elem: 4, Obj: 0, Tag: 1, Count: 3}},
	)
	if r.Deadlock == nil || len(r.Deadlock.Blocked) != 2 {
		t.Fatalf("want thread 1 and process 0 blocked, got %v", r.Deadlock)
	}
	if b := r.Deadlock.Blocked[1]; b.Tid != 1 || !strings.Contains(b.WaitsFor, "token 4 of sem") {
		t.Errorf("report: %+v", b)
	}
	if !same(r.Deadlock.Time, 1) {
		t.Errorf("deadlock at %g, want 1 (token 2 came at 1)", r.Deadlock.Time)
	}
}

// Under MatchToken a token has one taker: a second unit that waits for a
// token another already waits for fails the run, naming both.
func TestTakeTokenTwice(t *testing.T) {
	objs := []ir.SyncObject{{Name: "s", Match: ir.MatchToken, Tokens: 1}}
	_, err := runThreadsErr(t, 4, "fcfs", objs,
		[]ir.Op{{Kind: ir.Take, Elem: 0, Obj: 0, Tag: 0}},
		[]ir.Op{{Kind: ir.Delay, Elem: 1, Cost: 1}, {Kind: ir.Take, Elem: 2, Obj: 0, Tag: 0}})
	if err == nil || !strings.Contains(err.Error(), "process 0 thread 2 takes token 0, which process 0 thread 1 already waits for") {
		t.Fatalf("got %v, want the error that thread 2 takes the token thread 1 waits for", err)
	}
}
