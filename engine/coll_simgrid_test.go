package engine

import (
	"testing"

	"augur/ir"
)

// alltoall__ompi's choices, checked against smpirun 3.32 (same simulated
// time as the forced algorithm): np 16 × 100 B and np 24 × 100 B bruck,
// np 8 × 5000 B and np 24 × 10000 B basic_linear, np 4 × 600000 B pair
// (np 6 × 600000 B makes SimGrid fail: pair needs a power of two).
func TestAlltoallDecision(t *testing.T) {
	for _, c := range []struct {
		p    int32
		b    float64
		want genKind
	}{
		{16, 100, sgBruck}, {24, 100, sgBruck}, {256, 39, sgBruck}, {8, 5000, sgAlltoallLinear},
		{24, 10000, sgAlltoallLinear}, {4, 600000, sgPair}, {3, 500, sgAlltoallLinear}, {128, 300000, sgPair},
	} {
		if got := alltoallOMPI(c.p, c.b); got != c.want {
			t.Errorf("P=%d, %g B: %v, want %v", c.p, c.b, got, c.want)
		}
	}
}

func TestBlocksWithBit(t *testing.T) {
	for p := int32(1); p < 70; p++ {
		for m := int32(1); m < p; m <<= 1 {
			n := int32(0)
			for b := int32(1); b < p; b++ {
				if b&m != 0 {
					n++
				}
			}
			if got := blocksWithBit(p, m); got != n {
				t.Fatalf("P=%d bit %d: %d, want %d", p, m, got, n)
			}
		}
	}
}

func steps(kind ir.Kind, p, r, root int32, b float64, counts []float64) []step {
	var c collRun
	if !c.planSimGrid(kind, p, r, root, b, counts) {
		return nil
	}
	var out []step
	for {
		s, ok := c.next()
		if !ok {
			return out
		}
		out = append(out, s)
	}
}

// The patterns, step by step, for small cases worked out by hand from
// SimGrid's sources.
func TestSimGridPatterns(t *testing.T) {
	n := int32(-1)
	cases := []struct {
		name string
		got  []step
		want []step
	}{
		{"barrier root", steps(ir.Barrier, 3, 0, 0, 0, nil), []step{
			{to: n, from: 1, more: true}, {to: n, from: 2}, {to: 1, from: n, more: true}, {to: 2, from: n}}},
		{"barrier leaf", steps(ir.Barrier, 3, 2, 0, 0, nil), []step{{to: 0, from: n}, {to: n, from: 0}}},
		{"gather root 1", steps(ir.Gather, 3, 1, 1, 8, nil), []step{
			{to: n, from: 0, recvB: 8, more: true}, {to: n, from: 2, recvB: 8}}},
		{"gatherv leaf", steps(ir.Gatherv, 3, 0, 1, 8, []float64{8, 16, 24}), []step{{to: 1, from: n, sendB: 8}}},
		{"allgatherv", steps(ir.Allgatherv, 3, 1, 0, 16, []float64{8, 16, 24}), []step{
			{to: 0, from: 0, sendB: 16, recvB: 8, more: true}, {to: 2, from: 2, sendB: 16, recvB: 24}}},
		{"alltoall basic_linear r1 of 3", steps(ir.Alltoall, 3, 1, 0, 5, nil), []step{
			{to: n, from: 2, recvB: 5, more: true}, {to: n, from: 0, recvB: 5, more: true},
			{to: 0, from: n, sendB: 5, more: true}, {to: 2, from: n, sendB: 5}}},
		{"alltoallv r0 of 3", steps(ir.Alltoallv, 3, 0, 0, 0, []float64{1, 2, 3, 4, 5, 6}), []step{
			{to: n, from: 1, recvB: 5, more: true}, {to: n, from: 2, recvB: 6, more: true},
			{to: 1, from: n, sendB: 2, more: true}, {to: 2, from: n, sendB: 3}}},
		{"bruck r0 of 24 (no self copies)", steps(ir.Alltoall, 24, 0, 0, 10, nil)[:2], []step{
			{to: 1, from: 23, sendB: 120, recvB: 120}, {to: 2, from: 22, sendB: 120, recvB: 120}}},
		{"scan r1 of 3", steps(ir.Scan, 3, 1, 0, 4, nil), []step{{to: n, from: 0, recvB: 4, more: true}, {to: 2, from: n, sendB: 4}}},
		{"allreduce r2 of 3", steps(ir.Allreduce, 3, 2, 0, 4, nil), []step{{to: 0, from: n, sendB: 4}, {to: n, from: 0, recvB: 4}}},
	}
	for _, c := range cases {
		if len(c.got) != len(c.want) {
			t.Errorf("%s: %d steps %+v, want %+v", c.name, len(c.got), c.got, c.want)
			continue
		}
		for i := range c.want {
			if c.got[i] != c.want[i] {
				t.Errorf("%s step %d: %+v, want %+v", c.name, i, c.got[i], c.want[i])
			}
		}
	}
	if steps(ir.Alltoallv, 3, 0, 0, 0, []float64{1}) != nil {
		t.Error("alltoallv with 1 count for 3 processes planned")
	}
}
