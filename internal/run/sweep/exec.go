package sweep

import (
	"context"
	"sync/atomic"
	"time"

	"augur/internal/frontend/tracecache"
)

// Result is a point with its outcome.
type Result struct {
	Point
	Outcome
	// Reused says the result came from a results file, not this run.
	Reused bool
}

// Progress is how far a run is.
type Progress struct {
	Done, Total int // points with a result, of all
	Computed    int // of Done, computed by this run
	Failed      int // of Done, with status error
	Elapsed     time.Duration
	// Left estimates the time to the end from the points computed so far,
	// or those stored by an earlier run (zero until there is one).
	Left time.Duration
}

// Options say how to run a sweep.
type Options struct {
	Jobs int // workers; < 1 means 1
	// Done holds stored results by key: their points are not run again.
	Done map[string]Record
	// Store, if set, receives each computed point's record as soon as it
	// is done.
	Store *Store
	// Only, if set, restricts the run to these point indices (a Slurm
	// task's share); the others are neither run nor reported.
	Only []int
	// OnResult is called for each point in the sweep's order, as soon as
	// it and every point before it have a result, so that the output is
	// the same whatever the number of workers.
	OnResult func(Result)
	// OnProgress is called after every result.
	OnProgress func(Progress)
	// Cache, if set, holds the compiled forms of the traces replayed:
	// every point after the first reads its trace without parsing it.
	Cache *tracecache.Cache
	// ErrorText, if set, is how a point's error is written into its
	// outcome: a command names there the flags of the values the error
	// is about and of the event limit (cmd/augur's withFlags). Nil: the
	// error's own text, in the libraries' words.
	ErrorText func(error) string
}

// Run runs the sweep's points that have no stored result on a pool of
// workers and returns every result in order. A point that fails is a
// result with status error; the others go on. When ctx ends, Run stops
// giving out points and returns the results so far (in order, up to the
// first missing one) with ctx's error; points being computed then are
// abandoned, not stored.
func Run(ctx context.Context, s *Spec, o Options) ([]Result, error) {
	pts := s.Points()
	if o.Only != nil {
		sel := make([]Point, 0, len(o.Only))
		for _, i := range o.Only {
			sel = append(sel, pts[i])
		}
		pts = sel
	}
	jobs := max(1, o.Jobs)
	start := time.Now()
	results := make([]*Result, len(pts))
	prog := Progress{Total: len(pts)}
	var todo []int
	// The time a point takes is estimated from the points computed, and
	// before the first one from the stored points' own wall times.
	var busy time.Duration
	timed := 0
	keys := make([]string, len(pts))
	for i, p := range pts {
		keys[i] = s.Key(p)
		if rec, ok := o.Done[keys[i]]; ok {
			results[i] = &Result{Point: p, Outcome: Outcome{Status: rec.Status, Time: rec.Time, Error: rec.Error}, Reused: true}
			busy += time.Duration(rec.Wall * float64(time.Second))
			timed++
			prog.Done++
			if rec.Status == StatusError {
				prog.Failed++
			}
			continue
		}
		todo = append(todo, i)
	}
	type finished struct {
		i    int
		out  Outcome
		wall time.Duration
	}
	// Buffered for every point, so an abandoned worker never blocks.
	doneCh := make(chan finished, len(todo))
	// Workers take the next point from a shared counter: no goroutine
	// hands points out, so a worker never waits for one to be scheduled.
	var next atomic.Int64
	for w := 0; w < min(jobs, len(todo)); w++ {
		wk := newWorker(s)
		wk.cache, wk.errorText = o.Cache, o.ErrorText
		go func() {
			for ctx.Err() == nil {
				k := int(next.Add(1)) - 1
				if k >= len(todo) {
					return
				}
				i := todo[k]
				t0 := time.Now()
				out := wk.run(ctx, pts[i])
				doneCh <- finished{i, out, time.Since(t0)}
			}
		}()
	}

	emitted := 0
	emit := func() {
		for emitted < len(results) && results[emitted] != nil {
			if o.OnResult != nil {
				o.OnResult(*results[emitted])
			}
			emitted++
		}
	}
	estimate := func() {
		left := len(pts) - prog.Done
		if timed == 0 {
			return
		}
		// Points take the mean time of those timed, spread over the
		// workers.
		prog.Left = time.Duration(float64(busy) / float64(timed) * float64(left) / float64(min(jobs, max(1, left))))
	}
	estimate()
	emit()
	if o.OnProgress != nil {
		o.OnProgress(prog)
	}
	for range todo {
		var f finished
		select {
		case f = <-doneCh:
		case <-ctx.Done():
			return ordered(results[:emitted]), ctx.Err()
		}
		if ctx.Err() != nil {
			// A point stopped by the cancellation is not a result.
			return ordered(results[:emitted]), ctx.Err()
		}
		p := pts[f.i]
		if o.Store != nil {
			if err := o.Store.Append(s.record(p, keys[f.i], f.out, f.wall.Seconds())); err != nil {
				return ordered(results[:emitted]), err
			}
		}
		results[f.i] = &Result{Point: p, Outcome: f.out}
		prog.Done++
		prog.Computed++
		if f.out.Status == StatusError {
			prog.Failed++
		}
		busy += f.wall
		timed++
		prog.Elapsed = time.Since(start)
		estimate()
		emit()
		if o.OnProgress != nil {
			o.OnProgress(prog)
		}
	}
	return ordered(results), nil
}

func ordered(rs []*Result) []Result {
	out := make([]Result, len(rs))
	for i, r := range rs {
		out[i] = *r
	}
	return out
}

// Collect gives the stored result of every point that has one, in order,
// running nothing.
func Collect(s *Spec, done map[string]Record) []Result {
	var out []Result
	for _, p := range s.Points() {
		if rec, ok := done[s.Key(p)]; ok {
			out = append(out, Result{Point: p, Outcome: Outcome{Status: rec.Status, Time: rec.Time, Error: rec.Error}, Reused: true})
		}
	}
	return out
}
