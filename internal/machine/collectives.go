package machine

import (
	"math"
	"slices"
	"sort"

	"go.yaml.in/yaml/v3"
)

// Collectives are an MPI library's collectives as measured on the processes
// of one node (augur bench machine times Open MPI's own choice of
// algorithm on this host): seconds a call takes, the slowest rank's, by the
// bytes each rank contributes. They hold what a simulation of messages
// misses within a node: the library's algorithm, its copies through shared
// memory, the combining of a reduction and the temporary buffers it
// allocates (an in-place reduction at the root of Open MPI works on a fresh
// copy of the vector, whose pages the kernel faults in on every call).
type Collectives struct {
	// Procs is the number of processes they were measured on; they apply
	// to a collective over exactly that many processes, all on one node
	// of the group.
	Procs int
	// Times holds, per collective (CollectiveNames), its samples sorted
	// by size.
	Times map[string][]CollSample
}

// CollSample is one measured size of a collective.
type CollSample struct {
	Bytes   float64 // bytes each rank contributes (to each peer, for alltoall)
	Seconds float64
}

// CollectiveNames are the collectives a node group's collectives key may
// time: MPI's, and the reductions called with MPI_IN_PLACE (at the root
// of a reduce, at every rank of an allreduce), which cost more.
var CollectiveNames = []string{"barrier", "bcast", "reduce", "reduce_in_place", "allreduce", "allreduce_in_place",
	"allgather", "alltoall", "gather", "scatter"}

// Time gives the seconds the collective name (MPI's name in lower case:
// "reduce", "allgather") takes for bytes, called in place or not,
// interpolated linearly between the measured sizes; below the smallest it
// is the smallest's time and beyond the largest it goes on along the last
// two sizes' slope (never below the largest's time). A call in place whose
// variant was not measured takes the plain one's time. ok is false when
// the collective was not measured.
func (c *Collectives) Time(name string, inPlace bool, bytes float64) (secs float64, ok bool) {
	if c == nil {
		return 0, false
	}
	s := c.Times[name]
	if inPlace && len(c.Times[name+"_in_place"]) > 0 {
		s = c.Times[name+"_in_place"]
	}
	if len(s) == 0 {
		return 0, false
	}
	if bytes <= s[0].Bytes || len(s) == 1 {
		return s[0].Seconds, true
	}
	i := sort.Search(len(s), func(i int) bool { return s[i].Bytes >= bytes })
	if i == len(s) {
		a, b := s[len(s)-2], s[len(s)-1]
		slope := (b.Seconds - a.Seconds) / (b.Bytes - a.Bytes)
		return math.Max(b.Seconds, b.Seconds+slope*(bytes-b.Bytes)), true
	}
	a, b := s[i-1], s[i]
	return a.Seconds + (b.Seconds-a.Seconds)*(bytes-a.Bytes)/(b.Bytes-a.Bytes), true
}

// collectives reads a group's collectives key:
//
//	collectives:
//	  procs: 2
//	  reduce: { 8: 3.1us, 1MiB: 210us, 128MiB: 39ms }
func (p *parser) collectives(n *yaml.Node) (*Collectives, error) {
	obj, err := p.object(n, "collectives", append([]string{"procs"}, CollectiveNames...))
	if err != nil {
		return nil, err
	}
	e, ok := obj["procs"]
	if !ok {
		return nil, p.errf(resolve(n), "collectives: missing key \"procs\" (the number of processes they were measured on)")
	}
	c := &Collectives{Times: map[string][]CollSample{}}
	if c.Procs, err = p.integer(e.val, "collectives procs", 2, MaxCPUs); err != nil {
		return nil, err
	}
	for _, name := range CollectiveNames {
		e, ok := obj[name]
		if !ok {
			continue
		}
		m := resolve(e.val)
		if m.Kind != yaml.MappingNode || len(m.Content) == 0 {
			return nil, p.errf(m, "collectives %s: want a mapping of sizes to times (e.g. { 8: 3us, 1MiB: 200us }), got %s", name, describe(m))
		}
		var s []CollSample
		for i := 0; i+1 < len(m.Content); i += 2 {
			b, err := p.size(m.Content[i], "collectives "+name+" size")
			if err != nil {
				return nil, err
			}
			if math.IsInf(b, 0) {
				return nil, p.errf(resolve(m.Content[i]), "collectives %s: a size must be finite", name)
			}
			if slices.ContainsFunc(s, func(x CollSample) bool { return x.Bytes == b }) {
				return nil, p.errf(resolve(m.Content[i]), "collectives %s: size %s twice", name, resolve(m.Content[i]).Value)
			}
			t, err := p.duration(m.Content[i+1], "collectives "+name+" "+resolve(m.Content[i]).Value)
			if err != nil {
				return nil, err
			}
			if !(t > 0) || math.IsInf(t, 0) {
				return nil, p.errf(resolve(m.Content[i+1]), "collectives %s: a time must be positive and finite, got %s", name, resolve(m.Content[i+1]).Value)
			}
			s = append(s, CollSample{Bytes: b, Seconds: t})
		}
		sort.Slice(s, func(i, j int) bool { return s[i].Bytes < s[j].Bytes })
		c.Times[name] = s
	}
	return c, nil
}

// MeasuredCollectives gives the collectives measured on the processes'
// node (nodeOf: each process's node) when every process is on that one
// node and they were measured on exactly that many processes; nil
// otherwise, and the collectives are simulated as messages.
func (m *Machine) MeasuredCollectives(nodeOf []int32) *Collectives {
	if len(nodeOf) < 2 {
		return nil
	}
	for _, n := range nodeOf {
		if n != nodeOf[0] {
			return nil
		}
	}
	c := m.Groups[m.GroupOf(int(nodeOf[0]))].Collectives
	if c == nil || c.Procs != len(nodeOf) {
		return nil
	}
	return c
}
