// Package platform reads SimGrid platform files (XML, version 4.1) and
// smpirun hostfiles into augur's one machine abstraction, *machine.Machine:
// every host becomes a node, every link a link of machine.Topology, and the
// zones' routing (Full, Floyd, Dijkstra, clusters with backbone, loopback
// and limiter links, clusters written by hand with <host_link> and
// <backbone>, TORUS, FAT_TREE and DRAGONFLY clusters, bypass routes) a
// machine.Router that computes routes the way SimGrid does, hierarchically
// through zone gateways. Profiles (speed_file, bandwidth_file, latency_file,
// state_file, <trace>/<trace_connect>) become machine.Profiles: external
// load, which the engine follows.
package platform

import (
	"fmt"
	"path/filepath"
	"strings"

	"augur/internal/base/diag"
	"augur/internal/base/infile"

	"augur/internal/machine"
)

// Error is a problem in the input at a position: augur's one positioned
// error (package diag), printed as file:line:col: message.
type Error = diag.Error

// Load reads the platform file at path.
func Load(path string) (*machine.Machine, error) {
	data, err := infile.ReadFile(path, infile.Platform)
	if err != nil {
		return nil, fmt.Errorf("load platform: %w", err)
	}
	return Parse(path, data)
}

// Parse reads a platform held in data; filename names it in errors, which
// are *Error.
func Parse(filename string, data []byte) (*machine.Machine, error) {
	b := &builder{file: filename}
	if err := b.read(data); err != nil {
		return nil, err
	}
	return b.machine()
}

// LoadMachine reads a machine in either of its two syntaxes: augur's
// YAML (machine.Parse) for a .yaml or .yml file, a SimGrid platform
// otherwise.
func LoadMachine(path string) (*machine.Machine, error) {
	data, err := infile.ReadFile(path, machineKind(path))
	if err != nil {
		return nil, fmt.Errorf("load machine: %w", err)
	}
	return ParseMachine(path, data)
}

// ParseMachine is LoadMachine for a file held in data.
func ParseMachine(filename string, data []byte) (*machine.Machine, error) {
	switch strings.ToLower(filepath.Ext(filename)) {
	case ".yaml", ".yml":
		return machine.Parse(filename, data)
	}
	return Parse(filename, data)
}

// routing is how a zone computes routes between its members.
type routing uint8

const (
	rFull routing = iota
	rFloyd
	rDijkstra
	rNone
	rCluster
	rHier // TORUS, FAT_TREE, DRAGONFLY (topo.go)
)

type npKind uint8

const (
	npHost npKind = iota
	npRouter
	npZone
)

// netpoint is something routes join: a host, a router or a zone.
type netpoint struct {
	name string
	kind npKind
	zone int32 // the zone it is in (-1: none, for the root zone)
	idx  int32 // host index, or zone index for npZone
	pos  int32 // position among the cluster's hosts (clusters only)
}

// zroute is a route of a zone between two of its netpoints; for routes
// between zones, gwSrc/gwDst are the netpoints where it enters and leaves.
type zroute struct {
	links        []int32
	gwSrc, gwDst int32
}

type zone struct {
	id     string
	kind   routing
	parent int32
	np     int32 // the zone's own netpoint (-1 for the root)
	depth  int

	full  map[[2]int32]*zroute
	edges map[int32][]gedge // Floyd/Dijkstra: adjacency by netpoint
	// next[i][j] for graph zones: the edge index to take from member i to
	// reach member j (computed once all routes are read).
	members []int32
	memIdx  map[int32]int
	next    [][]int32
	elist   []gedge

	cl   *cluster
	hier *hier
	// bypass holds the zone's bypass routes by (src, dst) netpoints:
	// one direction each, looked up before any other route.
	bypass map[[2]int32]*zroute
}

type gedge struct {
	from, to int32
	r        *zroute
}

type cluster struct {
	up, down, loop, lim []int32 // per host position; -1: none
	backbone            int32
	router              int32 // netpoint of the cluster's router
}

