package engine

import (
	"fmt"
	"math"
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
// A link's bandwidth profile is a chain of events, one per change: the
// flows then crossing the link are shared anew (netflow.go).

// evHostOff is the event of a node turning off: Target is the node.
const evHostOff uint8 = 24

// evLinkBW is the event of a link's bandwidth changing: Target is the
// link, Arg the index of the change (see linkProfile).
const evLinkBW uint8 = 25

// endOfWork returns when a computation with work seconds of nominal work
// left, running from t at the given share of the node (1: a CPU of its
// own), ends on a node whose speed follows w.
func endOfWork(w *machine.Work, t, work, share float64) float64 {
	return w.At(w.Of(t) + work/share)
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
					e.pq.Push(t, int32(i), evHostOff, 0)
				}
			}
		}
	}
	if e.net != nil {
		for l := range e.net.links[:len(e.net.links)-1] {
			if p := m.LinkOf(l).BandwidthProfile; p != nil {
				e.scheduleLinkBW(int32(l), p, -1)
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
	var pids []string
	for i := range e.units {
		if u := &e.units[i]; u.node == node && u.state != stDone && u.parent() < 0 {
			pids = append(pids, fmt.Sprint(u.pid))
		}
	}
	p := e.m.Groups[e.m.GroupOf(int(node))].StateProfile
	where := p.Source
	if _, ok := firstOff(p); ok {
		if line := offLine(p, e.now); line > 0 {
			where = fmt.Sprintf("%s:%d", p.Source, line)
		}
	}
	e.fail(fmt.Errorf("host %s turned off at %.6gs (state profile %s): process %s on it fails, and the run with it",
		e.m.HostName(int(node)), e.now, where, strings.Join(pids, ", ")))
}

// offLine is the line of the point that turned the node off at t.
func offLine(p *machine.Profile, t float64) int {
	for _, pt := range p.Points {
		base := 0.0
		if p.Period > 0 {
			base = math.Floor(t/p.Period) * p.Period
		}
		if base+pt.T == t && pt.Value <= 0 {
			return pt.Line
		}
	}
	return 0
}

// scheduleLinkBW pushes the next bandwidth change of link l after time t.
// When nothing but bandwidth changes is left to happen, the chain stops:
// no flow can start any more, and a periodic profile must not keep a
// finished (or deadlocked) run going.
func (e *engine) scheduleLinkBW(l int32, p *machine.Profile, t float64) {
	if t >= 0 && e.q.Len() == 0 && e.nowHead == len(e.nowList) {
		return
	}
	if at, _, ok := p.Next(t); ok {
		e.pq.Push(at, l, evLinkBW, 0)
	}
}

// linkBW applies the bandwidth change of link l due now, as SimGrid's
// NetworkCm02Link::set_bandwidth: the link's capacity becomes the new
// bandwidth, the sharing penalty of every flow crossing it moves by
// weight-S·(1/new − 1/old), and the flows it couples are shared anew
// from their remaining bytes. Flows keep the bound they started with
// (SimGrid does not revise it either).
func (e *engine) linkBW(l int32) {
	n := e.net
	p := e.m.LinkOf(int(l)).BandwidthProfile
	e.scheduleLinkBW(l, p, e.now)
	lk := &n.links[l]
	old := lk.capacity
	nw := p.ValueAt(e.now, e.m.LinkOf(int(l)).Bandwidth)
	if nw == old {
		return
	}
	now := e.now
	// Remainders at the old shares first (groups answer from their level).
	for _, id := range lk.flows {
		if g := n.flows[id].grp; g != 0 {
			e.dissolveGroup(g)
		}
	}
	for _, id := range lk.flows {
		f := &n.flows[id]
		f.remain -= f.value * f.factor * (now - f.last)
		f.last = now
	}
	lk.capacity = nw
	if ws := n.cfg.WeightS; ws > 0 {
		delta := ws/nw - ws/old
		for _, id := range lk.flows {
			f := &n.flows[id]
			f.penalty += delta
			w := 1 / f.penalty
			for i, x := range f.links {
				n.links[x].load += f.coef[i] * (w - f.weight)
			}
			f.weight = w
		}
	}
	if len(lk.flows) > 0 {
		e.markReshare(lk.flows[0])
	}
}

// dynamicShare returns the sharing penalty and the bound of a flow from
// node a to node b starting now, from the links' current bandwidths (a
// route's cached ones are the nominal ones): SimGrid's communicate().
func (e *engine) dynamicShare(a, b int, lat float64) (penalty, bound float64) {
	n := e.net
	n.route = e.m.Route(a, b, n.route[:0])
	loop := int32(len(n.links) - 1)
	if len(n.route) == 0 {
		n.route = append(n.route, loop)
	}
	penalty, bound = lat, math.Inf(1)
	for _, l := range n.route {
		c := n.links[l].capacity
		bound = math.Min(bound, c)
		if n.cfg.WeightS > 0 {
			penalty += n.cfg.WeightS / c
		}
	}
	if lat > 0 && n.cfg.TCPGamma > 0 {
		bound = math.Min(bound, n.cfg.TCPGamma/(2*lat))
	}
	return penalty, bound
}
