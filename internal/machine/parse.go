package machine

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"augur/internal/base/diag"
	"augur/internal/base/infile"

	"go.yaml.in/yaml/v3"

	"augur/internal/machine/netmodel"
)

// Error is a problem in the input at a position: augur's one positioned
// error (package diag), printed as file:line:col: message.
type Error = diag.Error

// Load reads and parses the machine file at path.
func Load(path string) (*Machine, error) {
	data, err := infile.ReadFile(path, infile.Machine)
	if err != nil {
		return nil, fmt.Errorf("load machine: %w", err)
	}
	return Parse(path, data)
}

// Parse parses a machine file held in data; filename is used in error
// messages ("filename:line:col: message") and, without its extension, as the
// machine's name when the file gives none. Errors are of type *Error.
func Parse(filename string, data []byte) (*Machine, error) {
	p := &parser{file: filename, budget: maxWork}
	root, err := p.document(data)
	if err != nil {
		return nil, err
	}
	m, err := p.machine(root)
	if err != nil {
		return nil, err
	}
	// The positioned checks above cover everything check does; running it
	// anyway guards the engine against a gap between the two.
	if err := m.check(); err != nil {
		return nil, p.errf(root, "%v", err)
	}
	t, err := m.buildTables()
	if err != nil {
		return nil, p.errf(root, "%v", err)
	}
	m.t = t
	return m, nil
}

// maxWork bounds the YAML nodes the parser visits. Merge keys ("<<: *a")
// referring to mappings that merge others can make a small file expand
// exponentially (memoisation makes the usual forms linear, the budget
// catches the rest); real machine files visit a few hundred nodes.
const maxWork = 1 << 22

type parser struct {
	file   string
	budget int
	// merged memoises merge sources: an anchor merged many times (or merged
	// into anchors that are themselves merged many times) is read once,
	// which turns an exponential "merge bomb" into linear work.
	merged map[mergeKey]map[string]entry
}

type mergeKey struct {
	n    *yaml.Node
	what string
}

func (p *parser) errf(n *yaml.Node, format string, args ...any) error {
	line, col := 1, 1
	if n != nil && n.Line > 0 {
		line, col = n.Line, n.Column
	}
	return &Error{File: p.file, Line: line, Col: col, Msg: fmt.Sprintf(format, args...)}
}

// syntaxError converts an error of the YAML library, which gives a line but
// no column, into an *Error (column 1).
func (p *parser) syntaxError(err error) error {
	msg := strings.TrimPrefix(err.Error(), "yaml: ")
	line := 1
	if rest, ok := strings.CutPrefix(msg, "line "); ok {
		if num, text, ok := strings.Cut(rest, ": "); ok {
			if l, e := strconv.Atoi(num); e == nil && l > 0 {
				line, msg = l, text
			}
		}
	}
	return &Error{File: p.file, Line: line, Col: 1, Msg: "YAML syntax: " + msg}
}

// document decodes data into a node tree and returns the root node of its
// single document.
func (p *parser) document(data []byte) (root *yaml.Node, err error) {
	// The YAML library is fuzzed upstream, but a panic on hostile input
	// must not take the whole tool down: report it as a syntax error.
	defer func() {
		if r := recover(); r != nil {
			root, err = nil, &Error{File: p.file, Line: 1, Col: 1, Msg: fmt.Sprintf("YAML syntax: parser failure: %v", r)}
		}
	}()
	dec := yaml.NewDecoder(bytes.NewReader(data))
	var doc yaml.Node
	if err := dec.Decode(&doc); err != nil {
		if errors.Is(err, io.EOF) {
			return nil, &Error{File: p.file, Line: 1, Col: 1, Msg: "empty machine file"}
		}
		return nil, p.syntaxError(err)
	}
	var extra yaml.Node
	if err := dec.Decode(&extra); err == nil {
		return nil, p.errf(&extra, "a machine file holds one YAML document, found a second")
	} else if !errors.Is(err, io.EOF) {
		return nil, p.syntaxError(err)
	}
	if doc.Kind != yaml.DocumentNode || len(doc.Content) == 0 {
		return nil, p.errf(&doc, "empty machine file")
	}
	root = doc.Content[0]
	if root.Kind == yaml.ScalarNode && root.ShortTag() == "!!null" {
		return nil, p.errf(root, "empty machine file")
	}
	return root, nil
}

// entry is a key and its value in a mapping.
type entry struct{ key, val *yaml.Node }

// resolve follows aliases to the anchored node.
func resolve(n *yaml.Node) *yaml.Node {
	for i := 0; n.Kind == yaml.AliasNode && n.Alias != nil && i < 8; i++ {
		n = n.Alias
	}
	return n
}

