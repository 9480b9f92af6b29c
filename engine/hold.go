package engine

import "augur/ir"

// The thread model of VPPB's recorded programs (Program.HoldCPU): a unit
// runs on a CPU from when it gets one until it waits or ends, performing
// its synchronisation operations on it, and a unit that wakes (or starts)
// needs a CPU again before it does anything.

// issueHolding issues the unit's operation at t: on its CPU, once it has
// one.
func (e *engine) issueHolding(ui int32, t float64) (float64, bool) {
	u := &e.units[ui]
	switch u.op.Kind {
	case ir.Priority:
		return e.perform(ui, t) // a setting, not something the unit runs
	case ir.Bind:
		if u.hasCPU {
			e.releaseCPU(ui, t) // for a CPU of its new queue
		}
		return e.perform(ui, t)
	}
	if !u.hasCPU {
		f := e.facility(ui)
		if f == nil {
			return t, false
		}
		if !f.Acquire(ui, u.prio) && !(e.nodes[u.node].prio && e.preemptFor(ui)) {
			u.state = stCPUQueue
			return t, false // evRun performs it once the unit has a CPU
		}
		e.onCPU(ui)
		u = &e.units[ui]
		u.hasCPU = true
		u.sliceStart = t
	}
	return e.performHolding(ui, t)
}

// performHolding performs the operation of a unit that holds its CPU and
// gives the CPU back if the unit now waits or has ended.
func (e *engine) performHolding(ui int32, t float64) (float64, bool) {
	t, done := e.perform(ui, t)
	if u := &e.units[ui]; !done && u.op.Kind != ir.Compute && u.hasCPU {
		e.releaseCPU(ui, t)
	}
	return t, done
}

// performHeld performs the operation of a unit that was granted a CPU
// (evRun), then goes on with the unit.
func (e *engine) performHeld(ui int32) {
	if t, done := e.performHolding(ui, e.now); done {
		e.advance(ui, t)
	}
}
