package serve

import (
	"context"
	"errors"
	"fmt"
	"runtime/debug"
	"slices"
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
	j.err = workbenchWords(err.Error())
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

// jobs keeps the jobs and limits how many simulate at once and how many
// may wait.
type jobs struct {
	sem   chan struct{}
	keep  int
	queue int

	mu     sync.Mutex
	next   int
	byID   map[string]*job
	order  []string
	active int // runs and sweeps queued or running

	// releasing is set while a goroutine hands freed memory back to the
	// system, again when more was freed meanwhile.
	relMu            sync.Mutex
	releasing, again bool
}

func newJobs(parallel, keep, queue int) *jobs {
	return &jobs{sem: make(chan struct{}, parallel), keep: keep, queue: queue, byID: map[string]*job{}}
}

// busyError is a run or sweep refused because queue of them are already
// waiting or running.
type busyError struct{ queue int }

func (e *busyError) Error() string {
	return fmt.Sprintf("the workbench is busy: %d runs and sweeps are already waiting or running, its limit; try again when one has finished, or cancel one", e.queue)
}

// room says whether a run or sweep would be refused now: a full queue is
// answered before the request is read (add decides).
func (js *jobs) room() error {
	js.mu.Lock()
	defer js.mu.Unlock()
	if js.active >= js.queue {
		return &busyError{js.queue}
	}
	return nil
}

// add registers a new job, forgetting the oldest finished ones beyond
// keep. A run or sweep (which jobs.start then runs) is refused with a
// *busyError when the queue is full; an opened result never waits.
func (js *jobs) add(kind string) (*job, error) {
	js.mu.Lock()
	defer js.mu.Unlock()
	if kind != "open" {
		if js.active >= js.queue {
			return nil, &busyError{js.queue}
		}
		js.active++
	}
	js.next++
	j := &job{id: strconv.Itoa(js.next), kind: kind, state: stateQueued}
	// The time limit starts when the job runs (see start); until then the
	// context only carries cancellation.
	j.ctx, j.stop = context.WithCancel(context.Background())
	js.byID[j.id] = j
	js.order = append(js.order, j.id)
	forgot := false
	for i := 0; len(js.order) > js.keep && i < len(js.order); {
		old := js.byID[js.order[i]]
		if old != j && old.done() {
			delete(js.byID, old.id)
			js.order = append(js.order[:i], js.order[i+1:]...)
			forgot = true
			continue
		}
		i++
	}
	if forgot {
		js.release()
	}
	return j, nil
}

// drop forgets a job, cancelling it if it has not finished; its memory is
// handed back once it has stopped.
func (js *jobs) drop(j *job) {
	j.requestCancel()
	js.mu.Lock()
	if js.byID[j.id] == j {
		delete(js.byID, j.id)
		js.order = slices.DeleteFunc(js.order, func(id string) bool { return id == j.id })
	}
	js.mu.Unlock()
	if j.done() {
		js.release()
	}
}

// release returns the memory of forgotten jobs to the system now rather
// than when the Go runtime gets round to it: a run's timeline can take
// hundreds of megabytes, and the workbench may sit idle for days after.
func (js *jobs) release() {
	js.relMu.Lock()
	if js.releasing {
		js.again = true
		js.relMu.Unlock()
		return
	}
	js.releasing = true
	js.relMu.Unlock()
	go func() {
		for {
			debug.FreeOSMemory()
			js.relMu.Lock()
			if !js.again {
				js.releasing = false
				js.relMu.Unlock()
				return
			}
			js.again = false
			js.relMu.Unlock()
		}
	}()
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
		defer js.finished(j)
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

// finished counts a run or sweep out of the queue, and releases its
// memory if it was dropped while it ran.
func (js *jobs) finished(j *job) {
	js.mu.Lock()
	js.active--
	forgotten := js.byID[j.id] != j
	js.mu.Unlock()
	if forgotten {
		js.release()
	}
}

func (js *jobs) cancelAll() {
	for _, j := range js.list() {
		j.requestCancel()
	}
}
