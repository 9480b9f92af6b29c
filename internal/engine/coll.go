package engine

import (
	"fmt"
	"math"

	"augur/internal/engine/internal/coll"
	"augur/internal/ir"
)

// collInst is one collective call, the seq-th of every process.
type collInst struct {
	kind    ir.Kind
	root    int32
	elem    int32
	pid     int32 // first process to arrive, for mismatch messages
	costed  bool  // the first arrival's element has a cost: all must agree
	arrived int32
	last    float64 // latest arrival
	waiters []int32 // units waiting for the last arrival
	// arrivals, only for a MessageTracer: who arrived when.
	arrivals []Arrival
}

// collRun is a unit's progress through a collective algorithm: its plan
// (the generators of package coll) and the requests of its current round.
type collRun struct {
	inst  *collInst
	tag   int32
	plan  coll.Plan
	batch []int32 // requests of the current round, awaited together
}

// collective issues a collective operation: the unit arrives at its
// instance, then waits for the others (an element's own cost), is
// evaluated without events (fastJoin) or runs the algorithm's rounds as
// point-to-point requests (collStep).
func (e *engine) collective(ui int32, t float64) (float64, bool) {
	u := &e.units[ui]
	op := &u.op
	p := int32(e.cfg.Procs)
	if !e.validCollective(u) {
		return t, false
	}
	seq := e.collSeq[u.pid]
	e.collSeq[u.pid]++
	inst := e.arrive(u, seq, t)
	if inst == nil {
		return t, false
	}
	all := inst.arrived == p
	if op.Cost >= 0 || p == 1 {
		// The element's cost replaces the algorithm: wait for the last
		// arrival, then spend the cost.
		u.opComm = math.Max(op.Cost, 0)
		inst.waiters = append(inst.waiters, ui)
		u.state = stBlocked
		if all {
			e.releaseWaiters(inst)
			if e.useFastColl() {
				e.fastRun(inst, seq)
			}
		}
		return t, false
	}
	// SMPI's patterns: chosen by its selector, or a vector collective,
	// for which augur has no algorithms of its own.
	simgrid := (op.Algo == ir.AlgoDefault && e.prog.Semantics.Selector == ir.SelectSMPI) || op.Kind.IsVector()
	if e.useFastColl() && !simgrid {
		// Evaluated without events once the last process is here.
		u.state = stBlocked
		if !e.fastJoin(ui, seq, t) {
			return t, false
		}
		if all {
			e.releaseWaiters(inst)
			e.fastRun(inst, seq)
		}
		return t, false
	}
	if all && e.completeAfterAll() {
		e.releaseWaiters(inst)
	}

	c := e.newCollRun()
	c.inst, c.tag = inst, -2-int32(seq%(1<<30))
	if simgrid {
		counts := e.counts[ui]
		delete(e.counts, ui)
		if !c.plan.SetSimGrid(op.Kind, p, u.pid, op.root(), op.Bytes, counts) {
			e.failAt(op.Elem, fmt.Errorf("%s: process %d gives %d sizes for %s over %d processes", e.name(op.Elem), u.pid, len(counts), op.Kind, p))
			return t, false
		}
	} else {
		c.plan.Set(op.Kind, op.Algo, p, u.pid, op.root(), op.Bytes)
	}
	u.extension().coll = c
	u.state = stBlocked
	e.collStep(ui, t)
	return t, false
}

// validCollective checks the unit's collective operation: its root, its
// size and its cost; false (the run fails) if one is wrong.
func (e *engine) validCollective(u *unit) bool {
	op := &u.op
	p := int32(e.cfg.Procs)
	if op.Kind.HasRoot() && (op.root() < 0 || op.root() >= p) {
		e.failAt(op.Elem, fmt.Errorf("%s: root %d is not a process (there are %d, 0..%d)", e.name(op.Elem), op.root(), p, p-1))
		return false
	}
	if !(op.Bytes >= 0) || math.IsInf(op.Bytes, 0) {
		e.failAt(op.Elem, fmt.Errorf("%s: size %v is not a finite size ≥ 0 (process %d)", e.name(op.Elem), op.Bytes, u.pid))
		return false
	}
	if op.Cost >= 0 && !validCost(op.Cost) {
		e.fail(e.badCost(u, op.Kind.String()))
		return false
	}
	return true
}

