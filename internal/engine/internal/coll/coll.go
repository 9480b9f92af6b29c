// Package coll holds the collective algorithms: one generator type (Gen)
// yields one process's rounds of a collective, a point-to-point send
// and/or receive each, with O(1) state, so that a collective over a
// million processes costs no per-process step lists. Its kinds are
// augur's algorithms (section 4 of docs/semantics.md, chosen by Plan.Set
// from the element's algorithm) and SimGrid 3.32's patterns (simgrid.go,
// chosen by Plan.SetSimGrid from SMPI's default selector, a table). The
// engine posts the rounds as messages (engine/coll.go) or evaluates them
// without events (engine/collfast.go); this package knows nothing of time.
package coll

import (
	"augur/internal/ir"
)

// Step is one round of a collective for one process: an optional send
// and an optional receive, posted together and both awaited.
type Step struct {
	To, From     int32 // -1: none
	SendB, RecvB float64
	// More: post the next step too before waiting; the round ends with
	// the first step without More, and all its requests are awaited
	// together (SimGrid's start-all-then-wait-all patterns).
	More bool
}

// Plan is one process's algorithm for one collective: one generator, or
// two run one after the other (compositions such as reduce then bcast).
type Plan struct {
	gi, ng uint8 // the generator producing the next round; how many
	g      [2]Gen
	// counts are a vector collective's sizes, read by the generators
	// with vec set.
	counts []float64
}

// Len is the number of generators of the plan.
func (c *Plan) Len() int { return int(c.ng) }

// Gen returns the plan's i-th generator, as it was planned.
func (c *Plan) Gen(i int) Gen { return c.g[i] }

// Kind returns the generator's algorithm.
func (g *Gen) Kind() Kind { return g.kind }

// Set plans augur's algorithm algo for collective kind, for process r of
// p, root root (where the collective has one) and b bytes.
func (c *Plan) Set(kind ir.Kind, algo ir.Algorithm, p, r, root int32, b float64) {
	c.gi, c.ng, c.counts = 0, 1, nil
	c.g[0] = planGen(kind, algo, p, r, root, b)
	switch {
	case kind == ir.Allreduce && algo == ir.AlgoBinomial:
		// Binomial reduce to 0, then binomial bcast from 0.
		c.g[0] = newGen(Reduce, p, r, 0, b)
		c.g[1] = newGen(Bcast, p, r, 0, b)
		c.ng = 2
	case kind == ir.ReduceScatter:
		// Reduce the whole vector to 0, then scatter its blocks.
		c.g[0] = newGen(Reduce, p, r, 0, b*float64(p))
		c.g[1] = newGen(Scatter, p, r, 0, b)
		c.ng = 2
	}
}

// Next returns the process's next round, false when the plan is done.
func (c *Plan) Next() (Step, bool) {
	for c.gi < c.ng {
		if s, ok := c.g[c.gi].Next(c.counts); ok {
			return s, true
		}
		c.gi++
	}
	return Step{}, false
}

// Kind names a round generator: one per algorithm of section 4 of
// docs/semantics.md, then SimGrid's patterns (simgrid.go).
type Kind uint8

const (
	None          Kind = iota
	Dissemination      // barrier
	Bcast              // binomial bcast
	Scatter            // binomial scatter: bcast with subtree-sized messages
	Reduce             // binomial reduce
	Gather             // binomial gather: reduce with subtree-sized messages
	RecDoubling        // MPICH recursive doubling allreduce, with the fold for P not a power of two
	RDAllgather        // recursive doubling allgather (P a power of two)
	LinearOut          // root sends to every process in rank order
	LinearIn           // every process sends to the root, received in rank order
	Ring               // rounds of send right, receive from the left
	Pairwise           // alltoall: round k exchanges with r+k and r-k
	Scan               // chain: receive from the left, send to the right

	// SimGrid 3.32's patterns (simgrid.go).
	SimGridBarrier        // barrier__ompi_basic_linear
	SimGridLinearIn       // gather(v), reduce: everyone sends to the root
	SimGridLinearOut      // scatter(v): the root sends to everyone
	SimGridAllPairs       // allgather(v): a send to and a receive from every other process
	SimGridAlltoallLinear // alltoall__basic_linear
	SimGridAlltoallv      // ialltoallv
	SimGridBruck          // alltoall__bruck
	SimGridPair           // alltoall__pair (P a power of two)
	SimGridScan           // scan, exscan
	SimGridAlltoallOMPI   // in the selector only: alltoallOMPI picks one of the three alltoalls
)

