package engine

import (
	"fmt"

	"augur/internal/engine/des"
	"augur/internal/engine/internal/cpu"
	"augur/internal/ir"
)

// Preemptive priority scheduling (scheduler: priority). A unit's
// priority is 0 until its stream sets it (ir.Priority); the node's CPU
// queue serves the highest priority first, arrival order among equals
// (des.Priority), and a unit that finds every CPU taken takes the CPU of
// the running unit of lowest priority if that is lower than its own. The
// preempted unit keeps the work it has left and queues again. Units on
// such nodes never fold computations (nodeState.fast), so every
// computation's end is an event that a preemption can make stale: each
// run on a CPU has a number (unitExt.run) that its end event carries.

// pushComputeEnd schedules the end of the unit's computation at t.
func (e *engine) pushComputeEnd(ui int32, t float64) {
	if !e.nodes[e.units[ui].node].prio {
		e.q.Push(t, ui, uint8(evStep), 0)
		return
	}
	x := e.units[ui].extension()
	x.run++
	e.q.Push(t, ui, uint8(evPrioStep), x.run)
}

// computeEndDue reports whether an evPrioStep for run is the end of the
// unit's current run (not one a preemption cut short).
func (e *engine) computeEndDue(ui, run int32) bool {
	u := &e.units[ui]
	return u.state == stComputing && u.ext != nil && u.ext.run == run
}

// onCPU notes that the unit got a CPU of its node; handover: the one
// the last offCPU of the node freed (a release or preemption hands it
// over), else the lowest free.
func (e *engine) onCPU(ui int32, handover bool) {
	// Small enough to inline: a run without thread accounts, priority
	// nodes or bound units (models and MPI traces) pays one test per
	// computation.
	if e.cpuHooks {
		e.onCPUSlow(ui, handover)
	}
}

// onCPUSlow is onCPU's work: on a priority node, or for a unit with an
// account, the node's slots say which unit holds which CPU (the
// preemption's candidates, the account's CPU) and the unit's grant
// number when it got it (preemptFor).
func (e *engine) onCPUSlow(ui int32, handover bool) {
	u := &e.units[ui]
	n := &e.nodes[u.node]
	var a *threadAcct
	if u.ext != nil {
		a = u.ext.acct
	}
	if !n.prio && a == nil {
		return
	}
	if n.slots == nil {
		n.slots = cpu.NewSlots(e.m.Groups[e.m.GroupOf(int(u.node))].CPUs)
	}
	c := n.slots.Take(ui, u.boundTo(), handover)
	x := u.extension()
	x.slot, x.onCPUs = c+1, e.cpuGrants
	e.cpuGrants++
	if a != nil {
		a.runStart = e.now
		e.setAcct(u, acRunning)
	}
}

// offCPU notes that the unit gave its CPU back.
func (e *engine) offCPU(ui int32) {
	if e.cpuHooks {
		e.offCPUSlow(ui)
	}
}

// offCPUSlow frees the unit's slot, if onCPUSlow gave it one, and books
// its run in the timeline.
func (e *engine) offCPUSlow(ui int32) {
	u := &e.units[ui]
	if u.ext == nil || u.ext.slot == 0 {
		return
	}
	c := u.ext.slot - 1
	u.ext.slot = 0
	e.nodes[u.node].slots.Free(c)
	if a := u.ext.acct; a != nil && e.cfg.Timeline && e.now > a.runStart {
		e.runSlices = append(e.runSlices, RunSlice{Pid: a.pid, Tid: a.tid, CPU: c, Start: a.runStart, End: e.now})
	}
}

