package engine

import (
	"testing"

	"augur/internal/ir"
	"augur/internal/machine"
)

// repeat is a stream of n copies of one operation, then End.
type repeat struct {
	op ir.Op
	n  int
}

func (s *repeat) Next(op *ir.Op) error {
	if s.n <= 0 {
		*op = ir.Op{Kind: ir.End, Elem: -1}
		return nil
	}
	s.n--
	*op = s.op
	return nil
}

func benchMachine(b *testing.B) *machine.Machine {
	b.Helper()
	m, err := machine.Parse("m.yaml", []byte(netFast))
	if err != nil {
		b.Fatal(err)
	}
	return m
}

// benchAllreduce runs 1024 processes, three per node, that each do one
// recursive doubling allreduce of 1000 B.
func benchAllreduce(b *testing.B, noFast bool) {
	m := benchMachine(b)
	const procs = 1024
	nodes := make([]int32, procs)
	for i := range nodes {
		nodes[i] = int32(i / 3 % 16)
	}
	elems := []ir.Element{{Name: "A", Kind: "allreduce"}}
	prog := Program{Elements: elems, Stream: func(pid, nid int32) (ir.Stream, error) {
		return &repeat{op: ir.Op{Kind: ir.Allreduce, Elem: 0, Bytes: 1000, Cost: ir.NoCost}, n: 1}, nil
	}, Semantics: ir.Semantics{Collectives: ir.CompleteAfterAll}}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Run(Config{Machine: m, Procs: procs, NodeOf: nodes, noFastColl: noFast}, prog); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkCollectiveFast(b *testing.B)  { benchAllreduce(b, false) }
func BenchmarkCollectiveEvent(b *testing.B) { benchAllreduce(b, true) }

// BenchmarkComputeFold: one unit doing 10^6 actions on an FCFS node, all
// folded onto its own clock.
func BenchmarkComputeFold(b *testing.B) {
	m := benchMachine(b)
	elems := []ir.Element{{Name: "A", Kind: "action"}}
	prog := Program{Elements: elems, Stream: func(pid, nid int32) (ir.Stream, error) {
		return &repeat{op: ir.Op{Kind: ir.Compute, Elem: 0, Cost: 1e-6}, n: 1_000_000}, nil
	}}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Run(Config{Machine: m, Procs: 1, NodeOf: []int32{0}}, prog); err != nil {
			b.Fatal(err)
		}
	}
}
