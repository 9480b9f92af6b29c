package engine

// SimGrid 3.32's collectives, as SMPI runs them with its default selector
// (smpi/coll-selector:default, what smpirun uses unless told otherwise),
// so that a replayed trace gets SimGrid's times. The selector maps:
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
// generators express with step.more. The tests in coll_simgrid_test.go
// pin the patterns; the peers test compares with smpirun's times.

import (
	"augur/ir"
)

// sgKind names a SimGrid pattern.
type sgKind uint8

const (
	sgNone           sgKind = iota
	sgClassic               // one of the generators of coll.go (binomial bcast)
	sgBarrier               // barrier__ompi_basic_linear
	sgLinearIn              // gather(v), reduce: everyone sends to the root
	sgLinearOut             // scatter(v): the root sends to everyone
	sgAllPairs              // allgather(v): a send to and a receive from every other process
	sgAlltoallLinear        // alltoall__basic_linear
	sgAlltoallv             // ialltoallv
	sgBruck                 // alltoall__bruck
	sgPair                  // alltoall__pair (P a power of two)
	sgScan                  // scan, exscan
)

// sgGen yields one process's steps of a SimGrid pattern.
type sgGen struct {
	kind   sgKind
	ph     uint8
	p, r   int32
	root   int32
	i      int32 // position within the phase
	b      float64
	counts []float64 // per-process sizes (nil: b for everyone)
	// off selects the half of counts a phase reads (alltoallv: receive
	// sizes follow the send sizes).
	g gen
}

// size returns the size for process q: counts[off+q], or b.
func (s *sgGen) size(off, q int32) float64 {
	if s.counts == nil {
		return s.b
	}
	return s.counts[off+q]
}

// nthOther returns the i-th process other than r in ascending order.
func nthOther(i, r int32) int32 {
	if i >= r {
		return i + 1
	}
	return i
}

// next returns the next step, false at the end.
func (s *sgGen) next() (step, bool) {
	p, r := s.p, s.r
	none := step{to: -1, from: -1}
	switch s.kind {
	case sgClassic:
		return s.g.next()

	case sgBarrier:
		if r != 0 {
			// Blocking send of 0 bytes to 0, then blocking receive.
			switch s.ph {
			case 0:
				s.ph = 1
				return step{to: 0, from: -1}, true
			case 1:
				s.ph = 2
				return step{to: -1, from: 0}, true
			}
			return none, false
		}
		for s.ph < 2 {
			if s.i >= p-1 {
				s.ph++
				s.i = 0
				continue
			}
			q := s.i + 1
			s.i++
			st := step{to: -1, from: -1, more: s.i < p-1}
			if s.ph == 0 {
				st.from = q
			} else {
				st.to = q
			}
			return st, true
		}
		return none, false

	case sgLinearIn, sgLinearOut:
		in := s.kind == sgLinearIn
		if r != s.root {
			if s.ph != 0 {
				return none, false
			}
			s.ph = 1
			if in {
				return step{to: s.root, from: -1, sendB: s.b}, true
			}
			return step{to: -1, from: s.root, recvB: s.b}, true
		}
		if s.i >= p-1 {
			return none, false
		}
		q := nthOther(s.i, s.root)
		s.i++
		st := step{to: -1, from: -1, more: s.i < p-1}
		if in {
			st.from, st.recvB = q, s.size(0, q)
		} else {
			st.to, st.sendB = q, s.size(0, q)
		}
		return st, true

	case sgAllPairs:
		if s.i >= p-1 {
			return none, false
		}
		q := nthOther(s.i, r)
		s.i++
		return step{to: q, from: q, sendB: s.b, recvB: s.size(0, q), more: s.i < p-1}, true

	case sgAlltoallLinear, sgAlltoallv:
		// Receives first, then sends; all awaited together.
		n := p - 1
		if s.i >= 2*n {
			return none, false
		}
		k := s.i
		s.i++
		st := step{to: -1, from: -1, more: s.i < 2*n}
		if s.kind == sgAlltoallLinear {
			if k < n {
				st.from, st.recvB = (r+1+k)%p, s.b
			} else {
				st.to, st.sendB = (r-1-(k-n)+2*p)%p, s.b
			}
			return st, true
		}
		if k < n {
			q := nthOther(k, r)
			st.from, st.recvB = q, s.size(p, q)
		} else {
			q := nthOther(k-n, r)
			st.to, st.sendB = q, s.size(0, q)
		}
		return st, true

	case sgBruck:
		return s.bruck()

	case sgPair:
		// Round 0 is a sendrecv with itself: a local copy in SMPI.
		if s.i == 0 {
			s.i = 1
		}
		if s.i >= p {
			return none, false
		}
		q := r ^ s.i
		s.i++
		return step{to: q, from: q, sendB: s.b, recvB: s.b}, true

	case sgScan:
		if s.i >= p-1 {
			return none, false
		}
		k := s.i
		s.i++
		st := step{to: -1, from: -1, more: s.i < p-1}
		if k < r {
			st.from, st.recvB = k, s.b
		} else {
			st.to, st.sendB = k+1, s.b
		}
		return st, true
	}
	return none, false
}