// Gen yields one process's rounds of one algorithm with O(1) state, in
// exactly the order the algorithm defines (the tests pin the pattern).
// It is a value, not an interface, so that the event-free evaluation
// (collfast.go) keeps one in each process's record without an allocation.
type Gen struct {
	kind Kind
	ph   uint8 // phase within the algorithm
	vec  bool  // sizes per process come from the collective's counts (SimGrid's vector patterns)
	p    int32
	r    int32 // the process's rank, relative to the root where there is one
	root int32
	m    int32 // mask or round counter; position within a SimGrid pattern's phase
	a    int32 // algorithm specific: ring rounds, recursive doubling's pof2
	b    float64
}

// planGen makes the generator of a single-algorithm collective (the
// compositions are made by plan).
func planGen(kind ir.Kind, algo ir.Algorithm, p, r, root int32, b float64) Gen {
	switch kind {
	case ir.Barrier:
		return newGen(Dissemination, p, r, 0, 0)
	case ir.Bcast:
		if algo == ir.AlgoLinear {
			return newGen(LinearOut, p, r, root, b)
		}
		return newGen(Bcast, p, r, root, b)
	case ir.Reduce:
		if algo == ir.AlgoLinear {
			return newGen(LinearIn, p, r, root, b)
		}
		return newGen(Reduce, p, r, root, b)
	case ir.Allreduce:
		if algo == ir.AlgoRing {
			// Reduce-scatter then allgather around a ring, P-1 rounds
			// each of size/P.
			g := newGen(Ring, p, r, 0, b/float64(p))
			g.a = 2 * (p - 1)
			return g
		}
		return newGen(RecDoubling, p, r, 0, b)
	case ir.Gather:
		if algo == ir.AlgoLinear {
			return newGen(LinearIn, p, r, root, b)
		}
		return newGen(Gather, p, r, root, b)
	case ir.Scatter:
		if algo == ir.AlgoLinear {
			return newGen(LinearOut, p, r, root, b)
		}
		return newGen(Scatter, p, r, root, b)
	case ir.Allgather:
		if algo == ir.AlgoRecursiveDoubling && p&(p-1) == 0 {
			return newGen(RDAllgather, p, r, 0, b)
		}
		g := newGen(Ring, p, r, 0, b)
		g.a = p - 1
		return g
	case ir.Alltoall:
		return newGen(Pairwise, p, r, 0, b)
	case ir.Scan, ir.Exscan:
		return newGen(Scan, p, r, 0, b)
	}
	return Gen{kind: None}
}

// newGen sets up a generator for process r of p (rooted algorithms store
// the rank relative to root).
func newGen(kind Kind, p, r, root int32, b float64) Gen {
	g := Gen{kind: kind, p: p, r: r, root: root, b: b, m: 1}
	switch kind {
	case Bcast, Scatter:
		g.r = (r - root + p) % p
		if g.r != 0 {
			// A non-root first receives from its parent across the
			// lowest set bit of its relative rank.
			g.m = g.r & -g.r
		} else {
			// The root starts below the smallest power of two ≥ p.
			for g.m < p {
				g.m <<= 1
			}
			g.ph = 1
		}
	case Reduce, Gather:
		g.r = (r - root + p) % p
	case RecDoubling:
		g.a = 1
		for g.a*2 <= p {
			g.a *= 2
		}
	case LinearOut, LinearIn:
		g.m = 0
	case Ring:
		g.m = 0
	}
	return g
}

// next returns the generator's next round, false when it has no more.
// counts are the collective's sizes, read only by SimGrid's vector
// patterns (vec set).
func (g *Gen) Next(counts []float64) (Step, bool) {
	p, r, b := g.p, g.r, g.b
	switch g.kind {
	case Dissemination:
		// Round k: signal r+2^k, hear from r-2^k.
		if g.m >= p {
			return Step{}, false
		}
		m := g.m
		g.m <<= 1
		return Step{To: (r + m) % p, From: (r - m + p) % p}, true
	case Bcast, Scatter:
		return g.nextDown()
	case Reduce, Gather:
		return g.nextUp()
	case RecDoubling:
		return g.nextRecDoubling()
	case RDAllgather:
		if g.m >= p {
			return Step{}, false
		}
		m := g.m
		g.m <<= 1
		return Step{To: r ^ m, From: r ^ m, SendB: b * float64(m), RecvB: b * float64(m)}, true
	case LinearOut, LinearIn:
		return g.nextLinear()
	case Ring:
		// Every round passes a block to the right neighbour and takes one
		// from the left.
		if g.m >= g.a {
			return Step{}, false
		}
		g.m++
		return Step{To: (r + 1) % p, From: (r - 1 + p) % p, SendB: b, RecvB: b}, true
	case Pairwise:
		if g.m >= p {
			return Step{}, false
		}
		k := g.m
		g.m++
		return Step{To: (r + k) % p, From: (r - k + p) % p, SendB: b, RecvB: b}, true
	case Scan:
		return g.nextScan()
	}
	if g.kind >= SimGridBarrier {
		return g.nextSimGrid(counts)
	}
	return Step{}, false
}

