package engine

import (
	"strings"
	"testing"

	"augur/internal/ir"
)

// On one CPU with the priority scheduler, a unit of higher priority that
// arrives while a lower one computes takes its CPU at once; the lower one
// finishes its work after it.
func TestPriorityPreempts(t *testing.T) {
	low := []ir.Op{{Kind: ir.Compute, Elem: 0, Cost: 10}}
	high := []ir.Op{{Kind: ir.Priority, Elem: -1, Count: 5}, {Kind: ir.Delay, Elem: 1, Cost: 2}, {Kind: ir.Compute, Elem: 2, Cost: 3}}
	r := runThreads(t, 1, "priority", nil, low, high)
	// high runs [2, 5); low [0, 2) and [5, 13).
	for tid, want := range map[int32]float64{1: 13, 2: 5} {
		if got := threadFinish(r, tid); !same(got, want) {
			t.Errorf("priority: thread %d ends at %g, want %g", tid, got, want)
		}
	}
	if e := r.Elements[0]; !same(e.Compute, 10) || !same(e.Wait, 3) {
		t.Errorf("the preempted computation: compute %g wait %g, want 10 and 3", e.Compute, e.Wait)
	}
	// FCFS: the same program waits for the CPU instead.
	r = runThreads(t, 1, "fcfs", nil, low, high)
	for tid, want := range map[int32]float64{1: 10, 2: 13} {
		if got := threadFinish(r, tid); !same(got, want) {
			t.Errorf("fcfs: thread %d ends at %g, want %g", tid, got, want)
		}
	}
}

// Preemption nests: C (priority 2) preempts B (1), which had preempted
// A (0); when C ends, B resumes before A.
func TestPriorityNested(t *testing.T) {
	a := []ir.Op{{Kind: ir.Compute, Elem: 0, Cost: 4}}
	b := []ir.Op{{Kind: ir.Priority, Elem: -1, Count: 1}, {Kind: ir.Delay, Elem: 1, Cost: 1}, {Kind: ir.Compute, Elem: 2, Cost: 1}}
	c := []ir.Op{{Kind: ir.Priority, Elem: -1, Count: 2}, {Kind: ir.Delay, Elem: 3, Cost: 1.5}, {Kind: ir.Compute, Elem: 4, Cost: 1}}
	r := runThreads(t, 1, "priority", nil, a, b, c)
	// A [0,1) B [1,1.5) C [1.5,2.5) B [2.5,3) A [3,6).
	for tid, want := range map[int32]float64{1: 6, 2: 3, 3: 2.5} {
		if got := threadFinish(r, tid); !same(got, want) {
			t.Errorf("thread %d ends at %g, want %g", tid, got, want)
		}
	}
}

// Of running units of equal priority, a preemption takes the CPU of the
// one that got its CPU last: A and B (priority 0) start computing 10 s on
// the two CPUs, A first; C (priority 5) needs a CPU at 1 and takes B's,
// not A's (which holds the first CPU), so B ends at 12 and A at 10.
func TestPreemptsLastGranted(t *testing.T) {
	a := []ir.Op{{Kind: ir.Compute, Elem: 0, Cost: 10}}
	b := []ir.Op{{Kind: ir.Compute, Elem: 1, Cost: 10}}
	c := []ir.Op{{Kind: ir.Priority, Elem: -1, Count: 5}, {Kind: ir.Delay, Elem: 2, Cost: 1}, {Kind: ir.Compute, Elem: 3, Cost: 2}}
	r := runThreads(t, 2, "priority", nil, a, b, c)
	for tid, want := range map[int32]float64{1: 10, 2: 12, 3: 3} {
		if got := threadFinish(r, tid); !same(got, want) {
			t.Errorf("thread %d ends at %g, want %g", tid, got, want)
		}
	}
}

// Equal priorities never preempt: the scheduler is FCFS among them.
func TestPriorityEqualIsFCFS(t *testing.T) {
	a := []ir.Op{{Kind: ir.Compute, Elem: 0, Cost: 4}}
	b := []ir.Op{{Kind: ir.Delay, Elem: 1, Cost: 1}, {Kind: ir.Compute, Elem: 2, Cost: 1}}
	r := runThreads(t, 1, "priority", nil, a, b)
	for tid, want := range map[int32]float64{1: 4, 2: 5} {
		if got := threadFinish(r, tid); !same(got, want) {
			t.Errorf("thread %d ends at %g, want %g", tid, got, want)
		}
	}
}

// Bound units compute only on their CPU: on two CPUs, A and B bound to
// CPU 0 take turns (B waits for A's 4 s although CPU 1 is idle but for C);
// D, bound to CPU 1 with priority 5, preempts C there but not A or B.
func TestBind(t *testing.T) {
	bind := func(cpu int32, rest ...ir.Op) []ir.Op {
		return append([]ir.Op{{Kind: ir.Bind, Elem: -1, Count: cpu}}, rest...)
	}
	a := bind(0, ir.Op{Kind: ir.Compute, Elem: 0, Cost: 4})
	b := bind(0, ir.Op{Kind: ir.Compute, Elem: 1, Cost: 2})
	c := bind(1, ir.Op{Kind: ir.Compute, Elem: 2, Cost: 1})
	d := bind(1, ir.Op{Kind: ir.Priority, Elem: -1, Count: 5}, ir.Op{Kind: ir.Delay, Elem: 3, Cost: 0.5}, ir.Op{Kind: ir.Compute, Elem: 4, Cost: 1})
	r := runThreads(t, 2, "priority", nil, a, b, c, d)
	// CPU 0: A [0, 4), B [4, 6). CPU 1: C [0, 0.5), D [0.5, 1.5), C [1.5, 2).
	for tid, want := range map[int32]float64{1: 4, 2: 6, 3: 2, 4: 1.5} {
		if got := threadFinish(r, tid); !same(got, want) {
			t.Errorf("thread %d ends at %g, want %g", tid, got, want)
		}
	}
}

// A node's units are all bound or none is; a CPU out of range is an error.
func TestBindErrors(t *testing.T) {
	m := mustMachine(t, "nodes:\n  - {count: 1, cpus: 2}\n")
	for _, tc := range []struct {
		threads [][]ir.Op
		want    string
	}{
		{[][]ir.Op{{{Kind: ir.Bind, Elem: -1, Count: 2}}}, "bound to CPU 2; node 0 has 2 (0..1)"},
		{[][]ir.Op{
			{{Kind: ir.Bind, Elem: -1, Count: 0}, {Kind: ir.Compute, Elem: 0, Cost: 1}},
			{{Kind: ir.Delay, Elem: 0, Cost: 0.5}, {Kind: ir.Compute, Elem: 0, Cost: 1}},
		}, "bind all of a node's units or none"},
	} {
		spawn := make([]ir.Stream, len(tc.threads))
		for i, th := range tc.threads {
			spawn[i] = &ops{list: th}
		}
		_, err := Run(Config{Machine: m, Procs: 1, NodeOf: []int32{0}}, Program{Elements: []ir.Element{{Name: "A"}},
			Stream: func(pid, nid int32) (ir.Stream, error) {
				return &ops{list: []ir.Op{{Kind: ir.Fork, Elem: -1, Spawn: spawn}, {Kind: ir.Join, Elem: -1}}}, nil
			}})
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("got %v, want an error with %q", err, tc.want)
		}
	}
}
