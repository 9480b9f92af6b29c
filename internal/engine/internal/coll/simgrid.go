package coll

// SimGrid 3.32's collectives, as SMPI runs them with its default selector
// (smpi/coll-selector:default, what smpirun uses unless told otherwise),
// so that a replayed trace gets SimGrid's times. The selector
// (selector, at the end of this file, is this table in code) maps:
//
//	barrier        ompi_basic_linear: everyone sends to 0, 0 answers everyone
//	bcast          binomial_tree (blocking sends, farthest child first)
//	reduce         linear (MPI_Ireduce's pattern): all send to the root
//	allreduce      reduce to 0 (linear), then bcast from 0 (binomial_tree)
//	gather(v)      linear: all send to the root, which posts every receive
//	scatter(v)     linear: the root posts a send to every process
//	allgather(v)   linear: everyone posts a send to and a receive from everyone
//	alltoall       Open MPI 4.1's decision table (alltoall__ompi): basic_linear,
//	               bruck or pair (their MPI_Sendrecv calls to the process
//	               itself are local copies in SMPI: no message)
//	alltoallv      linear: every receive, then every send, posted at once
//	reduce_scatter reduce to 0 (linear), then scatterv from 0
//	scan, exscan   linear: receives from every lower rank, sends to every higher
//
// A "linear" pattern posts all its requests and waits for all of them
// (SimGrid's non-blocking collectives followed by a wait), which the
// generators express with Step.More. The patterns are generators of the
// same type as augur's own algorithms (Gen in coll.go), so that one Plan
// runs either. The tests in simgrid_test.go
// pin the patterns; the peers test compares with smpirun's times.

import (
	"augur/internal/ir"
)

// size returns the size for process q: counts[off+q] for a vector
// pattern, else b. off selects the half of counts a phase reads
// (alltoallv: receive sizes follow the send sizes).
func (g *Gen) size(counts []float64, off, q int32) float64 {
	if !g.vec {
		return g.b
	}
	return counts[off+q]
}

// nthOther returns the i-th process other than r in ascending order.
func nthOther(i, r int32) int32 {
	if i >= r {
		return i + 1
	}
	return i
}

// nextSimGrid returns the next step of a SimGrid pattern, false at the
// end. g.m is the position within the current phase.
func (g *Gen) nextSimGrid(counts []float64) (Step, bool) {
	p, r := g.p, g.r
	none := Step{To: -1, From: -1}
	switch g.kind {
	case SimGridBarrier:
		return g.barrier()

	case SimGridLinearIn, SimGridLinearOut:
		return g.linear(counts)

	case SimGridAllPairs:
		if g.m >= p-1 {
			return none, false
		}
		q := nthOther(g.m, r)
		g.m++
		return Step{To: q, From: q, SendB: g.b, RecvB: g.size(counts, 0, q), More: g.m < p-1}, true

	case SimGridAlltoallLinear, SimGridAlltoallv:
		return g.alltoallLinear(counts)

	case SimGridBruck:
		return g.bruck()

	case SimGridPair:
		// Round 0 is a sendrecv with itself: a local copy in SMPI.
		if g.m == 0 {
			g.m = 1
		}
		if g.m >= p {
			return none, false
		}
		q := r ^ g.m
		g.m++
		return Step{To: q, From: q, SendB: g.b, RecvB: g.b}, true

	case SimGridScan:
		if g.m >= p-1 {
			return none, false
		}
		k := g.m
		g.m++
		st := Step{To: -1, From: -1, More: g.m < p-1}
		if k < r {
			st.From, st.RecvB = k, g.b
		} else {
			st.To, st.SendB = k+1, g.b
		}
		return st, true
	}
	return none, false
}

// barrier yields SMPI's barrier: every rank but 0 sends 0 bytes to 0 and
// waits for its answer; 0 hears from all, then answers all.
func (g *Gen) barrier() (Step, bool) {
	p, r := g.p, g.r
	none := Step{To: -1, From: -1}
	if r != 0 {
		// Blocking send of 0 bytes to 0, then blocking receive.
		switch g.ph {
		case 0:
			g.ph = 1
			return Step{To: 0, From: -1}, true
		case 1:
			g.ph = 2
			return Step{To: -1, From: 0}, true
		}
		return none, false
	}
	for g.ph < 2 {
		if g.m >= p-1 {
			g.ph++
			g.m = 0
			continue
		}
		q := g.m + 1
		g.m++
		st := Step{To: -1, From: -1, More: g.m < p-1}
		if g.ph == 0 {
			st.From = q
		} else {
			st.To = q
		}
		return st, true
	}
	return none, false
}