type hostDef struct {
	name  string
	speed float64
	cores int
	np    int32
	// speed_file (factors of speed) and state_file, nil when none.
	speedProf, stateProf *machine.Profile
}

// router implements machine.Router over the zone tree.
type router struct {
	nps   []netpoint
	zones []*zone
	hosts []int32 // host index -> netpoint
}

func (r *router) Route(a, b int, dst []int32) []int32 {
	return r.global(r.hosts[a], r.hosts[b], dst, 0)
}

// global appends the route between netpoints src and dst, as SimGrid's
// NetZoneImpl::get_global_route: the common ancestor zone routes between
// the children containing them, and the gateways are reached recursively.
func (r *router) global(src, dst int32, out []int32, depth int) []int32 {
	if depth > 64 {
		return out // a cycle of gateways; the checks at load time prevent it
	}
	common, sa, da := r.ancestors(src, dst)
	if common < 0 {
		return out
	}
	z := r.zones[common]
	if z.bypass != nil {
		if br, key, ok := r.findBypass(common, src, dst); ok {
			if src != key[0] {
				out = r.global(src, br.gwSrc, out, depth+1)
			}
			out = append(out, br.links...)
			if dst != key[1] {
				out = r.global(br.gwDst, dst, out, depth+1)
			}
			return out
		}
	}
	if sa == da && src != dst {
		return out
	}
	if sa == src && da == dst {
		return z.local(r, src, dst, out)
	}
	lr := z.localRoute(r, sa, da)
	if lr == nil {
		return out
	}
	if sa != src && lr.gwSrc >= 0 && lr.gwSrc != src {
		out = r.global(src, lr.gwSrc, out, depth+1)
	}
	out = append(out, lr.links...)
	if da != dst && lr.gwDst >= 0 && lr.gwDst != dst {
		out = r.global(lr.gwDst, dst, out, depth+1)
	}
	return out
}

// ancestors returns the common zone of netpoints a and b and the netpoints
// in that zone containing them (themselves, or their child zone's).
func (r *router) ancestors(a, b int32) (common, sa, da int32) {
	za, zb := r.nps[a].zone, r.nps[b].zone
	sa, da = a, b
	for za >= 0 && zb >= 0 && za != zb {
		if r.zones[za].depth >= r.zones[zb].depth {
			sa = r.zones[za].np
			za = r.zones[za].parent
		} else {
			da = r.zones[zb].np
			zb = r.zones[zb].parent
		}
	}
	if za != zb || za < 0 {
		return -1, a, b
	}
	return za, sa, da
}

// local appends the route between two netpoints directly in zone z.
func (z *zone) local(r *router, a, b int32, out []int32) []int32 {
	switch z.kind {
	case rCluster:
		return z.clusterRoute(r, a, b, out)
	case rHier:
		// Routers have no route in these zones (SimGrid returns none).
		if pa, pb := r.nps[a], r.nps[b]; pa.kind == npHost && pb.kind == npHost {
			return z.hier.route(int(pa.pos), int(pb.pos), out)
		}
		return out
	}
	if lr := z.localRoute(r, a, b); lr != nil {
		out = append(out, lr.links...)
	}
	return out
}

// localRoute is the route between members a and b of a Full or graph zone
// (nil if none). Cluster zones answer through clusterRoute; for their
// router as a gateway the local route is computed into a fresh route.
func (z *zone) localRoute(r *router, a, b int32) *zroute {
	switch z.kind {
	case rFull:
		return z.full[[2]int32{a, b}]
	case rFloyd, rDijkstra:
		return z.graphRoute(a, b)
	case rCluster, rHier:
		return &zroute{links: z.local(r, a, b, nil), gwSrc: -1, gwDst: -1}
	}
	return nil
}

