package engine

import (
	"math"
	"slices"
	"sort"

	"augur/internal/ir"
)

// The accounts of VPPB's thread model (ir.Semantics.HoldCPU): every unit's
// time running on a CPU, ready (waiting for one) and blocked, and the
// same split by step, which augur simulate reports per thread.

// ThreadAccount is one unit's time under ir.Semantics.HoldCPU. Busy + Blocked
// + Ready is End - Start.
type ThreadAccount struct {
	Pid, Tid   int32
	Start, End float64
	Busy       float64
	Blocked    float64
	Ready      float64
	Done       bool
	// Steps split the time by kind of step: running (Elem -1, Kind
	// StepRun), ready (Elem -1, Kind StepReady), blocked in an element's
	// operation (Kind StepBlocked), in the order first seen.
	Steps []Step
}

// Step is a unit's intervals of one kind.
type Step struct {
	Kind  StepKind
	Elem  int32 // the element blocked in (StepBlocked), else -1
	Calls int64
	Total float64
	Min   float64
	Max   float64
	// MaxLine is the line (ir.Liner) of the operation of the longest
	// interval of a StepBlocked step, 0 if unknown (and for the others).
	MaxLine int32
}

// StepKind is what a unit does in a step.
type StepKind uint8

// The kinds of steps.
const (
	StepRun StepKind = iota
	StepReady
	StepBlocked
)

// Unit states of the accounts.
const (
	acRunning uint8 = iota
	acReady
	acBlocked
	acDone
)

type threadAcct struct {
	state          uint8
	since, stateAt float64
	start          float64
	acct           [acDone]float64
	blockElem      int32
	blockLine      int32 // the line of the operation blocked in, -1 until asked (line)
	runStart       float64
	steps          []Step
	// at caches, per state below acDone, 1 + the index in steps of the
	// state's step (0: not known); the blocked one is the step of
	// element atElem: no search of steps per interval, whose end the
	// processor cannot foresee.
	at       [acDone]int32
	atElem   int32
	pid, tid int32
	liner    ir.Liner // the unit's stream, if it tells trace lines
}

// startAccount opens the account of a unit that starts at t.
func (ac *accounts) startAccount(ui int32, t float64) {
	e := ac.e
	u := &e.units[ui]
	e.cpus.cpuHooks = true
	l, _ := u.stream.(ir.Liner)
	u.extension().acct = &threadAcct{state: acReady, since: t, stateAt: t, start: t, pid: u.pid, tid: u.tid, liner: l}
}

// setAcct moves the account of unit u to state st at the current time.
func (ac *accounts) setAcct(u *unit, st uint8) {
	e := ac.e
	if u.ext == nil || u.ext.acct == nil {
		return
	}
	a := u.ext.acct
	now := e.now
	if a.state < acDone {
		a.acct[a.state] += now - a.since
	}
	a.since = now
	if st != a.state {
		a.interval(now)
		if a.state == acBlocked && e.cfg.Timeline {
			ac.waitSlices = append(ac.waitSlices, WaitSlice{Pid: a.pid, Tid: a.tid, Line: a.line(), Start: a.stateAt, End: now})
		}
		a.stateAt = now
	}
	if st == acBlocked {
		// The line is asked for when it is read (line): most waits
		// are never the longest of their step.
		a.blockElem, a.blockLine = u.op.Elem, -1
	}
	a.state = st
}

// RunSlice is a unit's run on a CPU of its node.
type RunSlice struct {
	Pid, Tid, CPU int32
	Start, End    float64
}

// WaitSlice is a unit's wait, at the trace line of its operation
// (ir.Liner; 0 if unknown).
type WaitSlice struct {
	Pid, Tid, Line int32
	Start, End     float64
}

// line is the trace line (ir.Liner) of the operation the unit is blocked
// in, 0 if unknown. It is asked for while the unit is blocked, or when
// its blocked interval ends: its stream has not moved on since.
func (a *threadAcct) line() int32 {
	if a.blockLine < 0 {
		a.blockLine = 0
		if a.liner != nil {
			a.blockLine = a.liner.Line()
		}
	}
	return a.blockLine
}

// interval books [stateAt, now) in the unit's current state; intervals of
// no time are not steps.
func (a *threadAcct) interval(now float64) {
	if !(now > a.stateAt) || a.state == acDone {
		return
	}
	d := now - a.stateAt
	i := a.at[a.state] - 1
	if i < 0 || (a.state == acBlocked && a.atElem != a.blockElem) {
		i = a.step()
	}
	s := &a.steps[i]
	s.Calls++
	s.Total += d
	if d < s.Min { // d > 0: min's tests for NaN and -0 are not needed
		s.Min = d
	}
	if d > s.Max {
		s.Max = d
		if a.state == acBlocked {
			s.MaxLine = a.line()
		}
	}
}

// step is the index in steps of the step of the account's state (below
// acDone), made with no time if there is none yet, and notes it in at.
func (a *threadAcct) step() int32 {
	kind, elem := StepRun, int32(-1)
	switch a.state {
	case acReady:
		kind = StepReady
	case acBlocked:
		kind, elem = StepBlocked, a.blockElem
		a.atElem = elem
	}
	i := slices.IndexFunc(a.steps, func(s Step) bool { return s.Kind == kind && s.Elem == elem })
	if i < 0 {
		i = len(a.steps)
		a.steps = append(a.steps, Step{Kind: kind, Elem: elem, Min: math.Inf(1)})
	}
	a.at[a.state] = int32(i) + 1
	return int32(i)
}

// endAccount closes the account of a unit that ends now and keeps it.
func (ac *accounts) endAccount(ui int32) {
	e := ac.e
	u := &e.units[ui]
	if u.ext == nil || u.ext.acct == nil {
		return
	}
	ac.setAcct(u, acDone)
	a := u.ext.acct
	ac.accts = append(ac.accts, ac.threadAccount(a, e.now, true))
	u.ext.acct = nil
}

func (ac *accounts) threadAccount(a *threadAcct, end float64, done bool) ThreadAccount {
	return ThreadAccount{Pid: a.pid, Tid: a.tid, Start: a.start, End: end, Busy: a.acct[acRunning],
		Blocked: a.acct[acBlocked], Ready: a.acct[acReady], Done: done, Steps: a.steps}
}

// threadAccounts closes the accounts of the units still alive (a
// deadlock) at the current time and returns every account by process,
// then thread.
func (ac *accounts) threadAccounts() []ThreadAccount {
	e := ac.e
	out := ac.accts
	for ui := range e.units {
		u := &e.units[ui]
		if u.state == stDone || u.ext == nil || u.ext.acct == nil {
			continue
		}
		a := u.ext.acct
		ac.setAcct(u, a.state)
		a.interval(e.now)
		out = append(out, ac.threadAccount(a, e.now, false))
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Pid != out[j].Pid {
			return out[i].Pid < out[j].Pid
		}
		return out[i].Tid < out[j].Tid
	})
	return out
}
