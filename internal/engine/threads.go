package engine

import (
	"augur/internal/ir"
)

// lockKey names a lock or thread barrier of one process.
// threads is the engine's part for threads and their synchronisation:
// forks, locks and thread barriers (this file), and the synchronisation
// objects of thread traces with their matching policies (sync.go).
type threads struct {
	e     *engine
	locks map[lockKey]*lockState
	tbars map[lockKey]*tbarState
	// syncs holds, per process that uses one, its instances of the
	// synchronisation objects, by object (sync.go).
	syncs [][]*syncState
	// syncSeq numbers the tokens of MatchToken objects in the order they
	// are made (sync.go).
	syncSeq int64
	// alts holds the tokens of a fetched TakeFirst until it has taken one.
	alts map[int32][]ir.Token
}

type lockKey struct{ pid, id int32 }

type lockState struct {
	owner int32 // unit holding it, -1 if free
	queue []int32
}

type tbarState struct {
	count   int32
	waiters []int32
}

// fork starts the op's Spawn streams as threads 1..n of the unit's process
// (op.Count..op.Count+n-1 if op.Count > 0), on its node, at time t.
func (th *threads) fork(ui int32, t float64) {
	e := th.e
	spawn := e.spawns[ui]
	delete(e.spawns, ui)
	first := max(e.units[ui].op.Count, 1)
	for i, s := range spawn {
		parent := &e.units[ui]
		nu := unit{stream: s, pid: parent.pid, tid: first + int32(i), node: parent.node, ext: &unitExt{parent: ui}}
		st := UnitStats{Pid: nu.pid, Tid: nu.tid, Node: nu.node}
		if b, ok := s.(ir.Binder); ok {
			b.Bind(nu.pid+int32(e.cfg.Procs)*nu.tid, nu.node)
		}
		parent.extension().children++
		e.cpus.nodes[nu.node].live++
		// Reuse the slot of a thread that ended: a program that opens a
		// parallel region in every iteration keeps a bounded set of units.
		var id int32
		if n := len(e.freeUnits); n > 0 {
			id = e.freeUnits[n-1]
			e.freeUnits = e.freeUnits[:n-1]
			e.units[id] = nu
			e.acct.stats[id] = st
		} else {
			id = int32(len(e.units))
			e.units = append(e.units, nu)
			e.acct.stats = append(e.acct.stats, st)
		}
		if e.prog.Semantics.HoldCPU {
			e.hold.startHolding(id, t)
			continue
		}
		e.q.Push(t, id, uint8(evIssue), -1)
	}
}

// lock acquires the lock op.lock() of the unit's process, or queues for it.
func (th *threads) lock(ui int32, t float64) (float64, bool) {
	e := th.e
	u := &e.units[ui]
	k := lockKey{u.pid, u.op.lock()}
	l := th.locks[k]
	if l == nil {
		l = &lockState{owner: -1}
		th.locks[k] = l
	}
	if l.owner < 0 {
		l.owner = ui
		e.acct.account(ui, t, t)
		return t, true
	}
	l.queue = append(l.queue, ui)
	u.state = stBlocked
	return t, false
}

// unlock releases the lock and hands it to the first waiting thread.
func (th *threads) unlock(ui int32, t float64) {
	e := th.e
	u := &e.units[ui]
	l := th.locks[lockKey{u.pid, u.op.lock()}]
	if l == nil || l.owner != ui {
		return // unlocking a lock one does not hold is a no-op, as for an unlocked mutex in a model
	}
	if len(l.queue) == 0 {
		l.owner = -1
		return
	}
	next := l.queue[0]
	l.queue = l.queue[1:]
	l.owner = next
	e.wakeAt(next, t)
}

// threadBarrier waits until op.Count threads of the process have arrived
// at the barrier of region op.region().
func (th *threads) threadBarrier(ui int32, t float64) (float64, bool) {
	e := th.e
	u := &e.units[ui]
	k := lockKey{u.pid, u.op.region()}
	b := th.tbars[k]
	if b == nil {
		b = &tbarState{}
		th.tbars[k] = b
	}
	b.count++
	if b.count < u.op.Count {
		b.waiters = append(b.waiters, ui)
		u.state = stBlocked
		return t, false
	}
	delete(th.tbars, k)
	for _, w := range b.waiters {
		e.wakeAt(w, t)
	}
	e.acct.account(ui, t, t)
	return t, true
}
