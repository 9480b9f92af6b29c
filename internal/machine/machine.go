// Package machine describes the machine a program is predicted on: groups of
// identical nodes (CPUs per node, relative speed, CPU scheduler), the network
// that joins them (per-node links to switches, links between switches,
// intra-node transfers) and the placement of processes on nodes.
//
// A machine is stored per group, never per node, so that a machine of a
// million nodes costs as much memory as a machine of one: node ids number the
// groups in order and a node's group is found from the cumulative counts.
//
// Machines are read from YAML files (see docs/machines.md) with Load or Parse.
// A Machine built by hand must be passed through Validate before its routing
// methods are used on a hot path; Validate precomputes the switch routes.
package machine

import (
	"errors"
	"fmt"
	"math"

	"augur/internal/base/diag"
)

// Limits on machine sizes. They keep every derived table small and every
// node id representable as int32 (the engine stores routes as []int32).
const (
	MaxNodes       = 10_000_000 // nodes in total
	MaxCPUs        = 1_000_000  // CPUs per node
	MaxSwitches    = 1024       // routing tables are switches² entries
	MaxSwitchLinks = 65536
)

// Scheduler is the policy by which a node's CPUs are shared by the processes
// and threads that want them.
type Scheduler uint8

// The schedulers; the zero value is FCFS, the default of machine files.
const (
	FCFS       Scheduler = iota // first come, first served; a job keeps its CPU until done
	Priority                    // highest priority first, FCFS among equals
	RoundRobin                  // time slices of Group.Quantum seconds
	// Share is processor sharing, as SimGrid's CPU model: the computations
	// running on a node progress together, each at min(1, cpus/n) of a
	// CPU's speed when n of them run. The default of SimGrid platforms.
	Share
)

// String returns the name used for s in machine files: fcfs, priority, rr or share.
func (s Scheduler) String() string {
	switch s {
	case FCFS:
		return "fcfs"
	case Priority:
		return "priority"
	case RoundRobin:
		return "rr"
	case Share:
		return "share"
	}
	return fmt.Sprintf("Scheduler(%d)", uint8(s))
}

// ParseScheduler is the inverse of Scheduler.String; it also accepts
// "round-robin" and "roundrobin" for rr.
func ParseScheduler(s string) (Scheduler, error) {
	switch s {
	case "fcfs":
		return FCFS, nil
	case "priority":
		return Priority, nil
	case "rr", "round-robin", "roundrobin":
		return RoundRobin, nil
	case "share", "ps":
		return Share, nil
	}
	return 0, fmt.Errorf("unknown scheduler %q (want fcfs, priority, rr or share)", s)
}

// DefaultQuantum is the round-robin time slice when a file gives none.
const DefaultQuantum = 0.010

// DefaultEagerThreshold is the eager/rendezvous switch-over size in bytes
// when a file gives none (64 KiB, a common MPI default).
const DefaultEagerThreshold = 64 * 1024

// Group is a set of identical nodes.
type Group struct {
	Name      string
	Count     int     // nodes in the group, >= 1
	CPUs      int     // CPUs per node, >= 1
	Speed     float64 // relative speed: a compute cost of c seconds takes c/Speed, > 0
	Scheduler Scheduler
	Quantum   float64  // seconds, RoundRobin only, > 0
	Switch    int      // index into Machine.Switches the nodes hang off
	Link      LinkSpec // each node's own link (NIC) to its switch
	// Flops is the flop rate of one core in flop/s (0: not given). Trace
	// computations measured in flops take flops/Flops seconds (see
	// FlopCost); model costs in seconds use Speed as before.
	Flops float64
	// Cycle is one clock cycle of the nodes' processors in seconds, as
	// measured by `augur bench machine` (0: not given).
	Cycle float64
	// Ops records measured seconds per operation by name (from `augur
	// bench machine`), as given; nothing in the engine reads it.
	Ops map[string]float64
	// Reduce gives the seconds a reduction operator takes per element
	// it combines, by OP_TYPE (sum_double, max_int, ...: ReduceOps ×
	// ReduceTypes), as augur bench machine measures this host's MPI
	// (MPI_Reduce_local). See CombineCost.
	Reduce map[string]float64
	// Collectives, when given, are the MPI library's collectives as
	// measured on this group's nodes (nil: not measured); replay charges
	// them to a collective over exactly their Procs processes of one node.
	Collectives *Collectives
	// Levels are the working sets in bytes at which the l1, l2, l3 and
	// mem operations of Ops were measured (the model's ws_l1 … ws_mem):
	// a working set between two of them costs a blend of the two. Zero
	// when the file gives none: see WorkingSets.
	Levels [4]float64
	// LLCPrivate is how much of the last cache level each process of a
	// node keeps to itself while the node's other processes run: 1 minus
	// the machine file's levels shared, which augur bench machine
	// measures. 0, the default, means they share it: beyond the second
	// level a process's working set counts as many times as the node has
	// processes. A virtual machine whose cores sit on different dies of
	// its host can have 1.
	LLCPrivate float64
	// SpeedProfile, when set, makes the nodes' speed vary over time
	// (external load): its values are factors of Speed (and Flops). A
	// computation in progress goes on at the new speed from each change.
	SpeedProfile *Profile
	// StateProfile, when set, turns the nodes off (value 0) and on (> 0)
	// over time; a process on a node that turns off fails the run.
	StateProfile *Profile
	// LinkProfile, when set, replaces Link.Bandwidth over time (other
	// users' traffic on the nodes' links); flow network models follow it.
	LinkProfile *Profile
}