// linear yields the root receiving from (SimGridLinearIn) or sending to
// (SimGridLinearOut) every other rank, all posted together.
func (g *Gen) linear(counts []float64) (Step, bool) {
	p, r := g.p, g.r
	none := Step{To: -1, From: -1}
	in := g.kind == SimGridLinearIn
	if r != g.root {
		if g.ph != 0 {
			return none, false
		}
		g.ph = 1
		if in {
			return Step{To: g.root, From: -1, SendB: g.b}, true
		}
		return Step{To: -1, From: g.root, RecvB: g.b}, true
	}
	if g.m >= p-1 {
		return none, false
	}
	q := nthOther(g.m, g.root)
	g.m++
	st := Step{To: -1, From: -1, More: g.m < p-1}
	if in {
		st.From, st.RecvB = q, g.size(counts, 0, q)
	} else {
		st.To, st.SendB = q, g.size(counts, 0, q)
	}
	return st, true
}

// alltoallLinear yields alltoall's (and alltoallv's) linear pattern:
// receives first, then sends; all awaited together.
func (g *Gen) alltoallLinear(counts []float64) (Step, bool) {
	p, r := g.p, g.r
	none := Step{To: -1, From: -1}
	// Receives first, then sends; all awaited together.
	n := p - 1
	if g.m >= 2*n {
		return none, false
	}
	k := g.m
	g.m++
	st := Step{To: -1, From: -1, More: g.m < 2*n}
	if g.kind == SimGridAlltoallLinear {
		if k < n {
			st.From, st.RecvB = (r+1+k)%p, g.b
		} else {
			st.To, st.SendB = (r-1-(k-n)+2*p)%p, g.b
		}
		return st, true
	}
	if k < n {
		q := nthOther(k, r)
		st.From, st.RecvB = q, g.size(counts, p, q)
	} else {
		q := nthOther(k-n, r)
		st.To, st.SendB = q, g.size(counts, 0, q)
	}
	return st, true
}

// bruck yields alltoall__bruck's steps: log2 P rounds of packed blocks
// to r+2^k from r-2^k. Its local rotations are MPI_Sendrecv calls from a
// process to itself, which SMPI turns into a plain copy (no simulated
// time), so they yield no step.
func (g *Gen) bruck() (Step, bool) {
	p, r, b := g.p, g.r, g.b
	if g.ph == 0 {
		g.ph, g.m = 1, 1
	}
	if pof2 := g.m; pof2 < p {
		g.m <<= 1
		n := float64(blocksWithBit(p, pof2))
		return Step{To: (r + pof2) % p, From: (r - pof2 + p) % p, SendB: b * n, RecvB: b * n}, true
	}
	return Step{To: -1, From: -1}, false
}

// blocksWithBit counts the integers in [1, p) with bit m (a power of two) set.
func blocksWithBit(p, m int32) int32 {
	period := 2 * m
	n := (p / period) * m
	if rest := p % period; rest > m {
		n += rest - m
	}
	return n
}

// alltoallOMPI is SimGrid 3.32's alltoall__ompi: Open MPI 4.1's fixed
// decision table by communicator size and block size in bytes. Its
// choices 1 (linear) and 4 (linear_sync) both run basic_linear in SMPI,
// 2 (pairwise) runs pair, 3 (modified bruck) runs bruck, 5 (two
// processes) runs pair.
func alltoallOMPI(p int32, b float64) Kind {
	type cut struct {
		below float64
		alg   int8
	}
	pick := func(cuts []cut, last int8) int8 {
		for _, c := range cuts {
			if b < c.below {
				return c.alg
			}
		}
		return last
	}
	var alg int8
	switch {
	case p == 2:
		alg = pick([]cut{{2, 2}, {4, 5}, {16, 2}, {64, 5}, {256, 2}, {4096, 5}, {32768, 2}, {262144, 4}, {1048576, 5}}, 2)
	case p < 8:
		alg = pick([]cut{{8192, 4}, {16384, 1}, {65536, 4}, {524288, 1}, {1048576, 2}}, 1)
	case p < 16:
		alg = pick([]cut{{262144, 4}}, 1)
	case p < 32:
		alg = pick([]cut{{4, 4}, {512, 3}, {8192, 4}, {32768, 1}, {262144, 4}, {524288, 1}}, 4)
	case p < 64:
		alg = pick([]cut{{512, 3}, {524288, 1}}, 4)
	case p < 128:
		alg = pick([]cut{{1024, 3}, {2048, 1}, {4096, 4}, {262144, 1}}, 2)
	case p < 256:
		alg = pick([]cut{{1024, 3}, {2048, 4}, {262144, 1}}, 2)
	case p < 512:
		alg = pick([]cut{{1024, 3}, {8192, 4}, {32768, 1}}, 2)
	case p < 1024:
		alg = pick([]cut{{512, 3}, {8192, 4}, {16384, 1}, {131072, 4}, {262144, 1}}, 2)
	case p < 2048:
		alg = pick([]cut{{512, 3}, {1024, 4}, {2048, 1}, {16384, 4}, {262144, 1}}, 4)
	case p < 4096:
		alg = pick([]cut{{1024, 3}, {4096, 4}, {8192, 1}, {131072, 4}}, 1)
	default:
		alg = pick([]cut{{2048, 3}, {8192, 4}, {16384, 1}, {32768, 4}, {65536, 1}}, 4)
	}
	switch alg {
	case 2, 5:
		return SimGridPair
	case 3:
		return SimGridBruck
	}
	return SimGridAlltoallLinear
}

