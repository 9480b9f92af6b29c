package engine

import (
	"fmt"
	"testing"

	"augur/ir"
	"augur/machine"
	"augur/platform"
)

// Benchmarks of the flow network on dense patterns over a cluster whose
// backbone is SHARED and limited, so that every flow shares it and every
// flow start or end changes the rates of all the others.

func backboneCluster(tb testing.TB, n int) *machine.Machine {
	tb.Helper()
	xml := fmt.Sprintf(`<?xml version='1.0'?>
<platform version="4.1"><zone id="w" routing="Full">
<cluster id="c" prefix="h" radical="0-%d" suffix="" speed="1Gf" bw="1GBps" lat="1us" bb_bw="10GBps" bb_lat="1us" bb_sharing_policy="SHARED"/>
</zone></platform>`, n-1)
	m, err := platform.Parse("bb.xml", []byte(xml))
	if err != nil {
		tb.Fatal(err)
	}
	return m
}

// pattern gives, for rank r of n, the peers it sends to in one round (it
// receives from the same offsets backwards).
type pattern func(r, n int) []int

func allToAll(r, n int) []int {
	out := make([]int, 0, n-1)
	for k := 1; k < n; k++ {
		out = append(out, k)
	}
	return out
}

func ring(r, n int) []int { return []int{1} }

// stencil: a 2-D periodic grid of side √n, 4 neighbours (offsets).
func stencil(side int) pattern {
	return func(r, n int) []int { return []int{1, n - 1, side, n - side} }
}

// flowProgram: rounds of isends of bytes to r+k and irecvs from r-k for
// each offset k of the pattern, then a waitall.
func flowProgram(n, rounds int, bytes float64, p pattern) Program {
	return Program{Elements: []ir.Element{{Name: "x", Kind: "test"}}, Stream: func(pid, nid int32) (ir.Stream, error) {
		var list []ir.Op
		offs := p(int(pid), n)
		for range rounds {
			for _, k := range offs {
				list = append(list, ir.Op{Kind: ir.Isend, Peer: int32((int(pid) + k) % n), Tag: 0, Bytes: bytes, Cost: ir.NoCost})
			}
			for _, k := range offs {
				list = append(list, ir.Op{Kind: ir.Irecv, Peer: int32((int(pid) - k + n) % n), Tag: 0, Bytes: bytes, Cost: ir.NoCost})
			}
			list = append(list, ir.Op{Kind: ir.Wait, Request: ir.AllRequests})
		}
		return &ops{list: list}, nil
	}}
}

func runFlowBench(b *testing.B, n, rounds int, bytes float64, p pattern) {
	m := backboneCluster(b, n)
	nc, err := m.NetConfig()
	if err != nil {
		b.Fatal(err)
	}
	nodes := make([]int32, n)
	for i := range nodes {
		nodes[i] = int32(i)
	}
	b.ReportAllocs()
	var events int64
	for b.Loop() {
		r, err := Run(Config{Machine: m, Procs: n, NodeOf: nodes, Net: &nc}, flowProgram(n, rounds, bytes, p))
		if err != nil || r.Deadlock != nil {
			b.Fatal(err, r.Deadlock)
		}
		events = r.Events
	}
	b.ReportMetric(float64(events), "events/run")
}

func BenchmarkFlowAllToAll64(b *testing.B)  { runFlowBench(b, 64, 1, 100000, allToAll) }
func BenchmarkFlowAllToAll256(b *testing.B) { runFlowBench(b, 256, 1, 100000, allToAll) }
func BenchmarkFlowRing256(b *testing.B)     { runFlowBench(b, 256, 20, 100000, ring) }
func BenchmarkFlowStencil256(b *testing.B)  { runFlowBench(b, 256, 5, 100000, stencil(16)) }
