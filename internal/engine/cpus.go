package engine

import (
	"fmt"
	"math"

	"augur/internal/base/des"
	"augur/internal/engine/internal/cpu"
	"augur/internal/ir"
	"augur/internal/machine"
)

// cpus is the engine's part for the nodes' CPUs: each node's discipline
// (its queue, FCFS, round robin or priority, or processor sharing,
// cpushare.go), chosen at set-up from the machine's scheduler; handing
// CPUs to units and taking them back; preemption and binding.
type cpus struct {
	e     *engine
	nodes []nodeState
	// cpuHooks: some node has the priority scheduler, some unit keeps a
	// thread account or is bound to a CPU; CPU grants and releases then
	// take the long way.
	cpuHooks bool
	// anyBound: some unit has been bound to a CPU (ir.Bind); until then
	// every unit queues for its node's CPUs (facility).
	anyBound bool
	// ranked: some unit has had a priority other than 0 (ir.Priority);
	// until then all are equal and none can preempt another.
	ranked bool
	// cpuGrants numbers the CPUs given on priority nodes, so that a
	// preemption takes the CPU of the unit that got it last among those
	// of lowest priority.
	cpuGrants int64
	// roomy: no node has more processes than CPUs, and none ever will
	// (ir.Semantics.NoThreads): no one ever waits for a CPU.
	roomy bool
}

// nodeState is one node's CPUs: its discipline (a queue, processor
// sharing), its speed, and what the priority scheduler and binding keep.
type nodeState struct {
	cpu   des.Facility
	speed float64
	rr    bool
	quant cpu.Quantum
	live  int32 // units alive on the node
	fast  bool  // no round robin: consecutive computations may be folded
	// steady: the priority scheduler at a constant speed, without
	// processor sharing; a computation of a unit holding its CPU is then
	// one event (issueHeld).
	steady bool
	ps     *cpu.Sharing // processor sharing (cpushare.go); nil: the facility
	// prio: the priority scheduler, which preempts.
	prio bool
	// slots: on a priority node or for units with an account
	// (ir.Semantics.HoldCPU), the unit on each CPU; nil until one
	// needs them.
	slots *cpu.Slots
	// bound holds a one-CPU queue per CPU once a unit of the node is bound
	// to one (ir.Bind); unbound: some unit computed unbound.
	bound   []des.Facility
	unbound bool
	// work is the node's speed over time (profile.go); nil: constant.
	work *machine.Work
}

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
func (cp *cpus) pushComputeEnd(ui int32, t float64) {
	e := cp.e
	if !cp.nodes[e.units[ui].node].prio {
		e.q.Push(t, ui, uint8(evStep), 0)
		return
	}
	x := e.units[ui].extension()
	x.run++
	e.q.Push(t, ui, uint8(evPrioStep), x.run)
}

// computeEndDue reports whether an evPrioStep for run is the end of the
// unit's current run (not one a preemption cut short).
func (cp *cpus) computeEndDue(ui, run int32) bool {
	e := cp.e
	u := &e.units[ui]
	return u.state == stComputing && u.ext != nil && u.ext.run == run
}

// onCPU notes that the unit got a CPU of its node; handover: the one
// the last offCPU of the node freed (a release or preemption hands it
// over), else the lowest free.
func (cp *cpus) onCPU(ui int32, handover bool) {
	// Small enough to inline: a run without thread accounts, priority
	// nodes or bound units (models and MPI traces) pays one test per
	// computation.
	if cp.cpuHooks {
		cp.onCPUSlow(ui, handover)
	}
}

// onCPUSlow is onCPU's work: on a priority node, or for a unit with an
// account, the node's slots say which unit holds which CPU (the
// preemption's candidates, the account's CPU) and the unit's grant
// number when it got it (preemptFor).
func (cp *cpus) onCPUSlow(ui int32, handover bool) {
	e := cp.e
	u := &e.units[ui]
	n := &cp.nodes[u.node]
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
	x.slot, x.onCPUs = c+1, cp.cpuGrants
	cp.cpuGrants++
	if a != nil {
		a.runStart = e.now
		e.acct.setAcct(u, acRunning)
	}
}

// offCPU notes that the unit gave its CPU back.
func (cp *cpus) offCPU(ui int32) {
	if cp.cpuHooks {
		cp.offCPUSlow(ui)
	}
}

// offCPUSlow frees the unit's slot, if onCPUSlow gave it one, and books
// its run in the timeline.
func (cp *cpus) offCPUSlow(ui int32) {
	e := cp.e
	u := &e.units[ui]
	if u.ext == nil || u.ext.slot == 0 {
		return
	}
	c := u.ext.slot - 1
	u.ext.slot = 0
	cp.nodes[u.node].slots.Free(c)
	if a := u.ext.acct; a != nil && e.cfg.Timeline && e.now > a.runStart {
		e.acct.runSlices = append(e.acct.runSlices, RunSlice{Pid: a.pid, Tid: a.tid, CPU: c, Start: a.runStart, End: e.now})
	}
}

