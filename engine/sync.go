package engine

import "fmt"

// syncState is one process's instance of a synchronisation object
// (ir.SyncObject): its tokens and the units blocked in a Take, by
// priority, then arrival.
type syncState struct {
	avail   int64
	waiters []int32
}

// syncObj returns the process's instance of object op.Obj, made with the
// object's initial tokens on first use.
func (e *engine) syncObj(ui int32) (*syncState, error) {
	u := &e.units[ui]
	if u.op.Obj < 0 || int(u.op.Obj) >= len(e.prog.Sync) {
		return nil, fmt.Errorf("%s: synchronisation object %d does not exist (the program has %d)", e.where(u.op.Elem), u.op.Obj, len(e.prog.Sync))
	}
	k := lockKey{u.pid, u.op.Obj}
	s := e.syncs[k]
	if s == nil {
		s = &syncState{avail: int64(e.prog.Sync[u.op.Obj].Init)}
		e.syncs[k] = s
	}
	return s, nil
}

// post makes op.Count tokens and hands them to the blocked takers, best
// priority first; it never blocks.
func (e *engine) post(ui int32, t float64) (float64, bool) {
	s, err := e.syncObj(ui)
	if err != nil {
		e.fail(err)
		return t, false
	}
	if c := e.units[ui].op.Count; c < 1 {
		e.fail(fmt.Errorf("%s: a post makes %d tokens; it must make at least 1", e.where(e.units[ui].op.Elem), c))
		return t, false
	}
	s.avail += int64(e.units[ui].op.Count)
	for s.avail > 0 && len(s.waiters) > 0 {
		w := s.waiters[0]
		s.waiters = s.waiters[1:]
		s.avail--
		e.wakeAt(w, t)
	}
	e.account(ui, t, t)
	return t, true
}

// take takes a token, or blocks until a post makes one.
func (e *engine) take(ui int32, t float64) (float64, bool) {
	s, err := e.syncObj(ui)
	if err != nil {
		e.fail(err)
		return t, false
	}
	if s.avail > 0 {
		s.avail--
		e.account(ui, t, t)
		return t, true
	}
	// Queue by priority, then arrival: behind every waiter of at least
	// the unit's priority.
	p := e.units[ui].prio
	k := len(s.waiters)
	s.waiters = append(s.waiters, ui)
	for k > 0 && e.units[s.waiters[k-1]].prio < p {
		s.waiters[k] = s.waiters[k-1]
		k--
	}
	s.waiters[k] = ui
	e.units[ui].state = stBlocked
	return t, false
}

// describeTake says what a unit blocked in a Take waits for.
func (e *engine) describeTake(u *unit) string {
	name := fmt.Sprintf("object %d", u.op.Obj)
	if u.op.Obj >= 0 && int(u.op.Obj) < len(e.prog.Sync) && e.prog.Sync[u.op.Obj].Name != "" {
		name = e.prog.Sync[u.op.Obj].Name
	}
	waiting := 0
	if s := e.syncs[lockKey{u.pid, u.op.Obj}]; s != nil {
		waiting = len(s.waiters)
	}
	return fmt.Sprintf("a post of %s from any thread of process %d (%d unit(s) wait for one)", name, u.pid, waiting)
}
