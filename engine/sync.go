package engine

import (
	"fmt"

	"augur/ir"
)

// syncState is one process's instance of a synchronisation object
// (ir.SyncObject). Under ir.MatchAny it counts its tokens and queues the
// units blocked in a take by priority, then arrival; under ir.MatchToken
// it knows which tokens have been made and which unit waits for each.
type syncState struct {
	match   ir.Match
	avail   int64
	waiters []int32
	made    []bool          // MatchToken: per token, made yet
	want    map[int32]int32 // MatchToken: token -> the unit blocked taking it
	// Blocked handoffs: MatchAny in arrival order; MatchToken by token.
	senders []int32
	handoff map[int32]int32
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
		o := &e.prog.Sync[u.op.Obj]
		s = &syncState{match: o.Match}
		if o.Match == ir.MatchToken {
			s.made = make([]bool, o.Init)
			for i := range s.made {
				s.made[i] = true
			}
			s.want = make(map[int32]int32)
			s.handoff = make(map[int32]int32)
		} else {
			s.avail = int64(o.Init)
		}
		e.syncs[k] = s
	}
	return s, nil
}

// post makes op.Count tokens (numbered from op.Tag) and hands them to the
// units blocked taking them; it never blocks.
func (e *engine) post(ui int32, t float64) (float64, bool) {
	s, err := e.syncObj(ui)
	if err != nil {
		e.fail(err)
		return t, false
	}
	op := &e.units[ui].op
	if op.Count < 1 {
		e.fail(fmt.Errorf("%s: a post makes %d tokens; it must make at least 1", e.where(op.Elem), op.Count))
		return t, false
	}
	if s.match == ir.MatchToken {
		if op.Tag < 0 {
			e.fail(fmt.Errorf("%s: a post of token %d; tokens are numbered from 0", e.where(op.Elem), op.Tag))
			return t, false
		}
		for k := op.Tag; k < op.Tag+op.Count; k++ {
			for int(k) >= len(s.made) {
				s.made = append(s.made, false)
			}
			s.made[k] = true
			if w, ok := s.want[k]; ok {
				delete(s.want, k)
				e.wakeAt(w, t)
			}
		}
		e.account(ui, t, t)
		return t, true
	}
	s.avail += int64(op.Count)
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
	u := &e.units[ui]
	if s.match == ir.MatchToken {
		k := u.op.Tag
		if k < 0 {
			e.fail(fmt.Errorf("%s: a take of token %d; tokens are numbered from 0", e.where(u.op.Elem), k))
			return t, false
		}
		if int(k) < len(s.made) && s.made[k] {
			if snd, ok := s.handoff[k]; ok {
				delete(s.handoff, k)
				e.wakeAt(snd, t)
			}
			e.account(ui, t, t)
			return t, true
		}
		if w, ok := s.want[k]; ok {
			o := &e.units[w]
			e.fail(fmt.Errorf("%s: process %d thread %d takes token %d, which process %d thread %d already waits for", e.where(u.op.Elem), u.pid, u.tid, k, o.pid, o.tid))
			return t, false
		}
		s.want[k] = ui
		u.state = stBlocked
		return t, false
	}
	if len(s.senders) > 0 {
		snd := s.senders[0]
		s.senders = s.senders[1:]
		e.wakeAt(snd, t)
		e.account(ui, t, t)
		return t, true
	}
	if s.avail > 0 {
		s.avail--
		e.account(ui, t, t)
		return t, true
	}
	// Queue by priority, then arrival: behind every waiter of at least
	// the unit's priority.
	p := u.prio
	k := len(s.waiters)
	s.waiters = append(s.waiters, ui)
	for k > 0 && e.units[s.waiters[k-1]].prio < p {
		s.waiters[k] = s.waiters[k-1]
		k--
	}
	s.waiters[k] = ui
	u.state = stBlocked
	return t, false
}

// describeTake says what a unit blocked in a Take waits for.
func (e *engine) describeTake(u *unit) string {
	name := fmt.Sprintf("object %d", u.op.Obj)
	if u.op.Obj >= 0 && int(u.op.Obj) < len(e.prog.Sync) && e.prog.Sync[u.op.Obj].Name != "" {
		name = e.prog.Sync[u.op.Obj].Name
	}
	s := e.syncs[lockKey{u.pid, u.op.Obj}]
	if s != nil && s.match == ir.MatchToken {
		return fmt.Sprintf("token %d of %s (the one it took in the recording), which no thread of process %d has posted", u.op.Tag, name, u.pid)
	}
	waiting := 0
	if s != nil {
		waiting = len(s.waiters)
	}
	return fmt.Sprintf("a post of %s from any thread of process %d (%d unit(s) wait for one)", name, u.pid, waiting)
}

// handoff makes token op.Tag for a take and waits until one has taken it.
func (e *engine) handoff(ui int32, t float64) (float64, bool) {
	s, err := e.syncObj(ui)
	if err != nil {
		e.fail(err)
		return t, false
	}
	u := &e.units[ui]
	if s.match == ir.MatchToken {
		k := u.op.Tag
		if k < 0 {
			e.fail(fmt.Errorf("%s: a handoff of token %d; tokens are numbered from 0", e.where(u.op.Elem), k))
			return t, false
		}
		for int(k) >= len(s.made) {
			s.made = append(s.made, false)
		}
		s.made[k] = true
		if w, ok := s.want[k]; ok {
			delete(s.want, k)
			e.wakeAt(w, t)
			e.account(ui, t, t)
			return t, true
		}
		s.handoff[k] = ui
		u.state = stBlocked
		return t, false
	}
	if len(s.waiters) > 0 {
		w := s.waiters[0]
		s.waiters = s.waiters[1:]
		e.wakeAt(w, t)
		e.account(ui, t, t)
		return t, true
	}
	s.senders = append(s.senders, ui)
	u.state = stBlocked
	return t, false
}

// describeHandoff says what a unit blocked in a Handoff waits for.
func (e *engine) describeHandoff(u *unit) string {
	name := fmt.Sprintf("object %d", u.op.Obj)
	if u.op.Obj >= 0 && int(u.op.Obj) < len(e.prog.Sync) && e.prog.Sync[u.op.Obj].Name != "" {
		name = e.prog.Sync[u.op.Obj].Name
	}
	return fmt.Sprintf("a take of %s (token %d) by a thread of process %d", name, u.op.Tag, u.pid)
}
