package engine

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"augur/machine"
)

// External load: machines whose node speeds, node states or link
// bandwidths change over time (machine.Profile; SimGrid's speed_file,
// state_file and bandwidth_file).
//
// A node's speed profile needs no events: a computation running from t
// with w seconds of work left (at nominal speed) ends when the node's
// work curve W reaches W(t) + w (machine.Work), which is what SimGrid
// computes by updating the remaining work at each change and going on at
// the new rate. Only the paths that do not fold computations use it: a
// node with a speed profile is never "fast" and never batches loops.
//
// A state profile turning a node off is one event: if a process is still
// alive on the node then, the run fails (smpirun stalls there).
//
// A link's bandwidth, latency and state profiles are chains of events,
// one per change: the flows then crossing the link are shared anew
// (netflow.go), or fail when it turns off. All profile events wait in
// their own queue, and come before any other event of the same time.

// endOfWork returns when a computation with work seconds of nominal work
// left, running from t at the given share of the node (1: a CPU of its
// own), ends on a node whose speed follows w.
func endOfWork(w *machine.Work, t, work, share float64) float64 {
	return w.End(t, work/share)
}

// workDone returns the nominal work a computation holding a CPU got done
// from t0 to t1 on a node whose speed follows w (nil: constant speed).
func workDone(w *machine.Work, t0, t1 float64) float64 {
	if w == nil {
		return t1 - t0
	}
	return w.Of(t1) - w.Of(t0)
}

// initProfiles sets up the speed curves of nodes and schedules the events
// of state and bandwidth profiles.
func (e *engine) initProfiles() {
	m := e.m
	curves := map[*machine.Profile]*machine.Work{}
	for g := range m.Groups {
		grp := &m.Groups[g]
		first, end := m.GroupRange(g)
		if p := grp.SpeedProfile; p != nil {
			w := curves[p]
			if w == nil {
				w = machine.NewWork(p)
				curves[p] = w
			}
			for i := first; i < end; i++ {
				n := &e.nodes[i]
				n.work = w
				n.fast = false
				if n.ps != nil {
					n.ps.work = w
				}
			}
		}
		if p := grp.StateProfile; p != nil {
			if t, ok := firstOff(p); ok {
				for i := first; i < end; i++ {
					e.pq.Push(t, int32(i), uint8(evHostOff), 0)
				}
			}
		}
	}
	if e.net != nil && (e.net.dynamic || e.net.anyOff) {
		for l := range e.net.links[:len(e.net.links)-1] {
			lk := m.LinkOf(l)
			for i, p := range [3]*machine.Profile{lk.BandwidthProfile, lk.LatencyProfile, lk.StateProfile} {
				if p != nil {
					e.scheduleLink(int32(l), [3]eventKind{evLinkBW, evLinkLat, evLinkState}[i], p, 0)
				}
			}
		}
	}
}

// profileDue reports whether the next event is a profile's change: one
// is due at or before every other event.
func (e *engine) profileDue() bool {
	pt, ok := e.pq.PeekTime()
	if !ok {
		return false
	}
	if e.nowHead < len(e.nowList) {
		return pt <= e.now
	}
	qt, ok := e.q.PeekTime()
	return !ok || pt <= qt
}

// firstOff returns the first time a state profile turns its node off.
func firstOff(p *machine.Profile) (float64, bool) {
	t := -1.0
	if v := p.ValueAt(0, 1); v <= 0 {
		return 0, true
	}
	for {
		at, v, ok := p.Next(t)
		if !ok {
			return 0, false
		}
		if v <= 0 {
			return at, true
		}
		if p.Period > 0 && at >= p.Period {
			// A whole iteration passed without turning off: never will.
			return 0, false
		}
		t = at
	}
}