// preemptFor gives the unit, just queued for a CPU of its node, the CPU
// of the running unit of lowest priority (the one that got its CPU last
// among equals: it has done the least of its run) if that priority is
// lower than the unit's own; true if the unit now holds that CPU (the
// caller goes on with it), false if it still waits.
func (cp *cpus) preemptFor(ui int32) bool {
	e := cp.e
	if !cp.ranked {
		return false // every unit has priority 0: none is lower
	}
	u := &e.units[ui]
	n := &cp.nodes[u.node]
	victim := n.slots.Victim(func(r int32) (int32, int64, bool) {
		v := &e.units[r]
		if v.boundTo() != u.boundTo() || (r == e.hold.cur && e.hold.deferred) {
			return 0, 0, false // another CPU's, or yielding already
		}
		return v.prio, v.ext.onCPUs, true
	})
	if victim < 0 || e.units[victim].prio >= u.prio {
		return false // queued: a CPU will come free
	}
	if victim == e.hold.cur {
		// It is performing an operation: it yields its CPU when the
		// operation is over (performHolding).
		e.hold.deferred = true
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
	case v.state == stReady && e.prog.Semantics.HoldCPU:
		// Granted a CPU, its operation not yet performed (evRun).
	default:
		return false // cannot happen: units hold a CPU only to compute or run
	}
	v.ext.run++ // its end or run event is stale now
	v.hasCPU = false
	v.state = stCPUQueue
	e.acct.setAcct(v, acReady)
	cp.offCPU(victim)
	if next := cp.facility(u).Preempt(victim, v.prio); next != ui {
		cp.grant(next) // one of yet higher priority was waiting
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
func (cp *cpus) bind(ui int32, t float64) (float64, bool) {
	e := cp.e
	u := &e.units[ui]
	n := &cp.nodes[u.node]
	g := &e.m.Groups[e.m.GroupOf(int(u.node))]
	switch c := u.op.Count; {
	case c < 0 || int(c) >= g.CPUs:
		e.fail(fmt.Errorf("process %d thread %d: bound to CPU %d; node %d has %d (0..%d)", u.pid, u.tid, c, u.node, g.CPUs, g.CPUs-1))
		return t, false
	case n.ps != nil:
		e.fail(fmt.Errorf("process %d thread %d: bound to a CPU of node %d, whose scheduler (share) has no CPUs to bind to", u.pid, u.tid, u.node))
		return t, false
	}
	cp.cpuHooks, cp.anyBound = true, true
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
	cp.roomy = false
	e.acct.account(ui, t, t)
	return t, true
}

// facility is the CPU queue the unit computes through: its CPU's if it is
// bound, the node's otherwise. A node's units are all bound or none is;
// nil (the run fails) for a unit that breaks that.
func (cp *cpus) facility(u *unit) *des.Facility {
	// The common case inline: no unit is bound to a CPU, so every unit
	// queues for its node's CPUs.
	if !cp.anyBound {
		n := &cp.nodes[u.node]
		n.unbound = true
		return &n.cpu
	}
	return cp.facilityBound(u)
}

func (cp *cpus) facilityBound(u *unit) *des.Facility {
	e := cp.e
	n := &cp.nodes[u.node]
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

// initNodes sets up every node's CPUs with its group's scheduler.
func (cp *cpus) initNodes() {
	e := cp.e
	m := e.m
	cp.nodes = make([]nodeState, m.NumNodes())
	for i := range cp.nodes {
		g := &m.Groups[m.GroupOf(i)]
		d := des.FCFS
		switch g.Scheduler {
		case machine.Priority:
			d = des.Priority
		case machine.RoundRobin:
			d = des.RoundRobin
		}
		cp.nodes[i] = nodeState{
			cpu:   des.NewFacility(g.CPUs, d),
			speed: g.Speed,
			rr:    g.Scheduler == machine.RoundRobin,
			prio:  g.Scheduler == machine.Priority,
			quant: cpu.Quantum(g.Quantum),
			// A unit that may be preempted cannot fold its computations.
			fast: g.Scheduler != machine.RoundRobin && g.Scheduler != machine.Priority && !e.prog.Semantics.Shared,
		}
		cp.cpuHooks = cp.cpuHooks || cp.nodes[i].prio
	}
}

// initSharing decides, once the units are placed, whether anyone can
// ever wait for a CPU (roomy) and which nodes share their CPUs.
func (cp *cpus) initSharing() {
	e := cp.e
	m := e.m
	cp.roomy = e.prog.Semantics.NoThreads
	for i := range cp.nodes {
		if int(cp.nodes[i].live) > m.Groups[m.GroupOf(i)].CPUs {
			cp.roomy = false
		}
	}
	// Processor sharing only where a computation can be slowed: a node
	// with more processes than CPUs, or any node when threads may be
	// forked (they may come to share it). Elsewhere no one is ever
	// slowed, and the facility lets computations be folded.
	for i := range cp.nodes {
		g := &m.Groups[m.GroupOf(i)]
		if g.Scheduler == machine.Share && (!e.prog.Semantics.NoThreads || int(cp.nodes[i].live) > g.CPUs) {
			cp.nodes[i].ps = cpu.NewSharing(g.CPUs, nil)
			cp.nodes[i].fast = false
		}
	}
}

// compute starts unit u's (e.units[ui]) computation at t: on its
// node's processor sharing, or on a CPU it holds or queues for. On a
// node where no one can preempt it, consecutive computations are folded
// onto the unit's clock: it returns the end and true, with no event.
func (cp *cpus) compute(u *unit, ui int32, t float64) (float64, bool) {
	e := cp.e
	op := &u.op
	if !validCost(op.Cost) {
		e.fail(e.badCost(u, "compute"))
		return t, false
	}
	n := &cp.nodes[u.node]
	u.work = op.Cost / n.speed
	if n.ps != nil {
		cp.startShared(ui, t)
		return t, false
	}
	if !u.hasCPU {
		f := cp.facility(u)
		if f == nil {
			return t, false
		}
		if !f.Acquire(ui, u.prio) && !(n.prio && cp.preemptFor(ui)) {
			u.state = stCPUQueue
			return t, false
		}
		cp.onCPU(ui, false)
		u.hasCPU = true
		u.sliceStart = t
	}
	if n.fast {
		// The unit keeps its CPU for its whole burst of consecutive
		// computations and no one can preempt it, so the burst needs
		// no events: fold this computation onto its local clock.
		end := t + u.work
		u.opCompute = u.work
		u.work = 0
		e.acct.account(ui, t, end)
		return end, true
	}
	u.state = stComputing
	cp.startCompute(ui, t)
	return t, false
}

// startCompute runs the remaining work of a unit that holds a CPU. On a
// round-robin node the work is cut into quanta so that waiting units get
// their turn. This is done even while the node has no more live units than
// CPUs: a fork may add threads during the computation, and the running
// unit must then be preempted at its next quantum expiry.
func (cp *cpus) startCompute(ui int32, t float64) {
	e := cp.e
	u := &e.units[ui]
	n := &cp.nodes[u.node]
	u.runFrom = t
	left := 0.0
	if n.rr {
		left = n.quant.Left(u.sliceStart, t)
	}
	if n.work != nil {
		end := cpu.End(n.work, t, u.work, 1)
		if math.IsInf(end, 1) {
			// The node stops for good before the work is done: no
			// event, and the run ends with the unit stuck.
			return
		}
		if n.rr && end > t+left {
			e.q.Push(t+left, ui, uint8(evSlice), 0)
			return
		}
		cp.pushComputeEnd(ui, end)
		return
	}
	if n.rr && u.work > left {
		e.q.Push(t+left, ui, uint8(evSlice), 0)
		return
	}
	cp.pushComputeEnd(ui, t+u.work)
}

// sliceEnd handles a round-robin quantum expiry.
func (cp *cpus) sliceEnd(ui int32) {
	e := cp.e
	u := &e.units[ui]
	n := &cp.nodes[u.node]
	ran := e.now - u.runFrom
	if n.work != nil {
		u.work -= cpu.Done(n.work, u.runFrom, e.now)
	} else {
		u.work -= ran
	}
	u.opCompute += ran
	if u.work <= 1e-12*math.Max(1, e.now) {
		u.work = 0
		e.complete(ui, e.now)
		e.advance(ui, e.now)
		return
	}
	if f := cp.facility(u); f.Waiting() > 0 {
		next := f.Preempt(ui, 0)
		u.state = stCPUQueue
		u.hasCPU = false
		cp.grant(next)
		return
	}
	u.sliceStart = e.now
	cp.startCompute(ui, e.now)
}

// grant hands a CPU to a unit that queued for it.
func (cp *cpus) grant(ui int32) {
	e := cp.e
	u := &e.units[ui]
	cp.onCPU(ui, true)
	u.hasCPU = true
	u.sliceStart = e.now
	if e.prog.Semantics.HoldCPU {
		// It runs by an event, as VPPB's threads: its operation (not
		// yet performed, issueHolding), the next (requestCPU) or a
		// preempted computation (evRun).
		u.state = stReady
		x := u.extension()
		x.run++
		e.pushRun(ui, x.run, e.now)
		return
	}
	u.state = stComputing
	cp.startCompute(ui, e.now)
}

func (cp *cpus) release(ui int32, t float64) {
	e := cp.e
	u := &e.units[ui]
	u.hasCPU = false
	cp.offCPU(ui)
	f := cp.facility(u)
	if f == nil {
		return // the run fails: a node's units bound and unbound
	}
	if next, ok := f.Release(); ok {
		if t > e.now {
			// Cannot happen: a unit running ahead keeps its CPU until an
			// event issues its next non-compute operation at its time.
			e.fail(fmt.Errorf("internal error: CPU released ahead of time"))
			return
		}
		cp.grant(next)
	}
}
