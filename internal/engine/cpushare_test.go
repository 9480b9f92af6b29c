package engine

import (
	"reflect"
	"testing"

	"augur/internal/ir"
	"augur/internal/machine"
	"augur/internal/machine/platform"
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

// TestSharingFollowsThreadsNotOrigin: whether a node's CPUs are shared is
// decided by whether anyone can be slowed — more processes than CPUs, or
// threads that may be forked — never by whether the machine came from a
// SimGrid platform or a machine file.
func TestSharingFollowsThreadsNotOrigin(t *testing.T) {
	// One process on a one-CPU node forks a thread; both compute 1 s and
	// share the CPU: both compute at half speed until 2 s, on a platform
	// as on a machine file.
	forks := func(pid, nid int32) (ir.Stream, error) {
		body := []ir.Op{{Kind: ir.Compute, Elem: 0, Cost: 1}}
		return &ops{list: []ir.Op{
			{Kind: ir.Fork, Elem: -1, Spawn: []ir.Stream{&ops{list: body}}},
			{Kind: ir.Compute, Elem: 0, Cost: 1},
			{Kind: ir.Join, Elem: 0},
		}}, nil
	}
	plat, err := platform.Parse("p.xml", []byte(`<?xml version='1.0'?>
<!DOCTYPE platform SYSTEM "https://simgrid.org/simgrid.dtd">
<platform version="4.1"><zone id="z" routing="Full"><host id="A" speed="1f"/></zone></platform>
`))
	if err != nil {
		t.Fatal(err)
	}
	yaml := mustMachine(t, "nodes:\n  - {count: 1, cpus: 1, speed: 1, scheduler: share}\n")
	elems := []ir.Element{{Name: "A", Kind: "test"}}
	for name, m := range map[string]*machine.Machine{"platform": plat, "machine file": yaml} {
		r, err := Run(Config{Machine: m, Procs: 1, NodeOf: []int32{0}}, Program{Elements: elems, Stream: forks})
		if err != nil {
			t.Fatal(err)
		}
		for _, u := range r.Units {
			if len(r.Units) != 2 || !same(u.Finish, 2) || !same(u.Compute, 2) || u.Wait != 0 {
				t.Errorf("%s: %+v, want both units computing at half speed until 2 s (FCFS: one waits 1 s)", name, r.Units)
				break
			}
		}
	}

	// Without threads and with a CPU for each process, sharing slows no
	// one: the run is the FCFS run, event for event.
	computes := func(pid, nid int32) (ir.Stream, error) {
		var l []ir.Op
		for i := range 100 {
			l = append(l, ir.Op{Kind: ir.Compute, Elem: 0, Cost: float64(i+int(pid)) * 1e-3})
		}
		return &ops{list: l}, nil
	}
	var want *Result
	for _, sched := range []string{"fcfs", "share"} {
		m := mustMachine(t, "nodes:\n  - {count: 1, cpus: 2, scheduler: "+sched+"}\n")
		r, err := Run(Config{Machine: m, Procs: 2, NodeOf: []int32{0, 0}},
			Program{Elements: elems, Stream: computes, Semantics: ir.Semantics{NoThreads: true}})
		if err != nil {
			t.Fatal(err)
		}
		r.Wall = 0
		if want == nil {
			want = r
		} else if !reflect.DeepEqual(r, want) {
			t.Errorf("share: %+v\nfcfs: %+v", r, want)
		}
	}
}
