package simulate

import (
	"fmt"

	"augur/internal/frontend/threadtrace"
	"augur/internal/results"
)

// FillTimeline puts a simulation's timeline (run with
// Config.Timeline) in tl: process 1 has a track per thread (running
// slices named by processor, blocked slices by the trace line), process 2
// a track per processor (slices named by the thread that ran).
func FillTimeline(tl *results.Timeline, p *threadtrace.Program, r *Outcome) {
	tl.SetCategories(results.ThreadCategories)
	tl.SetProcess(1, fmt.Sprintf("threads (%s model, %d processors)", r.Model, r.CPUs), "", -1)
	tl.SetProcess(2, "processors", "", -1)
	for i, th := range p.Threads {
		tl.SetTrackName(1, int32(i), th.Name)
	}
	for c := 0; c < r.CPUs; c++ {
		tl.SetTrackName(2, int32(c), fmt.Sprintf("cpu%d", c))
	}
	for _, s := range r.Slices {
		tl.AddNamed(1, s.Thread, fmt.Sprintf("cpu%d", s.CPU), "run", s.Start, s.End)
		tl.AddNamed(2, s.CPU, p.Threads[s.Thread].Name, "run", s.Start, s.End)
	}
	for _, b := range r.Blocks {
		what := "blocked"
		if b.Line > 0 {
			what = fmt.Sprintf("blocked (line %d)", b.Line)
		}
		tl.AddNamed(1, b.Thread, what, "blocked", b.Start, b.End)
	}
}
