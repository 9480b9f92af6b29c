package engine

import (
	"math"
	"strings"
	"testing"

	"augur/internal/ir"
	"augur/internal/machine"
)

// ops is a hand-written stream: its operations, then End.
type ops struct {
	list []ir.Op
	i    int
}

func (s *ops) Next(op *ir.Op) error {
	if s.i >= len(s.list) {
		*op = ir.Op{Kind: ir.End, Elem: -1}
		return nil
	}
	*op = s.list[s.i]
	s.i++
	return nil
}

func mustMachine(t *testing.T, yaml string) *machine.Machine {
	t.Helper()
	m, err := machine.Parse("m.yaml", []byte(yaml))
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// run runs one hand-written stream per process, process i on node nodes[i].
func run(t *testing.T, m *machine.Machine, colls ir.CollectiveCompletion, nodes []int32, streams func(pid int32) []ir.Op) (*Result, error) {
	t.Helper()
	elems := make([]ir.Element, 8)
	for i := range elems {
		elems[i] = ir.Element{Name: string(rune('A' + i)), Kind: "test"}
	}
	return Run(Config{Machine: m, Procs: len(nodes), NodeOf: nodes},
		Program{Elements: elems, Stream: func(pid, nid int32) (ir.Stream, error) {
			return &ops{list: streams(pid)}, nil
		}, Semantics: ir.Semantics{Collectives: colls}})
}

func same(got, want float64) bool { return math.Abs(got-want) <= 1e-9*math.Abs(want)+1e-15 }

func checkFinish(t *testing.T, r *Result, want ...float64) {
	t.Helper()
	for i, w := range want {
		if !same(r.Units[i].Finish, w) {
			t.Errorf("unit %d finishes at %.12g, want %.12g", i, r.Units[i].Finish, w)
		}
	}
}

const net4 = `
nodes:
  - {count: 4, cpus: 1}
network: {latency: 10us, bandwidth: 1GB/s, nic_serialise: false}
`

// Under ir.CompleteLocally (trace replay, MPI semantics) a process leaves a
// issue when its own rounds are done: in a binomial bcast from 0 with
// process 2 late by 1 ms, process 1 leaves at L + 2 inj, not at 1 ms.
func TestBcastWithoutSync(t *testing.T) {
	const L, inj = 10e-6, 1000 / 1e9
	m := mustMachine(t, net4)
	streams := func(pid int32) []ir.Op {
		var s []ir.Op
		if pid == 2 {
			s = append(s, ir.Op{Kind: ir.Delay, Elem: 0, Cost: 1e-3})
		}
		return append(s, ir.Op{Kind: ir.Bcast, Elem: 1, Root: 0, Bytes: 1000, Cost: ir.NoCost})
	}
	r, err := run(t, m, ir.CompleteLocally, []int32{0, 1, 2, 3}, streams)
	if err != nil {
		t.Fatal(err)
	}
	checkFinish(t, r, 2*inj, L+2*inj, 1e-3+inj, 1e-3+L+inj)
	// Under ir.CompleteAfterAll, 0 and 1 wait for the last arrival.
	r, err = run(t, m, ir.CompleteAfterAll, []int32{0, 1, 2, 3}, streams)
	if err != nil {
		t.Fatal(err)
	}
	checkFinish(t, r, 1e-3, 1e-3, 1e-3+inj, 1e-3+L+inj)
	if r.Units[2].Compute != 1e-3 {
		t.Errorf("a delay counts as compute: %v", r.Units[2].Compute)
	}
}

// Threads started by Fork share the node's CPUs; a lock serialises them.
func TestForkLockJoin(t *testing.T) {
	m := mustMachine(t, "nodes:\n  - {count: 1, cpus: 2}\n")
	body := func() []ir.Op {
		return []ir.Op{
			{Kind: ir.Compute, Elem: 0, Cost: 1},
			{Kind: ir.Lock, Elem: 1, Lock: 7},
			{Kind: ir.Compute, Elem: 2, Cost: 2},
			{Kind: ir.Unlock, Elem: -1, Lock: 7},
		}
	}
	streams := func(pid int32) []ir.Op {
		s := []ir.Op{{Kind: ir.Fork, Elem: -1, Spawn: []ir.Stream{&ops{list: body()}, &ops{list: body()}}}}
		s = append(s, body()...)
		return append(s, ir.Op{Kind: ir.Join, Elem: 3})
	}
	r, err := run(t, m, ir.CompleteAfterAll, []int32{0}, streams)
	if err != nil {
		t.Fatal(err)
	}
	// 3 units on 2 CPUs, FCFS: thread 0 and thread 1 compute 1 in [0,1);
	// thread 0 takes the lock and computes 2 in [1,3), thread 1 waits for
	// the lock (no CPU), which lets thread 2 compute its 1 in [1,2); then
	// thread 1 holds the lock in [3,5) and thread 2 in [5,7).
	if !same(r.Time, 7) {
		t.Errorf("time %v, want 7", r.Time)
	}
	lock := r.Elements[1]
	if lock.Calls != 3 || !same(lock.Wait, (3-1)+(5-2)) {
		t.Errorf("lock: %+v", lock)
	}
}

// The event limit also bounds folded computations.
func TestOperationLimit(t *testing.T) {
	m := mustMachine(t, "nodes:\n  - {count: 1, cpus: 1}\n")
	_, err := Run(Config{Machine: m, Procs: 1, NodeOf: []int32{0}, MaxEvents: 10},
		Program{Elements: []ir.Element{{Name: "A"}}, Stream: func(pid, nid int32) (ir.Stream, error) {
			list := make([]ir.Op, 100)
			for i := range list {
				list[i] = ir.Op{Kind: ir.Compute, Elem: 0, Cost: 1}
			}
			return &ops{list: list}, nil
		}})
	if err == nil || !strings.Contains(err.Error(), "event limit of 10") {
		t.Errorf("err = %v", err)
	}
}

func TestBadOperations(t *testing.T) {
	m := mustMachine(t, net4)
	cases := []struct {
		op   ir.Op
		want string
	}{
		{ir.Op{Kind: ir.Send, Elem: 0, Peer: 9, Bytes: 8, Cost: ir.NoCost}, "addresses process 9, but there are 2 processes"},
		{ir.Op{Kind: ir.Compute, Elem: 0, Cost: math.NaN()}, "is not a finite time"},
		{ir.Op{Kind: ir.Send, Elem: 0, Peer: 1, Bytes: -1, Cost: ir.NoCost}, "message size -1"},
		{ir.Op{Kind: ir.Bcast, Elem: 0, Root: 5, Bytes: 1, Cost: ir.NoCost}, "root 5 is not a process"},
	}
	for _, c := range cases {
		_, err := run(t, m, ir.CompleteAfterAll, []int32{0, 1}, func(pid int32) []ir.Op { return []ir.Op{c.op} })
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v: err = %v, want %q", c.op.Kind, err, c.want)
		}
	}
}

