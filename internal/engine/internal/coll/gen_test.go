package coll

import (
	"testing"

	"augur/internal/ir"
)

// refRun is the step-list implementation the generators replaced, kept
// as the reference they must reproduce step for step.
type refRun struct {
	k      int32
	steps  []Step
	lazy   ir.Algorithm
	rounds int32
	p, r   int32
	bytes  float64
}

// Every generator yields exactly the rounds of the step-list version, in
// the same order, for every rank, root and P up to 70.
func TestGeneratorsMatchStepLists(t *testing.T) {
	kinds := []ir.Kind{ir.Barrier, ir.Bcast, ir.Reduce, ir.Allreduce, ir.Gather, ir.Scatter,
		ir.Allgather, ir.Alltoall, ir.ReduceScatter, ir.Scan, ir.Exscan}
	algos := []ir.Algorithm{ir.AlgoDefault, ir.AlgoLinear, ir.AlgoBinomial, ir.AlgoRecursiveDoubling,
		ir.AlgoRing, ir.AlgoPairwise, ir.AlgoDissemination}
	for p := int32(1); p <= 70; p++ {
		for _, kind := range kinds {
			for _, algo := range algos {
				for _, root := range []int32{0, p / 2, p - 1} {
					for r := int32(0); r < p; r++ {
						want := refPlan(p, r, 1000, kind, algo, root)
						var c Plan
						c.Set(kind, algo, p, r, root, 1000)
						var got []Step
						for {
							s, ok := c.Next()
							if !ok {
								break
							}
							got = append(got, s)
						}
						if len(got) != len(want) {
							t.Fatalf("%v/%v P=%d r=%d root=%d: %d steps, want %d\n got %v\nwant %v", kind, algo, p, r, root, len(got), len(want), got, want)
						}
						for i := range got {
							if got[i] != want[i] {
								t.Fatalf("%v/%v P=%d r=%d root=%d step %d: %+v, want %+v", kind, algo, p, r, root, i, got[i], want[i])
							}
						}
					}
				}
			}
		}
	}
}

// plan prepares the rounds of collective kind for process c.r.
func refPlan(p, r int32, b float64, kind ir.Kind, algo ir.Algorithm, root int32) []Step {
	c := &refRun{p: p, r: r, bytes: b}
	c.plan(kind, algo, root)
	var out []Step
	for {
		s, ok := c.next()
		if !ok {
			return out
		}
		out = append(out, s)
	}
}

func (c *refRun) plan(kind ir.Kind, algo ir.Algorithm, root int32) {
	p, r, b := c.p, c.r, c.bytes
	switch kind {
	case ir.Barrier:
		c.steps = ref_dissemination(p, r)
	case ir.Bcast:
		if algo == ir.AlgoLinear {
			c.steps = ref_linearFanout(p, r, root, b)
		} else {
			c.steps = ref_binomialBcast(p, r, root, b)
		}
	case ir.Reduce:
		if algo == ir.AlgoLinear {
			c.steps = ref_linearFanin(p, r, root, b)
		} else {
			c.steps = ref_binomialReduce(p, r, root, b)
		}
	case ir.Allreduce:
		switch algo {
		case ir.AlgoBinomial:
			c.steps = append(ref_binomialReduce(p, r, 0, b), ref_binomialBcast(p, r, 0, b)...)
		case ir.AlgoRing:
			// Reduce-scatter then allgather around a ring, P-1 rounds
			// each of size/P.
			c.lazy, c.bytes, c.rounds = ir.AlgoRing, b/float64(p), 2*(p-1)
		default:
			c.steps = ref_recursiveDoubling(p, r, b)
		}
	case ir.Gather:
		if algo == ir.AlgoLinear {
			c.steps = ref_linearFanin(p, r, root, b)
		} else {
			c.steps = ref_binomialGather(p, r, root, b)
		}
	case ir.Scatter:
		if algo == ir.AlgoLinear {
			c.steps = ref_linearFanout(p, r, root, b)
		} else {
			c.steps = ref_binomialScatter(p, r, root, b)
		}
	case ir.Allgather:
		if algo == ir.AlgoRecursiveDoubling && p&(p-1) == 0 {
			for m := int32(1); m < p; m <<= 1 {
				c.steps = append(c.steps, Step{To: r ^ m, From: r ^ m, SendB: b * float64(m), RecvB: b * float64(m)})
			}
		} else {
			c.lazy, c.rounds = ir.AlgoRing, p-1
		}
	case ir.Alltoall:
		c.lazy = ir.AlgoPairwise
		c.k = 1
	case ir.ReduceScatter:
		c.steps = append(ref_binomialReduce(p, r, 0, b*float64(p)), ref_binomialScatter(p, r, 0, b)...)
	case ir.Scan, ir.Exscan:
		// A chain: receive the prefix from the left, pass it right.
		if r > 0 {
			c.steps = append(c.steps, Step{To: -1, From: r - 1, RecvB: b})
		}
		if r < p-1 {
			c.steps = append(c.steps, Step{To: r + 1, From: -1, SendB: b})
		}
	}
}

