package flow

import (
	"fmt"
	"testing"
)

// Benchmarks of the flow network on dense patterns over a cluster whose
// backbone is SHARED and limited, so that every flow shares it and every
// flow start or end changes the rates of all the others. They drive the
// model alone (drive); the engine's own figures for the same patterns
// come from bench/replay_speed.sh.

func backboneXML(n int) string {
	return fmt.Sprintf(`<?xml version='1.0'?>
<platform version="4.1"><zone id="w" routing="Full">
<cluster id="c" prefix="h" radical="0-%d" suffix="" speed="1Gf" bw="1GBps" lat="1us" bb_bw="10GBps" bb_lat="1us" bb_sharing_policy="SHARED"/>
</zone></platform>`, n-1)
}

// pattern gives, for node r of n, the offsets of the peers it sends to
// in one round.
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

// rounds gives each node's sends to r+k for each offset k of the
// pattern, round after round: a send starts when the node's send to the
// same offset in the round before has ended.
func rounds(n, count int, bytes float64, p pattern) []xfer {
	var xs []xfer
	prev := map[[2]int]int{}
	for range count {
		for r := range n {
			for j, k := range p(r, n) {
				after := -1
				if i, ok := prev[[2]int{r, j}]; ok {
					after = i
				}
				prev[[2]int{r, j}] = len(xs)
				xs = append(xs, xfer{r, (r + k) % n, 0, bytes, after})
			}
		}
	}
	return xs
}

func runFlowBench(b *testing.B, n, count int, bytes float64, p pattern) {
	m := mustPlatform(b, backboneXML(n))
	nc, err := m.NetConfig()
	if err != nil {
		b.Fatal(err)
	}
	xs := rounds(n, count, bytes, p)
	b.ReportAllocs()
	for b.Loop() {
		drive(b, mustNet(b, m, nc, true), xs)
	}
	b.ReportMetric(float64(len(xs)), "flows/run")
}

func BenchmarkFlowAllToAll64(b *testing.B)  { runFlowBench(b, 64, 1, 100000, allToAll) }
func BenchmarkFlowAllToAll256(b *testing.B) { runFlowBench(b, 256, 1, 100000, allToAll) }
func BenchmarkFlowRing256(b *testing.B)     { runFlowBench(b, 256, 20, 100000, ring) }
func BenchmarkFlowStencil256(b *testing.B)  { runFlowBench(b, 256, 5, 100000, stencil(16)) }
