package engine

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"augur/internal/base/des"
	"augur/internal/machine"
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
// (netmodel/flow), or fail when it turns off. All profile events wait in
// their own queue, and come before any other event of the same time.

// profiles is the engine's part for the platform's profiles: nodes'
// speed curves, and the changes of nodes' states and links' bandwidths,
// latencies and states, queued apart.
type profiles struct {
	e *engine
	// pq holds the changes of profiles: at any time they
	// come before every other event, as SimGrid applies them first.
	pq des.Queue
}

// init sets up the speed curves of nodes and schedules the events
// of state and bandwidth profiles.
func (pr *profiles) init() {
	e := pr.e
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
				n := &e.cpus.nodes[i]
				n.work = w
				n.fast = false
				if n.ps != nil {
					n.ps.SetWork(w)
				}
			}
		}
		if p := grp.StateProfile; p != nil {
			if t, ok := firstOff(p); ok {
				for i := first; i < end; i++ {
					pr.pq.Push(t, int32(i), uint8(evHostOff), 0)
				}
			}
		}
	}
	if e.p2p.flows != nil && m.LinkProfiles() {
		for l := range m.NumLinks() {
			lk := m.LinkOf(l)
			for i, p := range [3]*machine.Profile{lk.BandwidthProfile, lk.LatencyProfile, lk.StateProfile} {
				if p != nil {
					pr.scheduleLink(int32(l), [3]eventKind{evLinkBW, evLinkLat, evLinkState}[i], p, 0)
				}
			}
		}
	}
}

// due reports whether the next event is a profile's change: one
// is due at or before every other event.
func (pr *profiles) due() bool {
	return pr.pq.Len() > 0 && pr.first()
}

// first is due once a profile's change is pending (apart,
// so that the common test inlines into the event loop).
func (pr *profiles) first() bool {
	e := pr.e
	pt, _ := pr.pq.PeekTime()
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
func (pr *profiles) hostOff(node int32) {
	e := pr.e
	if e.cpus.nodes[node].live == 0 {
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
func (pr *profiles) scheduleLink(l int32, kind eventKind, p *machine.Profile, t float64) {
	e := pr.e
	if t > 0 && e.q.Len() == 0 && e.nowHead == len(e.nowList) {
		return
	}
	if at, _, ok := p.Next(t); ok {
		pr.pq.Push(at, l, uint8(kind), 0)
	}
}

// linkEvent applies the change of link l's profile due now.
func (pr *profiles) linkEvent(l int32, kind eventKind) {
	e := pr.e
	lk := e.m.LinkOf(int(l))
	switch kind {
	case evLinkBW:
		pr.scheduleLink(l, kind, lk.BandwidthProfile, e.now)
		e.p2p.flows.SetBandwidth(l, lk.BandwidthProfile.ValueAt(e.now, lk.Bandwidth), e.now)
	case evLinkLat:
		pr.scheduleLink(l, kind, lk.LatencyProfile, e.now)
		e.p2p.flows.SetLatency(l, lk.LatencyProfile.ValueAt(e.now, lk.Latency), e.now)
	case evLinkState:
		pr.scheduleLink(l, kind, lk.StateProfile, e.now)
		if id := e.p2p.flows.SetState(l, lk.StateProfile.ValueAt(e.now, 1) > 0, e.now); id >= 0 {
			pr.linkFailure(l, id)
		}
	}
}

// linkFailure fails the run: flow id crosses link l, which is off.
func (pr *profiles) linkFailure(l, id int32) {
	e := pr.e
	s := e.p2p.req(e.p2p.flowReqs[id][0])
	lk := e.m.LinkOf(int(l))
	where := lk.StateProfile.Source
	if line := offLine(lk.StateProfile, e.now); line > 0 {
		where = fmt.Sprintf("%s:%d", where, line)
	}
	e.fail(fmt.Errorf("link %s is off at %.6gs (state profile %s): the transfer from process %d to process %d crossing it fails, and the run with it",
		lk.Name, e.now, where, s.src, s.dst))
}

// after reports whether the next change of a profile, if one is
// pending, comes after t.
func (pr *profiles) after(t float64) bool {
	pt, ok := pr.pq.PeekTime()
	return !ok || pt > t
}
