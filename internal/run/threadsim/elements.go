package threadsim

import (
	"fmt"
	"sort"
)

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

// elemAcc accumulates the intervals of one thread in one step.
type elemAcc struct {
	ThreadElement
	maxLine int32
}

// interval books [from, to) spent in state st (blocked in op, at line).
// Intervals of no time (a thread ready and run at once, a lock free at
// once) are not steps.
func (t *thread) interval(st uint8, op string, line int32, from, to float64) {
	if !(to > from) {
		return
	}
	var name, kind string
	switch st {
	case running:
		name, kind = "run", KindBusy
	case ready:
		name, kind = "ready", KindReady
	case blocked:
		name, kind = op, KindBlocked
	default:
		return
	}
	d := to - from
	for _, a := range t.elems {
		if a.Name == name && a.Kind == kind {
			a.Calls++
			a.Total += d
			a.Min = min(a.Min, d)
			if d > a.Max {
				a.Max, a.maxLine = d, line
			}
			return
		}
	}
	t.elems = append(t.elems, &elemAcc{ThreadElement{Name: name, Kind: kind, Calls: 1, Total: d, Min: d, Max: d}, line})
}

// elements lists t's steps, largest total first, then by name.
func (t *thread) elements() []ThreadElement {
	out := make([]ThreadElement, 0, len(t.elems))
	for _, a := range t.elems {
		e := a.ThreadElement
		if e.Kind == KindBlocked && a.maxLine > 0 {
			e.Where = fmt.Sprintf("line %d", a.maxLine)
		}
		out = append(out, e)
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].Total != out[j].Total {
			return out[i].Total > out[j].Total
		}
		return out[i].Name < out[j].Name
	})
	return out
}
