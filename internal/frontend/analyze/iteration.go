package analyze

// One iteration of an innermost loop is priced as a whole: its test and
// step, its straight-line blocks and the arms of its branches all run in
// the same stretch of instructions, so the processor overlaps them. The
// iteration takes the largest of its units' busy times, its loop-carried
// chains and its memory traffic (blockTime), not the sum of its blocks'
// (a dartboard's hit test and hit counter run in the shadow of its random
// number generator's multiply chain).

// weightedBlock is a block of an iteration and how many times it runs per
// iteration (a branch arm's probability, times the copies of the unrolled
// loops around it), u of which are copies of unrolled loops (unrolled.go).
type weightedBlock struct {
	b    *Block
	w, u float64
}

// iteration returns the blocks of one iteration of loop b, the loop's own
// test and step first, when its body is straight-line code, branches
// with a known probability and short loops the compiler unrolls
// completely (no other inner loops, calls or communication).
func iteration(b *Block) ([]weightedBlock, bool) {
	if b.Kind != Loop || b.unrolled > 0 {
		return nil, false
	}
	out := []weightedBlock{{b, 1, 1}}
	var add func(bs []*Block, w, u float64) bool
	add = func(bs []*Block, w, u float64) bool {
		for _, x := range bs {
			switch x.Kind {
			case Compute:
				out = append(out, weightedBlock{x, w, u})
			case Loop:
				// Unrolled: its copies are straight-line code of this
				// iteration.
				if x.unrolled == 0 {
					return false
				}
				out = append(out, weightedBlock{x, w, u})
				if !add(x.Body, w*x.unrolled, u*x.unrolled) {
					return false
				}
			case Branch:
				p, ok := constOf(orNum(x.Prob))
				if x.Cond != nil {
					// A remainder test of an index (j % 3 == 0) is true in
					// a fixed share of the iterations (periodic.go).
					share, isShare := periodic(Cond{x.Cond, Num{1}, Num{0}}, x.frames)
					p, ok = constOf(orNum(share))
					ok = ok && isShare
				} else if x.Prob == nil {
					ok = false
				}
				if !ok {
					return false
				}
				out = append(out, weightedBlock{x, w, u})
				if !add(x.Then, w*p, u) || !add(x.Else, w*(1-p), u) {
					return false
				}
			default:
				return false
			}
		}
		return true
	}
	if !add(b.Body, 1, 1) || len(out) == 1 {
		return nil, false
	}
	return out, true
}

// merged is a block standing for one iteration: the operations and the
// chains of its blocks summed with their weights.
func merged(it []weightedBlock) *Block {
	m := &Block{Kind: Compute, Ops: map[string]float64{}}
	unnamed := 0.0 // streamed bytes through no named array
	for _, x := range it {
		unnamed += x.w * (x.b.Ops["seq_bytes"] - total(x.b.streams))
		for k, v := range x.b.Ops {
			m.Ops[k] += x.w * v
		}
		for v, ops := range x.b.chains {
			if m.chains == nil {
				m.chains = map[string]map[string]float64{}
			}
			if m.chains[v] == nil {
				m.chains[v] = map[string]float64{}
			}
			for k, n := range ops {
				m.chains[v][k] += x.w * n
			}
		}
		// An array streamed by several blocks of one iteration moves
		// its bytes once.
		for base, size := range x.b.streams {
			if m.streams == nil {
				m.streams = map[string]float64{}
			}
			m.streams[base] = max(m.streams[base], x.w*size)
			if ws, ok := x.b.streamWS[base]; ok {
				if m.streamWS == nil {
					m.streamWS = map[string]Expr{}
				}
				m.streamWS[base] = ws
			}
		}
		for k, fp := range x.b.footprints {
			if m.footprints == nil {
				m.footprints = map[string]Expr{}
			}
			m.footprints[k] = fp
		}
	}
	if _, ok := m.Ops["seq_bytes"]; ok {
		m.Ops["seq_bytes"] = unnamed + total(m.streams)
	}
	// A value the iteration loads again (its own last store, in another
	// copy of an unrolled loop) is in a register.
	for k, n := range keptLoads(it) {
		m.Ops[k] -= n
	}
	return m
}
