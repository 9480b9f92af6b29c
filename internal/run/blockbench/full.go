package blockbench

import (
	"context"
	"math"
)

// Reference is the full loop timed in fresh processes, as the real
// program would run it (block_init, then the loop from a cold start).
type Reference struct {
	Runs    int     // fresh processes timed
	Seconds float64 // minimum over the runs, on the chosen clock
	All     []Sample
}

// TimeFull times the loop of n iterations in fresh processes of bin: once,
// and again while one run lasts under budget/runs seconds, up to runs
// times; the minimum is kept (load only ever adds time). A single run of a
// long loop is all it does, so the reference never costs more than about
// budget plus one run.
func TimeFull(ctx context.Context, bin *Binary, n int64, c Clock, runs int, budget float64) (*Reference, error) {
	if runs < 1 {
		runs = 1
	}
	ref := &Reference{Seconds: math.Inf(1)}
	spent := 0.0
	for ref.Runs < runs {
		b, err := bin.Start(ctx)
		if err != nil {
			return nil, err
		}
		s, err := b.Run(n, false)
		b.Close()
		if err != nil {
			return nil, err
		}
		ref.Runs++
		ref.All = append(ref.All, s)
		ref.Seconds = math.Min(ref.Seconds, s.On(c))
		spent += s.Wall
		if spent+s.Wall > budget {
			break
		}
	}
	return ref, nil
}