// describe names what a node is, for "want X, got Y" messages.
func describe(n *yaml.Node) string {
	n = resolve(n)
	switch n.Kind {
	case yaml.MappingNode:
		return "a mapping"
	case yaml.SequenceNode:
		return "a list"
	case yaml.ScalarNode:
		if n.ShortTag() == "!!null" {
			return "nothing"
		}
		v := n.Value
		if len(v) > 40 {
			v = v[:40] + "..."
		}
		return strconv.Quote(v)
	}
	return "an alias"
}

// object reads a mapping whose keys must be among allowed. Duplicate keys
// and unknown keys are errors; merge keys ("<<") are honoured, explicit keys
// taking precedence over merged ones.
func (p *parser) object(n *yaml.Node, what string, allowed []string) (map[string]entry, error) {
	return p.objectDepth(n, what, allowed, 0)
}

func (p *parser) objectDepth(n *yaml.Node, what string, allowed []string, depth int) (map[string]entry, error) {
	n = resolve(n)
	if n.Kind != yaml.MappingNode {
		return nil, p.errf(n, "%s: want a mapping, got %s", what, describe(n))
	}
	p.budget -= len(n.Content) + 1
	if p.budget < 0 {
		return nil, p.errf(n, "file too complex: aliases and merge keys expand to more than %d nodes", maxWork)
	}
	out := make(map[string]entry, len(n.Content)/2)
	var merges []*yaml.Node
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		k = resolve(k)
		if k.Kind != yaml.ScalarNode {
			return nil, p.errf(k, "%s: keys must be plain words, got %s", what, describe(k))
		}
		if k.ShortTag() == "!!merge" {
			merges = append(merges, v)
			continue
		}
		name := k.Value
		if strings.HasPrefix(name, "x-") && contains(allowed, extensionKeys) {
			// Extension keys hold anchors for merge keys; they are
			// otherwise ignored, as in Compose files.
			continue
		}
		if prev, dup := out[name]; dup {
			return nil, p.errf(k, "duplicate key %q in %s (first at %d:%d)", name, what, prev.key.Line, prev.key.Column)
		}
		if !contains(allowed, name) || name == extensionKeys {
			keys := allowed
			if contains(keys, extensionKeys) {
				keys = append(keys[:len(keys)-1:len(keys)-1], "an x- key")
			}
			if s := diag.SuggestFold(name, keys); s != "" {
				return nil, p.errf(k, "unknown key %q in %s; did you mean %q?", name, what, s)
			}
			return nil, p.errf(k, "unknown key %q in %s (want %s)", name, what, orList(keys))
		}
		out[name] = entry{k, v}
	}
	if len(merges) > 0 && depth >= 8 {
		return nil, p.errf(n, "%s: merge keys nested too deeply", what)
	}
	for _, mv := range merges {
		mv = resolve(mv)
		srcs := []*yaml.Node{mv}
		if mv.Kind == yaml.SequenceNode {
			srcs = mv.Content
		}
		for _, src := range srcs {
			key := mergeKey{resolve(src), what}
			sub, ok := p.merged[key]
			if !ok {
				var err error
				if sub, err = p.objectDepth(src, what, allowed, depth+1); err != nil {
					return nil, err
				}
				if p.merged == nil {
					p.merged = map[mergeKey]map[string]entry{}
				}
				p.merged[key] = sub
			}
			for name, e := range sub {
				if _, ok := out[name]; !ok {
					out[name] = e
				}
			}
		}
	}
	return out, nil
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// orList formats "a, b or c".
func orList(list []string) string {
	switch len(list) {
	case 0:
		return ""
	case 1:
		return list[0]
	}
	return strings.Join(list[:len(list)-1], ", ") + " or " + list[len(list)-1]
}

// list reads a sequence.
func (p *parser) list(n *yaml.Node, what string) ([]*yaml.Node, error) {
	n = resolve(n)
	if n.Kind != yaml.SequenceNode {
		return nil, p.errf(n, "%s: want a list, got %s", what, describe(n))
	}
	p.budget -= len(n.Content) + 1
	if p.budget < 0 {
		return nil, p.errf(n, "file too complex: aliases and merge keys expand to more than %d nodes", maxWork)
	}
	return n.Content, nil
}

// scalar returns a resolved scalar node or an error naming what.
func (p *parser) scalar(n *yaml.Node, what, want string) (*yaml.Node, error) {
	n = resolve(n)
	if n.Kind != yaml.ScalarNode || n.ShortTag() == "!!null" {
		return nil, p.errf(n, "%s: want %s, got %s", what, want, describe(n))
	}
	return n, nil
}

// name reads a name: any non-empty scalar, so that switches may be numbered.
func (p *parser) name(n *yaml.Node, what string) (string, error) {
	s, err := p.scalar(n, what, "a name")
	if err != nil {
		return "", err
	}
	if strings.TrimSpace(s.Value) == "" {
		return "", p.errf(s, "%s: want a name, got an empty string", what)
	}
	return s.Value, nil
}

