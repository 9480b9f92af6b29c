package simulate

import (
	"fmt"
	"strings"

	"augur/internal/frontend/threadtrace"
	"augur/internal/results"
)

// Attempt is one model the automatic scheme tried.
type Attempt struct {
	Model  Model
	Result *Outcome // its Deadlock says whether and where the model deadlocked
}

// RunAuto applies VPPB's practical scheme (Fig. 14): simulate with the
// Direct model; if it deadlocks, with Client-Server; if that deadlocks too,
// with Strict Sequence, which keeps the recorded order of every wait and so
// cannot deadlock on a recording of a deadlock-free run. It returns the
// result of the model used, every attempt, and a sentence saying why; if
// cfg.Context stops a run, that run's partial result and the error.
func RunAuto(p *threadtrace.Program, cfg Config) (*Outcome, []Attempt, string, error) {
	var tried []Attempt
	var why []string
	for _, m := range []Model{Direct, ClientServer, Strict} {
		cfg.Model = m
		r, err := RunModel(p, cfg)
		if err != nil {
			// A stopped run's partial result is the caller's to show.
			return r, tried, "", err
		}
		tried = append(tried, Attempt{Model: m, Result: r})
		if r.Deadlock == nil {
			switch m {
			case Direct:
				why = append(why, "the Direct model does not deadlock, and it is the most accurate (VPPB Fig. 14)")
			case ClientServer:
				why = append(why, "so Client-Server, which does not deadlock (VPPB Fig. 14)")
			default:
				why = append(why, "so Strict Sequence, which keeps the recorded order and cannot deadlock on a deadlock-free recording (VPPB Fig. 14)")
			}
			return r, tried, strings.Join(why, "; "), nil
		}
		why = append(why, fmt.Sprintf("%s deadlocks at %g (%s)", m, r.Deadlock.Time, firstWait(r.Deadlock)))
	}
	// Strict Sequence deadlocked: the recording itself is inconsistent
	// with the set-up (or the program can deadlock); report that run.
	last := tried[len(tried)-1].Result
	why = append(why, "every model deadlocks: the recorded run itself cannot be replayed")
	return last, tried, strings.Join(why, "; "), nil
}

func firstWait(d *results.ThreadDeadlock) string {
	if len(d.Waits) == 0 {
		return "no thread can go on"
	}
	w := d.Waits[0]
	return w.Thread + " in " + w.Op + ", waiting for " + w.Reason
}

// OneProcessor is cfg on one processor (every thread on it), for speed-ups.
func OneProcessor(cfg Config) Config {
	cfg.CPUs = 1
	cfg.Bind = nil
	cfg.Timeline = false
	return cfg
}