// arrive books unit u's arrival at t at the seq-th collective of every
// process, made by the first to arrive and forgotten once all have: nil
// (the run fails) if the unit's operation does not match the others'.
func (e *engine) arrive(u *unit, seq uint32, t float64) *collInst {
	op := &u.op
	// Processes mostly arrive at the same collective one after the
	// other: the last one looked up saves a map access per arrival.
	inst := e.lastColl
	if inst == nil || e.lastSeq != seq {
		inst = e.colls[seq]
	}
	if inst == nil {
		inst = &collInst{kind: op.Kind, root: op.root(), elem: op.Elem, pid: u.pid, costed: op.Cost >= 0}
		if !op.Kind.HasRoot() {
			inst.root = -1
		}
		e.colls[seq] = inst
	} else if inst.kind != op.Kind || (op.Kind.HasRoot() && inst.root != op.root()) {
		e.fail(fmt.Errorf("collective #%d does not match: process %d calls %s with root %d, process %d calls %s with root %d",
			seq+1, inst.pid, e.where(inst.elem), inst.root, u.pid, e.where(op.Elem), op.root()))
		return nil
	} else if inst.costed != (op.Cost >= 0) {
		// A cost replaces the algorithm, so a process with a cost sends no
		// messages to one running the algorithm: both would wait forever.
		with, without := inst.pid, u.pid
		if !inst.costed {
			with, without = without, with
		}
		e.fail(fmt.Errorf("collective #%d does not match: process %d gives %s a cost, process %d gives it none; give every process a cost or none",
			seq+1, with, e.where(op.Elem), without))
		return nil
	}
	inst.arrived++
	if t > inst.last {
		inst.last = t
	}
	all := inst.arrived == int32(e.cfg.Procs)
	if e.msgs != nil {
		inst.arrivals = append(inst.arrivals, Arrival{Pid: u.pid, Tid: u.tid, At: t})
		if all {
			e.msgs.Collective(Collective{Seq: seq, Elem: op.Elem, Arrivals: inst.arrivals})
		}
	}
	if all {
		delete(e.colls, seq)
		e.lastColl = nil
	} else {
		e.lastColl, e.lastSeq = inst, seq
	}
	return inst
}

// completeAfterAll tells whether the program's collectives end no
// earlier than their last arrival (ir.Semantics).
func (e *engine) completeAfterAll() bool {
	return e.prog.Semantics.Collectives == ir.CompleteAfterAll
}

// newCollRun takes a collRun from the pool: a run of many collectives
// reuses the few in flight at a time instead of allocating one per process
// and call.
func (e *engine) newCollRun() *collRun {
	if n := len(e.freeColls); n > 0 {
		c := e.freeColls[n-1]
		e.freeColls = e.freeColls[:n-1]
		*c = collRun{batch: c.batch[:0]}
		return c
	}
	return new(collRun)
}

// collStep posts the unit's next round at t, or finishes the algorithm.
// A round is one step, or a run of steps with more set: every request
// of the round is posted before any is awaited, so that a later post
// completing an earlier request (a message to itself) cannot wake the
// unit in the middle of the round.
func (e *engine) collStep(ui int32, t float64) {
	for {
		u := &e.units[ui]
		c := u.ext.coll
		c.batch = c.batch[:0]
		for {
			s, ok := c.plan.Next()
			if !ok {
				if len(c.batch) == 0 {
					e.collFinish(ui, t)
					return
				}
				break
			}
			if s.To >= 0 {
				c.batch = append(c.batch, e.p2p.postSend(ui, u.pid, s.To, c.tag, s.SendB, ir.NoCost, u.op.Elem, t, true))
			}
			if s.From >= 0 {
				c.batch = append(c.batch, e.p2p.postRecv(ui, u.pid, s.From, c.tag, s.RecvB, ir.NoCost, u.op.Elem, t, true))
			}
			u = &e.units[ui]
			if !s.More {
				break
			}
		}
		u.waitLeft, u.waitUntil = 0, t
		for _, id := range c.batch {
			e.p2p.await(ui, id)
		}
		u = &e.units[ui]
		if u.waitLeft > 0 {
			return // completeReq → waitSatisfied → collStepDone
		}
		if u.waitUntil > t {
			e.q.Push(u.waitUntil, ui, uint8(evColl), 0)
			return
		}
	}
}

// collStepDone: the awaited requests of the current round completed.
func (e *engine) collStepDone(ui int32) {
	u := &e.units[ui]
	e.q.Push(math.Max(u.waitUntil, e.now), ui, uint8(evColl), 0)
}

// collFinish ends the algorithm for the unit; under ir.CompleteAfterAll
// it also waits for the last arrival.
func (e *engine) collFinish(ui int32, t float64) {
	u := &e.units[ui]
	inst := u.ext.coll.inst
	e.freeColls = append(e.freeColls, u.ext.coll)
	u.ext.coll = nil
	if e.completeAfterAll() && inst.arrived < int32(e.cfg.Procs) {
		inst.waiters = append(inst.waiters, ui)
		return
	}
	e.wakeAt(ui, math.Max(t, inst.last))
}

// releaseWaiters resumes, once the last process has arrived, the units
// waiting for it: those whose element has a cost spend it from the last
// arrival; the others (done with their rounds) resume at the last arrival.
func (e *engine) releaseWaiters(inst *collInst) {
	for _, w := range inst.waiters {
		end := inst.last
		if c := e.units[w].op.Cost; c >= 0 {
			end += c
		}
		e.wakeAt(w, end)
	}
	inst.waiters = nil
}