// integer reads an integer in [lo, hi]. Integral floats (1e6) are accepted
// since YAML reads them as floats and users write them for big counts.
func (p *parser) integer(n *yaml.Node, what string, lo, hi int) (int, error) {
	s, err := p.scalar(n, what, "an integer")
	if err != nil {
		return 0, err
	}
	var f float64
	switch s.ShortTag() {
	case "!!int", "!!float":
		if err := s.Decode(&f); err != nil {
			return 0, p.errf(s, "%s: want an integer, got %s", what, describe(s))
		}
	default:
		return 0, p.errf(s, "%s: want an integer, got %s", what, describe(s))
	}
	if f != math.Trunc(f) || math.IsInf(f, 0) || math.IsNaN(f) {
		return 0, p.errf(s, "%s: want an integer, got %s", what, describe(s))
	}
	if f < float64(lo) {
		return 0, p.errf(s, "%s: must be at least %d, got %s", what, lo, s.Value)
	}
	if f > float64(hi) {
		return 0, p.errf(s, "%s: must be at most %d, got %s", what, hi, s.Value)
	}
	return int(f), nil
}

// quantity reads a number with a unit via parse; bare YAML numbers are taken
// in the base unit.
func (p *parser) quantity(n *yaml.Node, what, want string, parse func(string) (float64, error)) (float64, *yaml.Node, error) {
	s, err := p.scalar(n, what, want)
	if err != nil {
		return 0, nil, err
	}
	// The text is parsed whatever YAML resolved it to, so that bare numbers
	// obey the same rules (sign, zero, infinity) as numbers with units.
	switch s.ShortTag() {
	case "!!int", "!!float", "!!str":
		v, err := parse(s.Value)
		if err != nil {
			return 0, nil, p.errf(s, "%s: %v", what, err)
		}
		return v, s, nil
	}
	return 0, nil, p.errf(s, "%s: want %s, got %s", what, want, describe(s))
}

func (p *parser) duration(n *yaml.Node, what string) (float64, error) {
	v, _, err := p.quantity(n, what, "a time such as 25us", ParseDuration)
	return v, err
}

func (p *parser) bandwidth(n *yaml.Node, what string) (float64, error) {
	v, _, err := p.quantity(n, what, "a bandwidth such as 100Mbit/s", ParseBandwidth)
	return v, err
}

func (p *parser) size(n *yaml.Node, what string) (float64, error) {
	v, _, err := p.quantity(n, what, "a size such as 64KiB", ParseSize)
	return v, err
}

func (p *parser) boolean(n *yaml.Node, what string) (bool, error) {
	s, err := p.scalar(n, what, "true or false")
	if err != nil {
		return false, err
	}
	var b bool
	if s.ShortTag() != "!!bool" || s.Decode(&b) != nil {
		return false, p.errf(s, "%s: want true or false, got %s", what, describe(s))
	}
	return b, nil
}

// extensionKeys, last in a key list, allows any key starting with "x-".
const extensionKeys = "x-*"

// Keys of each mapping of the format, in documentation order.
var (
	rootKeys    = []string{"name", "nodes", "switches", "switch_links", "network", extensionKeys}
	groupKeys   = []string{"name", "count", "cpus", "speed", "speed_profile", "flops", "cycle", "ops", "reduce", "collectives", "levels", "scheduler", "quantum", "switch", "link"}
	profileKeys = []string{"points", "period"}
	linkKeys    = []string{"latency", "bandwidth", "bandwidth_profile"}
	intraKeys   = []string{"latency", "bandwidth", "segments"}
	segmentKeys = []string{"from", "latency", "bandwidth"}
	swLinkKeys  = []string{"name", "between", "latency", "bandwidth", "bandwidth_profile"}
	networkKeys = []string{"latency", "bandwidth", "intra", "eager_threshold", "nic_serialise", "segments", "model", "config"}
)

