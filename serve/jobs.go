package serve

import (
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
// cancel flag is read by the simulation without the lock.
type job struct {
	id   string
	kind string // "run", "sweep", "open"

	cancel   atomic.Bool
	deadline time.Time

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

// stopRun is the panic value that unwinds a cancelled or overdue run out
// of the engine. The engine keeps all of a run's state in values local to
// engine.Run and has no goroutines or locks of its own, so unwinding
// leaves nothing behind; predict.Run has no context to stop it otherwise.
type stopRun struct{ reason string }

// checkStop ends the run (by panicking with stopRun) when it was cancelled
// or has used its time.
func (j *job) checkStop() {
	if j.cancel.Load() {
		panic(stopRun{"cancelled"})
	}
	if !j.deadline.IsZero() && time.Now().After(j.deadline) {
		panic(stopRun{"stopped: the run took longer than the workbench's limit"})
	}
}

// guard runs f, turning a stopRun or any other panic into an error.
func (j *job) guard(f func() error) (err error, stopped bool) {
	defer func() {
		if r := recover(); r != nil {
			if s, ok := r.(stopRun); ok {
				err, stopped = errors.New(s.reason), true
				return
			}
			err = fmt.Errorf("internal error: %v", r)
		}
	}()
	return f(), false
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
			m["result"] = o.result
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
	if maxTime > 0 {
		j.deadline = time.Now().Add(maxTime) // refreshed when it starts
	}
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
		if maxTime > 0 {
			j.deadline = time.Now().Add(maxTime)
		}
		j.setState(stateRunning)
		f(j)
	}()
}

func (js *jobs) cancelAll() {
	for _, j := range js.list() {
		j.cancel.Store(true)
	}
}