// ReduceOps and ReduceTypes name the reduction operators and datatypes of
// a node group's reduce key (MPI_SUM ... on MPI_DOUBLE, MPI_INT ...).
var (
	ReduceOps   = []string{"sum", "prod", "max", "min", "land", "band", "lor", "bor", "lxor", "bxor"}
	ReduceTypes = []string{"double", "float", "int", "long"}
)

// CombineCost is the seconds one byte of a reduction costs the rank that
// combines it: MPI_SUM on doubles (the commonest reduction, and what a
// trace's bytes most often are), per element over 8 bytes. 0 when the
// group gives no reduce key for it.
func (g *Group) CombineCost() float64 { return g.Reduce["sum_double"] / 8 }

// LinkSpec gives the cost of one link: a message of s bytes takes
// Latency + s/Bandwidth seconds to cross it when it has the link to itself.
type LinkSpec struct {
	Latency   float64 // seconds, >= 0
	Bandwidth float64 // bytes per second, > 0, +Inf allowed
}

// SwitchLink joins two switches. It is full duplex: each direction is a
// separate link id, so traffic A->B does not compete with traffic B->A.
type SwitchLink struct {
	Name string
	A, B int // switch indexes
	LinkSpec
}

// Network holds the machine-wide network parameters.
type Network struct {
	IntraLatency, IntraBandwidth float64 // between processes on the same node
	EagerThreshold               float64 // bytes; messages <= threshold are sent eagerly
	NICSerialise                 bool    // a node's outgoing (and incoming) transfers are serialised on its link
	// Segments, when given, replace the end-to-end latency and bandwidth
	// of messages between nodes piecewise by size (measured ping-pong
	// curves); IntraSegments likewise within a node. Sorted by From, the
	// first From is 0.
	Segments, IntraSegments []Segment
	// Model names the network model ("" or "constant": augur's constant
	// model; CM02, LV08, SMPI: SimGrid's flow models, see package netmodel)
	// and Config holds SimGrid-style keys (network/TCP-gamma, smpi/bw-factor,
	// ...) applied over the model's defaults.
	Model  string
	Config map[string]string
}

// Segment is one piece of a piecewise network cost: from From bytes up to
// the next segment's From, a message costs Latency + size/Bandwidth.
type Segment struct {
	From      float64 // bytes, >= 0
	Latency   float64 // seconds, >= 0
	Bandwidth float64 // bytes per second, > 0
}

// Machine is a parsed and validated machine description.
type Machine struct {
	Name        string
	Groups      []Group
	Switches    []string
	SwitchLinks []SwitchLink
	Net         Network
	// SwitchLinkProfiles, when not nil, gives each switch link (by index)
	// a bandwidth profile or nil, as Group.LinkProfile does node links.
	SwitchLinkProfiles []*Profile
	// Topo, when set, is an explicit network (a SimGrid platform): named
	// hosts, links with sharing policies and a router. It replaces the
	// switch network: Route, PathCost, NumLinks and LinkSpecOf answer
	// from it, and Groups then describe its hosts (one group per run of
	// identical hosts, in host order). Nil for YAML machines.
	Topo *Topology

	// t holds tables derived from the fields above (cumulative counts,
	// switch routes). It is set by Validate (which Parse and WithNodes
	// call) and never changed afterwards, so a Machine may be shared by
	// goroutines once built.
	t *tables
}