// machine interprets the root mapping.
func (p *parser) machine(root *yaml.Node) (*Machine, error) {
	top, err := p.object(root, "machine file", rootKeys)
	if err != nil {
		return nil, err
	}
	m := &Machine{}
	if e, ok := top["name"]; ok {
		if m.Name, err = p.name(e.val, "name"); err != nil {
			return nil, err
		}
	} else {
		base := filepath.Base(p.file)
		m.Name = strings.TrimSuffix(base, filepath.Ext(base))
		if m.Name == "" || m.Name == "." || m.Name == string(filepath.Separator) {
			m.Name = "machine"
		}
	}

	// Network first: node links default from it.
	// nodeLink is the default link of a node: half the end-to-end latency
	// (the route crosses two node links) and the full bandwidth.
	var e2eLatency float64
	nodeBW := math.Inf(1)
	m.Net = Network{IntraBandwidth: math.Inf(1), EagerThreshold: DefaultEagerThreshold, NICSerialise: true}
	if e, ok := top["network"]; ok {
		net, err := p.object(e.val, "network", networkKeys)
		if err != nil {
			return nil, err
		}
		if e, ok := net["latency"]; ok {
			if e2eLatency, err = p.duration(e.val, "latency"); err != nil {
				return nil, err
			}
		}
		if e, ok := net["bandwidth"]; ok {
			if nodeBW, err = p.bandwidth(e.val, "bandwidth"); err != nil {
				return nil, err
			}
		}
		if e, ok := net["intra"]; ok {
			intra, err := p.object(e.val, "network intra", intraKeys)
			if err != nil {
				return nil, err
			}
			if e, ok := intra["latency"]; ok {
				if m.Net.IntraLatency, err = p.duration(e.val, "latency"); err != nil {
					return nil, err
				}
			}
			if e, ok := intra["bandwidth"]; ok {
				if m.Net.IntraBandwidth, err = p.bandwidth(e.val, "bandwidth"); err != nil {
					return nil, err
				}
			}
			if e, ok := intra["segments"]; ok {
				if m.Net.IntraSegments, err = p.segments(e.val); err != nil {
					return nil, err
				}
			}
		}
		if e, ok := net["segments"]; ok {
			if m.Net.Segments, err = p.segments(e.val); err != nil {
				return nil, err
			}
		}
		if e, ok := net["model"]; ok {
			if m.Net.Model, err = p.name(e.val, "model"); err != nil {
				return nil, err
			}
			if _, err := netmodel.ParseKind(m.Net.Model); err != nil {
				return nil, p.errf(resolve(e.val), "model: %v", err)
			}
		}
		if e, ok := net["config"]; ok {
			if m.Net.Config, err = p.netConfig(e.val, m.Net.Model); err != nil {
				return nil, err
			}
		}
		if e, ok := net["eager_threshold"]; ok {
			if m.Net.EagerThreshold, err = p.size(e.val, "eager_threshold"); err != nil {
				return nil, err
			}
		}
		if e, ok := net["nic_serialise"]; ok {
			if m.Net.NICSerialise, err = p.boolean(e.val, "nic_serialise"); err != nil {
				return nil, err
			}
		}
	}
	defaultLink := LinkSpec{Latency: e2eLatency / 2, Bandwidth: nodeBW}

	// Switches.
	swIndex := map[string]int{}
	var swNodes []*yaml.Node // position of each switch name, for errors
	if e, ok := top["switches"]; ok {
		items, err := p.list(e.val, "switches")
		if err != nil {
			return nil, err
		}
		if len(items) == 0 {
			return nil, p.errf(e.val, "switches: empty list; leave the key out for one implicit switch")
		}
		if len(items) > MaxSwitches {
			return nil, p.errf(items[MaxSwitches], "switches: at most %d switches allowed", MaxSwitches)
		}
		for _, it := range items {
			name, err := p.name(it, "switches")
			if err != nil {
				return nil, err
			}
			if i, dup := swIndex[name]; dup {
				return nil, p.errf(it, "duplicate switch %q (first at %d:%d)", name, swNodes[i].Line, swNodes[i].Column)
			}
			swIndex[name] = len(m.Switches)
			m.Switches = append(m.Switches, name)
			swNodes = append(swNodes, resolve(it))
		}
	} else {
		m.Switches = []string{"switch0"}
		swIndex["switch0"] = 0
		swNodes = []*yaml.Node{root}
	}
	switchRef := func(n *yaml.Node, what string) (int, error) {
		name, err := p.name(n, what)
		if err != nil {
			return 0, err
		}
		if i, ok := swIndex[name]; ok {
			return i, nil
		}
		if s := diag.Suggest(name, m.Switches); s != "" {
			return 0, p.errf(resolve(n), "%s: unknown switch %q; did you mean %q?", what, name, s)
		}
		return 0, p.errf(resolve(n), "%s: unknown switch %q (switches are %s)", what, name, orList(quoteAll(m.Switches)))
	}

	// Switch links.
	if e, ok := top["switch_links"]; ok {
		items, err := p.list(e.val, "switch_links")
		if err != nil {
			return nil, err
		}
		if len(items) > MaxSwitchLinks {
			return nil, p.errf(items[MaxSwitchLinks], "switch_links: at most %d links allowed", MaxSwitchLinks)
		}
		names := map[string]*yaml.Node{}
		pairs := map[[2]int]*yaml.Node{}
		for _, it := range items {
			obj, err := p.object(it, "switch link", swLinkKeys)
			if err != nil {
				return nil, err
			}
			b, ok := obj["between"]
			if !ok {
				return nil, p.errf(resolve(it), "switch link: missing key \"between\" (the two switches it joins)")
			}
			ends, err := p.list(b.val, "between")
			if err != nil {
				return nil, err
			}
			if len(ends) != 2 {
				return nil, p.errf(resolve(b.val), "between: want two switches, got %d", len(ends))
			}
			var l SwitchLink
			if l.A, err = switchRef(ends[0], "between"); err != nil {
				return nil, err
			}
			if l.B, err = switchRef(ends[1], "between"); err != nil {
				return nil, err
			}
			if l.A == l.B {
				return nil, p.errf(resolve(b.val), "between: a switch link must join two different switches, got %q twice", m.Switches[l.A])
			}
			key := [2]int{min(l.A, l.B), max(l.A, l.B)}
			if prev, dup := pairs[key]; dup {
				return nil, p.errf(resolve(b.val), "duplicate switch link between %q and %q (first at %d:%d)", m.Switches[l.A], m.Switches[l.B], prev.Line, prev.Column)
			}
			pairs[key] = resolve(b.val)
			l.Name = m.Switches[l.A] + "-" + m.Switches[l.B]
			nameNode := resolve(it)
			if e, ok := obj["name"]; ok {
				if l.Name, err = p.name(e.val, "name"); err != nil {
					return nil, err
				}
				nameNode = resolve(e.val)
			}
			if prev, dup := names[l.Name]; dup {
				return nil, p.errf(nameNode, "duplicate switch link name %q (first at %d:%d)", l.Name, prev.Line, prev.Column)
			}
			names[l.Name] = nameNode
			l.Bandwidth = nodeBW
			if e, ok := obj["latency"]; ok {
				if l.Latency, err = p.duration(e.val, "latency"); err != nil {
					return nil, err
				}
			}
			if e, ok := obj["bandwidth"]; ok {
				if l.Bandwidth, err = p.bandwidth(e.val, "bandwidth"); err != nil {
					return nil, err
				}
			}
			var prof *Profile
			if e, ok := obj["bandwidth_profile"]; ok {
				if prof, err = p.profile(e.val, "bandwidth_profile", p.profileBandwidth); err != nil {
					return nil, err
				}
				for len(m.SwitchLinkProfiles) < len(m.SwitchLinks) {
					m.SwitchLinkProfiles = append(m.SwitchLinkProfiles, nil)
				}
			}
			if prof != nil || m.SwitchLinkProfiles != nil {
				m.SwitchLinkProfiles = append(m.SwitchLinkProfiles, prof)
			}
			m.SwitchLinks = append(m.SwitchLinks, l)
		}
	}
	if comp := components(len(m.Switches), m.SwitchLinks); comp != nil {
		c := firstOther(comp)
		for i, ci := range comp {
			if ci == c {
				return nil, p.errf(swNodes[i], "%v", disconnected(m.Switches, comp))
			}
		}
	}

	// Node groups.
	e, ok := top["nodes"]
	if !ok {
		return nil, p.errf(root, "missing key \"nodes\" (the list of node groups)")
	}
	items, err := p.list(e.val, "nodes")
	if err != nil {
		return nil, err
	}
	if len(items) == 0 {
		return nil, p.errf(resolve(e.val), "nodes: want at least one node group, got an empty list")
	}
	groupNames := map[string]*yaml.Node{}
	total := 0
	for gi, it := range items {
		obj, err := p.object(it, "node group", groupKeys)
		if err != nil {
			return nil, err
		}
		g := Group{Name: fmt.Sprintf("group%d", gi), CPUs: 1, Speed: 1, Link: defaultLink}
		nameNode := resolve(it)
		if e, ok := obj["name"]; ok {
			if g.Name, err = p.name(e.val, "name"); err != nil {
				return nil, err
			}
			nameNode = resolve(e.val)
		}
		if prev, dup := groupNames[g.Name]; dup {
			return nil, p.errf(nameNode, "duplicate node group name %q (first at %d:%d)", g.Name, prev.Line, prev.Column)
		}
		groupNames[g.Name] = nameNode
		e, ok := obj["count"]
		if !ok {
			return nil, p.errf(resolve(it), "node group %q: missing key \"count\" (the number of nodes)", g.Name)
		}
		if g.Count, err = p.integer(e.val, "count", 1, MaxNodes); err != nil {
			return nil, err
		}
		total += g.Count
		if total > MaxNodes {
			return nil, p.errf(resolve(e.val), "count: brings the machine to %d nodes, at most %d allowed", total, MaxNodes)
		}
		if e, ok := obj["cpus"]; ok {
			if g.CPUs, err = p.integer(e.val, "cpus", 1, MaxCPUs); err != nil {
				return nil, err
			}
		}
		if e, ok := obj["speed_profile"]; ok {
			if g.SpeedProfile, err = p.profile(e.val, "speed_profile", p.profileFactor); err != nil {
				return nil, err
			}
		}
		if e, ok := obj["speed"]; ok {
			s, err := p.scalar(e.val, "speed", "a positive number")
			if err != nil {
				return nil, err
			}
			if t := s.ShortTag(); (t != "!!int" && t != "!!float") || s.Decode(&g.Speed) != nil {
				return nil, p.errf(s, "speed: want a positive number, got %s", describe(s))
			}
			if !(g.Speed > 0) || math.IsInf(g.Speed, 0) {
				return nil, p.errf(s, "speed: must be positive and finite, got %s", s.Value)
			}
		}
		if e, ok := obj["flops"]; ok {
			v, s, err := p.quantity(e.val, "flops", "a flop rate such as 1.5e9 or 1.5Gf", ParseFlops)
			if err != nil {
				return nil, err
			}
			if !(v > 0) || math.IsInf(v, 0) {
				return nil, p.errf(s, "flops: must be positive and finite, got %s", s.Value)
			}
			g.Flops = v
		}
		if e, ok := obj["cycle"]; ok {
			if g.Cycle, err = p.duration(e.val, "cycle"); err != nil {
				return nil, err
			}
			if !(g.Cycle > 0) {
				return nil, p.errf(resolve(e.val), "cycle: must be positive, got %s", resolve(e.val).Value)
			}
		}
		if e, ok := obj["ops"]; ok {
			if g.Ops, err = p.ops(e.val); err != nil {
				return nil, err
			}
		}
		if e, ok := obj["reduce"]; ok {
			if g.Reduce, err = p.reduce(e.val); err != nil {
				return nil, err
			}
		}
		if e, ok := obj["collectives"]; ok {
			if g.Collectives, err = p.collectives(e.val); err != nil {
				return nil, err
			}
		}
		if e, ok := obj["levels"]; ok { // else WorkingSets gives DefaultLevels
			if g.Levels, g.LLCPrivate, err = p.levels(e.val); err != nil {
				return nil, err
			}
		}
		if e, ok := obj["scheduler"]; ok {
			s, err := p.name(e.val, "scheduler")
			if err != nil {
				return nil, err
			}
			if g.Scheduler, err = ParseScheduler(s); err != nil {
				return nil, p.errf(resolve(e.val), "scheduler: %v", err)
			}
		}
		if g.Scheduler == RoundRobin {
			g.Quantum = DefaultQuantum
		}
		if e, ok := obj["quantum"]; ok {
			if g.Scheduler != RoundRobin {
				return nil, p.errf(e.key, "quantum applies to scheduler rr only, this group's scheduler is %s", g.Scheduler)
			}
			if g.Quantum, err = p.duration(e.val, "quantum"); err != nil {
				return nil, err
			}
			if g.Quantum == 0 {
				return nil, p.errf(resolve(e.val), "quantum: must be positive, got %s", resolve(e.val).Value)
			}
		}
		if e, ok := obj["switch"]; ok {
			if g.Switch, err = switchRef(e.val, "switch"); err != nil {
				return nil, err
			}
		}
		if e, ok := obj["link"]; ok {
			link, err := p.object(e.val, "link", linkKeys)
			if err != nil {
				return nil, err
			}
			if e, ok := link["latency"]; ok {
				if g.Link.Latency, err = p.duration(e.val, "latency"); err != nil {
					return nil, err
				}
			}
			if e, ok := link["bandwidth"]; ok {
				if g.Link.Bandwidth, err = p.bandwidth(e.val, "bandwidth"); err != nil {
					return nil, err
				}
			}
			if e, ok := link["bandwidth_profile"]; ok {
				if g.LinkProfile, err = p.profile(e.val, "bandwidth_profile", p.profileBandwidth); err != nil {
					return nil, err
				}
			}
		}
		m.Groups = append(m.Groups, g)
	}
	return m, nil
}

