package platform

import (
	"bufio"
	"bytes"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"augur/internal/base/infile"
	"augur/internal/machine"
)

// Hostfile is a list of host names as smpirun reads it: one per line,
// "NAME:N" standing for N lines of NAME; blank lines are skipped. Lines
// records the line of each entry for error messages.
type Hostfile struct {
	File  string
	Names []string
	Lines []int
}

// maxHostfileEntries bounds "NAME:N" expansions.
const maxHostfileEntries = 10_000_000

// ReadHostfile reads the hostfile at path.
func ReadHostfile(path string) (*Hostfile, error) {
	data, err := infile.ReadFile(path, infile.Hostfile)
	if err != nil {
		return nil, fmt.Errorf("read hostfile: %w", err)
	}
	return ParseHostfile(path, data)
}

// ParseHostfile parses a hostfile held in data.
func ParseHostfile(filename string, data []byte) (*Hostfile, error) {
	h := &Hostfile{File: filename}
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 64*1024), 1<<20)
	line := 0
	for sc.Scan() {
		line++
		s := strings.TrimSpace(sc.Text())
		if s == "" {
			continue
		}
		n := 1
		if name, count, ok := strings.Cut(s, ":"); ok {
			c, err := strconv.Atoi(strings.TrimSpace(count))
			if err != nil || c < 0 {
				return nil, &Error{File: filename, Line: line, Msg: fmt.Sprintf("%q: the count after ':' must be a number ≥ 0", s)}
			}
			s, n = strings.TrimSpace(name), c
			if s == "" {
				return nil, &Error{File: filename, Line: line, Msg: "empty host name before ':'"}
			}
		}
		if len(h.Names)+n > maxHostfileEntries {
			return nil, &Error{File: filename, Line: line, Msg: fmt.Sprintf("more than %d entries", maxHostfileEntries)}
		}
		for range n {
			h.Names = append(h.Names, s)
			h.Lines = append(h.Lines, line)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, &Error{File: filename, Line: line + 1, Msg: err.Error()}
	}
	if len(h.Names) == 0 {
		return nil, &Error{File: filename, Line: max(line, 1), Msg: "the hostfile names no host"}
	}
	return h, nil
}

// MapRanks places np ranks as smpirun does: rank r on the host of entry
// r mod len(entries). np 0 means one rank per entry. Every named host must
// exist in m.
func MapRanks(m *machine.Machine, h *Hostfile, np int) ([]int32, error) {
	if np == 0 {
		np = len(h.Names)
	}
	if np < 0 {
		return nil, fmt.Errorf("%d ranks", np)
	}
	nodes := make([]int32, len(h.Names))
	for i, name := range h.Names {
		id, ok := m.HostIndex(name)
		if !ok {
			return nil, &Error{File: h.File, Line: h.Lines[i], Msg: fmt.Sprintf("host %q is not in platform %q", name, m.Name)}
		}
		nodes[i] = int32(id)
	}
	out := make([]int32, np)
	for r := range out {
		out[r] = nodes[r%len(nodes)]
	}
	return out, nil
}

// DefaultPlacement places np ranks as smpirun does without a hostfile:
// round robin over the platform's hosts in the order of their names, the
// order in which SimGrid lists a platform's hosts (checked against
// smpirun 3.32: with hosts p0, p1, c0, c1 declared in that order, rank 0
// runs on c0 and rank 1 on c1). A machine of augur's own has no host
// names to sort: its nodes keep their order.
func DefaultPlacement(m *machine.Machine, np int) ([]int32, []string) {
	n := m.NumNodes()
	order := make([]int, n)
	for i := range order {
		order[i] = i
	}
	if m.Topo != nil {
		sort.SliceStable(order, func(a, b int) bool { return m.HostName(order[a]) < m.HostName(order[b]) })
	}
	nodeOf := make([]int32, np)
	hosts := make([]string, np)
	for r := range nodeOf {
		node := order[r%n]
		nodeOf[r] = int32(node)
		hosts[r] = m.HostName(node)
	}
	return nodeOf, hosts
}

// Place puts np ranks on the hosts of m as smpirun does: round robin over
// the hostfile's entries (MapRanks), or without one over the platform's
// hosts in the order of their names (DefaultPlacement). It returns each
// rank's node and the name of its host.
func Place(m *machine.Machine, h *Hostfile, np int) ([]int32, []string, error) {
	if h == nil {
		nodeOf, hosts := DefaultPlacement(m, np)
		return nodeOf, hosts, nil
	}
	nodeOf, err := MapRanks(m, h, np)
	if err != nil {
		return nil, nil, err
	}
	hosts := make([]string, len(nodeOf))
	for r := range hosts {
		hosts[r] = h.Names[r%len(h.Names)]
	}
	return nodeOf, hosts, nil
}