// Wait on an element waits for every outstanding request of that element
// and only those; Wait on AllRequests for all of them.
func TestWaitOnElement(t *testing.T) {
	const L, inj = 10e-6, float64(1<<20) / 1e9
	m := mustMachine(t, net4)
	streams := func(pid int32) []ir.Op {
		if pid == 0 {
			return []ir.Op{
				{Kind: ir.Isend, Elem: 0, Peer: 1, Bytes: 1 << 20, Cost: ir.NoCost},
				{Kind: ir.Isend, Elem: 5, Peer: 1, Bytes: 1000, Cost: ir.NoCost},
				{Kind: ir.Isend, Elem: 5, Peer: 1, Bytes: 1000, Cost: ir.NoCost},
				{Kind: ir.Wait, Elem: 1, Request: 5}, // both 1000 B sends: injected by 1000/B
				{Kind: ir.Wait, Elem: 2, Request: ir.AllRequests},
			}
		}
		return []ir.Op{
			{Kind: ir.Delay, Elem: 3, Cost: 1e-3},
			{Kind: ir.Recv, Elem: 4, Peer: 0, Cost: ir.NoCost},
			{Kind: ir.Recv, Elem: 4, Peer: 0, Cost: ir.NoCost},
			{Kind: ir.Recv, Elem: 4, Peer: 0, Cost: ir.NoCost},
		}
	}
	r, err := run(t, m, ir.CompleteAfterAll, []int32{0, 1}, streams)
	if err != nil {
		t.Fatal(err)
	}
	// The rendezvous send is matched when process 1 receives at 1 ms; the
	// eager ones had arrived by then.
	big := 1e-3 + 2*L + inj
	checkFinish(t, r, big, big)
	if w := r.Elements[1]; !same(w.Total, 1000/1e9) {
		t.Errorf("wait on the element: %v", w.Total)
	}
}

// The selector is the program's stated semantic: an all-to-all that names
// no algorithm is augur's pairwise under SelectAugur and SMPI's choice
// under SelectSMPI (Bruck for 16 processes of 100 B: 4 rounds instead of
// 15); one that names an algorithm gets it under either.
func TestSelectorIsStated(t *testing.T) {
	m := mustMachine(t, "nodes:\n  - {count: 16, cpus: 1}\nnetwork: {latency: 10us, bandwidth: 1GB/s, nic_serialise: false}\n")
	nodes := make([]int32, 16)
	for i := range nodes {
		nodes[i] = int32(i)
	}
	elems := []ir.Element{{Name: "A", Kind: "alltoall"}}
	time := func(sel ir.Selector, algo ir.Algorithm) float64 {
		t.Helper()
		r, err := Run(Config{Machine: m, Procs: len(nodes), NodeOf: nodes}, Program{Elements: elems,
			Stream: func(pid, nid int32) (ir.Stream, error) {
				return &ops{list: []ir.Op{{Kind: ir.Alltoall, Algo: algo, Bytes: 100, Cost: ir.NoCost}}}, nil
			},
			Semantics: ir.Semantics{Collectives: ir.CompleteAfterAll, Selector: sel}})
		if err != nil {
			t.Fatal(err)
		}
		return r.Time
	}
	const L, inj = 10e-6, 100 / 1e9
	augur, smpi := time(ir.SelectAugur, ir.AlgoDefault), time(ir.SelectSMPI, ir.AlgoDefault)
	if !same(augur, 15*(L+inj)) {
		t.Errorf("augur's default: %.9g s, want 15 rounds, %.9g s", augur, 15*(L+inj))
	}
	// Bruck: log2(16) = 4 rounds, each a packed message of the 8 blocks
	// whose index has that bit set.
	if !same(smpi, 4*(L+8*inj)) {
		t.Errorf("SMPI's selector: %.9g s, want Bruck's 4 rounds of 800 B, %.9g s", smpi, 4*(L+8*inj))
	}
	if got := time(ir.SelectSMPI, ir.AlgoPairwise); got != augur {
		t.Errorf("pairwise named under SelectSMPI: %.9g s, want augur's pairwise %.9g s", got, augur)
	}
}
