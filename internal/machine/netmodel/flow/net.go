// Package flow is the flow-level network model (SimGrid's CM02 family:
// CM02, LV08, SMPI) behind netmodel.Flows.
//
// A transfer is a flow over the links of its route. It first waits its
// latency (route latency × latency factor), then takes part in the
// weighted max-min sharing of every link it crosses: its value v is its
// share of the links' capacity, bounded by TCP-gamma / (2 · route
// latency), and it progresses at v × bandwidth factor bytes per second.
// When a flow starts or ends, the rates of the flows sharing links with
// it (transitively) are recomputed and their completions rescheduled; a
// flow has one pending completion at a time (an Update the engine keeps
// in its event queue, keyed by flow), moved when its rate changes; it
// carries the flow's version as a check.
package flow

import (
	"fmt"
	"math"

	"augur/internal/base/des"
	"augur/internal/machine"
	"augur/internal/machine/netmodel"
)

type flowState uint8

const (
	flowFree flowState = iota
	flowLatency
	flowActive
)

type flow struct {
	state   flowState
	version int32
	links   []int32   // the route's (routeInfo): read only
	coef    []float64 // the route's consumption per link: read only
	weight  float64   // 1 / sharing penalty
	bound   float64   // bound on the value (+Inf: none)
	factor  float64   // bandwidth factor: progress = value × factor
	remain  float64   // bytes left
	value   float64   // current max-min share
	last    float64   // when remain was last brought up to date
	mark    uint32    // component search stamp
	fixed   bool      // max-min: value settled in this solve
	linkPos []int32   // position of the flow in each link's list
	grp     int32     // single-bottleneck group (group.go), 0: none
	vfin    float64   // group level at which the flow ends
	// Kept only where bandwidths or latencies change over time
	// (Net.dynamic, profile.go): SimGrid's sharing penalty (weight
	// is 1/penalty once the latency is paid), the route's current
	// latency, the bound from bandwidths at the start, and whether the
	// flow had a latency to pay.
	penalty, latCur, userBound float64
	lagged                     bool
}

type netLink struct {
	capacity float64
	latency  float64 // current latency: read only where Net.dynamic
	off      bool    // turned off by a state profile (profile.go)
	fatpipe  bool
	flows    []int32 // active flows crossing the link
	mark     uint32
	sat      bool    // solver scratch: saturated at the current level
	remain   float64 // solver scratch: capacity left
	used     float64 // solver scratch: Σ coef·weight of unfixed flows
	load     float64 // Σ coef·weight of the active flows (kept as they come and go)
	// tight: the last solve over the link left it (nearly) full, so it
	// couples its flows; a link with room to spare couples no one while
	// it keeps some (local solves, netSolve). outside: solver scratch,
	// the capacity taken by flows a local solve leaves as they are.
	tight   bool
	outside float64
}

// Net is the flow-level network of one machine. It is not safe for
// concurrent use.
type Net struct {
	m   *machine.Machine
	cfg netmodel.Config
	now float64 // the time of the current call
	// groups: form single-bottleneck groups (group.go); false solves
	// every change in full (tests compare the two).
	useGroups bool
	flows     []flow
	free      []int32
	links     []netLink // machine links, then the model loopback
	stamp     uint32

	// Flows whose component must be solved again before time moves on:
	// every start and end of an instant is batched into one solve.
	// fullNext: the next solve couples flows through every link (a
	// link's bandwidth or latency changed).
	pending      []int32
	solvePending bool
	fullNext     bool

	routes routeCache

	// q is the engine's event queue (Attach): completions are its keyed
	// events, a solve an event of kind solveKind.
	q         *des.Queue
	solveKind uint8

	// horizon: the completions due before it happen at the current
	// instant (SetHorizon); never later than now means none but those
	// due now.
	horizon float64

	// scratch
	route, back []int32
	riLinks     []int32   // routeOf's scratch
	riCoef      []float64 // routeOf's scratch
	compFlows   []int32
	compLinks   []int32
	active      []int32 // solveMaxMin: flows not yet fixed

	groups     []flowGroup // index 0 unused: flow.grp 0 means none
	freeGroups []int32

	// dynamic: some link's bandwidth or latency changes over time
	// (profile.go), so a flow's latency, weight and bound come from the
	// links' current values when it starts.
	dynamic bool
	// anyOff: some link has a state profile; a transfer starting on a
	// link that is off fails.
	anyOff bool
}