// segments reads a list of {from, latency, bandwidth} in increasing from,
// the first from 0.
func (p *parser) segments(n *yaml.Node) ([]Segment, error) {
	items, err := p.list(n, "segments")
	if err != nil {
		return nil, err
	}
	if len(items) == 0 {
		return nil, p.errf(resolve(n), "segments: want at least one segment, got an empty list")
	}
	out := make([]Segment, 0, len(items))
	for i, it := range items {
		obj, err := p.object(it, "segment", segmentKeys)
		if err != nil {
			return nil, err
		}
		for _, k := range segmentKeys {
			if _, ok := obj[k]; !ok {
				return nil, p.errf(resolve(it), "segment: missing key %q (a segment gives from, latency and bandwidth)", k)
			}
		}
		var sg Segment
		var fromNode *yaml.Node
		if sg.From, fromNode, err = p.quantity(obj["from"].val, "from", "a size such as 64KiB", ParseSize); err != nil {
			return nil, err
		}
		if math.IsInf(sg.From, 0) {
			return nil, p.errf(fromNode, "from: must be finite")
		}
		if i == 0 && sg.From != 0 {
			return nil, p.errf(fromNode, "from: the first segment must start at 0, got %s", fromNode.Value)
		}
		if i > 0 && !(sg.From > out[i-1].From) {
			return nil, p.errf(fromNode, "from: segments must be in increasing order of from, %s does not follow %v", fromNode.Value, out[i-1].From)
		}
		if sg.Latency, err = p.duration(obj["latency"].val, "latency"); err != nil {
			return nil, err
		}
		if sg.Bandwidth, err = p.bandwidth(obj["bandwidth"].val, "bandwidth"); err != nil {
			return nil, err
		}
		out = append(out, sg)
	}
	return out, nil
}