// tables are the precomputed, read-only lookups behind GroupOf, Route and
// PathCost. Their size depends on the number of groups and switches only.
type tables struct {
	starts   []int // starts[g] is the first node of group g; starts[len(Groups)] = NumNodes
	numNodes int
	nsw      int
	// For every ordered switch pair (s, t), at s*nsw+t:
	swLat  []float64 // latency sum of the switch links on the route s -> t
	swBW   []float64 // bottleneck bandwidth of those links, +Inf for s == t
	swHops []int32   // number of switch links on the route
	// swPrev[s*nsw+t] is the directed switch link (2k for A->B, 2k+1 for
	// B->A) by which the route from s enters t, or -1 when t == s. Routes
	// are rebuilt backwards from it, so only one entry per pair is stored.
	swPrev []int32
}

// tab returns the derived tables. A Machine that did not go through
// Validate gets fresh tables on every call: correct, but slow and
// allocating, which is why Validate should be called on hand-built machines.
func (m *Machine) tab() *tables {
	if m.t != nil {
		return m.t
	}
	t, err := m.buildTables()
	if err != nil {
		// Not validated and not valid: give empty routes rather than
		// panicking; Validate reports the actual problem.
		return &tables{starts: m.starts()}
	}
	return t
}

func (m *Machine) starts() []int {
	s := make([]int, len(m.Groups)+1)
	for i, g := range m.Groups {
		s[i+1] = s[i] + g.Count
	}
	return s
}

// Validate checks a machine built by hand (Parse already does, with file
// positions) and precomputes the routing tables. It must be called before the
// machine is shared between goroutines.
func (m *Machine) Validate() error {
	if err := m.check(); err != nil {
		return fmt.Errorf("machine %q: %w", m.Name, err)
	}
	t, err := m.buildTables()
	if err != nil {
		return fmt.Errorf("machine %q: %w", m.Name, err)
	}
	m.t = t
	return nil
}