// New returns the flow network of machine m under model c, which must
// be a flow model (c.Model.Flow()). groups lets it keep flows that share
// a single bottleneck in groups (group.go) and solve a change only among
// the flows its full links couple (netSolve): the same shares, faster;
// without, every change is solved in full over its whole component.
func New(m *machine.Machine, c netmodel.Config, groups bool) (*Net, error) {
	if !c.Model.Flow() {
		return nil, fmt.Errorf("machine %q: the %s network model is not a flow model", m.Name, c.Model)
	}
	n := &Net{m: m, cfg: c, useGroups: groups}
	nl := m.NumLinks()
	n.links = make([]netLink, nl+1)
	for i := range nl {
		l := m.LinkOf(i)
		n.links[i] = netLink{capacity: l.Bandwidth, latency: l.Latency, fatpipe: l.Sharing == 1}
		// Changes at time 0 apply before anything starts, as SimGrid
		// applies them when the platform is created.
		if p := l.BandwidthProfile; p != nil {
			n.links[i].capacity = p.ValueAt(0, l.Bandwidth)
			n.dynamic = true
		}
		if p := l.LatencyProfile; p != nil {
			n.links[i].latency = p.ValueAt(0, l.Latency)
			n.dynamic = true
		}
		if p := l.StateProfile; p != nil {
			n.links[i].off = p.ValueAt(0, 1) <= 0
			n.anyOff = true
		}
	}
	n.links[nl] = netLink{capacity: c.LoopbackBw, latency: c.LoopbackLat, fatpipe: true}
	return n, nil
}

// Attach gives the model the engine's event queue (netmodel.Flows).
func (n *Net) Attach(q *des.Queue, solveKind uint8) { n.q, n.solveKind = q, solveKind }

// reschedule moves flow id's completion to t, version v.
func (n *Net) reschedule(t float64, id, v int32) { n.q.Reschedule(t, id, v) }

// cancel drops flow id's pending completion.
func (n *Net) cancel(id int32) { n.q.Cancel(id) }

// flowRoute fills n.route (and n.back with crosstraffic) for src -> dst
// nodes and returns the route's latency and smallest bandwidth.
func (n *Net) flowRoute(a, b int) (lat, minBW float64) {
	n.route = n.m.Route(a, b, n.route[:0])
	loop := int32(len(n.links) - 1)
	if len(n.route) == 0 {
		n.route = append(n.route, loop)
	}
	minBW = math.Inf(1)
	for _, id := range n.route {
		if id == loop {
			lat += n.cfg.LoopbackLat
			minBW = math.Min(minBW, n.cfg.LoopbackBw)
			continue
		}
		l := n.m.LinkOf(int(id))
		lat += l.Latency
		minBW = math.Min(minBW, l.Bandwidth)
	}
	n.back = n.back[:0]
	if n.cfg.CrossTraffic {
		n.back = n.m.Route(b, a, n.back)
		if len(n.back) == 0 {
			n.back = append(n.back, loop)
		}
	}
	return lat, minBW
}

// routeInfo is what a flow from one node to another needs of its route,
// computed once per pair of nodes: routes are static, and a replay sends
// millions of messages over a few thousand pairs.
type routeInfo struct {
	links  []int32   // shared by every flow on this pair: never written
	coef   []float64 // consumption per link (1 on the route, 0.05 back, summed where they coincide)
	lat    float64
	bound  float64
	weight float64
}