// nextDown is a binomial tree from the root (Bcast, Scatter): receive
// from the parent, then send to the children, farthest first.
func (g *Gen) nextDown() (Step, bool) {
	p, r, b := g.p, g.r, g.b
	if g.ph == 0 {
		g.ph = 1
		recvB := b
		if g.kind == Scatter {
			recvB = b * float64(min(g.m, p-r))
		}
		return Step{To: -1, From: (r - g.m + g.root) % p, RecvB: recvB}, true
	}
	for g.m > 0 {
		g.m >>= 1
		if c := r + g.m; g.m > 0 && c < p {
			sendB := b
			if g.kind == Scatter {
				sendB = b * float64(min(g.m, p-c))
			}
			return Step{To: (c + g.root) % p, From: -1, SendB: sendB}, true
		}
	}
	return Step{}, false
}

// nextUp is a binomial tree to the root (Reduce, Gather): receive from
// the children, nearest first, then send to the parent.
func (g *Gen) nextUp() (Step, bool) {
	p, r, b := g.p, g.r, g.b
	for g.ph == 0 && g.m < p {
		m := g.m
		if r&m != 0 {
			g.ph = 1
			sendB := b
			if g.kind == Gather {
				sendB = b * float64(min(m, p-r))
			}
			return Step{To: (r - m + g.root) % p, From: -1, SendB: sendB}, true
		}
		g.m <<= 1
		if c := r + m; c < p {
			recvB := b
			if g.kind == Gather {
				recvB = b * float64(min(m, p-c))
			}
			return Step{To: -1, From: (c + g.root) % p, RecvB: recvB}, true
		}
	}
	return Step{}, false
}

// nextRecDoubling is recursive doubling: ranks beyond the largest power
// of two first fold into a partner, the power-of-two group exchanges in
// log2 rounds, then the folded ranks get the result.
func (g *Gen) nextRecDoubling() (Step, bool) {
	p, r, b := g.p, g.r, g.b
	pof2 := g.a
	rem := p - pof2
	for {
		switch g.ph {
		case 0:
			g.ph = 1
			if r < 2*rem {
				if r%2 == 0 {
					return Step{To: r + 1, From: -1, SendB: b}, true
				}
				return Step{To: -1, From: r - 1, RecvB: b}, true
			}
		case 1:
			newrank := r - rem
			if r < 2*rem {
				newrank = -1
				if r%2 != 0 {
					newrank = r / 2
				}
			}
			if newrank >= 0 && g.m < pof2 {
				nd := newrank ^ g.m
				g.m <<= 1
				dst := nd + rem
				if nd < rem {
					dst = nd*2 + 1
				}
				return Step{To: dst, From: dst, SendB: b, RecvB: b}, true
			}
			g.ph = 2
		case 2:
			g.ph = 3
			if r < 2*rem {
				if r%2 == 1 {
					return Step{To: r - 1, From: -1, SendB: b}, true
				}
				return Step{To: -1, From: r + 1, RecvB: b}, true
			}
		default:
			return Step{}, false
		}
	}
}

// nextLinear is the root sending to (LinearOut) or receiving from
// (LinearIn) every other process in pid order.
func (g *Gen) nextLinear() (Step, bool) {
	p, r, b := g.p, g.r, g.b
	out := g.kind == LinearOut
	if r != g.root {
		if g.ph != 0 {
			return Step{}, false
		}
		g.ph = 1
		if out {
			return Step{To: -1, From: g.root, RecvB: b}, true
		}
		return Step{To: g.root, From: -1, SendB: b}, true
	}
	for g.m < p {
		i := g.m
		g.m++
		if i == g.root {
			continue
		}
		if out {
			return Step{To: i, From: -1, SendB: b}, true
		}
		return Step{To: -1, From: i, RecvB: b}, true
	}
	return Step{}, false
}

// nextScan is a chain: receive the prefix from the left, pass it right.
func (g *Gen) nextScan() (Step, bool) {
	p, r, b := g.p, g.r, g.b
	for {
		switch g.ph {
		case 0:
			g.ph = 1
			if r > 0 {
				return Step{To: -1, From: r - 1, RecvB: b}, true
			}
		case 1:
			g.ph = 2
			if r < p-1 {
				return Step{To: r + 1, From: -1, SendB: b}, true
			}
		default:
			return Step{}, false
		}
	}
}
