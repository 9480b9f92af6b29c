package flow

import (
	"math"

	"augur/internal/base/des"
)

// Single-bottleneck groups: max-min sharing in O(log n) per flow event.
//
// A full solve (netSolve) costs time in proportion to the flows connected
// to a change. When many flows share one saturated link (a limited
// backbone, the root's link in a linear reduce) and their ends and starts
// are spread in time, every end re-solves all of them: O(n²) for n flows.
//
// Often such a solve ends after one round with a single saturated link L
// that every flow of the component crosses, every other constraint (other
// links, the flows' bounds and fat pipes) being looser. Then every flow's
// value is weight·λ with λ = capacity(L) / Σ coef·weight, and as long as
// that stays true a flow joining or leaving only changes λ. The component
// becomes a group: a level clock Λ advances at λ per second, member f ends
// when Λ reaches its virtual finish vfin = Λ(join) + remain/(weight·factor),
// and only the member with the smallest vfin (the head) has a pending
// event. A join or a leave updates Σ and λ in O(1), the group's member
// queue (a des.Queue keyed on vfin) in O(log n).
//
// The group keeps limit, a lower bound on the level at which any other
// constraint would bind: set by the full solve, lowered by joins (which
// add load to links), never raised (leaves only loosen constraints). While
// λ stays below limit·(1-groupMargin) the full solve would give exactly
// the group's answer (L alone saturated, all in one round); when it does
// not, the group is dissolved and the component solved in full, which may
// form a new group.
//
// Members are exactly the active flows on L: a group is a closed
// component, since every flow starting on one of its links either joins
// it or triggers a full solve that dissolves it.

// groupMargin keeps a group's λ safely below every other constraint, well
// outside the full solve's own tolerance (1e-12), so both agree on which
// link saturates.
const groupMargin = 1e-9

// memberKind is the kind of the entries of a group's member queue, which
// holds nothing else.
const memberKind uint8 = 0

type flowGroup struct {
	link   int32   // L: the saturated link every member crosses
	lambda float64 // members' common level: value = weight·λ
	clock  float64 // Λ at time at
	at     float64
	used   float64 // Σ coef_L·weight over the members
	limit  float64 // level below which no other constraint binds
	// members: one entry per member at its virtual finish (Time: vfin,
	// Target: flow), equal levels in joining order.
	members des.Queue
	head    int32   // the member with the pending event, -1 none
	headDue float64 // when the head's event is due
	// dueLevel: members whose virtual finish is at most this level end
	// at instant dueAt, with the member that ended first (the level the
	// group reaches at the net's horizon, at the rate before anyone
	// left: SimGrid ends every flow due within precision/timing of the
	// instant, at the dates it gave them before).
	dueAt, dueLevel float64
}

// levelNow brings the group's clock to the current time.
func (n *Net) levelNow(g *flowGroup) {
	if now := n.now; now != g.at {
		g.clock += g.lambda * (now - g.at)
		g.at = now
	}
}

// coefOn returns the consumption of flow f on link l (0 if it does not
// cross it).
func coefOn(f *flow, l int32) float64 {
	for i, x := range f.links {
		if x == l {
			return f.coef[i]
		}
	}
	return 0
}

// formGroup makes the component just solved (one round) a group if a
// single saturated link explains every flow's value; false leaves it to
// the per-flow completions.
func (n *Net) formGroup(flows, links []int32) bool {
	if !n.useGroups || len(flows) < 2 {
		return false
	}
	// The tightest link and the next constraint.
	best, second := math.Inf(1), math.Inf(1)
	L := int32(-1)
	for _, l := range links {
		lk := &n.links[l]
		if lk.fatpipe || lk.used <= 0 {
			continue
		}
		r := lk.capacity / lk.used
		switch {
		case r < best:
			best, second, L = r, best, l
		case r < second:
			second = r
		}
	}
	if L < 0 || math.IsInf(best, 0) || !(best > 0) {
		return false
	}
	limit := second
	for _, id := range flows {
		f := &n.flows[id]
		if !(f.factor > 0) {
			return false // never progresses: left to the full solver's starvation
		}
		crosses := false
		limit = math.Min(limit, f.bound/f.weight)
		for i, l := range f.links {
			lk := &n.links[l]
			if l == L {
				crosses = true
			} else if lk.fatpipe {
				limit = math.Min(limit, lk.capacity/f.coef[i]/f.weight)
			}
		}
		if !crosses {
			return false
		}
	}
	if !(best < limit*(1-groupMargin)) {
		return false
	}
	gi := n.newGroup()
	g := &n.groups[gi]
	n.links[L].tight = true // full while the group lasts
	g.link, g.used, g.lambda, g.limit = L, n.links[L].used, best, limit
	g.clock, g.at, g.dueAt = 0, n.now, -1
	for _, id := range flows {
		f := &n.flows[id]
		f.grp = gi
		f.vfin = math.Max(f.remain, 0) / (f.weight * f.factor)
		g.members.Push(f.vfin, id, memberKind, 0)
		n.cancel(id)
	}
	n.scheduleHead(g)
	return true
}

func (n *Net) newGroup() int32 {
	if len(n.groups) == 0 {
		n.groups = append(n.groups, flowGroup{}) // 0: no group
	}
	if k := len(n.freeGroups); k > 0 {
		gi := n.freeGroups[k-1]
		n.freeGroups = n.freeGroups[:k-1]
		return gi
	}
	n.groups = append(n.groups, flowGroup{head: -1})
	return int32(len(n.groups) - 1)
}