// routeOf returns the route information of src -> dst nodes.
func (n *Net) routeOf(a, b int) routeInfo {
	if ri, ok := n.routes.get(a, b); ok {
		return ri
	}
	lat, minBW := n.flowRoute(a, b)
	ri := routeInfo{links: n.riLinks[:0], coef: n.riCoef[:0]}
	// A link met again (a route to the node itself, whose way back is the
	// same loopback) consumes more of a shared link, as SimGrid's lmm
	// expand adds the weights; a FATPIPE keeps the larger one, so the
	// back route's 0.05 does not slow a loopback down.
	add := func(l int32, c float64) {
		for i, x := range ri.links {
			if x == l {
				if n.links[l].fatpipe {
					ri.coef[i] = math.Max(ri.coef[i], c)
				} else {
					ri.coef[i] += c
				}
				return
			}
		}
		ri.links = append(ri.links, l)
		ri.coef = append(ri.coef, c)
	}
	penalty := lat
	for _, l := range n.route {
		add(l, 1)
		if n.cfg.WeightS > 0 {
			penalty += n.cfg.WeightS / n.links[l].capacity
		}
	}
	for _, l := range n.back {
		add(l, 0.05)
	}
	n.riLinks, n.riCoef = ri.links, ri.coef
	ri.bound = minBW
	if lat > 0 && n.cfg.TCPGamma > 0 {
		ri.bound = math.Min(ri.bound, n.cfg.TCPGamma/(2*lat))
	}
	ri.weight = 1.0
	if lat > 0 {
		ri.weight = 1 / penalty
	}
	ri.lat = lat
	return n.routes.put(a, b, ri)
}

// Transfer starts a flow of bytes from node a to node b at t: it pays
// its latency first (netmodel.Flows).
func (n *Net) Transfer(a, b int, bytes, t float64) netmodel.Transfer {
	n.now = t
	size := bytes + n.cfg.ExtraBytes
	ri := n.routeOf(a, b)
	var id int32
	if k := len(n.free); k > 0 {
		id = n.free[k-1]
		n.free = n.free[:k-1]
	} else {
		id = int32(len(n.flows))
		n.flows = append(n.flows, flow{})
	}
	f := &n.flows[id]
	pos := f.linkPos[:0]
	for range ri.links {
		pos = append(pos, -1)
	}
	*f = flow{state: flowLatency, version: f.version + 1, links: ri.links, coef: ri.coef, linkPos: pos,
		weight: ri.weight, bound: ri.bound, factor: n.cfg.BwFactor.At(size), remain: size, last: t}
	lat := ri.lat
	if n.dynamic {
		lat = n.dynamicShare(f, a, b)
	}
	if n.anyOff {
		if l, off := n.offLink(f.links); off {
			return netmodel.Transfer{ID: id, OffLink: l}
		}
	}
	delay := lat * n.cfg.LatFactor.At(size)
	f.lagged = delay > 0
	return netmodel.Transfer{ID: id, Latency: delay, OffLink: -1}
}

// Activate lets flow id, whose latency ends at t, share its links
// (netmodel.Flows).
func (n *Net) Activate(id int32, t float64) (done bool) {
	n.now = t
	if n.flows[id].state != flowLatency {
		return false
	}
	return n.activate(id, t)
}

// Current reports whether version is flow id's pending completion.
func (n *Net) Current(id, version int32) bool {
	f := &n.flows[id]
	return f.state == flowActive && f.version == version
}

// Finish ends flow id at t (netmodel.Flows). Group members that end at
// this same instant are returned one by one, to end before anything
// their ends set off (as their own events would have).
func (n *Net) Finish(id int32, t float64) (next int32) {
	n.now = t
	return n.finishFlow(id)
}