// bruck yields alltoall__bruck's steps: log2 P rounds of packed blocks
// to r+2^k from r-2^k. Its local rotations are MPI_Sendrecv calls from a
// process to itself, which SMPI turns into a plain copy (no simulated
// time), so they yield no step.
func (s *sgGen) bruck() (step, bool) {
	p, r, b := s.p, s.r, s.b
	if s.ph == 0 {
		s.ph, s.i = 1, 1
	}
	if pof2 := s.i; pof2 < p {
		s.i <<= 1
		n := float64(blocksWithBit(p, pof2))
		return step{to: (r + pof2) % p, from: (r - pof2 + p) % p, sendB: b * n, recvB: b * n}, true
	}
	return step{to: -1, from: -1}, false
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
func alltoallOMPI(p int32, b float64) sgKind {
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
		return sgPair
	case 3:
		return sgBruck
	}
	return sgAlltoallLinear
}

// planSimGrid prepares the SimGrid steps of collective kind for process r
// of p. b is the process's size in bytes, counts the vector collective's
// sizes. It returns false for a vector collective without counts.
func (c *collRun) planSimGrid(kind ir.Kind, p, r, root int32, b float64, counts []float64) bool {
	mk := func(k sgKind, root int32, b float64, counts []float64) sgGen {
		return sgGen{kind: k, p: p, r: r, root: root, b: b, counts: counts}
	}
	c.sgN, c.sgI = 1, 0
	switch kind {
	case ir.Barrier:
		c.sg[0] = mk(sgBarrier, 0, 0, nil)
	case ir.Bcast:
		c.sg[0] = sgGen{kind: sgClassic, g: newGen(genBcast, p, r, root, b)}
	case ir.Reduce, ir.Gather:
		c.sg[0] = mk(sgLinearIn, root, b, nil)
	case ir.Allreduce:
		c.sg[0] = mk(sgLinearIn, 0, b, nil)
		c.sg[1] = sgGen{kind: sgClassic, g: newGen(genBcast, p, r, 0, b)}
		c.sgN = 2
	case ir.Scatter:
		c.sg[0] = mk(sgLinearOut, root, b, nil)
	case ir.Allgather:
		c.sg[0] = mk(sgAllPairs, 0, b, nil)
	case ir.Alltoall:
		c.sg[0] = mk(alltoallOMPI(p, b), 0, b, nil)
	case ir.Scan, ir.Exscan:
		c.sg[0] = mk(sgScan, 0, b, nil)
	case ir.ReduceScatter:
		// Reduce the whole vector to 0, then scatter the blocks.
		total := b * float64(p)
		if counts != nil {
			total = 0
			for _, x := range counts {
				total += x
			}
		}
		c.sg[0] = mk(sgLinearIn, 0, total, nil)
		c.sg[1] = mk(sgLinearOut, 0, b, counts)
		if counts != nil && int(r) < len(counts) {
			c.sg[1].b = counts[r]
		}
		c.sgN = 2
	case ir.Gatherv, ir.Scatterv, ir.Allgatherv:
		if len(counts) != int(p) {
			return false
		}
		k := sgAllPairs
		switch kind {
		case ir.Gatherv:
			k = sgLinearIn
		case ir.Scatterv:
			k = sgLinearOut
		}
		c.sg[0] = mk(k, root, b, counts)
		if kind == ir.Scatterv && r == root {
			c.sg[0].b = counts[r]
		}
	case ir.Alltoallv:
		if len(counts) != 2*int(p) {
			return false
		}
		c.sg[0] = mk(sgAlltoallv, 0, b, counts)
	default:
		c.sgN = 0
	}
	return true
}

// nextSimGrid returns the next step of a SimGrid plan.
func (c *collRun) nextSimGrid() (step, bool) {
	for c.sgI < c.sgN {
		if s, ok := c.sg[c.sgI].next(); ok {
			return s, true
		}
		c.sgI++
	}
	return step{}, false
}
