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
	costed  bool  // the first arrival's element has a cost: all must agree
	arrived int32
	last    float64 // latest arrival
	waiters []int32 // units waiting for the last arrival
	// arrivals, only for a MessageTracer: who arrived when.
	arrivals []Arrival
}

// collRun is a unit's progress through a collective algorithm. The rounds
// come from generators that keep O(1) state each, so a collective over a
// million processes costs no per-process step lists. plan (augur's
// algorithms, below) or planSimGrid (SimGrid's, coll_simgrid.go) sets them.
type collRun struct {
	inst *collInst
	tag  int32
	gi   uint8 // index of the generator producing the next round
	ng   uint8 // number of generators (two for composed algorithms)
	g    [2]gen
	// counts are a vector collective's sizes, read by the generators
	// with vec set.
	counts []float64
	batch  []int32 // requests of the current round, awaited together
}

// step is one round of a collective for one process: an optional send
// and an optional receive, posted together and both awaited.
type step struct {
	to, from     int32 // -1: none
	sendB, recvB float64
	// more: post the next step too before waiting; the round ends with
	// the first step without more, and all its requests are awaited
	// together (SimGrid's start-all-then-wait-all patterns).
	more bool
}

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
	// Processes mostly arrive at the same collective one after the
	// other: the last one looked up saves a map access per arrival.
	inst := e.lastColl
	if inst == nil || e.lastSeq != seq {
		inst = e.colls[seq]
	}
	if inst == nil {
		inst = &collInst{kind: op.Kind, root: op.Peer, elem: op.Elem, pid: u.pid, costed: op.Cost >= 0}
		if !op.Kind.HasRoot() {
			inst.root = -1
		}
		e.colls[seq] = inst
	} else if inst.kind != op.Kind || (op.Kind.HasRoot() && inst.root != op.Peer) {
		e.fail(fmt.Errorf("collective #%d does not match: process %d calls %s with root %d, process %d calls %s with root %d",
			seq+1, inst.pid, e.where(inst.elem), inst.root, u.pid, e.where(op.Elem), op.Peer))
		return t, false
	} else if inst.costed != (op.Cost >= 0) {
		// A cost replaces the algorithm, so a process with a cost sends no
		// messages to one running the algorithm: both would wait forever.
		with, without := inst.pid, u.pid
		if !inst.costed {
			with, without = without, with
		}
		e.fail(fmt.Errorf("collective #%d does not match: process %d gives %s a cost, process %d gives it none; give every process a cost or none",
			seq+1, with, e.where(op.Elem), without))
		return t, false
	}
	inst.arrived++
	if t > inst.last {
		inst.last = t
	}
	all := inst.arrived == p
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
	simgrid := op.Algo == ir.AlgoSimGrid || op.Kind.IsVector()
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
	if all && e.cfg.SyncCollectives {
		e.releaseWaiters(inst)
	}

	c := e.newCollRun()
	c.inst, c.tag = inst, -2-int32(seq%(1<<30))
	if simgrid {
		counts := e.counts[ui]
		delete(e.counts, ui)
		if !c.planSimGrid(op.Kind, p, u.pid, op.Peer, op.Bytes, counts) {
			e.fail(fmt.Errorf("%s: process %d gives %d sizes for %s over %d processes",
				e.where(op.Elem), u.pid, len(counts), op.Kind, p))
			return t, false
		}
	} else {
		c.plan(op.Kind, op.Algo, p, u.pid, op.Peer, op.Bytes)
	}
	u.extension().coll = c
	u.state = stBlocked
	e.collStep(ui, t)
	return t, false
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
			s, ok := c.next()
			if !ok {
				if len(c.batch) == 0 {
					e.collFinish(ui, t)
					return
				}
				break
			}
			if s.to >= 0 {
				c.batch = append(c.batch, e.postSend(ui, u.pid, s.to, c.tag, s.sendB, ir.NoCost, u.op.Elem, t, true))
			}
			if s.from >= 0 {
				c.batch = append(c.batch, e.postRecv(ui, u.pid, s.from, c.tag, s.recvB, ir.NoCost, u.op.Elem, t, true))
			}
			u = &e.units[ui]
			if !s.more {
				break
			}
		}
		u.waitLeft, u.waitUntil = 0, t
		for _, id := range c.batch {
			e.await(ui, id)
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

// collFinish ends the algorithm for the unit; with SyncCollectives it also
// waits for the last arrival.
func (e *engine) collFinish(ui int32, t float64) {
	u := &e.units[ui]
	inst := u.ext.coll.inst
	e.freeColls = append(e.freeColls, u.ext.coll)
	u.ext.coll = nil
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

// plan prepares the rounds of collective kind for process r of p.
func (c *collRun) plan(kind ir.Kind, algo ir.Algorithm, p, r, root int32, b float64) {
	c.gi, c.ng = 0, 1
	c.g[0] = planGen(kind, algo, p, r, root, b)
	switch {
	case kind == ir.Allreduce && algo == ir.AlgoBinomial:
		// Binomial reduce to 0, then binomial bcast from 0.
		c.g[0] = newGen(genReduce, p, r, 0, b)
		c.g[1] = newGen(genBcast, p, r, 0, b)
		c.ng = 2
	case kind == ir.ReduceScatter:
		// Reduce the whole vector to 0, then scatter its blocks.
		c.g[0] = newGen(genReduce, p, r, 0, b*float64(p))
		c.g[1] = newGen(genScatter, p, r, 0, b)
		c.ng = 2
	}
}

// next returns the unit's next round.
func (c *collRun) next() (step, bool) {
	for c.gi < c.ng {
		if s, ok := c.g[c.gi].next(c.counts); ok {
			return s, true
		}
		c.gi++
	}
	return step{}, false
}

// genKind names a round generator: one per algorithm of section 4 of
// docs/semantics.md, then SimGrid's patterns (coll_simgrid.go).
type genKind uint8

const (
	genNone          genKind = iota
	genDissemination         // barrier
	genBcast                 // binomial bcast
	genScatter               // binomial scatter: bcast with subtree-sized messages
	genReduce                // binomial reduce
	genGather                // binomial gather: reduce with subtree-sized messages
	genRecDoubling           // MPICH recursive doubling allreduce, with the fold for P not a power of two
	genRDAllgather           // recursive doubling allgather (P a power of two)
	genLinearOut             // root sends to every process in rank order
	genLinearIn              // every process sends to the root, received in rank order
	genRing                  // rounds of send right, receive from the left
	genPairwise              // alltoall: round k exchanges with r+k and r-k
	genScan                  // chain: receive from the left, send to the right

	// SimGrid 3.32's patterns (coll_simgrid.go).
	sgBarrier        // barrier__ompi_basic_linear
	sgLinearIn       // gather(v), reduce: everyone sends to the root
	sgLinearOut      // scatter(v): the root sends to everyone
	sgAllPairs       // allgather(v): a send to and a receive from every other process
	sgAlltoallLinear // alltoall__basic_linear
	sgAlltoallv      // ialltoallv
	sgBruck          // alltoall__bruck
	sgPair           // alltoall__pair (P a power of two)
	sgScan           // scan, exscan
	sgAlltoallOMPI   // in the selector only: alltoallOMPI picks one of the three alltoalls
)

// gen yields one process's rounds of one algorithm with O(1) state, in
// exactly the order the algorithm defines (the tests pin the pattern).
// It is a value, not an interface, so that the event-free evaluation
// (collfast.go) keeps one in each process's record without an allocation.
type gen struct {
	kind genKind
	ph   uint8 // phase within the algorithm
	vec  bool  // sizes per process come from the collective's counts (SimGrid's vector patterns)
	p    int32
	r    int32 // the process's rank, relative to the root where there is one
	root int32
	m    int32 // mask or round counter; position within a SimGrid pattern's phase
	a    int32 // algorithm specific: ring rounds, recursive doubling's pof2
	b    float64
}

// planGen makes the generator of a single-algorithm collective (the
// compositions are made by plan).
func planGen(kind ir.Kind, algo ir.Algorithm, p, r, root int32, b float64) gen {
	switch kind {
	case ir.Barrier:
		return newGen(genDissemination, p, r, 0, 0)
	case ir.Bcast:
		if algo == ir.AlgoLinear {
			return newGen(genLinearOut, p, r, root, b)
		}
		return newGen(genBcast, p, r, root, b)
	case ir.Reduce:
		if algo == ir.AlgoLinear {
			return newGen(genLinearIn, p, r, root, b)
		}
		return newGen(genReduce, p, r, root, b)
	case ir.Allreduce:
		if algo == ir.AlgoRing {
			// Reduce-scatter then allgather around a ring, P-1 rounds
			// each of size/P.
			g := newGen(genRing, p, r, 0, b/float64(p))
			g.a = 2 * (p - 1)
			return g
		}
		return newGen(genRecDoubling, p, r, 0, b)
	case ir.Gather:
		if algo == ir.AlgoLinear {
			return newGen(genLinearIn, p, r, root, b)
		}
		return newGen(genGather, p, r, root, b)
	case ir.Scatter:
		if algo == ir.AlgoLinear {
			return newGen(genLinearOut, p, r, root, b)
		}
		return newGen(genScatter, p, r, root, b)
	case ir.Allgather:
		if algo == ir.AlgoRecursiveDoubling && p&(p-1) == 0 {
			return newGen(genRDAllgather, p, r, 0, b)
		}
		g := newGen(genRing, p, r, 0, b)
		g.a = p - 1
		return g
	case ir.Alltoall:
		return newGen(genPairwise, p, r, 0, b)
	case ir.Scan, ir.Exscan:
		return newGen(genScan, p, r, 0, b)
	}
	return gen{kind: genNone}
}

// newGen sets up a generator for process r of p (rooted algorithms store
// the rank relative to root).
func newGen(kind genKind, p, r, root int32, b float64) gen {
	g := gen{kind: kind, p: p, r: r, root: root, b: b, m: 1}
	switch kind {
	case genBcast, genScatter:
		g.r = (r - root + p) % p
		if g.r != 0 {
			// A non-root first receives from its parent across the
			// lowest set bit of its relative rank.
			g.m = g.r & -g.r
		} else {
			// The root starts below the smallest power of two ≥ p.
			for g.m < p {
				g.m <<= 1
			}
			g.ph = 1
		}
	case genReduce, genGather:
		g.r = (r - root + p) % p
	case genRecDoubling:
		g.a = 1
		for g.a*2 <= p {
			g.a *= 2
		}
	case genLinearOut, genLinearIn:
		g.m = 0
	case genRing:
		g.m = 0
	}
	return g
}

// next returns the generator's next round, false when it has no more.
// counts are the collective's sizes, read only by SimGrid's vector
// patterns (vec set).
func (g *gen) next(counts []float64) (step, bool) {
	p, r, b := g.p, g.r, g.b
	switch g.kind {
	case genDissemination:
		// Round k: signal r+2^k, hear from r-2^k.
		if g.m >= p {
			return step{}, false
		}
		m := g.m
		g.m <<= 1
		return step{to: (r + m) % p, from: (r - m + p) % p}, true

	case genBcast, genScatter:
		// Receive from the parent, then send to the children, farthest first.
		if g.ph == 0 {
			g.ph = 1
			recvB := b
			if g.kind == genScatter {
				recvB = b * float64(min(g.m, p-r))
			}
			return step{to: -1, from: (r - g.m + g.root) % p, recvB: recvB}, true
		}
		for g.m > 0 {
			g.m >>= 1
			if c := r + g.m; g.m > 0 && c < p {
				sendB := b
				if g.kind == genScatter {
					sendB = b * float64(min(g.m, p-c))
				}
				return step{to: (c + g.root) % p, from: -1, sendB: sendB}, true
			}
		}
		return step{}, false

	case genReduce, genGather:
		// Receive from the children, nearest first, then send to the parent.
		for g.ph == 0 && g.m < p {
			m := g.m
			if r&m != 0 {
				g.ph = 1
				sendB := b
				if g.kind == genGather {
					sendB = b * float64(min(m, p-r))
				}
				return step{to: (r - m + g.root) % p, from: -1, sendB: sendB}, true
			}
			g.m <<= 1
			if c := r + m; c < p {
				recvB := b
				if g.kind == genGather {
					recvB = b * float64(min(m, p-c))
				}
				return step{to: -1, from: (c + g.root) % p, recvB: recvB}, true
			}
		}
		return step{}, false

	case genRecDoubling:
		// Ranks beyond the largest power of two first fold into a
		// partner, the power-of-two group exchanges in log2 rounds, then
		// the folded ranks get the result.
		pof2 := g.a
		rem := p - pof2
		for {
			switch g.ph {
			case 0:
				g.ph = 1
				if r < 2*rem {
					if r%2 == 0 {
						return step{to: r + 1, from: -1, sendB: b}, true
					}
					return step{to: -1, from: r - 1, recvB: b}, true
				}
			case 1:
				newrank := r - rem
				if r < 2*rem {
					newrank = -1
					if r%2 != 0 {
						newrank = r / 2
					}
				}
				if newrank >= 0 && g.m < pof2 {
					nd := newrank ^ g.m
					g.m <<= 1
					dst := nd + rem
					if nd < rem {
						dst = nd*2 + 1
					}
					return step{to: dst, from: dst, sendB: b, recvB: b}, true
				}
				g.ph = 2
			case 2:
				g.ph = 3
				if r < 2*rem {
					if r%2 == 1 {
						return step{to: r - 1, from: -1, sendB: b}, true
					}
					return step{to: -1, from: r + 1, recvB: b}, true
				}
			default:
				return step{}, false
			}
		}

	case genRDAllgather:
		if g.m >= p {
			return step{}, false
		}
		m := g.m
		g.m <<= 1
		return step{to: r ^ m, from: r ^ m, sendB: b * float64(m), recvB: b * float64(m)}, true

	case genLinearOut, genLinearIn:
		out := g.kind == genLinearOut
		if r != g.root {
			if g.ph != 0 {
				return step{}, false
			}
			g.ph = 1
			if out {
				return step{to: -1, from: g.root, recvB: b}, true
			}
			return step{to: g.root, from: -1, sendB: b}, true
		}
		for g.m < p {
			i := g.m
			g.m++
			if i == g.root {
				continue
			}
			if out {
				return step{to: i, from: -1, sendB: b}, true
			}
			return step{to: -1, from: i, recvB: b}, true
		}
		return step{}, false

	case genRing:
		// Every round passes a block to the right neighbour and takes one
		// from the left.
		if g.m >= g.a {
			return step{}, false
		}
		g.m++
		return step{to: (r + 1) % p, from: (r - 1 + p) % p, sendB: b, recvB: b}, true

	case genPairwise:
		if g.m >= p {
			return step{}, false
		}
		k := g.m
		g.m++
		return step{to: (r + k) % p, from: (r - k + p) % p, sendB: b, recvB: b}, true

	case genScan:
		// A chain: receive the prefix from the left, pass it right.
		for {
			switch g.ph {
			case 0:
				g.ph = 1
				if r > 0 {
					return step{to: -1, from: r - 1, recvB: b}, true
				}
			case 1:
				g.ph = 2
				if r < p-1 {
					return step{to: r + 1, from: -1, sendB: b}, true
				}
			default:
				return step{}, false
			}
		}
	}
	if g.kind >= sgBarrier {
		return g.nextSimGrid(counts)
	}
	return step{}, false
}