// hostOff fails the run if a process is still alive on node.
func (e *engine) hostOff(node int32) {
	if e.nodes[node].live == 0 {
		return
	}
	// The processes with a unit (the process or one of its threads)
	// still alive on the node, each once, in pid order.
	seen := map[int32]bool{}
	var ids []int
	for i := range e.units {
		if u := &e.units[i]; u.node == node && u.state != stDone && !seen[u.pid] {
			seen[u.pid] = true
			ids = append(ids, int(u.pid))
		}
	}
	sort.Ints(ids)
	pids := make([]string, len(ids))
	for i, id := range ids {
		pids[i] = fmt.Sprint(id)
	}
	who := "process " + pids[0] + " on it fails"
	if len(pids) > 1 {
		who = "processes " + strings.Join(pids, ", ") + " on it fail"
	}
	p := e.m.Groups[e.m.GroupOf(int(node))].StateProfile
	where := p.Source
	if line := offLine(p, e.now); line > 0 {
		where = fmt.Sprintf("%s:%d", p.Source, line)
	}
	e.fail(fmt.Errorf("host %s turned off at %.6gs (state profile %s): %s, and the run with it",
		e.m.HostName(int(node)), e.now, where, who))
}

// offLine is the line of the point of p in effect at t (0: none, the
// nominal value): the one that turned a resource off.
func offLine(p *machine.Profile, t float64) int {
	line := 0
	base := 0.0
	if p.Period > 0 && len(p.Points) > 0 && t >= p.Period {
		base = math.Floor(t/p.Period) * p.Period
		line = p.Points[len(p.Points)-1].Line // the previous iteration's last
	}
	for _, pt := range p.Points {
		if base+pt.T > t {
			break
		}
		line = pt.Line
	}
	return line
}

// scheduleLink pushes the next change of a link's profile p after time
// t (changes at 0 are applied by initNet). When nothing but profile
// changes is left to happen the chain stops: no flow can start any more,
// and a periodic profile must not keep a finished (or deadlocked) run
// going.
func (e *engine) scheduleLink(l int32, kind eventKind, p *machine.Profile, t float64) {
	if t > 0 && e.q.Len() == 0 && e.nowHead == len(e.nowList) {
		return
	}
	if at, _, ok := p.Next(t); ok {
		e.pq.Push(at, l, uint8(kind), 0)
	}
}

// linkEvent applies the change of link l's profile due now.
func (e *engine) linkEvent(l int32, kind eventKind) {
	lk := e.m.LinkOf(int(l))
	switch kind {
	case evLinkBW:
		e.scheduleLink(l, kind, lk.BandwidthProfile, e.now)
		e.linkBW(l, lk.BandwidthProfile.ValueAt(e.now, lk.Bandwidth))
	case evLinkLat:
		e.scheduleLink(l, kind, lk.LatencyProfile, e.now)
		e.linkLat(l, lk.LatencyProfile.ValueAt(e.now, lk.Latency))
	case evLinkState:
		e.scheduleLink(l, kind, lk.StateProfile, e.now)
		e.linkState(l, lk.StateProfile.ValueAt(e.now, 1) > 0)
	}
}

// flowsOn returns the flows, paying their latency or active, whose
// links (route or cross traffic) include l: the variables SimGrid finds
// on the link's constraint. In flow order, for determinism.
func (e *engine) flowsOn(l int32, out []int32) []int32 {
	n := e.net
	for id := range n.flows {
		f := &n.flows[id]
		if f.state == flowFree {
			continue
		}
		for _, x := range f.links {
			if x == l {
				out = append(out, int32(id))
				break
			}
		}
	}
	return out
}

// settle brings the active flows of ids up to now at their current
// shares (groups answer from their level), before a change of their
// links alters the shares.
func (e *engine) settle(ids []int32) {
	n := e.net
	for _, id := range ids {
		if g := n.flows[id].grp; g != 0 {
			e.dissolveGroup(g)
		}
	}
	now := e.now
	for _, id := range ids {
		if f := &n.flows[id]; f.state == flowActive {
			f.remain -= f.value * f.factor * (now - f.last)
			f.last = now
		}
	}
}

// reweigh gives an active flow the weight 1/penalty (SimGrid's
// update_variable_penalty), keeping its links' loads.
func (e *engine) reweigh(f *flow) {
	n := e.net
	w := 1 / f.penalty
	for i, x := range f.links {
		n.links[x].load += f.coef[i] * (w - f.weight)
	}
	f.weight = w
}

