package engine

import (
	"fmt"
	"math"

	"augur/ir"
)

// collInst is one collective call, the seq-th of every process.
type collInst struct {
	kind    ir.Kind
	root    int32
	elem    int32
	pid     int32 // first process to arrive, for mismatch messages
	arrived int32
	last    float64 // latest arrival
	waiters []int32 // units waiting for the last arrival
}

// collRun is a unit's progress through a collective algorithm.
type collRun struct {
	inst  *collInst
	seq   uint32
	tag   int32
	k     int32 // next step
	steps []step
	// For ring and pairwise algorithms steps are made on the fly.
	lazy   ir.Algorithm
	rounds int32 // ring: number of rounds
	p, r   int32
	bytes  float64
}

// step is one round of a collective for one process: an optional send
// and an optional receive, posted together and both awaited.
type step struct {
	to, from     int32 // -1: none
	sendB, recvB float64
}

const evColl uint8 = 10

func (e *engine) collective(ui int32, t float64) (float64, bool) {
	u := &e.units[ui]
	op := &u.op
	p := int32(e.cfg.Procs)
	if op.Kind.HasRoot() && (op.Peer < 0 || op.Peer >= p) {
		e.fail(fmt.Errorf("%s: root %d is not a process (there are %d, 0..%d)", e.where(op.Elem), op.Peer, p, p-1))
		return t, false
	}
	if !(op.Bytes >= 0) || math.IsInf(op.Bytes, 0) {
		e.fail(fmt.Errorf("%s: size %v is not a finite size ≥ 0 (process %d)", e.where(op.Elem), op.Bytes, u.pid))
		return t, false
	}
	if op.Cost >= 0 && !validCost(op.Cost) {
		e.fail(e.badCost(u, op.Kind.String()))
		return t, false
	}
	seq := e.collSeq[u.pid]
	e.collSeq[u.pid]++
	inst := e.colls[seq]
	if inst == nil {
		inst = &collInst{kind: op.Kind, root: op.Peer, elem: op.Elem, pid: u.pid}
		if !op.Kind.HasRoot() {
			inst.root = -1
		}
		e.colls[seq] = inst
	} else if inst.kind != op.Kind || (op.Kind.HasRoot() && inst.root != op.Peer) {
		e.fail(fmt.Errorf("collective #%d does not match: process %d calls %s with root %d, process %d calls %s with root %d",
			seq+1, inst.pid, e.where(inst.elem), inst.root, u.pid, e.where(op.Elem), op.Peer))
		return t, false
	}
	inst.arrived++
	if t > inst.last {
		inst.last = t
	}
	all := inst.arrived == p
	if all {
		delete(e.colls, seq)
	}

	if op.Cost >= 0 || p == 1 {
		// The element's cost replaces the algorithm: wait for the last
		// arrival, then spend the cost.
		u.opComm = math.Max(op.Cost, 0)
		inst.waiters = append(inst.waiters, ui)
		u.state = stBlocked
		if all {
			e.releaseWaiters(inst)
		}
		return t, false
	}
	if all && e.cfg.SyncCollectives {
		e.releaseWaiters(inst)
	}

	c := &collRun{inst: inst, seq: seq, tag: -2 - int32(seq%(1<<30)), p: p, r: u.pid, bytes: op.Bytes}
	c.plan(op.Kind, op.Algo, op.Peer)
	u.coll = c
	u.state = stBlocked
	e.collStep(ui, t)
	return t, false
}

// collStep posts the unit's next round at t, or finishes the algorithm.
func (e *engine) collStep(ui int32, t float64) {
	for {
		u := &e.units[ui]
		c := u.coll
		s, ok := c.next()
		if !ok {
			e.collFinish(ui, t)
			return
		}
		u.waitLeft, u.waitUntil = 0, t
		var sid, rid int32 = -1, -1
		if s.to >= 0 {
			sid = e.postSend(ui, u.pid, s.to, c.tag, s.sendB, ir.NoCost, u.op.Elem, t, true)
		}
		if s.from >= 0 {
			rid = e.postRecv(ui, u.pid, s.from, c.tag, s.recvB, ir.NoCost, u.op.Elem, t, true)
		}
		if sid >= 0 {
			e.await(ui, sid)
		}
		if rid >= 0 {
			e.await(ui, rid)
		}
		u = &e.units[ui]
		if u.waitLeft > 0 {
			return // completeReq → waitSatisfied → collStepDone
		}
		if u.waitUntil > t {
			e.q.Push(u.waitUntil, ui, evColl, 0)
			return
		}
	}
}

