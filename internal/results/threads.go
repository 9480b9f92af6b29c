package results

import "fmt"

// ThreadStats is one thread's account in a simulation of a thread trace.
// Busy + Blocked + Ready is the time from its creation to its end (or to
// the deadlock).
type ThreadStats struct {
	Name    string  `json:"name"`
	Start   float64 `json:"start_s"`
	End     float64 `json:"end_s"`
	Busy    float64 `json:"busy_s"`
	Blocked float64 `json:"blocked_s"`
	Ready   float64 `json:"ready_waiting_s"`
	Done    bool    `json:"done"`
	// Elements split Busy, Blocked and Ready by step.
	Elements []ThreadElement `json:"elements"`
}

// ThreadElement is a thread's time in one kind of step: running ("run",
// kind busy), blocked in one kind of operation ("lock", "join", ...; kind
// blocked) or ready and waiting for a processor ("ready", kind
// ready-waiting). A thread's elements add up to its Busy + Blocked + Ready.
type ThreadElement struct {
	Name string `json:"name"`
	Kind string `json:"kind"`
	// Where is the trace line of the longest interval, for blocked steps.
	Where string  `json:"where,omitempty"`
	Calls int64   `json:"calls"`
	Total float64 `json:"total_s"`
	Min   float64 `json:"min_s"`
	Max   float64 `json:"max_s"`
}

// Kinds of ThreadElement, the categories of a thread's time.
const (
	KindBusy    = "busy"
	KindBlocked = "blocked"
	KindReady   = "ready-waiting"
)

// ThreadWait is one thread of a deadlocked thread trace: what it is
// blocked in and why nothing will release it.
type ThreadWait struct {
	Thread string `json:"thread"`
	Line   int    `json:"line"`
	Op     string `json:"element"`
	Reason string `json:"waits_for"`
}

// ThreadDeadlock says who waits for what when no thread of a thread trace
// can go on.
type ThreadDeadlock struct {
	Time  float64      `json:"time_s"`
	Waits []ThreadWait `json:"blocked"`
}

func (d *ThreadDeadlock) String() string {
	s := fmt.Sprintf("deadlock at %g:", d.Time)
	for _, w := range d.Waits {
		s += fmt.Sprintf("\n  %s: %s: %s", w.Thread, w.Op, w.Reason)
	}
	return s
}
