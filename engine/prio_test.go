package engine

import (
	"testing"

	"augur/ir"
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