// ops reads a mapping of operation names to seconds per operation.
func (p *parser) ops(n *yaml.Node) (map[string]float64, error) {
	n = resolve(n)
	if n.Kind != yaml.MappingNode {
		return nil, p.errf(n, "ops: want a mapping of operation names to seconds, got %s", describe(n))
	}
	out := map[string]float64{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k := resolve(n.Content[i])
		if k.Kind != yaml.ScalarNode || k.Value == "" || k.ShortTag() == "!!merge" {
			return nil, p.errf(k, "ops: keys must be operation names, got %s", describe(k))
		}
		if _, dup := out[k.Value]; dup {
			return nil, p.errf(k, "ops: duplicate operation %q", k.Value)
		}
		v, err := p.duration(n.Content[i+1], "ops "+k.Value)
		if err != nil {
			return nil, err
		}
		out[k.Value] = v
	}
	return out, nil
}

// reduce reads a group's reduction operators: OP_TYPE (ReduceOps ×
// ReduceTypes) to seconds per element combined.
func (p *parser) reduce(n *yaml.Node) (map[string]float64, error) {
	n = resolve(n)
	if n.Kind != yaml.MappingNode {
		return nil, p.errf(n, "reduce: want a mapping of operator_type (e.g. sum_double) to seconds per element, got %s", describe(n))
	}
	out := map[string]float64{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k := resolve(n.Content[i])
		if k.Kind != yaml.ScalarNode || k.ShortTag() == "!!merge" || !reduceKey(k.Value) {
			return nil, p.errf(k, "reduce: %s is not an operator_type: want one of %s joined by _ to one of %s (e.g. sum_double)",
				describe(k), strings.Join(ReduceOps, ", "), strings.Join(ReduceTypes, ", "))
		}
		if _, dup := out[k.Value]; dup {
			return nil, p.errf(k, "reduce: duplicate operator %q", k.Value)
		}
		v, err := p.duration(n.Content[i+1], "reduce "+k.Value)
		if err != nil {
			return nil, err
		}
		out[k.Value] = v
	}
	return out, nil
}