// Solve shares the links anew among the flows connected to those that
// started or ended (netmodel.Flows).
func (n *Net) Solve(t float64) {
	n.now = t
	n.netSolve()
}

// SetHorizon says that the completions due before end happen at the
// current instant (netmodel.Flows).
func (n *Net) SetHorizon(end float64) { n.horizon = end }

// activate lets a flow that paid its latency share its links. done: it
// had nothing to move and has ended.
func (n *Net) activate(id int32, t float64) (done bool) {
	f := &n.flows[id]
	f.state = flowActive
	f.last = t
	if n.dynamic && f.lagged {
		// SimGrid gives the flow its penalty, as changes left it, once
		// the latency is paid.
		f.weight = 1 / f.penalty
	}
	if f.remain <= 0 {
		n.finishFlow(id)
		return true
	}
	for i, l := range f.links {
		lk := &n.links[l]
		f.linkPos[i] = int32(len(lk.flows))
		lk.flows = append(lk.flows, id)
		lk.load += f.coef[i] * f.weight
	}
	if !n.joinGroup(id) {
		n.markReshare(id)
	}
	return false
}

// finishFlow ends a flow now: it leaves its links and the flows it
// shared them with get new rates. It returns the member of the flow's
// group that ends at this same instant, if any, to be finished next (-1:
// none).
func (n *Net) finishFlow(id int32) (next int32) {
	f := &n.flows[id]
	g := f.grp
	next = -1
	if g != 0 {
		next = n.leaveGroup(id)
	}
	for i, l := range f.links {
		lk := &n.links[l]
		if lk.load -= f.coef[i] * f.weight; len(lk.flows) == 1 {
			lk.load = 0 // no rounding residue on an idle link
		}
		p := f.linkPos[i]
		last := lk.flows[len(lk.flows)-1]
		lk.flows[p] = last
		if last != id {
			lf := &n.flows[last]
			for j, ll := range lf.links {
				if ll == l {
					lf.linkPos[j] = p
					break
				}
			}
		}
		lk.flows = lk.flows[:len(lk.flows)-1]
	}
	f.state = flowFree
	f.version++
	n.free = append(n.free, id)
	// Neighbours: the flows still on the freed links (a fat pipe couples
	// no one; a group's members were updated by leaveGroup).
	// A link that had room to spare was no one's bottleneck: what the
	// flow leaves there changes no share (local solves, netSolve).
	if g == 0 {
		for _, l := range f.links {
			if lk := &n.links[l]; len(lk.flows) > 0 && !lk.fatpipe && (lk.tight || !n.useGroups) {
				n.markReshare(lk.flows[0])
			}
		}
	}
	return next
}

// markReshare asks for the shares of the flows connected to flow seed to
// be recomputed at the end of the current instant: all the flows that
// start or end at one simulated time (an all-to-all's thousands of
// messages) then cost one solve instead of one each. Nothing moves in
// between, since no time passes.
func (n *Net) markReshare(seed int32) {
	n.pending = append(n.pending, seed)
	if !n.solvePending {
		n.solvePending = true
		n.q.Push(n.now, 0, n.solveKind, 0)
	}
}

// netSolve recomputes the max-min shares of the flows that the pending
// starts and ends affect, and reschedules their completions.
//
// Under groups it first solves locally: flows are coupled only through
// the links that are full (tight, as the last solve over them left
// them); a link with room to spare is a constraint of the local solve
// with the capacity the flows outside it leave, and those keep their
// shares. That is the full solve's answer
// (max-min shares are unique) as long as no such link fills up: if one
// crossed by outside flows does, the change is solved again over the
// whole component. A ring of messages over a backbone with room to spare
// then solves two or three flows at each start and end instead of every
// flow under way.
func (n *Net) netSolve() {
	n.solvePending = false
	if !n.solveComponent(n.useGroups && !n.fullNext) {
		n.solveComponent(false)
	}
	n.pending, n.fullNext = n.pending[:0], false
}