func (n *Net) freeGroup(gi int32) {
	g := &n.groups[gi]
	g.members.Reset()
	g.head = -1
	n.freeGroups = append(n.freeGroups, gi)
}

// scheduleHead gives the group's first finisher its completion event at
// the current level and rate (the clock must be current).
func (n *Net) scheduleHead(g *flowGroup) {
	h := g.members.Peek().Target
	if g.head >= 0 && g.head != h {
		n.cancel(g.head)
	}
	g.head = h
	f := &n.flows[h]
	f.version++
	g.headDue = n.now + math.Max(f.vfin-g.clock, 0)/g.lambda
	n.reschedule(g.headDue, h, f.version)
}

// joinGroup lets flow id, just active on its links, join the group of the
// flows already there if the group's single bottleneck still explains
// every value with it; false asks for a full solve.
func (n *Net) joinGroup(id int32) bool {
	if !n.useGroups {
		return false
	}
	f := &n.flows[id]
	gi := int32(0)
	for _, l := range f.links {
		lk := &n.links[l]
		if lk.fatpipe || len(lk.flows) < 2 {
			continue
		}
		other := lk.flows[0]
		if other == id {
			other = lk.flows[1]
		}
		og := n.flows[other].grp
		if og == 0 || (gi != 0 && og != gi) {
			return false // a component that is not a group, or two groups
		}
		gi = og
	}
	if gi == 0 {
		return false
	}
	g := &n.groups[gi]
	cL := coefOn(f, g.link)
	if cL == 0 || !(f.factor > 0) {
		return false
	}
	if g.head >= 0 && n.now < g.headDue && g.headDue < n.horizon {
		// The head's event was taken out to happen now (SetHorizon):
		// moving it would keep the head from ending. The full solve,
		// after the instant's ends, takes the newcomer in.
		return false
	}
	used := g.used + cL*f.weight
	lambda := n.links[g.link].capacity / used
	limit := math.Min(g.limit, f.bound/f.weight)
	for i, l := range f.links {
		lk := &n.links[l]
		switch {
		case l == g.link:
		case lk.fatpipe:
			limit = math.Min(limit, lk.capacity/f.coef[i]/f.weight)
		case lk.load > 0:
			limit = math.Min(limit, lk.capacity/lk.load)
		}
	}
	if !(lambda < limit*(1-groupMargin)) {
		return false
	}
	n.levelNow(g)
	g.used, g.lambda, g.limit = used, lambda, limit
	f.grp = gi
	f.vfin = g.clock + math.Max(f.remain, 0)/(f.weight*f.factor)
	g.members.Push(f.vfin, id, memberKind, 0)
	n.scheduleHead(g)
	return true
}

// leaveGroup takes flow id, the group's head, out of its group as it
// ends: the others speed up, or, past the group's limit, are solved in
// full. If the new head ends at this same instant (a lockstep of equal
// flows), it is returned for the caller to finish now, unscheduled;
// otherwise -1.
func (n *Net) leaveGroup(id int32) int32 {
	f := &n.flows[id]
	gi := f.grp
	g := &n.groups[gi]
	f.grp = 0
	switch {
	case g.head == id && n.now < g.headDue:
		// Ending before its time, within SimGrid's precision/timing of
		// an earlier end: the others have moved only as far as now.
		n.levelNow(g)
	case g.head == id:
		// The head ends exactly when the level reaches its virtual finish.
		g.clock, g.at = math.Max(g.clock, f.vfin), n.now
	}
	// (A member ending with the head, below, leaves the level as the
	// head's end set it.)
	if g.head == id {
		g.head = -1
	}
	if g.dueAt != n.now {
		g.dueAt = n.now
		g.dueLevel = g.clock + g.lambda*math.Max(n.horizon-n.now, 0)
	}
	g.members.Pop() // id: only the first finisher ends
	g.used -= coefOn(f, g.link) * f.weight
	if g.members.Len() == 0 {
		n.freeGroup(gi)
		return -1
	}
	lambda := n.links[g.link].capacity / g.used
	keep := g.used > 0 && lambda < g.limit*(1-groupMargin)
	if keep {
		g.lambda = lambda
	}
	// The next member ends now too if it is due by the instant's level:
	// at the same level (a lockstep of equal flows), or, where SimGrid's
	// precision/timing makes it, before the horizon even when the group
	// is about to be solved in full.
	if h := g.members.Peek(); h.Time <= g.dueLevel && (keep || h.Time > g.clock) {
		return h.Target
	}
	if keep {
		n.scheduleHead(g)
		return -1
	}
	n.markReshare(g.members.Peek().Target) // the full solve dissolves the group
	return -1
}

// dissolveGroup hands the group's members back to the full solver with
// their remainders and values at the current time.
func (n *Net) dissolveGroup(gi int32) {
	g := &n.groups[gi]
	n.levelNow(g)
	now := n.now
	g.members.Each(func(ev des.Event) {
		f := &n.flows[ev.Target]
		f.remain = (f.vfin - g.clock) * f.weight * f.factor
		f.value = f.weight * g.lambda
		f.last = now
		f.grp = 0
	})
	if g.head >= 0 {
		n.cancel(g.head)
	}
	n.freeGroup(gi)
}
