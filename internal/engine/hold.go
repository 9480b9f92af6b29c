package engine

import "augur/internal/ir"

// The thread model of VPPB's recorded programs (ir.Semantics.HoldCPU): a unit
// runs on a CPU from when it gets one until it waits or ends, performing
// its synchronisation operations on it, and a unit that wakes (or starts)
// needs a CPU again before it does anything.

// holding is the engine's part for VPPB's thread model
// (ir.Semantics.HoldCPU).
type holding struct {
	e *engine
	// The unit performing an operation on its CPU, -1
	// if none, and whether a unit it made ready takes its CPU once the
	// operation is over.
	cur      int32
	deferred bool
	held     bool // issueAt performs an issued operation (perform)
}

// issueHolding issues the unit's operation at t: on its CPU, once it has
// one.
func (h *holding) issueHolding(ui int32, t float64) (float64, bool) {
	e := h.e
	u := &e.units[ui]
	switch u.op.Kind {
	case ir.Priority:
		return h.perform(ui, t) // a setting, not something the unit runs
	case ir.Bind:
		if u.hasCPU {
			e.cpus.release(ui, t) // for a CPU of its new queue
		}
		return h.perform(ui, t)
	}
	if !u.hasCPU {
		f := e.cpus.facility(u)
		if f == nil {
			return t, false
		}
		e.acct.setAcct(u, acReady)
		if !f.Acquire(ui, u.prio) && !(e.cpus.nodes[u.node].prio && e.cpus.preemptFor(ui)) {
			u.state = stCPUQueue
			return t, false // evRun performs it once the unit has a CPU
		}
		e.cpus.onCPU(ui, false)
		u = &e.units[ui]
		u.hasCPU = true
		u.sliceStart = t
	}
	return h.performHolding(ui, t)
}

// performHolding performs the operation of a unit that holds its CPU and
// gives the CPU back if the unit now waits or has ended, or if the
// operation made ready a unit that takes it (preemptFor).
func (h *holding) performHolding(ui int32, t float64) (float64, bool) {
	prev, prevDeferred := h.cur, h.deferred
	h.cur, h.deferred = ui, false
	t, done := h.perform(ui, t)
	yield := h.deferred
	h.cur, h.deferred = prev, prevDeferred
	return h.performed(ui, t, done, yield)
}

// performed is performHolding's end, once the operation is performed:
// done as perform says, yield if a unit it made ready takes its CPU.
func (h *holding) performed(ui int32, t float64, done, yield bool) (float64, bool) {
	e := h.e
	u := &e.units[ui]
	switch {
	case !done && u.op.Kind == ir.End:
		if u.hasCPU {
			e.cpus.release(ui, t)
		}
		e.acct.endAccount(ui)
	case !done && u.op.Kind != ir.Compute && u.hasCPU:
		e.acct.setAcct(u, acBlocked)
		e.cpus.release(ui, t)
	case done && yield && u.hasCPU:
		// Preempted after its operation: it fetches the next one once
		// it has a CPU again.
		u.extension().fetch = true
		u.hasCPU = false
		u.state = stCPUQueue
		e.acct.setAcct(u, acReady)
		e.cpus.offCPU(ui)
		e.cpus.grant(e.cpus.facility(u).Preempt(ui, u.prio))
		return t, false
	}
	return t, done
}

// startHolding starts a unit created at t: it performs its leading
// priority and binding operations, which need no CPU, and asks for a CPU
// for its first other operation.
func (h *holding) startHolding(ui int32, t float64) {
	e := h.e
	e.acct.startAccount(ui, t)
	for e.err == nil {
		u := &e.units[ui]
		if err := e.next(u, ui); err != nil {
			e.failFetch(u, t, err)
			return
		}
		e.ops++
		u.opStart, u.opCompute, u.opComm = t, 0, 0
		if k := u.op.Kind; k != ir.Priority && k != ir.Bind {
			h.requestCPU(ui, t)
			u.ext.fetch = false // the operation is fetched: perform it
			return
		}
		h.perform(ui, t)
	}
}

