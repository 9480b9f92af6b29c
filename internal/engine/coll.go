package engine

import (
	"fmt"
	"math"

	"augur/internal/engine/internal/coll"
	"augur/internal/ir"
)

// collectives is the engine's part for collective operations run on
// events: the instances processes arrive at, and the algorithms' rounds
// posted as point-to-point requests; the event-free evaluation is
// fastColl (collfast.go).
type collectives struct {
	e     *engine
	seq   []uint32 // per pid: collectives entered so far
	insts map[uint32]*collInst
	// lastColl is colls[lastSeq], the collective last arrived at, if
	// it is still in colls (coll.go).
	lastColl *collInst
	lastSeq  uint32
	// counts holds the per-process sizes of a fetched vector collective
	// until its algorithm is planned (see coll.Plan.SetSimGrid).
	counts map[int32][]float64
	// freeColls pools the collRuns of finished algorithms.
	freeColls []*collRun
}

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

// issue issues a collective operation: the unit arrives at its
// instance, then waits for the others (an element's own cost), is
// evaluated without events (fastColl.join) or runs the algorithm's rounds as
// point-to-point requests (step).
func (cs *collectives) issue(ui int32, t float64) (float64, bool) {
	e := cs.e
	u := &e.units[ui]
	op := &u.op
	p := int32(e.cfg.Procs)
	if !cs.validCollective(u) {
		return t, false
	}
	seq := cs.seq[u.pid]
	cs.seq[u.pid]++
	inst := cs.arrive(u, seq, t)
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
			cs.releaseWaiters(inst)
			if e.fast.use() {
				e.fast.run(inst, seq)
			}
		}
		return t, false
	}
	// SMPI's patterns: chosen by its selector, or a vector collective,
	// for which augur has no algorithms of its own.
	simgrid := (op.Algo == ir.AlgoDefault && e.prog.Semantics.Selector == ir.SelectSMPI) || op.Kind.IsVector()
	if e.fast.use() && !simgrid {
		// Evaluated without events once the last process is here.
		u.state = stBlocked
		if !e.fast.join(ui, seq, t) {
			return t, false
		}
		if all {
			cs.releaseWaiters(inst)
			e.fast.run(inst, seq)
		}
		return t, false
	}
	if all && cs.completeAfterAll() {
		cs.releaseWaiters(inst)
	}

	c := cs.newRun()
	c.inst, c.tag = inst, -2-int32(seq%(1<<30))
	if simgrid {
		counts := cs.counts[ui]
		delete(cs.counts, ui)
		if !c.plan.SetSimGrid(op.Kind, p, u.pid, op.root(), op.Bytes, counts) {
			e.failAt(op.Elem, fmt.Errorf("%s: process %d gives %d sizes for %s over %d processes", e.name(op.Elem), u.pid, len(counts), op.Kind, p))
			return t, false
		}
	} else {
		c.plan.Set(op.Kind, op.Algo, p, u.pid, op.root(), op.Bytes)
	}
	u.extension().coll = c
	u.state = stBlocked
	cs.step(ui, t)
	return t, false
}

// validCollective checks the unit's collective operation: its root, its
// size and its cost; false (the run fails) if one is wrong.
func (cs *collectives) validCollective(u *unit) bool {
	e := cs.e
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
func (cs *collectives) arrive(u *unit, seq uint32, t float64) *collInst {
	e := cs.e
	op := &u.op
	// Processes mostly arrive at the same collective one after the
	// other: the last one looked up saves a map access per arrival.
	inst := cs.lastColl
	if inst == nil || cs.lastSeq != seq {
		inst = cs.insts[seq]
	}
	if inst == nil {
		inst = &collInst{kind: op.Kind, root: op.root(), elem: op.Elem, pid: u.pid, costed: op.Cost >= 0}
		if !op.Kind.HasRoot() {
			inst.root = -1
		}
		cs.insts[seq] = inst
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
		delete(cs.insts, seq)
		cs.lastColl = nil
	} else {
		cs.lastColl, cs.lastSeq = inst, seq
	}
	return inst
}

// completeAfterAll tells whether the program's collectives end no
// earlier than their last arrival (ir.Semantics).
func (cs *collectives) completeAfterAll() bool {
	e := cs.e
	return e.prog.Semantics.Collectives == ir.CompleteAfterAll
}

// newRun takes a collRun from the pool: a run of many collectives
// reuses the few in flight at a time instead of allocating one per process
// and call.
func (cs *collectives) newRun() *collRun {
	if n := len(cs.freeColls); n > 0 {
		c := cs.freeColls[n-1]
		cs.freeColls = cs.freeColls[:n-1]
		*c = collRun{batch: c.batch[:0]}
		return c
	}
	return new(collRun)
}

// step posts the unit's next round at t, or finishes the algorithm.
// A round is one step, or a run of steps with more set: every request
// of the round is posted before any is awaited, so that a later post
// completing an earlier request (a message to itself) cannot wake the
// unit in the middle of the round.
func (cs *collectives) step(ui int32, t float64) {
	e := cs.e
	for {
		u := &e.units[ui]
		c := u.ext.coll
		c.batch = c.batch[:0]
		for {
			s, ok := c.plan.Next()
			if !ok {
				if len(c.batch) == 0 {
					cs.finish(ui, t)
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
			return // completeReq → waitSatisfied → stepDone
		}
		if u.waitUntil > t {
			e.q.Push(u.waitUntil, ui, uint8(evColl), 0)
			return
		}
	}
}

// stepDone: the awaited requests of the current round completed.
func (cs *collectives) stepDone(ui int32) {
	e := cs.e
	u := &e.units[ui]
	e.q.Push(math.Max(u.waitUntil, e.now), ui, uint8(evColl), 0)
}

// finish ends the algorithm for the unit; under ir.CompleteAfterAll
// it also waits for the last arrival.
func (cs *collectives) finish(ui int32, t float64) {
	e := cs.e
	u := &e.units[ui]
	inst := u.ext.coll.inst
	cs.freeColls = append(cs.freeColls, u.ext.coll)
	u.ext.coll = nil
	if cs.completeAfterAll() && inst.arrived < int32(e.cfg.Procs) {
		inst.waiters = append(inst.waiters, ui)
		return
	}
	e.wakeAt(ui, math.Max(t, inst.last))
}

// releaseWaiters resumes, once the last process has arrived, the units
// waiting for it: those whose element has a cost spend it from the last
// arrival; the others (done with their rounds) resume at the last arrival.
func (cs *collectives) releaseWaiters(inst *collInst) {
	e := cs.e
	for _, w := range inst.waiters {
		end := inst.last
		if c := e.units[w].op.Cost; c >= 0 {
			end += c
		}
		e.wakeAt(w, end)
	}
	inst.waiters = nil
}
