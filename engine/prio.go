package engine

import "augur/ir"

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

// onCPU notes that the unit got a CPU of its node.
func (e *engine) onCPU(ui int32) {
	if n := &e.nodes[e.units[ui].node]; n.prio {
		n.running = append(n.running, ui)
	}
}

// offCPU notes that the unit gave its CPU back.
func (e *engine) offCPU(ui int32) {
	n := &e.nodes[e.units[ui].node]
	if !n.prio {
		return
	}
	for k, r := range n.running {
		if r == ui {
			n.running = append(n.running[:k], n.running[k+1:]...)
			return
		}
	}
}

// preemptFor gives the unit, just queued for a CPU of its node, the CPU
// of the running unit of lowest priority (the one that got its CPU last
// among equals: it has done the least of its run) if that priority is
// lower than the unit's own.
func (e *engine) preemptFor(ui int32) {
	u := &e.units[ui]
	n := &e.nodes[u.node]
	victim := int32(-1)
	for k := len(n.running) - 1; k >= 0; k-- {
		if r := n.running[k]; victim < 0 || e.units[r].prio < e.units[victim].prio {
			victim = r
		}
	}
	if victim < 0 || e.units[victim].prio >= u.prio {
		return // queued: a CPU will come free
	}
	v := &e.units[victim]
	if v.state != stComputing || v.op.Kind != ir.Compute {
		return // cannot happen: units hold a CPU only to compute
	}
	ran := e.now - v.runFrom
	if n.work != nil {
		v.work -= workDone(n.work, v.runFrom, e.now)
	} else {
		v.work -= ran
	}
	v.work = max(v.work, 0)
	v.opCompute += ran
	v.ext.run++ // its end event is stale now
	v.hasCPU = false
	v.state = stCPUQueue
	e.offCPU(victim)
	e.grant(n.cpu.Preempt(victim, v.prio))
}