// requestCPU asks for a CPU for a unit that fetches its next operation
// once it has one (woken, or just created), preempting a unit of lower
// priority if every CPU is taken.
func (h *holding) requestCPU(ui int32, t float64) {
	e := h.e
	u := &e.units[ui]
	u.extension().fetch = true
	f := e.cpus.facility(u)
	if f == nil {
		return
	}
	if !f.Acquire(ui, u.prio) && !(e.cpus.nodes[u.node].prio && e.cpus.preemptFor(ui)) {
		e.acct.setAcct(u, acReady)
		u.state = stCPUQueue
		return
	}
	// Its account goes from blocked (or starting) to running at once
	// (onCPU): ready for no time would add nothing to it.
	e.cpus.onCPU(ui, false)
	u = &e.units[ui]
	u.hasCPU = true
	u.sliceStart = t
	u.state = stReady
	u.ext.run++
	e.pushRun(ui, u.ext.run, t)
}

// endNow ends the computation of held unit u, started at t, at end
// without its event, which the event loop would take next (issueHeld
// asks the queue, nextEvent the rest): the loop's steps (the clock, the
// count, its checks), then the event's (complete). The unit goes on at
// end. Where units seldom overlap (one CPU: a thread runs while the
// others wait) most computations end so.
func (h *holding) endNow(u *unit, ui int32, t, end float64) (float64, bool) {
	e := h.e
	e.now = end
	e.events++
	// checkEvents' tests inline: one computation in two ends here on
	// one processor.
	if e.events&stopMask == 0 || e.events > e.maxEvents {
		if err := e.checkEvents(); err != nil {
			e.fail(err)
			return end, false
		}
	}
	// complete's booking, for a computation known to have run from t
	u.opCompute += end - t
	u.work = 0
	u.state = stReady
	if !e.prog.Semantics.NoBudgets {
		e.acct.account(ui, u.opStart, end)
	}
	return end, true
}

// performHeld performs the operation of a unit that was granted a CPU
// (evRun), then goes on with the unit.
func (h *holding) performHeld(ui int32) {
	e := h.e
	if t, done := h.performHolding(ui, e.now); done {
		e.advance(ui, t)
	}
}

// perform does the unit's current operation, issued already, on its CPU.
func (h *holding) perform(ui int32, t float64) (float64, bool) {
	e := h.e
	h.held = true
	return e.issueAt(ui, t)
}

// issueHeld issues, under ir.Semantics.HoldCPU, the operation of unit u
// (e.units[ui]), started at t (startOp). A unit that holds its CPU
// performs it at once (performHolding), with a short way for what a
// thread trace is made of: computing on a steady node, posting and taking
// tokens, and the computation a post or take carries (ir.Op.Cost). The
// short way is performHolding's, step for step, without perform's second
// pass through issueAt; a computation whose end would be the next event
// ends at once (endNow).
func (h *holding) issueHeld(u *unit, ui int32, t float64) (float64, bool) {
	e := h.e
	if !u.hasCPU {
		return h.issueHolding(ui, t)
	}
	switch u.op.Kind {
	case ir.Post, ir.Take:
		prev, prevDeferred := h.cur, h.deferred
		h.cur, h.deferred = ui, false
		var done bool
		if u.op.Kind == ir.Post {
			t, done = e.threads.post(ui, t)
		} else {
			t, done = e.threads.take(ui, t)
		}
		yield := h.deferred
		h.cur, h.deferred = prev, prevDeferred
		if !done || yield {
			return h.performed(ui, t, done, yield)
		}
		// u stays valid: only a Fork makes units.
		if u.op.Cost <= 0 {
			return t, true // performed has nothing to do
		}
		// The computation it carries, at once: what advance would do
		// with it (next, countOp). Its startOp would change nothing: the
		// post or take started at t too and neither computed nor
		// communicated.
		if !e.countOp(t) {
			return t, false
		}
		u.op.Kind = ir.Compute
		fallthrough
	case ir.Compute:
		// On a steady node: issueAt's computation on a CPU held,
		// startCompute's and pushComputeEnd's scheduling on such a node.
		if n := &e.cpus.nodes[u.node]; n.steady && validCost(u.op.Cost) {
			// A thread trace's node runs at speed 1, and a division is
			// slow: x/1 is x.
			if u.work = u.op.Cost; n.speed != 1 {
				u.work /= n.speed
			}
			x := u.extension()
			x.run++
			end := t + u.work
			// Would its end be the next event? The queue first, inline:
			// with other units computing, it mostly says no.
			if qt, ok := e.q.PeekTime(); (!ok || qt > end) && e.nextEvent(end) {
				return h.endNow(u, ui, t, end)
			}
			u.state = stComputing
			u.runFrom = t
			e.q.Push(end, ui, uint8(evPrioStep), x.run)
			return t, false
		}
	case ir.Priority, ir.Bind:
		return h.issueHolding(ui, t)
	}
	return h.performHolding(ui, t)
}
