package flow

import "math"

// Links whose bandwidth, latency or state change over time
// (machine.Profile; SimGrid's bandwidth_file, latency_file and
// state_file): at each change the flows then crossing the link are shared
// anew, or fail when it turns off. The engine schedules the changes and
// calls SetBandwidth, SetLatency and SetState.

// flowsOn returns the flows, paying their latency or active, whose
// links (route or cross traffic) include l: the variables SimGrid finds
// on the link's constraint. In flow order, for determinism.
func (n *Net) flowsOn(l int32, out []int32) []int32 {
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
func (n *Net) settle(ids []int32) {
	for _, id := range ids {
		if g := n.flows[id].grp; g != 0 {
			n.dissolveGroup(g)
		}
	}
	now := n.now
	for _, id := range ids {
		if f := &n.flows[id]; f.state == flowActive {
			f.remain -= f.value * f.factor * (now - f.last)
			f.last = now
		}
	}
}

// reweigh gives an active flow the weight 1/penalty (SimGrid's
// update_variable_penalty), keeping its links' loads.
func (n *Net) reweigh(f *flow) {
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
func (n *Net) linkBW(l int32, bw float64) {
	lk := &n.links[l]
	old := lk.capacity
	if bw == old {
		return
	}
	ids := n.flowsOn(l, n.compFlows[:0])
	n.settle(ids)
	lk.capacity = bw
	if ws := n.cfg.WeightS; ws > 0 {
		delta := ws/bw - ws/old
		for _, id := range ids {
			f := &n.flows[id]
			f.penalty += delta
			if f.state == flowActive {
				n.reweigh(f)
			}
		}
	}
	n.reshare(ids)
}

// linkLat applies a latency change, as SimGrid's
// NetworkCm02Link::set_latency: flows already under way keep the latency
// they pay, but their current latency, and with it their penalty and
// their TCP-gamma bound, move by the change; new flows pay the new one.
func (n *Net) linkLat(l int32, lat float64) {
	lk := &n.links[l]
	delta := lat - lk.latency
	if delta == 0 {
		return
	}
	ids := n.flowsOn(l, n.compFlows[:0])
	n.settle(ids)
	lk.latency = lat
	for _, id := range ids {
		f := &n.flows[id]
		f.latCur += delta
		f.penalty += delta
		if g := n.cfg.TCPGamma; g > 0 {
			f.bound = math.Min(f.userBound, g/(2*f.latCur))
		}
		if f.state == flowActive {
			n.reweigh(f)
		}
	}
	n.reshare(ids)
}

// reshare asks for the shares of the active flows among ids to be
// computed anew.
func (n *Net) reshare(ids []int32) {
	n.fullNext = true // the link's capacity or its flows' weights moved
	for _, id := range ids {
		if n.flows[id].state == flowActive {
			n.markReshare(id)
		}
	}
	n.compFlows = ids[:0]
}

// linkState turns link l on or off; a transfer crossing it when it turns
// off fails (smpirun aborts on SimGrid's NetworkFailureException): it is
// returned (-1: none).
func (n *Net) linkState(l int32, on bool) int32 {
	n.links[l].off = !on
	if on {
		return -1
	}
	if ids := n.flowsOn(l, n.compFlows[:0]); len(ids) > 0 {
		return ids[0]
	}
	return -1
}

// SetBandwidth applies a change of link l's bandwidth at t.
func (n *Net) SetBandwidth(l int32, bw, t float64) {
	n.now = t
	n.linkBW(l, bw)
}

// SetLatency applies a change of link l's latency at t.
func (n *Net) SetLatency(l int32, lat, t float64) {
	n.now = t
	n.linkLat(l, lat)
}

// SetState turns link l on or off at t; it returns a flow crossing it
// when it turns off (-1: none).
func (n *Net) SetState(l int32, on bool, t float64) (failed int32) {
	n.now = t
	return n.linkState(l, on)
}

// offLink returns a link of links that is off.
func (n *Net) offLink(links []int32) (int32, bool) {
	for _, l := range links {
		if n.links[l].off {
			return l, true
		}
	}
	return 0, false
}

// dynamicShare sets up flow f from node a to node b from the links'
// current bandwidths and latencies (a route's cached figures are the
// nominal ones), as SimGrid's communicate(): the latency to pay, the
// sharing penalty, the bound (the smallest bandwidth on the route,
// and TCP-gamma over twice the latency). It returns the latency.
func (n *Net) dynamicShare(f *flow, a, b int) float64 {
	n.route = n.m.Route(a, b, n.route[:0])
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