// rule is how SMPI's default selector runs one collective: one
// pattern, or two run one after the other.
type rule struct {
	first, second Kind // second None: a single pattern
	// rooted: the patterns run at the collective's root (else at 0).
	rooted bool
	// counts: a vector collective, with counts sizes per process.
	counts int
}

// selector is SimGrid 3.32's default selector (the table at the
// top of this file), indexed by collective. A kind it has no rule for
// runs no steps.
var selector = [...]rule{
	ir.Barrier:       {first: SimGridBarrier},
	ir.Bcast:         {first: Bcast, rooted: true},
	ir.Reduce:        {first: SimGridLinearIn, rooted: true},
	ir.Gather:        {first: SimGridLinearIn, rooted: true},
	ir.Allreduce:     {first: SimGridLinearIn, second: Bcast},
	ir.Scatter:       {first: SimGridLinearOut, rooted: true},
	ir.Allgather:     {first: SimGridAllPairs},
	ir.Alltoall:      {first: SimGridAlltoallOMPI},
	ir.Scan:          {first: SimGridScan},
	ir.Exscan:        {first: SimGridScan},
	ir.ReduceScatter: {first: SimGridLinearIn, second: SimGridLinearOut},
	ir.Gatherv:       {first: SimGridLinearIn, rooted: true, counts: 1},
	ir.Scatterv:      {first: SimGridLinearOut, rooted: true, counts: 1},
	ir.Allgatherv:    {first: SimGridAllPairs, counts: 1},
	ir.Alltoallv:     {first: SimGridAlltoallv, counts: 2},
}

// SetSimGrid plans the SimGrid pattern(s) of collective kind for process r
// of p. b is the process's size in bytes, counts the vector collective's
// sizes. It returns false for a vector collective without counts (or
// with a wrong number of them).
func (c *Plan) SetSimGrid(kind ir.Kind, p, r, root int32, b float64, counts []float64) bool {
	c.gi, c.ng, c.counts = 0, 0, nil
	if int(kind) >= len(selector) || selector[kind].first == None {
		return true
	}
	rule := selector[kind]
	if rule.counts > 0 && len(counts) != rule.counts*int(p) {
		return false
	}
	if !rule.rooted {
		root = 0
	}
	// mk makes pattern k; the binomial bcast is one of augur's own.
	mk := func(k Kind, b float64, vec bool) Gen {
		switch k {
		case Bcast:
			return newGen(Bcast, p, r, root, b)
		case SimGridAlltoallOMPI:
			k = alltoallOMPI(p, b)
		}
		return Gen{kind: k, p: p, r: r, root: root, b: b, vec: vec}
	}
	if kind == ir.ReduceScatter {
		// Reduce the whole vector to 0, then scatter the blocks (of the
		// sizes in counts, when the trace gives them).
		total := b * float64(p)
		if counts != nil {
			total = 0
			for _, x := range counts {
				total += x
			}
		}
		c.g[0] = mk(SimGridLinearIn, total, false)
		if counts != nil && int(r) < len(counts) {
			b = counts[r]
		}
		c.g[1] = mk(SimGridLinearOut, b, counts != nil)
		c.ng, c.counts = 2, counts
		return true
	}
	c.g[0] = mk(rule.first, b, rule.counts > 0)
	c.ng = 1
	if rule.second != None {
		// Allreduce: the bcast from 0 follows the reduce to 0.
		c.g[1] = mk(rule.second, b, false)
		c.ng = 2
	}
	if rule.counts > 0 {
		c.counts = counts
	}
	return true
}