// preemptFor gives the unit, just queued for a CPU of its node, the CPU
// of the running unit of lowest priority (the one that got its CPU last
// among equals: it has done the least of its run) if that priority is
// lower than the unit's own; true if the unit now holds that CPU (the
// caller goes on with it), false if it still waits.
func (e *engine) preemptFor(ui int32) bool {
	if !e.ranked {
		return false // every unit has priority 0: none is lower
	}
	u := &e.units[ui]
	n := &e.nodes[u.node]
	victim := n.slots.Victim(func(r int32) (int32, int64, bool) {
		v := &e.units[r]
		if v.boundTo() != u.boundTo() || (r == e.cur && e.deferred) {
			return 0, 0, false // another CPU's, or yielding already
		}
		return v.prio, v.ext.onCPUs, true
	})
	if victim < 0 || e.units[victim].prio >= u.prio {
		return false // queued: a CPU will come free
	}
	if victim == e.cur {
		// It is performing an operation: it yields its CPU when the
		// operation is over (performHolding).
		e.deferred = true
		return false
	}
	v := &e.units[victim]
	switch {
	case v.state == stComputing && v.op.Kind == ir.Compute:
		ran := e.now - v.runFrom
		if n.work != nil {
			v.work -= cpu.Done(n.work, v.runFrom, e.now)
		} else {
			v.work -= ran
		}
		v.work = max(v.work, 0)
		v.opCompute += ran
		v.ext.resume = true
	case v.state == stReady && e.prog.HoldCPU:
		// Granted a CPU, its operation not yet performed (evRun).
	default:
		return false // cannot happen: units hold a CPU only to compute or run
	}
	v.ext.run++ // its end or run event is stale now
	v.hasCPU = false
	v.state = stCPUQueue
	e.setAcct(v, acReady)
	e.offCPU(victim)
	if next := e.facility(u).Preempt(victim, v.prio); next != ui {
		e.grant(next) // one of yet higher priority was waiting
		return false
	}
	return true
}

// Binding (ir.Bind). A bound unit computes only on its CPU: the node
// then has a queue per CPU, with the node's discipline, and a unit that
// needs its CPU preempts only the unit running there.

// boundTo is the CPU the unit is bound to, -1 if none.
func (u *unit) boundTo() int32 {
	if u.ext == nil {
		return -1
	}
	return u.ext.cpu - 1
}

// bind pins the unit to CPU op.Count of its node.
func (e *engine) bind(ui int32, t float64) (float64, bool) {
	u := &e.units[ui]
	n := &e.nodes[u.node]
	g := &e.m.Groups[e.m.GroupOf(int(u.node))]
	switch c := u.op.Count; {
	case c < 0 || int(c) >= g.CPUs:
		e.fail(fmt.Errorf("process %d thread %d: bound to CPU %d; node %d has %d (0..%d)", u.pid, u.tid, c, u.node, g.CPUs, g.CPUs-1))
		return t, false
	case n.ps != nil:
		e.fail(fmt.Errorf("process %d thread %d: bound to a CPU of node %d, whose scheduler (share) has no CPUs to bind to", u.pid, u.tid, u.node))
		return t, false
	}
	e.cpuHooks, e.anyBound = true, true
	if n.bound == nil {
		n.bound = make([]des.Facility, g.CPUs)
		d := des.FCFS
		switch {
		case n.prio:
			d = des.Priority
		case n.rr:
			d = des.RoundRobin
		}
		for k := range n.bound {
			n.bound[k] = des.NewFacility(1, d)
		}
	}
	u.extension().cpu = u.op.Count + 1
	// Units bound to one CPU wait for each other even where a node has a
	// CPU per unit: no ending ahead of time (advance) from now on.
	e.roomy = false
	e.account(ui, t, t)
	return t, true
}

// facility is the CPU queue the unit computes through: its CPU's if it is
// bound, the node's otherwise. A node's units are all bound or none is;
// nil (the run fails) for a unit that breaks that.
func (e *engine) facility(u *unit) *des.Facility {
	// The common case inline: no unit is bound to a CPU, so every unit
	// queues for its node's CPUs.
	if !e.anyBound {
		n := &e.nodes[u.node]
		n.unbound = true
		return &n.cpu
	}
	return e.facilityBound(u)
}

func (e *engine) facilityBound(u *unit) *des.Facility {
	n := &e.nodes[u.node]
	if c := u.boundTo(); c >= 0 {
		if !n.unbound {
			return &n.bound[c]
		}
	} else if n.bound == nil {
		n.unbound = true
		return &n.cpu
	}
	e.fail(fmt.Errorf("process %d thread %d: node %d has units bound to CPUs and units that are not; bind all of a node's units or none", u.pid, u.tid, u.node))
	return nil
}
