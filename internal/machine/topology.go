package machine

import (
	"errors"
	"fmt"
	"math"
	"sort"

	"augur/internal/base/diag"
	"augur/internal/machine/netmodel"
)

// Sharing is how a link's bandwidth is shared by the flows crossing it.
type Sharing uint8

// The sharing policies of SimGrid links. A SPLITDUPLEX link is two links
// (NAME_UP and NAME_DOWN), each Shared.
const (
	Shared  Sharing = iota // the flows crossing the link share its bandwidth
	FatPipe                // every flow may use the whole bandwidth (a backbone, a loopback)
)

func (s Sharing) String() string {
	if s == FatPipe {
		return "FATPIPE"
	}
	return "SHARED"
}

// Link is one link of an explicit topology.
type Link struct {
	Name      string
	Latency   float64 // seconds, >= 0
	Bandwidth float64 // bytes per second, > 0
	Sharing   Sharing
	// BandwidthProfile, when set, replaces Bandwidth over time (values
	// in bytes per second, > 0): flows in progress are shared anew at
	// each change. LatencyProfile replaces Latency (seconds) for the
	// flows that start after a change, and moves the sharing of those
	// under way; StateProfile turns the link off (0) and on (> 0), and a
	// transfer crossing it while it is off fails the run.
	BandwidthProfile, LatencyProfile, StateProfile *Profile
}

// Router gives routes of an explicit topology. Route appends to dst the
// link ids a message from host a to host b crosses, in order; for a == b
// it appends the host's loopback link if the platform has one and nothing
// otherwise. It must not allocate when dst has room, and be safe for
// concurrent use.
type Router interface {
	Route(a, b int, dst []int32) []int32
}

// Topology is an explicit network: the hosts (nodes, by id), the links and
// the router. Platform readers build it; see package platform.
type Topology struct {
	Hosts  []string // host names by node id, unique
	Links  []Link
	Router Router

	index map[string]int // host name -> node id, built by Validate
}

func (t *Topology) check(numNodes int) error {
	if len(t.Hosts) != numNodes {
		return fmt.Errorf("topology has %d hosts, node groups count %d", len(t.Hosts), numNodes)
	}
	if t.Router == nil {
		return errors.New("topology has no router")
	}
	for i, l := range t.Links {
		if math.IsNaN(l.Latency) || l.Latency < 0 || math.IsInf(l.Latency, 0) {
			return fmt.Errorf("link %q: latency must be finite and not negative, got %v", l.Name, l.Latency)
		}
		if !(l.Bandwidth > 0) {
			return fmt.Errorf("link %q: bandwidth must be positive, got %v", l.Name, l.Bandwidth)
		}
		for _, p := range []*Profile{l.BandwidthProfile, l.LatencyProfile, l.StateProfile} {
			if p == nil {
				continue
			}
			if err := p.Check(); err != nil {
				return fmt.Errorf("link %q: %w", l.Name, err)
			}
		}
		if l.Sharing > FatPipe {
			return fmt.Errorf("link %d: unknown sharing policy %d", i, l.Sharing)
		}
	}
	idx := make(map[string]int, len(t.Hosts))
	for i, h := range t.Hosts {
		if _, dup := idx[h]; dup {
			return fmt.Errorf("duplicate host %q", h)
		}
		idx[h] = i
	}
	t.index = idx
	return nil
}

// HostName returns the name of node: the platform's host name, or for YAML
// machines GROUP-K, the K-th node (from 0) of its group.
func (m *Machine) HostName(node int) string {
	if m.Topo != nil {
		return m.Topo.Hosts[node]
	}
	g := m.GroupOf(node)
	first, _ := m.GroupRange(g)
	return fmt.Sprintf("%s-%d", m.Groups[g].Name, node-first)
}

// HostIndex returns the node named name (see HostName).
func (m *Machine) HostIndex(name string) (int, bool) {
	if m.Topo != nil {
		if m.Topo.index == nil {
			return -1, false
		}
		i, ok := m.Topo.index[name]
		return i, ok
	}
	// GROUP-K: the group name may itself contain '-', so try every cut.
	for i := len(name) - 1; i > 0; i-- {
		if name[i] != '-' {
			continue
		}
		k := 0
		digits := name[i+1:]
		if digits == "" || len(digits) > 8 || (len(digits) > 1 && digits[0] == '0') {
			continue
		}
		ok := true
		for _, c := range digits {
			if c < '0' || c > '9' {
				ok = false
				break
			}
			k = k*10 + int(c-'0')
		}
		if !ok {
			continue
		}
		for g := range m.Groups {
			if m.Groups[g].Name == name[:i] && k < m.Groups[g].Count {
				first, _ := m.GroupRange(g)
				return first + k, true
			}
		}
	}
	return -1, false
}

