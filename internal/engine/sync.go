package engine

import (
	"fmt"
	"math"
	"strings"

	"augur/internal/ir"
)

// syncState is one process's instance of a synchronisation object
// (ir.SyncObject). Under ir.MatchAny it counts its tokens and queues the
// units blocked in a take by priority, then arrival; under ir.MatchToken
// it knows which tokens have been made (in what order, for an object
// whose tokens a TakeFirst may name) and which unit waits for which.
type syncState struct {
	match ir.Match
	// holder is the thread id of the unit that took its last token, -1
	// once a post came after (a mutex's holder), for deadlock reports.
	holder  int32
	avail   int64
	waiters []int32
	// made: MatchToken, a bit per token (numbered from 0, as made): made
	// already. A bit, not a word: a recording's mutex makes hundreds of
	// thousands of tokens, and tables of that size are new memory in
	// every run (Strict Sequence's per-token tables of 2 MB cost augur
	// simulate 525 page faults, 7 ms of its 43, docs/internals.md §8).
	made []uint64
	// order: MatchToken with ir.SyncObject.Ordered, per token its number
	// in the order tokens were made (threads.syncSeq; an object's initial
	// tokens come before all others), 0 if not made yet.
	order []int64
	// wants: MatchToken, the units blocked taking a token of the object
	// (a unit waits for one token, a TakeFirst for a few: a short list).
	wants []tokenUnit
	// Blocked handoffs: MatchAny in arrival order (senders); MatchToken
	// by token (handoffs).
	senders  []int32
	handoffs []tokenUnit
}

// tokenUnit pairs a token with a unit waiting on it.
type tokenUnit struct{ tok, unit int32 }

// isMade reports whether token k has been made.
func (s *syncState) isMade(k int32) bool {
	w := int(k >> 6)
	return w < len(s.made) && s.made[w]&(1<<(k&63)) != 0
}

// setMade notes token k as made, the seq-th token made in the run,
// growing the tables if need be.
func (s *syncState) setMade(k int32, seq int64) {
	w := int(k >> 6)
	if w >= len(s.made) {
		s.made = grow(s.made, w+1)
	}
	s.made[w] |= 1 << (k & 63)
	if s.order != nil {
		if int(k) >= len(s.order) {
			s.order = grow(s.order, int(k)+1)
		}
		s.order[k] = seq
	}
}

// find is the index in l of token k's unit, -1 if none.
func find(l []tokenUnit, k int32) int {
	for i := range l {
		if l[i].tok == k {
			return i
		}
	}
	return -1
}

// drop removes l[i], the last taking its place.
func drop(l []tokenUnit, i int) []tokenUnit {
	l[i] = l[len(l)-1]
	return l[:len(l)-1]
}

// grow lengthens s to n, the new elements zero, doubling its capacity
// when it must move.
func grow[T any](s []T, n int) []T {
	if n > cap(s) {
		t := make([]T, len(s), max(n, 2*cap(s)))
		copy(t, s)
		s = t
	}
	var zero T
	for i := len(s); i < n; i++ {
		s = append(s, zero)
	}
	return s
}

// syncObj returns the unit's process's instance of object obj, made with
// the object's initial tokens on first use; nil, with the run failed, for
// an object the program does not have.
func (th *threads) syncObj(u *unit, ui, obj int32) *syncState {
	if int(u.pid) < len(th.syncs) {
		if tab := th.syncs[u.pid]; uint32(obj) < uint32(len(tab)) {
			if s := tab[obj]; s != nil {
				return s // made already: every operation but the first
			}
		}
	}
	return th.makeSyncObj(ui, obj)
}