// check validates the fields of m without positions.
func (m *Machine) check() error {
	if len(m.Groups) == 0 {
		return errors.New("no node groups")
	}
	if len(m.Switches) == 0 {
		return errors.New("no switches")
	}
	if len(m.Switches) > MaxSwitches {
		return fmt.Errorf("%d switches, at most %d allowed", len(m.Switches), MaxSwitches)
	}
	if len(m.SwitchLinks) > MaxSwitchLinks {
		return fmt.Errorf("%d switch links, at most %d allowed", len(m.SwitchLinks), MaxSwitchLinks)
	}
	seen := make(map[string]bool, len(m.Switches))
	for _, s := range m.Switches {
		if seen[s] {
			return fmt.Errorf("duplicate switch %q", s)
		}
		seen[s] = true
	}
	total := 0
	for i := range m.Groups {
		g := &m.Groups[i]
		if g.Count < 1 || g.Count > MaxNodes {
			return fmt.Errorf("group %q: count %d out of range [1, %d]", g.Name, g.Count, MaxNodes)
		}
		total += g.Count
		if total > MaxNodes {
			return fmt.Errorf("%d nodes or more, at most %d allowed", total, MaxNodes)
		}
		if g.CPUs < 1 || g.CPUs > MaxCPUs {
			return fmt.Errorf("group %q: cpus %d out of range [1, %d]", g.Name, g.CPUs, MaxCPUs)
		}
		if !(g.Speed > 0) || math.IsInf(g.Speed, 0) {
			return fmt.Errorf("group %q: speed must be positive and finite, got %v", g.Name, g.Speed)
		}
		if g.Scheduler > Share {
			return fmt.Errorf("group %q: unknown scheduler %d", g.Name, g.Scheduler)
		}
		if err := checkBandwidthProfile(g.LinkProfile); err != nil {
			return fmt.Errorf("group %q: link: %w", g.Name, err)
		}
		for _, p := range []*Profile{g.SpeedProfile, g.StateProfile} {
			if p == nil {
				continue
			}
			if err := p.Check(); err != nil {
				return fmt.Errorf("group %q: %w", g.Name, err)
			}
		}
		if g.Scheduler == RoundRobin && (!(g.Quantum > 0) || math.IsInf(g.Quantum, 0)) {
			return fmt.Errorf("group %q: round-robin quantum must be positive and finite, got %v", g.Name, g.Quantum)
		}
		if g.Switch < 0 || g.Switch >= len(m.Switches) {
			return fmt.Errorf("group %q: switch index %d out of range", g.Name, g.Switch)
		}
		if err := g.Link.check(); err != nil {
			return fmt.Errorf("group %q: link: %w", g.Name, err)
		}
	}
	if n := len(m.SwitchLinkProfiles); n > 0 && n != len(m.SwitchLinks) {
		return fmt.Errorf("%d switch link profiles for %d switch links", n, len(m.SwitchLinks))
	}
	for i, p := range m.SwitchLinkProfiles {
		if err := checkBandwidthProfile(p); err != nil {
			return fmt.Errorf("switch link %q: %w", m.SwitchLinks[i].Name, err)
		}
	}
	for _, l := range m.SwitchLinks {
		if l.A < 0 || l.A >= len(m.Switches) || l.B < 0 || l.B >= len(m.Switches) {
			return fmt.Errorf("switch link %q: switch index out of range", l.Name)
		}
		if l.A == l.B {
			return fmt.Errorf("switch link %q joins switch %q to itself", l.Name, m.Switches[l.A])
		}
		if err := l.LinkSpec.check(); err != nil {
			return fmt.Errorf("switch link %q: %w", l.Name, err)
		}
	}
	intra := LinkSpec{Latency: m.Net.IntraLatency, Bandwidth: m.Net.IntraBandwidth}
	if err := intra.check(); err != nil {
		return fmt.Errorf("network intra: %w", err)
	}
	if math.IsNaN(m.Net.EagerThreshold) || m.Net.EagerThreshold < 0 {
		return fmt.Errorf("network: eager threshold must not be negative, got %v", m.Net.EagerThreshold)
	}
	if comp := components(len(m.Switches), m.SwitchLinks); comp != nil {
		return disconnected(m.Switches, comp)
	}
	if err := checkSegments(m.Net.Segments); err != nil {
		return fmt.Errorf("network %w", err)
	}
	if err := checkSegments(m.Net.IntraSegments); err != nil {
		return fmt.Errorf("network intra %w", err)
	}
	for i := range m.Groups {
		if f := m.Groups[i].Flops; math.IsNaN(f) || f < 0 || math.IsInf(f, 0) {
			return fmt.Errorf("group %q: flops must be positive and finite, got %v", m.Groups[i].Name, f)
		}
	}
	if _, err := m.NetConfig(); err != nil {
		return err
	}
	if m.Topo != nil {
		if err := m.Topo.check(total); err != nil {
			return err
		}
	}
	return nil
}

func (l LinkSpec) check() error {
	if math.IsNaN(l.Latency) || l.Latency < 0 || math.IsInf(l.Latency, 0) {
		return fmt.Errorf("latency must be finite and not negative, got %v", l.Latency)
	}
	if !(l.Bandwidth > 0) {
		return fmt.Errorf("bandwidth must be positive, got %v", l.Bandwidth)
	}
	return nil
}

// checkBandwidthProfile checks a link's bandwidth profile (nil: none).
func checkBandwidthProfile(p *Profile) error {
	if p == nil {
		return nil
	}
	if err := p.Check(); err != nil {
		return err
	}
	for _, pt := range p.Points {
		if pt.Value == 0 {
			return fmt.Errorf("%s: a bandwidth of 0 is not supported (flows would never end)", p.Source)
		}
	}
	return nil
}

// LinkProfiles reports whether a link of m changes over time (a
// bandwidth, latency or state profile), which only flow network models
// follow.
func (m *Machine) LinkProfiles() bool {
	if m.Topo != nil {
		for i := range m.Topo.Links {
			if l := &m.Topo.Links[i]; l.BandwidthProfile != nil || l.LatencyProfile != nil || l.StateProfile != nil {
				return true
			}
		}
		return false
	}
	for i := range m.Groups {
		if m.Groups[i].LinkProfile != nil {
			return true
		}
	}
	for _, p := range m.SwitchLinkProfiles {
		if p != nil {
			return true
		}
	}
	return false
}

// NumNodes returns the number of nodes of all groups.
func (m *Machine) NumNodes() int {
	if m.t != nil {
		return m.t.numNodes
	}
	n := 0
	for _, g := range m.Groups {
		n += g.Count
	}
	return n
}