// collStepDone: the awaited requests of the current round completed.
func (e *engine) collStepDone(ui int32) {
	u := &e.units[ui]
	e.q.Push(math.Max(u.waitUntil, e.now), ui, evColl, 0)
}

// collFinish ends the algorithm for the unit; with SyncCollectives it also
// waits for the last arrival.
func (e *engine) collFinish(ui int32, t float64) {
	u := &e.units[ui]
	inst := u.coll.inst
	u.coll = nil
	if e.cfg.SyncCollectives && inst.arrived < int32(e.cfg.Procs) {
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

// plan prepares the rounds of collective kind for process c.r.
func (c *collRun) plan(kind ir.Kind, algo ir.Algorithm, root int32) {
	p, r, b := c.p, c.r, c.bytes
	switch kind {
	case ir.Barrier:
		c.steps = dissemination(p, r)
	case ir.Bcast:
		if algo == ir.AlgoLinear {
			c.steps = linearFanout(p, r, root, b)
		} else {
			c.steps = binomialBcast(p, r, root, b)
		}
	case ir.Reduce:
		if algo == ir.AlgoLinear {
			c.steps = linearFanin(p, r, root, b)
		} else {
			c.steps = binomialReduce(p, r, root, b)
		}
	case ir.Allreduce:
		switch algo {
		case ir.AlgoBinomial:
			c.steps = append(binomialReduce(p, r, 0, b), binomialBcast(p, r, 0, b)...)
		case ir.AlgoRing:
			// Reduce-scatter then allgather around a ring, P-1 rounds
			// each of size/P.
			c.lazy, c.bytes, c.rounds = ir.AlgoRing, b/float64(p), 2*(p-1)
		default:
			c.steps = recursiveDoubling(p, r, b)
		}
	case ir.Gather:
		if algo == ir.AlgoLinear {
			c.steps = linearFanin(p, r, root, b)
		} else {
			c.steps = binomialGather(p, r, root, b)
		}
	case ir.Scatter:
		if algo == ir.AlgoLinear {
			c.steps = linearFanout(p, r, root, b)
		} else {
			c.steps = binomialScatter(p, r, root, b)
		}
	case ir.Allgather:
		if algo == ir.AlgoRecursiveDoubling && p&(p-1) == 0 {
			for m := int32(1); m < p; m <<= 1 {
				c.steps = append(c.steps, step{to: r ^ m, from: r ^ m, sendB: b * float64(m), recvB: b * float64(m)})
			}
		} else {
			c.lazy, c.rounds = ir.AlgoRing, p-1
		}
	case ir.Alltoall:
		c.lazy = ir.AlgoPairwise
		c.k = 1
	case ir.ReduceScatter:
		c.steps = append(binomialReduce(p, r, 0, b*float64(p)), binomialScatter(p, r, 0, b)...)
	case ir.Scan, ir.Exscan:
		// A chain: receive the prefix from the left, pass it right.
		if r > 0 {
			c.steps = append(c.steps, step{to: -1, from: r - 1, recvB: b})
		}
		if r < p-1 {
			c.steps = append(c.steps, step{to: r + 1, from: -1, sendB: b})
		}
	}
}

// next returns the next round.
func (c *collRun) next() (step, bool) {
	switch c.lazy {
	case ir.AlgoRing:
		// Every round passes a block to the right neighbour and takes one
		// from the left.
		if c.k >= c.rounds {
			return step{}, false
		}
		c.k++
		return step{to: (c.r + 1) % c.p, from: (c.r - 1 + c.p) % c.p, sendB: c.bytes, recvB: c.bytes}, true
	case ir.AlgoPairwise:
		if c.k >= c.p {
			return step{}, false
		}
		k := c.k
		c.k++
		return step{to: (c.r + k) % c.p, from: (c.r - k + c.p) % c.p, sendB: c.bytes, recvB: c.bytes}, true
	}
	if int(c.k) >= len(c.steps) {
		return step{}, false
	}
	c.k++
	return c.steps[c.k-1], true
}

// dissemination barrier: in round k, signal r+2^k and hear from r-2^k.
func dissemination(p, r int32) []step {
	var s []step
	for m := int32(1); m < p; m <<= 1 {
		s = append(s, step{to: (r + m) % p, from: (r - m + p) % p})
	}
	return s
}

// binomialBcast: receive from the parent, then send to children, farthest first.
func binomialBcast(p, r, root int32, b float64) []step {
	var s []step
	rr := (r - root + p) % p
	m := int32(1)
	for ; m < p; m <<= 1 {
		if rr&m != 0 {
			s = append(s, step{to: -1, from: (rr - m + root) % p, recvB: b})
			break
		}
	}
	for m >>= 1; m > 0; m >>= 1 {
		if rr+m < p {
			s = append(s, step{to: (rr + m + root) % p, from: -1, sendB: b})
		}
	}
	return s
}

// binomialReduce: receive from children, nearest first, then send to the parent.
func binomialReduce(p, r, root int32, b float64) []step {
	var s []step
	rr := (r - root + p) % p
	for m := int32(1); m < p; m <<= 1 {
		if rr&m != 0 {
			s = append(s, step{to: (rr - m + root) % p, from: -1, sendB: b})
			break
		}
		if rr+m < p {
			s = append(s, step{to: -1, from: (rr + m + root) % p, recvB: b})
		}
	}
	return s
}

// binomialGather is binomialReduce where each message carries the blocks
// of the sender's whole subtree.
func binomialGather(p, r, root int32, b float64) []step {
	var s []step
	rr := (r - root + p) % p
	for m := int32(1); m < p; m <<= 1 {
		if rr&m != 0 {
			s = append(s, step{to: (rr - m + root) % p, from: -1, sendB: b * float64(min(m, p-rr))})
			break
		}
		if c := rr + m; c < p {
			s = append(s, step{to: -1, from: (c + root) % p, recvB: b * float64(min(m, p-c))})
		}
	}
	return s
}

// binomialScatter is binomialBcast where each message carries the blocks
// of the receiver's whole subtree.
func binomialScatter(p, r, root int32, b float64) []step {
	var s []step
	rr := (r - root + p) % p
	m := int32(1)
	for ; m < p; m <<= 1 {
		if rr&m != 0 {
			s = append(s, step{to: -1, from: (rr - m + root) % p, recvB: b * float64(min(m, p-rr))})
			break
		}
	}
	for m >>= 1; m > 0; m >>= 1 {
		if c := rr + m; c < p {
			s = append(s, step{to: (c + root) % p, from: -1, sendB: b * float64(min(m, p-c))})
		}
	}
	return s
}

// recursiveDoubling allreduce (MPICH): ranks beyond the largest power of
// two first fold into a partner, the power-of-two group exchanges in
// log2 rounds, then the folded ranks get the result.
func recursiveDoubling(p, r int32, b float64) []step {
	pof2 := int32(1)
	for pof2*2 <= p {
		pof2 *= 2
	}
	rem := p - pof2
	var s []step
	newrank := r - rem
	if r < 2*rem {
		if r%2 == 0 {
			s = append(s, step{to: r + 1, from: -1, sendB: b})
			newrank = -1
		} else {
			s = append(s, step{to: -1, from: r - 1, recvB: b})
			newrank = r / 2
		}
	}
	if newrank >= 0 {
		for m := int32(1); m < pof2; m <<= 1 {
			nd := newrank ^ m
			dst := nd + rem
			if nd < rem {
				dst = nd*2 + 1
			}
			s = append(s, step{to: dst, from: dst, sendB: b, recvB: b})
		}
	}
	if r < 2*rem {
		if r%2 == 1 {
			s = append(s, step{to: r - 1, from: -1, sendB: b})
		} else {
			s = append(s, step{to: -1, from: r + 1, recvB: b})
		}
	}
	return s
}

// linearFanout: the root sends to every other process in rank order.
func linearFanout(p, r, root int32, b float64) []step {
	if r != root {
		return []step{{to: -1, from: root, recvB: b}}
	}
	var s []step
	for i := int32(0); i < p; i++ {
		if i != root {
			s = append(s, step{to: i, from: -1, sendB: b})
		}
	}
	return s
}

// linearFanin: every other process sends to the root, which receives in rank order.
func linearFanin(p, r, root int32, b float64) []step {
	if r != root {
		return []step{{to: root, from: -1, sendB: b}}
	}
	var s []step
	for i := int32(0); i < p; i++ {
		if i != root {
			s = append(s, step{to: -1, from: i, recvB: b})
		}
	}
	return s
}
