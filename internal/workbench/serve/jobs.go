package serve

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"sync"
	"sync/atomic"
	"time"
)

// Job states.
const (
	stateQueued    = "queued"
	stateRunning   = "running"
	stateDone      = "done"
	stateFailed    = "failed"
	stateCancelled = "cancelled"
)

// job is one run, sweep or opened result. Its fields change under mu; the
// cancel flag is read without the lock. ctx is what the simulation watches:
// cancelling the job or running past the time limit ends it.
type job struct {
	id   string
	kind string // "run", "sweep", "open"

	cancel atomic.Bool
	ctx    context.Context
	stop   context.CancelFunc

	mu       sync.Mutex
	state    string
	err      string
	diags    []Diag
	progress progress
	started  time.Time
	finished time.Time
	out      any // *runOutput or *sweepOutput
}

type progress struct {
	SimTime float64 `json:"sim_time_s"`
	Events  int64   `json:"events"`
	Ops     int64   `json:"element_executions"`
	Done    int     `json:"done,omitempty"`  // sweeps: points finished
	Total   int     `json:"total,omitempty"` // sweeps: points in all
}

// requestCancel marks the job cancelled and stops its simulation.
func (j *job) requestCancel() {
	j.cancel.Store(true)
	j.stop()
}

// stopReason turns the error of a simulation stopped through ctx into what
// the user is told, and says whether it was stopped that way.
func (j *job) stopReason(err error) (error, bool) {
	switch {
	case j.cancel.Load() && errors.Is(err, context.Canceled):
		return errors.New("cancelled"), true
	case errors.Is(err, context.DeadlineExceeded):
		return errors.New("stopped: the run took longer than the workbench's limit"), true
	}
	return err, false
}

// guard runs f, turning a panic (a bug) into an error rather than taking
// the server down, and a stop through ctx into its reason.
func (j *job) guard(f func() error) (err error, stopped bool) {
	defer func() {
		if r := recover(); r != nil {
			err, stopped = fmt.Errorf("internal error: %v", r), false
		}
	}()
	if err := f(); err != nil {
		return j.stopReason(err)
	}
	return nil, false
}

func (j *job) setState(state string) {
	j.mu.Lock()
	defer j.mu.Unlock()
	j.state = state
	if state == stateRunning {
		j.started = time.Now()
	}
	if state == stateDone || state == stateFailed || state == stateCancelled {
		j.finished = time.Now()
	}
}

func (j *job) fail(err error, stopped bool) {
	j.mu.Lock()
	defer j.mu.Unlock()
	j.err = err.Error()
	j.state = stateFailed
	if stopped && j.cancel.Load() {
		j.state = stateCancelled
	}
	j.finished = time.Now()
}

func (j *job) snapshot() map[string]any {
	j.mu.Lock()
	defer j.mu.Unlock()
	m := map[string]any{"id": j.id, "kind": j.kind, "state": j.state, "progress": j.progress}
	if j.err != "" {
		m["error"] = j.err
	}
	if len(j.diags) > 0 {
		m["diagnostics"] = j.diags
	}
	if !j.started.IsZero() {
		end := j.finished
		if end.IsZero() {
			end = time.Now()
		}
		m["wall_s"] = end.Sub(j.started).Seconds()
	}
	switch o := j.out.(type) {
	case *runOutput:
		if o.result != nil {
			m["result"] = o.result.WithoutUnitElements()
		}
	case *sweepOutput:
		m["sweep"] = o.snapshot()
	}
	return m
}

func (j *job) done() bool {
	j.mu.Lock()
	defer j.mu.Unlock()
	return j.state == stateDone || j.state == stateFailed || j.state == stateCancelled
}

// jobs keeps the jobs and limits how many simulate at once.
type jobs struct {
	sem  chan struct{}
	keep int

	mu    sync.Mutex
	next  int
	byID  map[string]*job
	order []string
}

func newJobs(parallel, keep int) *jobs {
	return &jobs{sem: make(chan struct{}, parallel), keep: keep, byID: map[string]*job{}}
}

// add registers a new job, forgetting the oldest finished ones beyond keep.
func (js *jobs) add(kind string, maxTime time.Duration) *job {
	js.mu.Lock()
	defer js.mu.Unlock()
	js.next++
	j := &job{id: strconv.Itoa(js.next), kind: kind, state: stateQueued}
	// The time limit starts when the job runs (see start); until then the
	// context only carries cancellation.
	j.ctx, j.stop = context.WithCancel(context.Background())
	js.byID[j.id] = j
	js.order = append(js.order, j.id)
	for i := 0; len(js.order) > js.keep && i < len(js.order); {
		old := js.byID[js.order[i]]
		if old != j && old.done() {
			delete(js.byID, old.id)
			js.order = append(js.order[:i], js.order[i+1:]...)
			continue
		}
		i++
	}
	return j
}

func (js *jobs) get(id string) *job {
	js.mu.Lock()
	defer js.mu.Unlock()
	return js.byID[id]
}

func (js *jobs) list() []*job {
	js.mu.Lock()
	defer js.mu.Unlock()
	out := make([]*job, 0, len(js.order))
	for _, id := range js.order {
		out = append(out, js.byID[id])
	}
	return out
}

// start runs f in its own goroutine once a slot is free.
func (js *jobs) start(j *job, maxTime time.Duration, f func(j *job)) {
	go func() {
		js.sem <- struct{}{}
		defer func() { <-js.sem }()
		if j.cancel.Load() {
			j.fail(errors.New("cancelled"), true)
			return
		}
		defer j.stop() // release the context's resources once done
		if maxTime > 0 {
			ctx, cancel := context.WithTimeout(j.ctx, maxTime)
			defer cancel()
			j.ctx = ctx // only this goroutine reads j.ctx from now on
		}
		j.setState(stateRunning)
		f(j)
	}()
}

func (js *jobs) cancelAll() {
	for _, j := range js.list() {
		j.requestCancel()
	}
}