// makeSyncObj is syncObj for an object not made yet.
func (th *threads) makeSyncObj(ui, obj int32) *syncState {
	e := th.e
	u := &e.units[ui]
	if obj < 0 || int(obj) >= len(e.prog.Sync) {
		e.failAt(u.op.Elem, fmt.Errorf("%s: synchronisation object %d does not exist (the program has %d)", e.name(u.op.Elem), obj, len(e.prog.Sync)))
		return nil
	}
	if th.syncs == nil {
		th.syncs = make([][]*syncState, e.cfg.Procs)
	}
	tab := th.syncs[u.pid]
	if tab == nil {
		tab = make([]*syncState, len(e.prog.Sync))
		th.syncs[u.pid] = tab
	}
	s := tab[obj]
	if s == nil {
		o := &e.prog.Sync[obj]
		s = &syncState{match: o.Match, holder: -1}
		if o.Match == ir.MatchToken {
			// At their whole size when the program says how many
			// tokens it makes (no test per token for room).
			n := max(o.Init, o.Tokens)
			s.made = make([]uint64, (n+63)/64)
			if o.Ordered {
				s.order = make([]int64, n)
			}
			// Initial tokens by object, then token, before any made in
			// the run (whose numbers start at 1).
			for i := range o.Init {
				s.setMade(i, math.MinInt64/2+int64(obj)<<32+int64(i))
			}
		} else {
			s.avail = int64(o.Init)
		}
		tab[obj] = s
	}
	return s
}

// syncOf is process pid's instance of object obj, nil if not made yet.
func (th *threads) syncOf(pid, obj int32) *syncState {
	if int(pid) >= len(th.syncs) || obj < 0 || int(obj) >= len(th.syncs[pid]) {
		return nil
	}
	return th.syncs[pid][obj]
}

// checkToken fails the run for a token number below 0.
func (th *threads) checkToken(ui, k int32, what string) bool {
	return k >= 0 || th.badToken(ui, k, what)
}

// badToken fails the run for checkToken.
func (th *threads) badToken(ui, k int32, what string) bool {
	e := th.e
	e.failAt(e.units[ui].op.Elem, fmt.Errorf("%s: a %s of token %d; tokens are numbered from 0", e.name(e.units[ui].op.Elem), what, k))
	return false
}

// makeToken notes token k of object obj (state s) as made now and wakes
// the unit blocked taking it, if any; true if there was one.
func (th *threads) makeToken(s *syncState, obj, k int32, t float64) bool {
	th.syncSeq++
	s.setMade(k, th.syncSeq)
	i := find(s.wants, k)
	if i < 0 {
		return false
	}
	th.wakeTaker(s, i, obj, k, t)
	return true
}

// post makes op.Count tokens (numbered from op.Tag) and hands them to the
// units blocked taking them; it never blocks.
func (th *threads) post(ui int32, t float64) (float64, bool) {
	e := th.e
	u := &e.units[ui]
	op := &u.op
	s := th.syncObj(u, ui, op.sync())
	if s == nil {
		return t, false
	}
	if op.Count < 1 {
		e.failAt(op.Elem, fmt.Errorf("%s: a post makes %d tokens; it must make at least 1", e.name(op.Elem), op.Count))
		return t, false
	}
	if s.match == ir.MatchToken {
		if !th.checkToken(ui, op.Tag, "post") {
			return t, false
		}
		for k := op.Tag; k < op.Tag+op.Count; k++ {
			th.makeToken(s, op.sync(), k, t)
		}
		e.acct.accountNow(ui, t)
		return t, true
	}
	s.avail += int64(op.Count)
	s.holder = -1
	for s.avail > 0 && len(s.waiters) > 0 {
		w := s.waiters[0]
		s.waiters = s.waiters[1:]
		s.avail--
		s.holder = e.units[w].tid
		e.wakeAt(w, t)
	}
	e.acct.accountNow(ui, t)
	return t, true
}

