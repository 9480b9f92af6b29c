package machine

import (
	"fmt"
	"math"
)

// Link ids. Every node has two links to its switch, split duplex: its uplink
// (id 2n, node -> switch) and its downlink (2n+1, switch -> node), so a node
// can send and receive at full bandwidth at the same time. Switch link k
// follows the node links: 2*NumNodes()+2k carries A->B, 2*NumNodes()+2k+1
// carries B->A. Ids are dense so the engine can keep per-link state in a
// slice; for a million nodes that slice is the engine's, not ours.

// NumLinks returns the number of link ids: 2*NumNodes() + 2*len(SwitchLinks).
// With a Topology it is the number of its links.
func (m *Machine) NumLinks() int {
	if m.Topo != nil {
		return len(m.Topo.Links)
	}
	return 2*m.NumNodes() + 2*len(m.SwitchLinks)
}

// LinkSpecOf returns the latency and bandwidth of link id. Id must be in
// [0, NumLinks()); out of range it panics as a slice index would.
func (m *Machine) LinkSpecOf(id int) LinkSpec {
	if m.Topo != nil {
		l := &m.Topo.Links[id]
		return LinkSpec{Latency: l.Latency, Bandwidth: l.Bandwidth}
	}
	nn := 2 * m.NumNodes()
	if id < nn {
		if id < 0 {
			panic(fmt.Sprintf("machine: link id %d out of range", id))
		}
		return m.Groups[m.GroupOf(id/2)].Link
	}
	return m.SwitchLinks[(id-nn)/2].LinkSpec
}

// LinkName describes link id for reports: "node 3 up", "node 3 down",
// "a-b (a->b)".
func (m *Machine) LinkName(id int) string {
	if m.Topo != nil {
		return m.Topo.Links[id].Name
	}
	nn := 2 * m.NumNodes()
	if id < nn {
		if id%2 == 0 {
			return fmt.Sprintf("node %d up", id/2)
		}
		return fmt.Sprintf("node %d down", id/2)
	}
	k := (id - nn) / 2
	l := m.SwitchLinks[k]
	from, to := l.A, l.B
	if (id-nn)%2 == 1 {
		from, to = to, from
	}
	return fmt.Sprintf("%s (%s->%s)", l.Name, m.Switches[from], m.Switches[to])
}

// Route appends to dst the link ids a message from node a to node b (a != b)
// crosses, in order: a's uplink, the switch links of the route between their
// switches, b's downlink. Switch routes are precomputed: fewest hops, ties
// broken by exploring switch links in file order, so routes are deterministic.
// It does not allocate when dst has capacity for the route. For a == b it
// returns dst unchanged: a transfer within a node crosses no link (PathCost
// gives the intra-node parameters for it).
//
// With a Topology the platform's router answers, and Route(a, a) gives the
// host's loopback link when the platform has one.
func (m *Machine) Route(a, b int, dst []int32) []int32 {
	if m.Topo != nil {
		return m.Topo.Router.Route(a, b, dst)
	}
	if a == b {
		return dst
	}
	t := m.tab()
	dst = append(dst, int32(2*a))
	sa, sb := m.Groups[m.GroupOf(a)].Switch, m.Groups[m.GroupOf(b)].Switch
	if sa != sb {
		base := int32(2 * t.numNodes)
		hops := int(t.swHops[sa*t.nsw+sb])
		start := len(dst)
		// Grow dst by hops entries, then fill them backwards from sb.
		for range hops {
			dst = append(dst, 0)
		}
		cur := sb
		for i := len(dst) - 1; i >= start; i-- {
			d := t.swPrev[sa*t.nsw+cur]
			dst[i] = base + d
			l := &m.SwitchLinks[d/2]
			if d%2 == 0 {
				cur = l.A // entered cur going A->B
			} else {
				cur = l.B
			}
		}
	}
	return append(dst, int32(2*b+1))
}

