package main

// The progress lines of the commands that simulate: what predict and
// replay report while they run, and how they end.

import (
	"fmt"
	"time"

	"augur/internal/base/infile"
	"augur/internal/results"
	"augur/internal/run/predict"
	"augur/internal/run/replay"
)

// predicting has o report to p: the processes set up, then the simulated
// time, the events and the share of the executions done (of each of the
// replications). A nil p reports nothing.
func (p *progress) predicting(o *predict.Options, replications int) {
	if p == nil {
		return
	}
	o.Starting = func(done, total int) {
		p.fraction(fmt.Sprintf("setting up processes: %s of %s", count(int64(done)), count(int64(total))), float64(done)/float64(total))
	}
	reps := max(replications, 1)
	// The operations a replication performs (element_executions,
	// the end of each process included); 0: not known.
	var total int64
	about := ""
	o.Operations = func(ops int64, exact bool) {
		total = ops
		if !exact {
			about = "about "
		}
	}
	o.Progress = func(rep int, t float64, ev, ops int64) {
		msg := fmt.Sprintf("simulated %s, %s events, %s executions", results.Seconds(t), count(ev), count(ops))
		share := -1.0 // not known
		if total > 0 && ops < total {
			msg = fmt.Sprintf("simulated %s, %s events, %s of %s%s executions", results.Seconds(t), count(ev), count(ops), about, count(total))
			share = float64(ops) / float64(total)
		}
		if reps > 1 {
			// Replications are alike: those done tell the time left.
			msg = fmt.Sprintf("replication %d of %d: %s", rep+1, reps, msg)
			share = (float64(rep) + max(share, 0)) / float64(reps)
		}
		p.fraction(msg, share)
	}
}

// replaying has o report to p: the pass over the trace before the
// replay, then the simulated time, the events, the actions and the share
// of the trace read. A nil p reports nothing.
func (p *progress) replaying(o *replay.Options) {
	if p == nil {
		return
	}
	o.Counting = func(done, total int64) {
		// A pass before the replay: the count of a shared trace's
		// ranks, or its compiling into the trace cache.
		p.fraction(fmt.Sprintf("reading the trace before the replay: %s of %s read", infile.Size(done), infile.Size(total)), float64(done)/float64(max(total, 1)))
	}
	// The share read looks at every rank: a few times a line.
	var looked time.Time
	var read, size int64
	o.Progress = func(r replay.Progress) {
		if now := time.Now(); now.Sub(looked) >= p.every/4 {
			looked = now
			read, size = r.Share()
		}
		msg := fmt.Sprintf("simulated %s, %s events, %s actions", results.Seconds(r.SimTime), count(r.Events), count(r.Ops))
		if size > 0 {
			msg += fmt.Sprintf(", %s of %s of the trace read", infile.Size(read), infile.Size(size))
		}
		p.fraction(msg, float64(read)/float64(max(size, 1)))
	}
}

// ended ends the report of a simulation and says on standard error when
// it was interrupted: at the simulated time reached, with the events so
// far. predict and replay share it; p may be nil (no report), the note
// on standard error is written all the same.
func (p *progress) ended(e *env, cmd string, partial bool, err error, reached, simulated float64, events int64) {
	switch {
	case partial:
		p.finish(fmt.Sprintf("interrupted at simulated time %s, %s events", results.Seconds(reached), count(events)))
		fmt.Fprintf(e.stderr, "%s: interrupted at simulated time %s; the result is partial\n", cmd, results.Seconds(reached))
	case err == nil:
		p.finish(fmt.Sprintf("done: simulated %s, %s events", results.Seconds(simulated), count(events)))
	default:
		p.finish("stopped")
	}
}