// next returns the next round.
func (c *refRun) next() (Step, bool) {
	switch c.lazy {
	case ir.AlgoRing:
		// Every round passes a block to the right neighbour and takes one
		// from the left.
		if c.k >= c.rounds {
			return Step{}, false
		}
		c.k++
		return Step{To: (c.r + 1) % c.p, From: (c.r - 1 + c.p) % c.p, SendB: c.bytes, RecvB: c.bytes}, true
	case ir.AlgoPairwise:
		if c.k >= c.p {
			return Step{}, false
		}
		k := c.k
		c.k++
		return Step{To: (c.r + k) % c.p, From: (c.r - k + c.p) % c.p, SendB: c.bytes, RecvB: c.bytes}, true
	}
	if int(c.k) >= len(c.steps) {
		return Step{}, false
	}
	c.k++
	return c.steps[c.k-1], true
}

// dissemination barrier: in round k, signal r+2^k and hear from r-2^k.
func ref_dissemination(p, r int32) []Step {
	var s []Step
	for m := int32(1); m < p; m <<= 1 {
		s = append(s, Step{To: (r + m) % p, From: (r - m + p) % p})
	}
	return s
}

// binomialBcast: receive from the parent, then send to children, farthest first.
func ref_binomialBcast(p, r, root int32, b float64) []Step {
	var s []Step
	rr := (r - root + p) % p
	m := int32(1)
	for ; m < p; m <<= 1 {
		if rr&m != 0 {
			s = append(s, Step{To: -1, From: (rr - m + root) % p, RecvB: b})
			break
		}
	}
	for m >>= 1; m > 0; m >>= 1 {
		if rr+m < p {
			s = append(s, Step{To: (rr + m + root) % p, From: -1, SendB: b})
		}
	}
	return s
}

// binomialReduce: receive from children, nearest first, then send to the parent.
func ref_binomialReduce(p, r, root int32, b float64) []Step {
	var s []Step
	rr := (r - root + p) % p
	for m := int32(1); m < p; m <<= 1 {
		if rr&m != 0 {
			s = append(s, Step{To: (rr - m + root) % p, From: -1, SendB: b})
			break
		}
		if rr+m < p {
			s = append(s, Step{To: -1, From: (rr + m + root) % p, RecvB: b})
		}
	}
	return s
}

// binomialGather is binomialReduce where each message carries the blocks
// of the sender's whole subtree.
func ref_binomialGather(p, r, root int32, b float64) []Step {
	var s []Step
	rr := (r - root + p) % p
	for m := int32(1); m < p; m <<= 1 {
		if rr&m != 0 {
			s = append(s, Step{To: (rr - m + root) % p, From: -1, SendB: b * float64(min(m, p-rr))})
			break
		}
		if c := rr + m; c < p {
			s = append(s, Step{To: -1, From: (c + root) % p, RecvB: b * float64(min(m, p-c))})
		}
	}
	return s
}

// binomialScatter is binomialBcast where each message carries the blocks
// of the receiver's whole subtree.
func ref_binomialScatter(p, r, root int32, b float64) []Step {
	var s []Step
	rr := (r - root + p) % p
	m := int32(1)
	for ; m < p; m <<= 1 {
		if rr&m != 0 {
			s = append(s, Step{To: -1, From: (rr - m + root) % p, RecvB: b * float64(min(m, p-rr))})
			break
		}
	}
	for m >>= 1; m > 0; m >>= 1 {
		if c := rr + m; c < p {
			s = append(s, Step{To: (c + root) % p, From: -1, SendB: b * float64(min(m, p-c))})
		}
	}
	return s
}

// recursiveDoubling allreduce (MPICH): ranks beyond the largest power of
// two first fold into a partner, the power-of-two group exchanges in
// log2 rounds, then the folded ranks get the result.
func ref_recursiveDoubling(p, r int32, b float64) []Step {
	pof2 := int32(1)
	for pof2*2 <= p {
		pof2 *= 2
	}
	rem := p - pof2
	var s []Step
	newrank := r - rem
	if r < 2*rem {
		if r%2 == 0 {
			s = append(s, Step{To: r + 1, From: -1, SendB: b})
			newrank = -1
		} else {
			s = append(s, Step{To: -1, From: r - 1, RecvB: b})
			newrank = r / 2
		}
	}
	if newrank >= 0 {
		for m := int32(1); m < pof2; m <<= 1 {
			nd := newrank ^ m
			dst := nd + rem
			if nd < rem {
				dst = nd*2 + 1
			}
			s = append(s, Step{To: dst, From: dst, SendB: b, RecvB: b})
		}
	}
	if r < 2*rem {
		if r%2 == 1 {
			s = append(s, Step{To: r - 1, From: -1, SendB: b})
		} else {
			s = append(s, Step{To: -1, From: r + 1, RecvB: b})
		}
	}
	return s
}

// linearFanout: the root sends to every other process in rank order.
func ref_linearFanout(p, r, root int32, b float64) []Step {
	if r != root {
		return []Step{{To: -1, From: root, RecvB: b}}
	}
	var s []Step
	for i := int32(0); i < p; i++ {
		if i != root {
			s = append(s, Step{To: i, From: -1, SendB: b})
		}
	}
	return s
}

// linearFanin: every other process sends to the root, which receives in rank order.
func ref_linearFanin(p, r, root int32, b float64) []Step {
	if r != root {
		return []Step{{To: root, From: -1, SendB: b}}
	}
	var s []Step
	for i := int32(0); i < p; i++ {
		if i != root {
			s = append(s, Step{To: -1, From: i, RecvB: b})
		}
	}
	return s
}