// solveComponent solves the component of the pending seeds, coupled
// through every link or, local, through the tight ones (see netSolve);
// false, with nothing rescheduled, when a local solve filled a link that
// flows outside it cross.
func (n *Net) solveComponent(local bool) bool {
	n.stamp++
	st := n.stamp
	flows, links := n.compFlows[:0], n.compLinks[:0]
	defer func() { n.compFlows, n.compLinks = flows[:0], links[:0] }()
	add := func(id int32) {
		if f := &n.flows[id]; f.state == flowActive && f.mark != st {
			f.mark = st
			flows = append(flows, id)
		}
	}
	for _, seed := range n.pending {
		add(seed)
	}
	closed := true // no link of the solve is crossed by a flow left as it is
	for i := 0; i < len(flows); i++ {
		f := &n.flows[flows[i]]
		for _, l := range f.links {
			lk := &n.links[l]
			if lk.mark == st {
				continue
			}
			lk.mark = st
			lk.outside = 0
			links = append(links, l)
			if lk.fatpipe {
				continue // a fat pipe couples no one
			}
			if local && !lk.tight && !n.carriesGroup(lk) {
				continue // room to spare: its other flows keep their shares
			}
			for _, g := range lk.flows {
				add(g)
			}
		}
	}
	if local {
		// The capacity the flows outside the solve take on its links.
		for _, l := range links {
			lk := &n.links[l]
			if lk.fatpipe || lk.tight {
				continue
			}
			for _, g := range lk.flows {
				if gf := &n.flows[g]; gf.mark != st {
					lk.outside += coefOn(gf, l) * n.valueOf(gf)
				}
			}
			closed = closed && lk.outside == 0
		}
	}
	now := n.now
	// Bring the remainders up to date at the old rates.
	for _, id := range flows {
		f := &n.flows[id]
		if f.grp != 0 {
			n.dissolveGroup(f.grp)
		}
		f.remain -= f.value * f.factor * (now - f.last)
		f.last = now
		f.fixed = false
	}
	rounds := solveMaxMin(n, flows, links)
	for _, l := range links {
		lk := &n.links[l]
		full := !lk.fatpipe && lk.remain <= tightSlack*lk.capacity
		if local && full && lk.outside > 0 {
			return false // the outside flows' shares change too: solve in full
		}
		lk.tight = full
	}
	if rounds == 1 && closed && n.formGroup(flows, links) {
		return true
	}
	for _, id := range flows {
		f := &n.flows[id]
		f.version++
		rate := f.value * f.factor
		if rate <= 0 {
			n.cancel(id) // starved: waits for another flow to end
			continue
		}
		n.reschedule(now+math.Max(f.remain, 0)/rate, id, f.version)
	}
	return true
}

// carriesGroup reports whether a member of a group crosses lk. Such a
// link couples its flows even with room to spare: a group must stay a
// closed component (its limit knows only its members' loads), so a flow
// coming to share any of its links joins it or dissolves it.
func (n *Net) carriesGroup(lk *netLink) bool {
	for _, g := range lk.flows {
		if n.flows[g].grp != 0 {
			return true
		}
	}
	return false
}

// tightSlack: a link whose capacity left after a solve is at most this
// fraction of it is full (tight). Rounding leaves a full link some 1e-16
// of its capacity at most; a link counted full for less room than this
// only makes local solves larger.
const tightSlack = 1e-9

// valueOf is flow f's current max-min share (a group member's follows
// its group's level).
func (n *Net) valueOf(f *flow) float64 {
	if f.grp != 0 {
		return f.weight * n.groups[f.grp].lambda
	}
	return f.value
}