// linkBW applies a bandwidth change, as SimGrid's
// NetworkCm02Link::set_bandwidth: the link's capacity becomes the new
// bandwidth, the sharing penalty of every flow on the link moves by
// weight-S·(1/new − 1/old), and the flows it couples are shared anew from
// their remaining bytes. Flows keep the bound they started with (SimGrid
// does not revise it either).
func (e *engine) linkBW(l int32, bw float64) {
	n := e.net
	lk := &n.links[l]
	old := lk.capacity
	if bw == old {
		return
	}
	ids := e.flowsOn(l, n.compFlows[:0])
	e.settle(ids)
	lk.capacity = bw
	if ws := n.cfg.WeightS; ws > 0 {
		delta := ws/bw - ws/old
		for _, id := range ids {
			f := &n.flows[id]
			f.penalty += delta
			if f.state == flowActive {
				e.reweigh(f)
			}
		}
	}
	e.reshare(ids)
}

// linkLat applies a latency change, as SimGrid's
// NetworkCm02Link::set_latency: flows already under way keep the latency
// they pay, but their current latency, and with it their penalty and
// their TCP-gamma bound, move by the change; new flows pay the new one.
func (e *engine) linkLat(l int32, lat float64) {
	n := e.net
	lk := &n.links[l]
	delta := lat - lk.latency
	if delta == 0 {
		return
	}
	ids := e.flowsOn(l, n.compFlows[:0])
	e.settle(ids)
	lk.latency = lat
	for _, id := range ids {
		f := &n.flows[id]
		f.latCur += delta
		f.penalty += delta
		if g := n.cfg.TCPGamma; g > 0 {
			f.bound = math.Min(f.userBound, g/(2*f.latCur))
		}
		if f.state == flowActive {
			e.reweigh(f)
		}
	}
	e.reshare(ids)
}

// reshare asks for the shares of the active flows among ids to be
// computed anew.
func (e *engine) reshare(ids []int32) {
	for _, id := range ids {
		if e.net.flows[id].state == flowActive {
			e.markReshare(id)
		}
	}
	e.net.compFlows = ids[:0]
}

// linkState turns link l on or off; a transfer crossing it when it turns
// off fails, and the run with it (smpirun aborts on SimGrid's
// NetworkFailureException).
func (e *engine) linkState(l int32, on bool) {
	n := e.net
	n.links[l].off = !on
	if on {
		return
	}
	if ids := e.flowsOn(l, n.compFlows[:0]); len(ids) > 0 {
		e.linkFailure(l, ids[0])
	}
}

// offLink returns a link of links that is off.
func (e *engine) offLink(links []int32) (int32, bool) {
	for _, l := range links {
		if e.net.links[l].off {
			return l, true
		}
	}
	return 0, false
}

// linkFailure fails the run: flow id crosses link l, which is off.
func (e *engine) linkFailure(l, id int32) {
	f := &e.net.flows[id]
	s := e.req(f.sid)
	lk := e.m.LinkOf(int(l))
	where := lk.StateProfile.Source
	if line := offLine(lk.StateProfile, e.now); line > 0 {
		where = fmt.Sprintf("%s:%d", where, line)
	}
	e.fail(fmt.Errorf("link %s is off at %.6gs (state profile %s): the transfer from process %d to process %d crossing it fails, and the run with it",
		lk.Name, e.now, where, s.src, s.dst))
}

// dynamicShare sets up flow f from node a to node b from the links'
// current bandwidths and latencies (a route's cached figures are the
// nominal ones), as SimGrid's communicate(): the latency to pay, the
// sharing penalty, the bound (the smallest bandwidth on the route,
// and TCP-gamma over twice the latency). It returns the latency.
func (e *engine) dynamicShare(f *flow, a, b int) float64 {
	n := e.net
	n.route = e.m.Route(a, b, n.route[:0])
	loop := int32(len(n.links) - 1)
	if len(n.route) == 0 {
		n.route = append(n.route, loop)
	}
	lat, minBW := 0.0, math.Inf(1)
	for _, l := range n.route {
		lat += n.links[l].latency
		minBW = math.Min(minBW, n.links[l].capacity)
	}
	penalty := lat
	if ws := n.cfg.WeightS; ws > 0 {
		for _, l := range n.route {
			penalty += ws / n.links[l].capacity
		}
	}
	f.penalty, f.latCur, f.userBound, f.bound = penalty, lat, minBW, minBW
	if lat > 0 && n.cfg.TCPGamma > 0 {
		f.bound = math.Min(minBW, n.cfg.TCPGamma/(2*lat))
	}
	f.weight = 1 // until the latency is paid (activate), or for good without one
	return lat
}