// GroupOf returns the group of node, in O(log groups). Node must be in
// [0, NumNodes()); out of range it panics as a slice index would.
func (m *Machine) GroupOf(node int) int {
	if len(m.Groups) == 1 {
		if node < 0 || node >= m.Groups[0].Count {
			panic(fmt.Sprintf("machine: node %d out of range [0, %d)", node, m.Groups[0].Count))
		}
		return 0
	}
	s := m.tab().starts
	if node < 0 || node >= s[len(s)-1] {
		panic(fmt.Sprintf("machine: node %d out of range [0, %d)", node, s[len(s)-1]))
	}
	// Largest g with s[g] <= node; s is non-decreasing and s[0] = 0.
	lo, hi := 0, len(s)-1
	for hi-lo > 1 {
		mid := int(uint(lo+hi) >> 1)
		if s[mid] <= node {
			lo = mid
		} else {
			hi = mid
		}
	}
	return lo
}

// GroupRange returns the node ids of group g: [first, end).
func (m *Machine) GroupRange(g int) (first, end int) {
	s := m.tab().starts
	return s[g], s[g+1]
}

// SwitchOf returns the switch node hangs off.
func (m *Machine) SwitchOf(node int) int { return m.Groups[m.GroupOf(node)].Switch }

// TotalCPUs returns the number of CPUs of all nodes.
func (m *Machine) TotalCPUs() int {
	n := 0
	for _, g := range m.Groups {
		n += g.Count * g.CPUs
	}
	return n
}

// WithNodes returns a copy of m with n nodes in total (the --nodes
// override); its errors about n are a *diag.GivenError of option nodes.
// With one group its count becomes n. With several, the groups are kept in
// order: if n exceeds the current total the last group grows, otherwise the
// groups are cut at n (the group holding node n-1 shrinks, later ones go).
// Switches and switch links are kept, so routes between remaining nodes do
// not change.
func (m *Machine) WithNodes(n int) (*Machine, error) {
	if n < 1 || n > MaxNodes {
		return nil, fmt.Errorf("machine %q: %w", m.Name, diag.Optionf("nodes", "%d out of range [1, %d]", n, MaxNodes))
	}
	if len(m.Groups) == 0 {
		return nil, fmt.Errorf("machine %q: no node groups", m.Name)
	}
	if m.Topo != nil {
		if n == m.NumNodes() {
			return m, nil
		}
		return nil, fmt.Errorf("machine %q: %w", m.Name, diag.Optionf("nodes", "%d: a platform's %d hosts are fixed (use a cluster of another size)", n, m.NumNodes()))
	}
	c := &Machine{
		Name:        m.Name,
		Switches:    append([]string(nil), m.Switches...),
		SwitchLinks: append([]SwitchLink(nil), m.SwitchLinks...),
		// Profiles are read only: shared.
		SwitchLinkProfiles: m.SwitchLinkProfiles,
		Net:                m.Net,
	}
	left := n
	for i, g := range m.Groups {
		if i == len(m.Groups)-1 || g.Count >= left {
			g.Count = left
			c.Groups = append(c.Groups, g)
			break
		}
		c.Groups = append(c.Groups, g)
		left -= g.Count
	}
	if err := c.Validate(); err != nil {
		return nil, err
	}
	return c, nil
}

// components returns nil when the switch graph is connected, otherwise a
// component id per switch (0 for the component of switch 0).
func components(nsw int, links []SwitchLink) []int {
	if nsw <= 1 {
		return nil
	}
	// Union-find: linear enough and needs no adjacency lists.
	parent := make([]int, nsw)
	for i := range parent {
		parent[i] = i
	}
	find := func(x int) int {
		for parent[x] != x {
			parent[x] = parent[parent[x]]
			x = parent[x]
		}
		return x
	}
	for _, l := range links {
		if l.A < 0 || l.A >= nsw || l.B < 0 || l.B >= nsw {
			continue
		}
		a, b := find(l.A), find(l.B)
		if a != b {
			parent[a] = b
		}
	}
	root := find(0)
	all := true
	for i := 1; i < nsw; i++ {
		if find(i) != root {
			all = false
			break
		}
	}
	if all {
		return nil
	}
	// Number components by first appearance so that switch 0's is 0.
	comp := make([]int, nsw)
	id := map[int]int{}
	for i := range comp {
		r := find(i)
		c, ok := id[r]
		if !ok {
			c = len(id)
			id[r] = c
		}
		comp[i] = c
	}
	return comp
}