// solveOne is solveMaxMin's round for a component of one flow (most
// local solves: a flow starting where nothing it crosses is full), with
// the same arithmetic: the flow takes the least of its bound, its fat
// pipes' capacities and what its shared links have left.
func solveOne(n *Net, id int32) (rounds int) {
	f := &n.flows[id]
	lb := f.bound
	lambda := math.Inf(1)
	for i, l := range f.links {
		lk := &n.links[l]
		if lk.fatpipe {
			lb = math.Min(lb, lk.capacity/f.coef[i])
			continue
		}
		lk.used = f.coef[i] * f.weight
		if lk.used > 0 {
			lambda = math.Min(lambda, math.Max(lk.remain, 0)/lk.used)
		}
	}
	lambda = math.Min(lambda, lb/f.weight)
	f.value, f.fixed = f.weight*lambda, true
	if math.IsInf(lambda, 1) {
		return 1
	}
	for i, l := range f.links {
		if lk := &n.links[l]; !lk.fatpipe {
			lk.remain -= f.coef[i] * f.value
		}
	}
	return 1
}

// solveMaxMin gives every flow of the component its weighted max-min
// share: progressive filling, v_j = w_j·λ, raising λ until a link is full
// (Σ coef·v = capacity on shared links) or a flow reaches its bound (its
// own bound, or capacity/coef on a fat pipe); flows so stopped keep their
// value and the others go on. It returns the number of rounds; after a
// single round each link's used is the Σ coef·weight of all its flows.
func solveMaxMin(n *Net, flows, links []int32) (rounds int) {
	for _, l := range links {
		lk := &n.links[l]
		lk.remain = lk.capacity - lk.outside
	}
	if len(flows) == 1 {
		return solveOne(n, flows[0])
	}
	// The unfixed flows, in component order (sums are taken in that
	// order, as they always were: results stay bit-identical); fixed
	// flows drop out after each round.
	act := append(n.active[:0], flows...)
	defer func() { n.active = act[:0] }()
	for len(act) > 0 {
		rounds++
		for _, l := range links {
			n.links[l].used = 0
		}
		lambda := math.Inf(1)
		for _, id := range act {
			f := &n.flows[id]
			lb := f.bound
			for i, l := range f.links {
				lk := &n.links[l]
				if lk.fatpipe {
					lb = math.Min(lb, lk.capacity/f.coef[i])
				} else {
					lk.used += f.coef[i] * f.weight
				}
			}
			lambda = math.Min(lambda, lb/f.weight)
		}
		for _, l := range links {
			lk := &n.links[l]
			if !lk.fatpipe && lk.used > 0 {
				lambda = math.Min(lambda, math.Max(lk.remain, 0)/lk.used)
			}
		}
		if math.IsInf(lambda, 1) {
			// Nothing limits the remaining flows (infinite capacities).
			for _, id := range act {
				f := &n.flows[id]
				f.value, f.fixed = math.Inf(1), true
			}
			return rounds
		}
		// Fix the flows that hit their bound or cross a saturated link
		// (decided for all before any capacity is taken away: the
		// decisions read sat and capacities, never remain).
		const eps = 1e-12
		for _, l := range links {
			lk := &n.links[l]
			lk.sat = !lk.fatpipe && lk.used > 0 && math.Max(lk.remain, 0)/lk.used <= lambda*(1+eps)
		}
		keep := act[:0]
		for _, id := range act {
			f := &n.flows[id]
			stop := f.bound/f.weight <= lambda*(1+eps)
			for i, l := range f.links {
				lk := &n.links[l]
				if lk.sat || (lk.fatpipe && lk.capacity/f.coef[i]/f.weight <= lambda*(1+eps)) {
					stop = true
				}
			}
			if !stop {
				keep = append(keep, id)
				continue
			}
			f.value, f.fixed = f.weight*lambda, true
			for i, l := range f.links {
				if lk := &n.links[l]; !lk.fatpipe {
					lk.remain -= f.coef[i] * f.value
				}
			}
		}
		if len(keep) == len(act) {
			return rounds // cannot happen: the minimum is reached somewhere
		}
		act = keep
	}
	return rounds
}
