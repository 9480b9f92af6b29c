package coll

import (
	"testing"

	"augur/internal/ir"
)

// alltoall__ompi's choices, checked against smpirun 3.32 (same simulated
// time as the forced algorithm): np 16 × 100 B and np 24 × 100 B bruck,
// np 8 × 5000 B and np 24 × 10000 B basic_linear, np 4 × 600000 B pair
// (np 6 × 600000 B makes SimGrid fail: pair needs a power of two).
func TestAlltoallDecision(t *testing.T) {
	for _, c := range []struct {
		p    int32
		b    float64
		want Kind
	}{
		{16, 100, SimGridBruck}, {24, 100, SimGridBruck}, {256, 39, SimGridBruck}, {8, 5000, SimGridAlltoallLinear},
		{24, 10000, SimGridAlltoallLinear}, {4, 600000, SimGridPair}, {3, 500, SimGridAlltoallLinear}, {128, 300000, SimGridPair},
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

func steps(kind ir.Kind, p, r, root int32, b float64, counts []float64) []Step {
	var c Plan
	if !c.SetSimGrid(kind, p, r, root, b, counts) {
		return nil
	}
	var out []Step
	for {
		s, ok := c.Next()
		if !ok {
			return out
		}
		out = append(out, s)
	}
}

// The patterns, step by Step, for small cases worked out by hand from
// SimGrid's sources.
func TestSimGridPatterns(t *testing.T) {
	n := int32(-1)
	cases := []struct {
		name string
		got  []Step
		want []Step
	}{
		{"barrier root", steps(ir.Barrier, 3, 0, 0, 0, nil), []Step{
			{To: n, From: 1, More: true}, {To: n, From: 2}, {To: 1, From: n, More: true}, {To: 2, From: n}}},
		{"barrier leaf", steps(ir.Barrier, 3, 2, 0, 0, nil), []Step{{To: 0, From: n}, {To: n, From: 0}}},
		{"gather root 1", steps(ir.Gather, 3, 1, 1, 8, nil), []Step{
			{To: n, From: 0, RecvB: 8, More: true}, {To: n, From: 2, RecvB: 8}}},
		{"gatherv leaf", steps(ir.Gatherv, 3, 0, 1, 8, []float64{8, 16, 24}), []Step{{To: 1, From: n, SendB: 8}}},
		{"allgatherv", steps(ir.Allgatherv, 3, 1, 0, 16, []float64{8, 16, 24}), []Step{
			{To: 0, From: 0, SendB: 16, RecvB: 8, More: true}, {To: 2, From: 2, SendB: 16, RecvB: 24}}},
		{"alltoall basic_linear r1 of 3", steps(ir.Alltoall, 3, 1, 0, 5, nil), []Step{
			{To: n, From: 2, RecvB: 5, More: true}, {To: n, From: 0, RecvB: 5, More: true},
			{To: 0, From: n, SendB: 5, More: true}, {To: 2, From: n, SendB: 5}}},
		{"alltoallv r0 of 3", steps(ir.Alltoallv, 3, 0, 0, 0, []float64{1, 2, 3, 4, 5, 6}), []Step{
			{To: n, From: 1, RecvB: 5, More: true}, {To: n, From: 2, RecvB: 6, More: true},
			{To: 1, From: n, SendB: 2, More: true}, {To: 2, From: n, SendB: 3}}},
		{"bruck r0 of 24 (no self copies)", steps(ir.Alltoall, 24, 0, 0, 10, nil)[:2], []Step{
			{To: 1, From: 23, SendB: 120, RecvB: 120}, {To: 2, From: 22, SendB: 120, RecvB: 120}}},
		{"scan r1 of 3", steps(ir.Scan, 3, 1, 0, 4, nil), []Step{{To: n, From: 0, RecvB: 4, More: true}, {To: 2, From: n, SendB: 4}}},
		{"allreduce r2 of 3", steps(ir.Allreduce, 3, 2, 0, 4, nil), []Step{{To: 0, From: n, SendB: 4}, {To: n, From: 0, RecvB: 4}}},
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