// disconnected describes the first switch component that cannot reach
// switch 0's component.
func disconnected(names []string, comp []int) error {
	return fmt.Errorf("%s cannot reach %s: add a switch_links entry joining them",
		switchList(names, comp, firstOther(comp)), switchList(names, comp, 0))
}

func firstOther(comp []int) int {
	for _, c := range comp {
		if c != 0 {
			return c
		}
	}
	return 0
}

// switchList names the switches of component c: `switch "a"` or
// `switches "a", "b"`, at most 5 names then "and N more".
func switchList(names []string, comp []int, c int) string {
	var list []string
	n := 0
	for i, ci := range comp {
		if ci != c {
			continue
		}
		n++
		if len(list) < 5 {
			list = append(list, fmt.Sprintf("%q", names[i]))
		}
	}
	s := "switch "
	if n > 1 {
		s = "switches "
	}
	for i, q := range list {
		if i > 0 {
			s += ", "
		}
		s += q
	}
	if n > len(list) {
		s += fmt.Sprintf(" and %d more", n-len(list))
	}
	return s
}

// WithNetworkFactors returns a copy of m whose every latency is multiplied
// by lat and every bandwidth by bw (links, switch links, the links within
// a node and the piecewise segments): a what-if for another network under
// the constant model, as SimGrid's network/latency-factor and
// network/bandwidth-factor are under its flow models.
func (m *Machine) WithNetworkFactors(lat, bw float64) (*Machine, error) {
	if !(lat >= 0) || math.IsInf(lat, 0) || !(bw > 0) || math.IsInf(bw, 0) {
		return nil, fmt.Errorf("machine %q: network factors %g (latency) and %g (bandwidth): need a finite latency factor ≥ 0 and a finite bandwidth factor > 0", m.Name, lat, bw)
	}
	scale := func(l LinkSpec) LinkSpec {
		return LinkSpec{Latency: l.Latency * lat, Bandwidth: l.Bandwidth * bw}
	}
	segs := func(s []Segment) []Segment {
		out := make([]Segment, len(s))
		for i, x := range s {
			out[i] = Segment{From: x.From, Latency: x.Latency * lat, Bandwidth: x.Bandwidth * bw}
		}
		return out
	}
	c := &Machine{Name: m.Name, Switches: m.Switches, Net: m.Net}
	for _, g := range m.Groups {
		g.Link = scale(g.Link)
		c.Groups = append(c.Groups, g)
	}
	for _, l := range m.SwitchLinks {
		l.LinkSpec = scale(l.LinkSpec)
		c.SwitchLinks = append(c.SwitchLinks, l)
	}
	// Bandwidth profiles are kept as they are: only flow models follow
	// them, and these factors are the constant model's.
	c.SwitchLinkProfiles = m.SwitchLinkProfiles
	c.Net.IntraLatency *= lat
	c.Net.IntraBandwidth *= bw
	c.Net.Segments, c.Net.IntraSegments = segs(m.Net.Segments), segs(m.Net.IntraSegments)
	if m.Topo != nil {
		t := *m.Topo
		t.Links = make([]Link, len(m.Topo.Links))
		for i, l := range m.Topo.Links {
			l.Latency *= lat
			l.Bandwidth *= bw
			t.Links[i] = l
		}
		c.Topo = &t
	}
	if err := c.Validate(); err != nil {
		return nil, err
	}
	return c, nil
}

// DefaultLevels are the working sets at which `augur bench machine`
// measured the memory levels before it looked for them on the machine:
// what a machine file without `levels` means.
var DefaultLevels = [4]float64{16 << 10, 256 << 10, 4 << 20, 32 << 20}

// LevelNames name the memory levels, as the ops keys (load_l1 …
// load_mem) and the machine file's levels do.
var LevelNames = [4]string{"l1", "l2", "l3", "mem"}

// LastLevelShared is how much the node's processes compete for its last
// cache level: 0 (each has all of it) to 1 (they share it).
func (g *Group) LastLevelShared() float64 { return 1 - g.LLCPrivate }

// WorkingSets are the group's Levels, or DefaultLevels for a group that
// gives none (one made from a SimGrid platform, or an older file).
func (g *Group) WorkingSets() [4]float64 {
	if g.Levels[0] > 0 {
		return g.Levels
	}
	return DefaultLevels
}