// take takes a token, or blocks until a post makes one.
func (th *threads) take(ui int32, t float64) (float64, bool) {
	e := th.e
	u := &e.units[ui]
	s := th.syncObj(u, ui, u.op.sync())
	if s == nil {
		return t, false
	}
	if s.match == ir.MatchToken {
		k := u.op.Tag
		if !th.checkToken(ui, k, "take") {
			return t, false
		}
		if th.takeMade(s, k, t) {
			e.acct.accountNow(ui, t)
			return t, true
		}
		if !th.want(ui, s, k) {
			return t, false
		}
		u.state = stBlocked
		return t, false
	}
	if len(s.senders) > 0 {
		snd := s.senders[0]
		s.senders = s.senders[1:]
		e.wakeAt(snd, t)
		e.acct.accountNow(ui, t)
		return t, true
	}
	if s.avail > 0 {
		s.avail--
		s.holder = u.tid
		e.acct.accountNow(ui, t)
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

// takeMade takes token k of a MatchToken object if it has been made,
// releasing the handoff that made it; false if it has not.
func (th *threads) takeMade(s *syncState, k int32, t float64) bool {
	e := th.e
	if !s.isMade(k) {
		return false
	}
	if i := find(s.handoffs, k); i >= 0 {
		snd := s.handoffs[i].unit
		s.handoffs = drop(s.handoffs, i)
		e.wakeAt(snd, t)
	}
	return true
}

// want registers the unit as the taker of token k, which is not made yet.
func (th *threads) want(ui int32, s *syncState, k int32) bool {
	e := th.e
	switch i := find(s.wants, k); {
	case i < 0:
		s.wants = append(s.wants, tokenUnit{k, ui})
	case s.wants[i].unit != ui:
		u, o := &e.units[ui], &e.units[s.wants[i].unit]
		e.failAt(u.op.Elem, fmt.Errorf("%s: process %d thread %d takes token %d, which process %d thread %d already waits for", e.name(u.op.Elem), u.pid, u.tid, k, o.pid, o.tid))
		return false
	}
	return true
}

// wakeTaker completes the take of token (obj, k) (of object state s)
// that the unit of s.wants[i] is blocked in: a Take, or a TakeFirst,
// whose other tokens it then no longer waits for and whose stream learns
// which it took.
func (th *threads) wakeTaker(s *syncState, i int, obj, k int32, t float64) {
	e := th.e
	w := s.wants[i].unit
	if e.units[w].op.Kind != ir.TakeFirst {
		s.wants = drop(s.wants, i)
		e.wakeAt(w, t)
		return
	}
	alts := th.alts[w]
	delete(th.alts, w)
	chose := -1
	for j, a := range alts {
		if s := th.syncOf(e.units[w].pid, a.Obj); s != nil {
			if i := find(s.wants, a.Tag); i >= 0 && s.wants[i].unit == w {
				s.wants = drop(s.wants, i)
			}
		}
		if a.Obj == obj && a.Tag == k {
			chose = j
		}
	}
	e.units[w].stream.(ir.Chooser).Chose(chose)
	e.wakeAt(w, t)
}

// takeFirst takes, of the op's alternative tokens, the one made first, or
// blocks until one is made.
func (th *threads) takeFirst(ui int32, t float64) (float64, bool) {
	e := th.e
	u := &e.units[ui]
	ch, ok := u.stream.(ir.Chooser)
	if !ok {
		e.failAt(u.op.Elem, fmt.Errorf("%s: a take of the first of several tokens from a stream that cannot be told which (not an ir.Chooser)", e.name(u.op.Elem)))
		return t, false
	}
	alts := ch.Alternatives()
	th.alts[ui] = alts
	states := make([]*syncState, len(alts))
	best := -1
	for j, a := range alts {
		s := th.syncObj(&e.units[ui], ui, a.Obj)
		if s == nil {
			return t, false
		}
		switch {
		case s.match != ir.MatchToken:
			e.failAt(u.op.Elem, fmt.Errorf("%s: a take of the first of several tokens of %s, whose tokens are interchangeable (not MatchToken)", e.name(u.op.Elem), e.prog.Sync[a.Obj].Name))
			return t, false
		case s.order == nil:
			e.failAt(u.op.Elem, fmt.Errorf("%s: a take of the first of several tokens of %s, which does not keep the order its tokens are made in (not Ordered)", e.name(u.op.Elem), e.prog.Sync[a.Obj].Name))
			return t, false
		}
		if !th.checkToken(ui, a.Tag, "take") {
			return t, false
		}
		states[j] = s
		if s.isMade(a.Tag) && (best < 0 || s.order[a.Tag] < states[best].order[alts[best].Tag]) {
			best = j
		}
	}
	if best >= 0 {
		delete(th.alts, ui)
		th.takeMade(states[best], alts[best].Tag, t)
		ch.Chose(best)
		e.acct.accountNow(ui, t)
		return t, true
	}
	if len(alts) == 0 {
		e.failAt(u.op.Elem, fmt.Errorf("%s: a take of the first of no tokens", e.name(u.op.Elem)))
		return t, false
	}
	for j, a := range alts {
		if !th.want(ui, states[j], a.Tag) {
			return t, false
		}
	}
	u.state = stBlocked
	return t, false
}

// handoff makes token op.Tag for a take and waits until one has taken it.
func (th *threads) handoff(ui int32, t float64) (float64, bool) {
	e := th.e
	u := &e.units[ui]
	s := th.syncObj(u, ui, u.op.sync())
	if s == nil {
		return t, false
	}
	if s.match == ir.MatchToken {
		k := u.op.Tag
		if !th.checkToken(ui, k, "handoff") {
			return t, false
		}
		if th.makeToken(s, u.op.sync(), k, t) {
			e.acct.accountNow(ui, t)
			return t, true
		}
		if i := find(s.handoffs, k); i >= 0 {
			s.handoffs[i].unit = ui // a second handoff of the token: it is the one a take releases
		} else {
			s.handoffs = append(s.handoffs, tokenUnit{k, ui})
		}
		u.state = stBlocked
		return t, false
	}
	if len(s.waiters) > 0 {
		w := s.waiters[0]
		s.waiters = s.waiters[1:]
		e.wakeAt(w, t)
		e.acct.accountNow(ui, t)
		return t, true
	}
	s.senders = append(s.senders, ui)
	u.state = stBlocked
	return t, false
}

// syncName names object obj for reports.
func (th *threads) syncName(obj int32) string {
	e := th.e
	if obj >= 0 && int(obj) < len(e.prog.Sync) && e.prog.Sync[obj].Name != "" {
		return e.prog.Sync[obj].Name
	}
	return fmt.Sprintf("object %d", obj)
}

// describeTake says what a unit blocked in a Take waits for.
func (th *threads) describeTake(u *unit) string {
	name := th.syncName(u.op.sync())
	s := th.syncOf(u.pid, u.op.sync())
	if s != nil && s.match == ir.MatchToken {
		return fmt.Sprintf("token %d of %s (the one it took in the recording), which no thread of process %d has posted", u.op.Tag, name, u.pid)
	}
	waiting := 0
	if s != nil {
		waiting = len(s.waiters)
	}
	return fmt.Sprintf("a post of %s from any thread of process %d (%d unit(s) wait for one)", name, u.pid, waiting)
}

// describeHandoff says what a unit blocked in a Handoff waits for.
func (th *threads) describeHandoff(u *unit) string {
	return fmt.Sprintf("a take of %s (token %d) by a thread of process %d", th.syncName(u.op.sync()), u.op.Tag, u.pid)
}

// describeTakeFirst says what a unit blocked in a TakeFirst waits for.
func (th *threads) describeTakeFirst(ui int32) string {
	var alts []string
	for _, a := range th.alts[ui] {
		alts = append(alts, fmt.Sprintf("token %d of %s", a.Tag, th.syncName(a.Obj)))
	}
	return "the first post of " + strings.Join(alts, " or ")
}