// PathCost gives the end-to-end latency (sum over the route) and bottleneck
// bandwidth (minimum over the route) between nodes a and b; for a == b it
// gives the intra-node parameters. It does not allocate.
//
// With a Topology they are summed over the route (the intra-node
// parameters for a host to itself without a loopback link).
func (m *Machine) PathCost(a, b int) (latency, bandwidth float64) {
	if m.Topo != nil {
		var buf [32]int32
		route := m.Topo.Router.Route(a, b, buf[:0])
		if len(route) == 0 {
			return m.Net.IntraLatency, m.Net.IntraBandwidth
		}
		bandwidth = math.Inf(1)
		for _, id := range route {
			l := &m.Topo.Links[id]
			latency += l.Latency
			bandwidth = math.Min(bandwidth, l.Bandwidth)
		}
		return latency, bandwidth
	}
	if a == b {
		return m.Net.IntraLatency, m.Net.IntraBandwidth
	}
	ga, gb := &m.Groups[m.GroupOf(a)], &m.Groups[m.GroupOf(b)]
	latency = ga.Link.Latency + gb.Link.Latency
	bandwidth = math.Min(ga.Link.Bandwidth, gb.Link.Bandwidth)
	if ga.Switch != gb.Switch {
		t := m.tab()
		i := ga.Switch*t.nsw + gb.Switch
		latency += t.swLat[i]
		bandwidth = math.Min(bandwidth, t.swBW[i])
	}
	return latency, bandwidth
}

// buildTables computes the cumulative node counts and, by one breadth-first
// search per switch, the route between every pair of switches.
func (m *Machine) buildTables() (*tables, error) {
	nsw := len(m.Switches)
	if nsw == 0 {
		return nil, fmt.Errorf("no switches")
	}
	if nsw > MaxSwitches {
		return nil, fmt.Errorf("%d switches, at most %d allowed", nsw, MaxSwitches)
	}
	t := &tables{starts: m.starts(), nsw: nsw}
	t.numNodes = t.starts[len(m.Groups)]

	// Adjacency as directed switch links (2k: A->B, 2k+1: B->A) in file
	// order, in CSR form: two slices instead of one per switch.
	deg := make([]int32, nsw+1)
	for _, l := range m.SwitchLinks {
		if l.A < 0 || l.A >= nsw || l.B < 0 || l.B >= nsw {
			return nil, fmt.Errorf("switch link %q: switch index out of range", l.Name)
		}
		deg[l.A+1]++
		deg[l.B+1]++
	}
	for i := 1; i <= nsw; i++ {
		deg[i] += deg[i-1]
	}
	adj := make([]int32, deg[nsw])
	fill := append([]int32(nil), deg[:nsw]...)
	for k, l := range m.SwitchLinks {
		adj[fill[l.A]] = int32(2 * k)
		fill[l.A]++
		adj[fill[l.B]] = int32(2*k + 1)
		fill[l.B]++
	}

	n2 := nsw * nsw
	t.swLat = make([]float64, n2)
	t.swBW = make([]float64, n2)
	t.swHops = make([]int32, n2)
	t.swPrev = make([]int32, n2)
	queue := make([]int, 0, nsw)
	for s := range nsw {
		row := s * nsw
		for i := row; i < row+nsw; i++ {
			t.swHops[i] = -1
		}
		t.swHops[row+s] = 0
		t.swPrev[row+s] = -1
		t.swBW[row+s] = math.Inf(1)
		queue = append(queue[:0], s)
		for qi := 0; qi < len(queue); qi++ {
			u := queue[qi]
			for _, d := range adj[deg[u]:deg[u+1]] {
				l := &m.SwitchLinks[d/2]
				v := l.B
				if d%2 == 1 {
					v = l.A
				}
				if t.swHops[row+v] >= 0 {
					continue
				}
				t.swHops[row+v] = t.swHops[row+u] + 1
				t.swPrev[row+v] = d
				t.swLat[row+v] = t.swLat[row+u] + l.Latency
				t.swBW[row+v] = math.Min(t.swBW[row+u], l.Bandwidth)
				queue = append(queue, v)
			}
		}
		if len(queue) != nsw {
			return nil, disconnected(m.Switches, components(nsw, m.SwitchLinks))
		}
	}
	return t, nil
}