// reduceKey reports whether k is OP_TYPE of ReduceOps and ReduceTypes.
func reduceKey(k string) bool {
	op, typ, ok := strings.Cut(k, "_")
	return ok && slices.Contains(ReduceOps, op) && slices.Contains(ReduceTypes, typ)
}

// levels reads a group's levels: the working set of each memory level,
// growing from l1 to mem, and how much the node's processes share the
// last cache level (shared, 0 … 1, default 1), returned as what each
// keeps to itself (Group.LLCPrivate).
func (p *parser) levels(n *yaml.Node) ([4]float64, float64, error) {
	var out [4]float64
	obj, err := p.object(n, "levels", append(LevelNames[:], "shared"))
	if err != nil {
		return out, 0, err
	}
	for i, name := range LevelNames {
		e, ok := obj[name]
		if !ok {
			return out, 0, p.errf(resolve(n), "levels: give %s (the working sets of l1, l2, l3 and mem)", name)
		}
		if out[i], err = p.size(e.val, "levels "+name); err != nil {
			return out, 0, err
		}
		if !(out[i] > 0) || math.IsInf(out[i], 0) || (i > 0 && out[i] <= out[i-1]) {
			return out, 0, p.errf(resolve(e.val), "levels %s: must be positive and larger than the level before, got %s", name, resolve(e.val).Value)
		}
	}
	e, ok := obj["shared"]
	if !ok {
		return out, 0, nil
	}
	s, err := p.scalar(e.val, "levels shared", "a number from 0 to 1")
	if err != nil {
		return out, 0, err
	}
	var shared float64
	if t := s.ShortTag(); (t != "!!int" && t != "!!float") || s.Decode(&shared) != nil || !(shared >= 0 && shared <= 1) {
		return out, 0, p.errf(s, "levels shared: want a number from 0 (each process has the whole last level) to 1 (the node's processes share it), got %s", s.Value)
	}
	return out, 1 - shared, nil
}