// FlopCost returns the Cost an ir.Compute operation on node must carry so
// that the engine, which divides costs by the node's Speed, takes
// flops/Flops seconds for each flop: multiply a trace's flop count by it.
// It fails when the node's group gives no flop rate.
func (m *Machine) FlopCost(node int) (float64, error) {
	g := &m.Groups[m.GroupOf(node)]
	if !(g.Flops > 0) {
		return 0, fmt.Errorf("machine %q: node group %q gives no flop rate (add flops: to it)", m.Name, g.Name)
	}
	return g.Speed / g.Flops, nil
}

// LinkOf returns link id with its name and sharing policy. For YAML
// machines every link is Shared.
func (m *Machine) LinkOf(id int) Link {
	if m.Topo != nil {
		return m.Topo.Links[id]
	}
	s := m.LinkSpecOf(id)
	l := Link{Name: m.LinkName(id), Latency: s.Latency, Bandwidth: s.Bandwidth}
	if nn := 2 * m.NumNodes(); id < nn {
		l.BandwidthProfile = m.Groups[m.GroupOf(id/2)].LinkProfile
	} else if len(m.SwitchLinkProfiles) > 0 {
		l.BandwidthProfile = m.SwitchLinkProfiles[(id-nn)/2]
	}
	return l
}

// NetConfig returns the network model and its parameters: the machine's
// network.model and network.config, then the overrides (--cfg keys, in
// the order given) on top.
func (m *Machine) NetConfig(overrides ...[2]string) (netmodel.Config, error) {
	kv := make(map[string]string, len(m.Net.Config)+len(overrides))
	for k, v := range m.Net.Config {
		kv[k] = v
	}
	model := m.Net.Model
	for _, o := range overrides {
		if o[0] == "network/model" {
			model = o[1]
			delete(kv, "network/model")
		}
	}
	c, err := netmodel.New(model, kv)
	if err != nil {
		return c, fmt.Errorf("machine %q: %w", m.Name, err)
	}
	for _, o := range overrides {
		if o[0] == "network/model" {
			if c.Given == nil {
				c.Given = map[string]string{}
			}
			c.Given[o[0]] = o[1]
			continue
		}
		if err := c.Set(o[0], o[1]); err != nil {
			return c, &diag.GivenError{Given: netmodel.GivenSetting(o[0]), Err: err}
		}
	}
	return c, nil
}

// MessageCost gives the latency and bandwidth of a message of size bytes
// from node a to node b under the constant model: the network segments for
// that size when the machine has them, otherwise PathCost.
func (m *Machine) MessageCost(a, b int, size float64) (latency, bandwidth float64) {
	segs := m.Net.Segments
	if a == b {
		segs = m.Net.IntraSegments
	}
	if len(segs) == 0 {
		return m.PathCost(a, b)
	}
	s := segmentAt(segs, size)
	return s.Latency, s.Bandwidth
}

func segmentAt(segs []Segment, size float64) Segment {
	i := sort.Search(len(segs), func(i int) bool { return segs[i].From > size })
	if i == 0 {
		return segs[0]
	}
	return segs[i-1]
}

func checkSegments(segs []Segment) error {
	for i, s := range segs {
		if i == 0 && s.From != 0 {
			return fmt.Errorf("segments: the first segment must start at 0 bytes, got %v", s.From)
		}
		if i > 0 && !(s.From > segs[i-1].From) {
			return fmt.Errorf("segments: segment %d starts at %v, not after the previous one (%v)", i+1, s.From, segs[i-1].From)
		}
		if math.IsInf(s.From, 0) || math.IsNaN(s.From) {
			return fmt.Errorf("segments: segment %d starts at %v", i+1, s.From)
		}
		if err := (LinkSpec{Latency: s.Latency, Bandwidth: s.Bandwidth}).check(); err != nil {
			return fmt.Errorf("segments: segment %d: %w", i+1, err)
		}
	}
	return nil
}