func (z *zone) graphRoute(a, b int32) *zroute {
	if a == b {
		return z.full[[2]int32{a, b}]
	}
	i, ok1 := z.memIdx[a]
	j, ok2 := z.memIdx[b]
	if !ok1 || !ok2 || z.next == nil {
		return nil
	}
	if z.next[i][j] < 0 {
		return nil
	}
	// Graph routes are assembled on each call; zones using them are small.
	res := &zroute{gwSrc: -1, gwDst: -1}
	cur := i
	for steps := 0; cur != j && steps <= len(z.members); steps++ {
		e := z.elist[z.next[cur][j]]
		if res.gwSrc < 0 {
			res.gwSrc = e.r.gwSrc
		}
		res.gwDst = e.r.gwDst
		res.links = append(res.links, e.r.links...)
		cur = z.memIdx[e.to]
	}
	return res
}

// clusterRoute: loopback for a host to itself if the cluster has one;
// otherwise the source's limiter and private up link, the backbone, the
// destination's private down link and limiter (routers have no private
// links).
func (z *zone) clusterRoute(r *router, a, b int32, out []int32) []int32 {
	c := z.cl
	pa, pb := r.nps[a], r.nps[b]
	if a == b && pa.kind == npHost && c.loop[pa.pos] >= 0 {
		return append(out, c.loop[pa.pos])
	}
	if pa.kind == npHost {
		if c.lim[pa.pos] >= 0 {
			out = append(out, c.lim[pa.pos])
		}
		if c.up[pa.pos] >= 0 {
			out = append(out, c.up[pa.pos])
		}
	}
	if c.backbone >= 0 {
		out = append(out, c.backbone)
	}
	if pb.kind == npHost {
		if c.down[pb.pos] >= 0 {
			out = append(out, c.down[pb.pos])
		}
		if c.lim[pb.pos] >= 0 {
			out = append(out, c.lim[pb.pos])
		}
	}
	return out
}

// findBypass looks for a bypass route of zone zi from src to dst as
// SimGrid's NetZoneImpl::get_bypass_route: between the two netpoints
// themselves when both lie directly in the zone; otherwise between the
// zones holding them, from the innermost outwards (src's zone at level
// i, dst's at level j, trying every pair with max(i, j) = 0, 1, ...).
func (r *router) findBypass(zi, src, dst int32) (*zroute, [2]int32, bool) {
	z := r.zones[zi]
	if r.nps[src].zone == zi && r.nps[dst].zone == zi {
		key := [2]int32{src, dst}
		br, ok := z.bypass[key]
		return br, key, ok
	}
	up := func(p int32) []int32 {
		var path []int32
		for c := r.nps[p].zone; c >= 0; c = r.zones[c].parent {
			path = append(path, c)
		}
		return path
	}
	ps, pd := up(src), up(dst)
	for len(ps) > 1 && len(pd) > 1 && ps[len(ps)-1] == pd[len(pd)-1] {
		ps, pd = ps[:len(ps)-1], pd[:len(pd)-1]
	}
	lookup := func(i, j int) (*zroute, [2]int32, bool) {
		if i < len(ps) && j < len(pd) {
			key := [2]int32{r.zones[ps[i]].np, r.zones[pd[j]].np}
			if br, ok := z.bypass[key]; ok {
				return br, key, true
			}
		}
		return nil, [2]int32{}, false
	}
	for m := 0; m < max(len(ps), len(pd)); m++ {
		for i := 0; i < m; i++ {
			if br, key, ok := lookup(i, m); ok {
				return br, key, ok
			}
			if br, key, ok := lookup(m, i); ok {
				return br, key, ok
			}
		}
		if br, key, ok := lookup(m, m); ok {
			return br, key, ok
		}
	}
	return nil, [2]int32{}, false
}

// machineKind is the kind of input a machine file is, by its name as
// LoadMachine reads it: its size cap.
func machineKind(path string) infile.Kind {
	switch strings.ToLower(filepath.Ext(path)) {
	case ".yaml", ".yml":
		return infile.Machine
	}
	return infile.Platform
}
