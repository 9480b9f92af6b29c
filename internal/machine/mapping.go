package machine

import (
	"fmt"
	"strconv"
	"strings"
)

// Mapping is a policy placing processes on nodes.
type Mapping uint8

// The mappings.
const (
	Block    Mapping = iota // ceil(P/N) consecutive pids per node: node = pid / ceil(P/N)
	Cyclic                  // round the nodes: node = pid % N
	Explicit                // a node per pid, given as a list
)

// String returns the name of the mapping as ParseMapping accepts it
// ("explicit" for Explicit, whose list is not part of the value).
func (h Mapping) String() string {
	switch h {
	case Block:
		return "block"
	case Cyclic:
		return "cyclic"
	case Explicit:
		return "explicit"
	}
	return fmt.Sprintf("Mapping(%d)", uint8(h))
}

// ParseMapping reads a --map argument: "block", "cyclic", or an explicit
// comma-separated list of node ids, one per process ("0,0,1,1").
func ParseMapping(s string) (Mapping, []int, error) {
	switch strings.TrimSpace(s) {
	case "block":
		return Block, nil, nil
	case "cyclic":
		return Cyclic, nil, nil
	case "":
		return 0, nil, fmt.Errorf("empty mapping (want block, cyclic or a list of node ids such as 0,0,1,1)")
	}
	fields := strings.Split(s, ",")
	list := make([]int, len(fields))
	for i, f := range fields {
		f = strings.TrimSpace(f)
		n, err := strconv.Atoi(f)
		if err != nil || n < 0 {
			return 0, nil, fmt.Errorf("mapping %q: entry %d is %q, not a node id (want block, cyclic or a list of node ids such as 0,0,1,1)", s, i+1, f)
		}
		list[i] = n
	}
	return Explicit, list, nil
}

// Map places procs processes on the nodes of m and returns the node of each
// pid. Explicit uses the list explicit, which must have one entry per process,
// each a node id of m; the other mappings ignore it.
func (m *Machine) Map(procs int, how Mapping, explicit []int) ([]int32, error) {
	n := m.NumNodes()
	if procs < 1 {
		return nil, fmt.Errorf("map: %d processes, want at least 1", procs)
	}
	if n < 1 {
		return nil, fmt.Errorf("map: machine %q has no nodes", m.Name)
	}
	// Explicit lists are checked before allocating: a wrong length is the
	// common user error and is reported without building anything.
	if how == Explicit && len(explicit) != procs {
		return nil, fmt.Errorf("map: explicit mapping has %d entries for %d processes", len(explicit), procs)
	}
	out := make([]int32, procs)
	switch how {
	case Block:
		per := (procs + n - 1) / n
		for pid := range out {
			out[pid] = int32(pid / per)
		}
	case Cyclic:
		for pid := range out {
			out[pid] = int32(pid % n)
		}
	case Explicit:
		for pid, node := range explicit {
			if node < 0 || node >= n {
				return nil, fmt.Errorf("map: process %d placed on node %d, but machine %q has nodes 0..%d", pid, node, m.Name, n-1)
			}
			out[pid] = int32(node)
		}
	default:
		return nil, fmt.Errorf("map: unknown mapping %d", how)
	}
	return out, nil
}