// netConfig reads network.config: SimGrid configuration keys and their
// values, checked against the model's keys.
func (p *parser) netConfig(n *yaml.Node, model string) (map[string]string, error) {
	n = resolve(n)
	if n.Kind != yaml.MappingNode {
		return nil, p.errf(n, "config: want a mapping of SimGrid configuration keys, got %s", describe(n))
	}
	out := map[string]string{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k := resolve(n.Content[i])
		if k.Kind != yaml.ScalarNode || k.Value == "" || k.ShortTag() == "!!merge" {
			return nil, p.errf(k, "config: keys must be configuration keys such as network/TCP-gamma, got %s", describe(k))
		}
		if _, dup := out[k.Value]; dup {
			return nil, p.errf(k, "config: duplicate key %q", k.Value)
		}
		v, err := p.scalar(n.Content[i+1], k.Value, "a value")
		if err != nil {
			return nil, err
		}
		// Each key is checked alone so the error points at it.
		if _, err := netmodel.New(model, map[string]string{k.Value: v.Value}); err != nil {
			return nil, p.errf(k, "config: %v", err)
		}
		out[k.Value] = v.Value
	}
	if _, err := netmodel.New(model, out); err != nil {
		return nil, p.errf(n, "config: %v", err)
	}
	return out, nil
}

func quoteAll(list []string) []string {
	out := make([]string, len(list))
	for i, s := range list {
		out[i] = strconv.Quote(s)
	}
	return out
}

// profile reads a profile: points, a list of [TIME, VALUE] pairs in time
// order (from TIME on, VALUE holds; value reads it), and an optional
// period after which the points repeat.
func (p *parser) profile(n *yaml.Node, what string, value func(*yaml.Node, string) (float64, error)) (*Profile, error) {
	obj, err := p.object(n, what, profileKeys)
	if err != nil {
		return nil, err
	}
	e, ok := obj["points"]
	if !ok {
		return nil, p.errf(resolve(n), "%s: missing key \"points\" (a list of [time, value] pairs)", what)
	}
	items, err := p.list(e.val, what+" points")
	if err != nil {
		return nil, err
	}
	node := resolve(n)
	prof := &Profile{Source: fmt.Sprintf("%s:%d:%d", p.file, node.Line, node.Column)}
	for _, it := range items {
		pair, err := p.list(it, what+" point")
		if err != nil {
			return nil, err
		}
		if len(pair) != 2 {
			return nil, p.errf(resolve(it), "%s: want a [time, value] pair, got %d items", what, len(pair))
		}
		t, err := p.duration(pair[0], what+" time")
		if err != nil {
			return nil, err
		}
		if k := len(prof.Points); k > 0 && t < prof.Points[k-1].T {
			return nil, p.errf(resolve(pair[0]), "%s: time %vs comes before the previous point's %vs (points must be in time order)", what, t, prof.Points[k-1].T)
		}
		f, err := value(pair[1], what)
		if err != nil {
			return nil, err
		}
		prof.Points = append(prof.Points, ProfilePoint{T: t, Value: f, Line: resolve(it).Line})
	}
	if e, ok := obj["period"]; ok {
		if prof.Period, err = p.duration(e.val, what+" period"); err != nil {
			return nil, err
		}
		if k := len(prof.Points); prof.Period <= 0 || (k > 0 && prof.Period < prof.Points[k-1].T) {
			return nil, p.errf(resolve(e.val), "%s: period must be positive and not shorter than the last point's time", what)
		}
	}
	return prof, nil
}

// profileFactor reads a speed profile's value: a factor ≥ 0 of the speed.
func (p *parser) profileFactor(n *yaml.Node, what string) (float64, error) {
	v, _, err := p.quantity(n, what+" factor", "a number ≥ 0", func(s string) (float64, error) {
		v, err := strconv.ParseFloat(s, 64)
		if err != nil || !(v >= 0) || math.IsInf(v, 0) {
			return 0, fmt.Errorf("want a finite number ≥ 0, got %q", s)
		}
		return v, nil
	})
	return v, err
}

// profileBandwidth reads a bandwidth profile's value: a finite bandwidth.
func (p *parser) profileBandwidth(n *yaml.Node, what string) (float64, error) {
	v, err := p.bandwidth(n, what+" bandwidth")
	if err == nil && math.IsInf(v, 0) {
		return 0, p.errf(resolve(n), "%s: a bandwidth must be finite here", what)
	}
	return v, err
}
