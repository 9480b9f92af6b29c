package simulate

import (
	"context"

	"augur/internal/results"
)

// Model is how a recorded wait is matched to an activation (VPPB §2-4).
type Model uint8

const (
	// Direct: a wait is satisfied by an activation of its event from any
	// thread; locks go to whoever comes first.
	Direct Model = iota
	// ClientServer: a thread is a start list plus one list per wait;
	// each wait accepts only the activation that triggered it in the
	// recording, and the lists run in whatever order their activations
	// come. Mutexes and barriers behave as in Direct.
	ClientServer
	// Strict: one list per thread; each wait accepts only the activation
	// that satisfied it in the recording, so every object is taken in the
	// recorded order (mutexes too).
	Strict
)

var modelNames = [...]string{"direct", "client-server", "strict"}

func (m Model) String() string { return modelNames[m] }

// ParseModel reads a model name: direct, client-server (or cs), strict.
func ParseModel(s string) (Model, bool) {
	switch s {
	case "direct":
		return Direct, true
	case "client-server", "clientserver", "cs":
		return ClientServer, true
	case "strict", "strict-sequence":
		return Strict, true
	}
	return 0, false
}

// Config is a simulation set-up.
type Config struct {
	CPUs  int
	Bind  []int32 // per thread: its processor; nil: threads run on any processor
	Prio  []int32 // per thread: priority, higher runs first; nil: all equal
	Model Model
	// Timeline records every run and block interval for Gantt charts.
	Timeline bool
	// MaxEvents stops a run after this many events (0: the engine's
	// default limit).
	MaxEvents int64
	// Context, if set, stops the run when it is done: RunModel then
	// returns the context's error, wrapped, with the partial result
	// (Partial set) of what was simulated.
	Context context.Context
	// Progress, if set, is called every 2^14 events or operations with
	// the simulated time,
	// the events so far and the share of the trace's operations done
	// (0..1). It never changes the run.
	Progress func(simTime float64, events int64, done float64)
}

// Slice is an interval a thread ran on a processor.
type Slice struct {
	Thread, CPU int32
	Start, End  float64
}

// Block is an interval a thread was blocked, at the op on trace line Line.
type Block struct {
	Thread     int32
	Line       int32
	Start, End float64
}

// Outcome is a simulation's result.
type Outcome struct {
	Model      Model
	CPUs       int
	Completion float64                 // when the last thread ended (or the deadlock time)
	Deadlock   *results.ThreadDeadlock // nil if every thread ended
	Threads    []results.ThreadStats
	Slices     []Slice // with Config.Timeline
	Blocks     []Block // with Config.Timeline
	Events     int64   // events the simulation processed
	// Partial marks a run the Context stopped: Completion is the
	// simulated time reached, the threads' accounts are closed there and
	// threads still running have Done false.
	Partial bool
}
