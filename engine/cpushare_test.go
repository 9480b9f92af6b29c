package engine

import (
	"testing"

	"augur/ir"
)

// TestProcessorSharingByHand: three processes on one single-CPU node with
// scheduler share compute 1, 3 and 2 s. All three run at 1/3 until the
// first is done (t = 3), the other two at 1/2 until the third is done
// (its remaining 1 s takes 2 s: t = 5), the last alone (1 s left): t = 6.
// FCFS gives 1, 4 and 6 instead.
func TestProcessorSharingByHand(t *testing.T) {
	costs := []float64{1, 3, 2}
	stream := func(pid int32) []ir.Op {
		return []ir.Op{{Kind: ir.Compute, Elem: 0, Cost: costs[pid]}}
	}
	m := mustMachine(t, "nodes:\n  - count: 1\n    scheduler: share\n")
	r, err := run(t, m, ir.CompleteLocally, []int32{0, 0, 0}, stream)
	if err != nil {
		t.Fatal(err)
	}
	checkFinish(t, r, 3, 6, 5)
	if !same(r.Units[1].Compute, 6) || r.Units[1].Wait != 0 {
		t.Errorf("budget of process 1: %+v (all of its 6 s compute)", r.Units[1])
	}
	m = mustMachine(t, "nodes:\n  - count: 1\n    scheduler: fcfs\n")
	if r, err = run(t, m, ir.CompleteLocally, []int32{0, 0, 0}, stream); err != nil {
		t.Fatal(err)
	}
	checkFinish(t, r, 1, 4, 6)
	// Two CPUs: rate 2/3 each until the 1 s job ends at 1.5; then two
	// jobs on two CPUs at full speed: 3-1 = 2 s left ends at 3.5, 2-1 =
	// 1 s left at 2.5.
	m = mustMachine(t, "nodes:\n  - count: 1\n    cpus: 2\n    scheduler: share\n")
	if r, err = run(t, m, ir.CompleteLocally, []int32{0, 0, 0}, stream); err != nil {
		t.Fatal(err)
	}
	checkFinish(t, r, 1.5, 3.5, 2.5)
	// A process arriving later: 0 computes 2 s from 0, 1 sleeps 1 s then
	// computes 1 s. [0,1): 0 alone (1 s left); [1,3): both at 1/2; both end at 3.
	m = mustMachine(t, "nodes:\n  - count: 1\n    scheduler: share\n")
	r, err = run(t, m, ir.CompleteLocally, []int32{0, 0}, func(pid int32) []ir.Op {
		if pid == 0 {
			return []ir.Op{{Kind: ir.Compute, Elem: 0, Cost: 2}}
		}
		return []ir.Op{{Kind: ir.Delay, Elem: 1, Cost: 1}, {Kind: ir.Compute, Elem: 0, Cost: 1}}
	})
	if err != nil {
		t.Fatal(err)
	}
	checkFinish(t, r, 3, 3)
}
