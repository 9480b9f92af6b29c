package instrument

import (
	"fmt"
	"math"
	"slices"

	"augur/internal/frontend/tit"
	"augur/internal/ir"
)

// RankComparison compares one rank's actions in two time-independent
// traces of the same program: the MPI actions in order, and the compute
// between two consecutive MPI actions (a gap, whatever number of compute
// actions it was written as).
type RankComparison struct {
	Rank int
	// MPI actions of each trace, and the index of the first that differs
	// (-1: the sequences are identical), with both sides described.
	Actions, OtherActions int
	FirstDiff             int
	Diff                  string
	// Compute seconds at the reference speed, over the whole rank.
	Compute, OtherCompute float64
	// Gaps of at least the comparison's threshold in the other trace,
	// and the largest relative difference among them.
	Gaps       int
	MaxGapDiff float64
	WorstGap   int // its index (the gap before MPI action WorstGap)
}

// CompareTraces compares the traces at a and b (indexes or shared
// traces, as tit.Open takes them) for np ranks, compute read at the
// speed each trace's header states (augur's recorder states the recording
// host's), or at refSpeed flop/s when it states none; gaps shorter than minGap seconds in b are not compared one by
// one (too short for the clock, they still count in Compute).
func CompareTraces(a, b string, np int, refSpeed, minGap float64) ([]RankComparison, error) {
	ta, err := tit.Open(a, np, tit.DefaultSettings())
	if err != nil {
		return nil, err
	}
	defer ta.Close()
	tb, err := tit.Open(b, np, tit.DefaultSettings())
	if err != nil {
		return nil, err
	}
	defer tb.Close()
	// Every rank's stream before any is read: a shared trace hands each
	// line to the stream of its rank, which must exist by then.
	speedA, err := statedSpeed(ta, refSpeed)
	if err != nil {
		return nil, err
	}
	speedB, err := statedSpeed(tb, refSpeed)
	if err != nil {
		return nil, err
	}
	sa, sb := make([]ir.Stream, np), make([]ir.Stream, np)
	for r := range np {
		sa[r], sb[r] = ta.Stream(r, 1/speedA), tb.Stream(r, 1/speedB)
	}
	var out []RankComparison
	for r := 0; r < np; r++ {
		oa, ga, err := flatten(sa[r])
		if err != nil {
			return nil, fmt.Errorf("%s: rank %d: %w", a, r, err)
		}
		ob, gb, err := flatten(sb[r])
		if err != nil {
			return nil, fmt.Errorf("%s: rank %d: %w", b, r, err)
		}
		c := RankComparison{Rank: r, Actions: len(oa), OtherActions: len(ob), FirstDiff: -1, WorstGap: -1}
		for i := 0; i < max(len(oa), len(ob)); i++ {
			if i >= len(oa) || i >= len(ob) || !sameOp(oa[i], ob[i]) {
				c.FirstDiff = i
				c.Diff = fmt.Sprintf("%s against %s", describe(oa, i), describe(ob, i))
				break
			}
		}
		for i := range gb {
			c.Compute += at(ga, i)
			c.OtherCompute += gb[i]
			if gb[i] >= minGap {
				c.Gaps++
				if d := math.Abs(at(ga, i)-gb[i]) / gb[i]; d > c.MaxGapDiff {
					c.MaxGapDiff, c.WorstGap = d, i
				}
			}
		}
		for i := len(gb); i < len(ga); i++ {
			c.Compute += ga[i]
		}
		out = append(out, c)
	}
	return out, nil
}

func at(g []float64, i int) float64 {
	if i < len(g) {
		return g[i]
	}
	return 0
}

// flatten reads a stream to its end: its MPI operations, and the compute
// seconds before each (and after the last).
func flatten(s ir.Stream) ([]ir.Op, []float64, error) {
	var ops []ir.Op
	gaps := []float64{0}
	for {
		var op ir.Op
		if err := s.Next(&op); err != nil {
			return nil, nil, err
		}
		switch op.Kind {
		case ir.End:
			return ops, gaps, nil
		case ir.Compute, ir.Delay:
			gaps[len(gaps)-1] += op.Cost
		default:
			op.Counts = slices.Clone(op.Counts)
			ops = append(ops, op)
			gaps = append(gaps, 0)
		}
	}
}

// sameOp compares what an action does, not where in the program it is.
func sameOp(a, b ir.Op) bool {
	return a.Kind == b.Kind && a.Algo == b.Algo && a.Peer == b.Peer && a.Root == b.Root && a.Request == b.Request && a.Tag == b.Tag && a.Bytes == b.Bytes &&
		slices.Equal(a.Counts, b.Counts)
}

func describe(ops []ir.Op, i int) string {
	if i >= len(ops) {
		return "the end of the trace"
	}
	o := ops[i]
	s := fmt.Sprintf("%v peer %d tag %d %g bytes", o.Kind, o.Peer, o.Tag, o.Bytes)
	if o.Kind.HasRoot() {
		s = fmt.Sprintf("%v root %d %g bytes", o.Kind, o.Root, o.Bytes)
	}
	if o.Counts != nil {
		s += fmt.Sprintf(" %v", o.Counts)
	}
	return s
}

// statedSpeed is the reference speed t's header states, or def.
func statedSpeed(t *tit.Trace, def float64) (float64, error) {
	ref, err := t.Reference()
	if err != nil || ref == nil {
		return def, err
	}
	return ref.Speed, nil
}
