package machine

import (
	"fmt"
	"math"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"

	"augur/internal/base/diag"
)

func load(t *testing.T, name string) *Machine {
	t.Helper()
	m, err := Load("../../examples/machines/" + name + ".yaml")
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func near(a, b float64) bool {
	if a == b {
		return true
	}
	return math.Abs(a-b) <= 1e-12*math.Max(math.Abs(a), math.Abs(b))
}

func checkCost(t *testing.T, m *Machine, a, b int, lat, bw float64) {
	t.Helper()
	gotLat, gotBW := m.PathCost(a, b)
	if !near(gotLat, lat) || !near(gotBW, bw) {
		t.Errorf("%s PathCost(%d, %d) = %g s, %g B/s; want %g s, %g B/s", m.Name, a, b, gotLat, gotBW, lat, bw)
	}
}

func TestIdeal(t *testing.T) {
	m := load(t, "ideal")
	if m.Name != "ideal" || m.NumNodes() != 1 || m.Groups[0].CPUs != 1000000 {
		t.Fatalf("ideal: %+v", m)
	}
	if m.Net.NICSerialise {
		t.Error("ideal: NIC serialisation should be off")
	}
	m8, err := m.WithNodes(8)
	if err != nil {
		t.Fatal(err)
	}
	checkCost(t, m8, 0, 7, 0, math.Inf(1))
	checkCost(t, m8, 3, 3, 0, math.Inf(1))
	if !math.IsInf(m.Net.EagerThreshold, 1) {
		t.Errorf("eager threshold %g, want +Inf", m.Net.EagerThreshold)
	}
}

func TestGescher(t *testing.T) {
	m := load(t, "gescher")
	if m.NumNodes() != 16 || len(m.Groups) != 1 || m.Groups[0].CPUs != 4 || m.TotalCPUs() != 64 {
		t.Fatalf("gescher: %+v", m)
	}
	g := m.Groups[0]
	if g.Speed != 1 || g.Scheduler != FCFS || g.Link != (LinkSpec{50e-6, 12.5e6}) {
		t.Errorf("gescher group: %+v", g)
	}
	// Two node links of 50us each: the 100us end-to-end of the file.
	checkCost(t, m, 0, 15, 100e-6, 12.5e6)
	checkCost(t, m, 5, 5, 5e-6, 200e6)
	if got := m.Route(4, 4, []int32{7}); !slices.Equal(got, []int32{7}) {
		t.Errorf("Route(4, 4) = %v, want dst unchanged", got)
	}
	if got := m.Route(0, 15, nil); !slices.Equal(got, []int32{0, 31}) {
		t.Errorf("Route(0, 15) = %v, want [0 31]", got)
	}
	if m.NumLinks() != 32 || m.Net.EagerThreshold != 65536 || !m.Net.NICSerialise {
		t.Errorf("links %d, net %+v", m.NumLinks(), m.Net)
	}
}

func TestDperfHetero(t *testing.T) {
	m := load(t, "dperf-hetero")
	if m.NumNodes() != 16 || len(m.Groups) != 2 || len(m.Switches) != 2 || len(m.SwitchLinks) != 1 {
		t.Fatalf("dperf-hetero: %+v", m)
	}
	for n, want := range map[int]int{0: 0, 7: 0, 8: 1, 15: 1} {
		if got := m.GroupOf(n); got != want {
			t.Errorf("GroupOf(%d) = %d, want %d", n, got, want)
		}
	}
	// Same switch, gigabit: 25us + 25us, 1 Gbit/s = 125e6 B/s.
	checkCost(t, m, 0, 1, 50e-6, 125e6)
	// Across: 25us up + 10us between switches + 50us down; the 100 Mbit/s
	// switch link and the Fast Ethernet downlink are the bottleneck.
	checkCost(t, m, 0, 15, 85e-6, 12.5e6)
	checkCost(t, m, 15, 0, 85e-6, 12.5e6)
	checkCost(t, m, 8, 9, 100e-6, 12.5e6)
	checkCost(t, m, 3, 3, 1e-6, 1e9)
	// Links: 32 node link ids, then the switch link A->B = 32, B->A = 33.
	if m.NumLinks() != 34 {
		t.Errorf("NumLinks = %d, want 34", m.NumLinks())
	}
	for _, c := range []struct {
		a, b int
		want []int32
	}{
		{0, 15, []int32{0, 32, 31}},
		{15, 0, []int32{30, 33, 1}},
		{0, 1, []int32{0, 3}},
		{9, 8, []int32{18, 17}},
	} {
		if got := m.Route(c.a, c.b, nil); !slices.Equal(got, c.want) {
			t.Errorf("Route(%d, %d) = %v, want %v", c.a, c.b, got, c.want)
		}
	}
	if got := m.LinkSpecOf(32); got != (LinkSpec{10e-6, 12.5e6}) {
		t.Errorf("LinkSpecOf(32) = %+v", got)
	}
	if got := m.LinkSpecOf(1); got != (LinkSpec{25e-6, 125e6}) {
		t.Errorf("LinkSpecOf(1) = %+v", got)
	}
	if got := m.LinkSpecOf(31); got != (LinkSpec{50e-6, 12.5e6}) {
		t.Errorf("LinkSpecOf(31) = %+v", got)
	}
	if got := m.LinkName(33); got != "procurve-catalyst (catalyst->procurve)" {
		t.Errorf("LinkName(33) = %q", got)
	}
}

// Routes across a ring of four switches with a chord: the fewest hops win,
// and among equal paths the one found first in file order.
func TestRouteTopology(t *testing.T) {
	src := `
switches: [s0, s1, s2, s3, s4]
nodes:
  - {name: a, count: 1, switch: s0, link: {latency: 1us, bandwidth: 1GB/s}}
  - {name: b, count: 1, switch: s2, link: {latency: 1us, bandwidth: 1GB/s}}
  - {name: c, count: 1, switch: s4, link: {latency: 1us, bandwidth: 1GB/s}}
switch_links:
  - {between: [s0, s1], latency: 1ms, bandwidth: 1MB/s}    # 0
  - {between: [s1, s2], latency: 1ms, bandwidth: 2MB/s}    # 1
  - {between: [s2, s3], latency: 1ms, bandwidth: 3MB/s}    # 2
  - {between: [s3, s0], latency: 1ms, bandwidth: 4MB/s}    # 3
  - {between: [s3, s4], latency: 5ms, bandwidth: 5MB/s}    # 4
`
	m, err := Parse("ring.yaml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	base := int32(2 * m.NumNodes()) // 6
	cases := []struct {
		a, b int
		want []int32
		lat  float64
		bw   float64
	}{
		// s0 -> s2: via s1 (link 0 then 1) and via s3 tie; s1 is found first.
		{0, 1, []int32{0, base + 0, base + 2, 3}, 2e-3 + 2e-6, 1e6},
		// s2 -> s0: via s1 (link 1 B->A, link 0 B->A) found first from s2.
		{1, 0, []int32{2, base + 3, base + 1, 1}, 2e-3 + 2e-6, 1e6},
		// s0 -> s4: s3 (link 3 B->A) then link 4.
		{0, 2, []int32{0, base + 7, base + 8, 5}, 6e-3 + 2e-6, 4e6},
		{2, 0, []int32{4, base + 9, base + 6, 1}, 6e-3 + 2e-6, 4e6},
	}
	buf := make([]int32, 0, 8)
	for _, c := range cases {
		got := m.Route(c.a, c.b, buf[:0])
		if !slices.Equal(got, c.want) {
			t.Errorf("Route(%d, %d) = %v, want %v", c.a, c.b, got, c.want)
		}
		checkCost(t, m, c.a, c.b, c.lat, c.bw)
		// PathCost must agree with the links Route lists.
		lat, bw := 0.0, math.Inf(1)
		for _, id := range got {
			s := m.LinkSpecOf(int(id))
			lat += s.Latency
			bw = math.Min(bw, s.Bandwidth)
		}
		checkCost(t, m, c.a, c.b, lat, bw)
	}
	if allocs := testing.AllocsPerRun(100, func() { buf = m.Route(0, 2, buf[:0]) }); allocs != 0 {
		t.Errorf("Route allocates %v times with capacity", allocs)
	}
	if allocs := testing.AllocsPerRun(100, func() { m.PathCost(0, 2) }); allocs != 0 {
		t.Errorf("PathCost allocates %v times", allocs)
	}
}

func TestWithNodes(t *testing.T) {
	m := load(t, "dperf-hetero")
	counts := func(m *Machine) []int {
		var c []int
		for _, g := range m.Groups {
			c = append(c, g.Count)
		}
		return c
	}
	for _, c := range []struct {
		n    int
		want []int
	}{
		{16, []int{8, 8}},
		{20, []int{8, 12}},
		{12, []int{8, 4}},
		{8, []int{8}},
		{3, []int{3}},
		{1, []int{1}},
	} {
		w, err := m.WithNodes(c.n)
		if err != nil {
			t.Fatal(err)
		}
		if w.NumNodes() != c.n || !slices.Equal(counts(w), c.want) {
			t.Errorf("WithNodes(%d): counts %v, want %v", c.n, counts(w), c.want)
		}
	}
	w, _ := m.WithNodes(20)
	checkCost(t, w, 0, 19, 85e-6, 12.5e6)
	if m.NumNodes() != 16 || m.Groups[1].Count != 8 {
		t.Error("WithNodes changed the original")
	}
	g := load(t, "gescher")
	big, err := g.WithNodes(1_000_000)
	if err != nil || big.NumNodes() != 1_000_000 || len(big.Groups) != 1 {
		t.Fatalf("WithNodes(1e6): %v", err)
	}
	checkCost(t, big, 0, 999_999, 100e-6, 12.5e6)
	if got := big.Route(999_998, 999_999, nil); !slices.Equal(got, []int32{1_999_996, 1_999_999}) {
		t.Errorf("Route = %v", got)
	}
	for _, n := range []int{0, -1, MaxNodes + 1} {
		if _, err := m.WithNodes(n); err == nil {
			t.Errorf("WithNodes(%d) succeeded", n)
		}
	}
}

func TestMap(t *testing.T) {
	m := load(t, "gescher")
	m4, _ := m.WithNodes(4)
	for _, c := range []struct {
		procs    int
		how      Mapping
		explicit []int
		want     []int32
	}{
		{8, Block, nil, []int32{0, 0, 1, 1, 2, 2, 3, 3}},
		{10, Block, nil, []int32{0, 0, 0, 1, 1, 1, 2, 2, 2, 3}},
		{3, Block, nil, []int32{0, 1, 2}},
		{6, Cyclic, nil, []int32{0, 1, 2, 3, 0, 1}},
		{4, Explicit, []int{3, 3, 0, 1}, []int32{3, 3, 0, 1}},
	} {
		got, err := m4.Map(c.procs, c.how, c.explicit)
		if err != nil || !slices.Equal(got, c.want) {
			t.Errorf("Map(%d, %v, %v) = %v, %v; want %v", c.procs, c.how, c.explicit, got, err, c.want)
		}
	}
	for _, c := range []struct {
		procs    int
		how      Mapping
		explicit []int
		msg      string
	}{
		{0, Block, nil, "map: 0 processes, want at least 1"},
		{3, Explicit, []int{0, 1}, "map: explicit mapping has 2 entries for 3 processes"},
		{2, Explicit, []int{0, 4}, `map: process 1 placed on node 4, but machine "gescher" has nodes 0..3`},
		{2, Mapping(9), nil, "map: unknown mapping 9"},
	} {
		_, err := m4.Map(c.procs, c.how, c.explicit)
		if err == nil || err.Error() != c.msg {
			t.Errorf("Map(%d, %v, %v) error %v, want %q", c.procs, c.how, c.explicit, err, c.msg)
		}
	}
}

func TestParseMapping(t *testing.T) {
	for _, c := range []struct {
		in   string
		how  Mapping
		list []int
		err  string
	}{
		{"block", Block, nil, ""},
		{"cyclic", Cyclic, nil, ""},
		{"0,0,1,1", Explicit, []int{0, 0, 1, 1}, ""},
		{" 2, 1 ", Explicit, []int{2, 1}, ""},
		{"7", Explicit, []int{7}, ""},
		{"", 0, nil, "empty mapping (want block, cyclic or a list of node ids such as 0,0,1,1)"},
		{"blok", 0, nil, `mapping "blok": entry 1 is "blok", not a node id (want block, cyclic or a list of node ids such as 0,0,1,1)`},
		{"0,,1", 0, nil, `mapping "0,,1": entry 2 is "", not a node id (want block, cyclic or a list of node ids such as 0,0,1,1)`},
		{"0,-1", 0, nil, `mapping "0,-1": entry 2 is "-1", not a node id (want block, cyclic or a list of node ids such as 0,0,1,1)`},
	} {
		how, list, err := ParseMapping(c.in)
		if c.err != "" {
			if err == nil || err.Error() != c.err {
				t.Errorf("ParseMapping(%q) error %v, want %q", c.in, err, c.err)
			}
			continue
		}
		if err != nil || how != c.how || !slices.Equal(list, c.list) {
			t.Errorf("ParseMapping(%q) = %v, %v, %v", c.in, how, list, err)
		}
	}
}

func TestUnits(t *testing.T) {
	inf := math.Inf(1)
	for _, c := range []struct {
		parse func(string) (float64, error)
		in    string
		want  float64
	}{
		{ParseDuration, "1", 1},
		{ParseDuration, "2.5", 2.5},
		{ParseDuration, "25us", 25e-6},
		{ParseDuration, "25µs", 25e-6},
		{ParseDuration, "100 us", 100e-6},
		{ParseDuration, "10ms", 10e-3},
		{ParseDuration, "3ns", 3e-9},
		{ParseDuration, "1.5s", 1.5},
		{ParseDuration, "1e-6", 1e-6},
		{ParseDuration, "2e3us", 2e-3},
		{ParseDuration, ".5ms", 0.5e-3},
		{ParseDuration, "0", 0},
		{ParseBandwidth, "100Mbit/s", 12.5e6},
		{ParseBandwidth, "1Gbit/s", 125e6},
		{ParseBandwidth, "8kbit/s", 1000},
		{ParseBandwidth, "8bit/s", 1},
		{ParseBandwidth, "10GB/s", 10e9},
		{ParseBandwidth, "200MB/s", 200e6},
		{ParseBandwidth, "1KB/s", 1e3},
		{ParseBandwidth, "1KiB/s", 1024},
		{ParseBandwidth, "1MiB/s", 1 << 20},
		{ParseBandwidth, "2GiB/s", 2 << 30},
		{ParseBandwidth, "5B/s", 5},
		{ParseBandwidth, "1e6", 1e6},
		{ParseBandwidth, "inf", inf},
		{ParseBandwidth, ".inf", inf},
		{ParseSize, "64KiB", 65536},
		{ParseSize, "1KB", 1000},
		{ParseSize, "1MiB", 1 << 20},
		{ParseSize, "1MB", 1e6},
		{ParseSize, "1GB", 1e9},
		{ParseSize, "1GiB", 1 << 30},
		{ParseSize, "512", 512},
		{ParseSize, "3B", 3},
		{ParseSize, "0", 0},
		{ParseSize, "inf", inf},
	} {
		got, err := c.parse(c.in)
		if err != nil || got != c.want {
			t.Errorf("parse(%q) = %g, %v; want %g", c.in, got, err, c.want)
		}
	}
	for _, c := range []struct {
		parse func(string) (float64, error)
		in    string
		msg   string
	}{
		{ParseDuration, "", `bad time "": want a number followed by a unit (s, ms, us, ns)`},
		{ParseDuration, "fast", `bad time "fast": want a number followed by a unit (s, ms, us, ns)`},
		{ParseDuration, "5 min", `bad time "5 min": unknown unit "min" (want s, ms, us, ns)`},
		{ParseDuration, "5 hours", `bad time "5 hours": unknown unit "hours" (want s, ms, us, ns)`},
		{ParseDuration, "-1ms", `bad time "-1ms": must not be negative`},
		{ParseDuration, "inf", `bad time "inf": must be finite`},
		{ParseDuration, "nan", `bad time "nan": want a number followed by a unit (s, ms, us, ns)`},
		{ParseDuration, "1e999", `bad time "1e999": number "1e999" out of range`},
		{ParseBandwidth, "0", `bad bandwidth "0": must be positive`},
		{ParseBandwidth, "100Mbps", `bad bandwidth "100Mbps": unknown unit "Mbps"; did you mean "Mbit/s"?`},
		{ParseBandwidth, "1Gb/s", `bad bandwidth "1Gb/s": unknown unit "Gb/s"; did you mean "Gbit/s"?`},
		{ParseBandwidth, "1 MBs", `bad bandwidth "1 MBs": unknown unit "MBs"; did you mean "MB/s"?`},
		{ParseSize, "64 KIB", `bad size "64 KIB": unknown unit "KIB"; did you mean "KiB"?`},
		{ParseSize, "0x10", `bad size "0x10": unknown unit "x10" (want B, KB, KiB, MB, MiB, GB, GiB)`},
	} {
		_, err := c.parse(c.in)
		if err == nil || err.Error() != c.msg {
			t.Errorf("parse(%q) error %v, want %q", c.in, err, c.msg)
		}
	}
}

func TestDefaults(t *testing.T) {
	m, err := Parse("dir/mini.yml", []byte("nodes:\n  - count: 3\n"))
	if err != nil {
		t.Fatal(err)
	}
	want := Group{Name: "group0", Count: 3, CPUs: 1, Speed: 1, Link: LinkSpec{0, math.Inf(1)}}
	if m.Name != "mini" || len(m.Groups) != 1 || !reflect.DeepEqual(m.Groups[0], want) {
		t.Errorf("defaults: name %q groups %+v", m.Name, m.Groups)
	}
	if !slices.Equal(m.Switches, []string{"switch0"}) || len(m.SwitchLinks) != 0 {
		t.Errorf("switches %v", m.Switches)
	}
	if !reflect.DeepEqual(m.Net, Network{IntraBandwidth: math.Inf(1), EagerThreshold: 65536, NICSerialise: true}) {
		t.Errorf("network %+v", m.Net)
	}
}

func TestFullFormat(t *testing.T) {
	src := `
name: full
x-common: &common {cpus: 2, speed: 1.5}
switches: [s1, s2]
nodes:
  - {<<: *common, name: a, count: 2, switch: s1}
  - <<: *common
    name: b
    count: 1e3
    cpus: 8
    scheduler: rr
    quantum: 5ms
    switch: s2
    link: {bandwidth: 10Gbit/s}
  - {name: c, count: 1, scheduler: priority, switch: s2}
  - {name: d, count: 1, scheduler: rr}
switch_links:
  - {between: [s1, s2], latency: 10us}
network:
  latency: 50us
  bandwidth: 100Mbit/s
  intra: {latency: 1us, bandwidth: 10GB/s}
  eager_threshold: 1MiB
  nic_serialise: false
`
	m, err := Parse("full.yaml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	want := []Group{
		{Name: "a", Count: 2, CPUs: 2, Speed: 1.5, Switch: 0, Link: LinkSpec{25e-6, 12.5e6}},
		{Name: "b", Count: 1000, CPUs: 8, Speed: 1.5, Scheduler: RoundRobin, Quantum: 5e-3, Switch: 1, Link: LinkSpec{25e-6, 1.25e9}},
		{Name: "c", Count: 1, CPUs: 1, Speed: 1, Scheduler: Priority, Switch: 1, Link: LinkSpec{25e-6, 12.5e6}},
		{Name: "d", Count: 1, CPUs: 1, Speed: 1, Scheduler: RoundRobin, Quantum: DefaultQuantum, Link: LinkSpec{25e-6, 12.5e6}},
	}
	if !reflect.DeepEqual(m.Groups, want) {
		t.Errorf("groups\n got %+v\nwant %+v", m.Groups, want)
	}
	if len(m.SwitchLinks) != 1 || m.SwitchLinks[0] != (SwitchLink{"s1-s2", 0, 1, LinkSpec{10e-6, 12.5e6}}) {
		t.Errorf("switch links %+v", m.SwitchLinks)
	}
	if n := m.Net; n.IntraLatency != 1e-6 || n.IntraBandwidth != 10e9 || n.EagerThreshold != 1<<20 || n.NICSerialise {
		t.Errorf("network %+v", m.Net)
	}
	if m.NumNodes() != 1004 || m.GroupOf(1001) != 1 || m.GroupOf(1002) != 2 || m.GroupOf(1003) != 3 || m.GroupOf(1) != 0 {
		t.Errorf("nodes %d", m.NumNodes())
	}
	if f, e := m.GroupRange(1); f != 2 || e != 1002 {
		t.Errorf("GroupRange(1) = %d, %d", f, e)
	}
	if m.SwitchOf(0) != 0 || m.SwitchOf(2) != 1 {
		t.Error("SwitchOf")
	}
	for _, s := range []Scheduler{FCFS, Priority, RoundRobin} {
		if got, err := ParseScheduler(s.String()); err != nil || got != s {
			t.Errorf("ParseScheduler(%q) = %v, %v", s.String(), got, err)
		}
	}
}

func TestErrors(t *testing.T) {
	for _, c := range []struct{ src, msg string }{
		{"nodes:\n  - count: 2\nnetwork:\n  bandwith: 1\n",
			`f.yaml:4:3: unknown key "bandwith" in network; did you mean "bandwidth"?`},
		{"nodes:\n  - count: 1\n    foo: 1\n",
			`f.yaml:3:5: unknown key "foo" in node group (want name, count, cpus, speed, speed_profile, flops, cycle, ops, reduce, collectives, levels, scheduler, quantum, switch or link)`},
		{"nodes:\n  - count: 1\nbase: 1\n",
			`f.yaml:3:1: unknown key "base" in machine file (want name, nodes, switches, switch_links, network or an x- key)`},
		{"nodes:\n  - count: 0\n",
			`f.yaml:2:12: count: must be at least 1, got 0`},
		{"nodes:\n  - count: -3\n",
			`f.yaml:2:12: count: must be at least 1, got -3`},
		{"nodes:\n  - count: abc\n",
			`f.yaml:2:12: count: want an integer, got "abc"`},
		{"nodes:\n  - count: 1.5\n",
			`f.yaml:2:12: count: want an integer, got "1.5"`},
		{"nodes:\n  - name: big\n", `f.yaml:2:5: node group "big": missing key "count" (the number of nodes)`},
		{"nodes:\n  - count: 2\n    speed: 0\n",
			`f.yaml:3:12: speed: must be positive and finite, got 0`},
		{"nodes:\n  - count: 2\n    speed: fast\n",
			`f.yaml:3:12: speed: want a positive number, got "fast"`},
		{"switches: [main]\nnodes:\n  - count: 2\n    switch: mian\n",
			`f.yaml:4:13: switch: unknown switch "mian"; did you mean "main"?`},
		{"nodes:\n  - count: 2\nswitch_links:\n  - {between: [switch0, x]}\n",
			`f.yaml:4:25: between: unknown switch "x" (switches are "switch0")`},
		{"switches: [a, b, c]\nswitch_links:\n  - {between: [a, b]}\nnodes:\n  - count: 2\n",
			`f.yaml:1:18: switch "c" cannot reach switches "a", "b": add a switch_links entry joining them`},
		{"switches: [a, b, c, d]\nswitch_links:\n  - {between: [a, b]}\n  - {between: [c, d]}\nnodes:\n  - count: 2\n",
			`f.yaml:1:18: switches "c", "d" cannot reach switches "a", "b": add a switch_links entry joining them`},
		{"nodes:\n  - name: x\n    count: 2\n  - name: x\n    count: 1\n",
			`f.yaml:4:11: duplicate node group name "x" (first at 2:11)`},
		{"nodes:\n  - count: 2\n    count: 3\n",
			`f.yaml:3:5: duplicate key "count" in node group (first at 2:5)`},
		{"switches: [a, a]\nnodes:\n  - count: 1\n",
			`f.yaml:1:15: duplicate switch "a" (first at 1:12)`},
		{"switches: [a, b]\nswitch_links:\n  - {between: [a, b]}\n  - {between: [b, a]}\nnodes:\n  - count: 1\n",
			`f.yaml:4:15: duplicate switch link between "b" and "a" (first at 3:15)`},
		{"switches: [a, b]\nswitch_links:\n  - {between: [a, a]}\nnodes:\n  - count: 1\n",
			`f.yaml:3:15: between: a switch link must join two different switches, got "a" twice`},
		{"switches: [a, b]\nswitch_links:\n  - {between: [a]}\nnodes:\n  - count: 1\n",
			`f.yaml:3:15: between: want two switches, got 1`},
		{"nodes:\n  - count: 2\n    link: {latency: 25 parsecs}\n",
			`f.yaml:3:21: latency: bad time "25 parsecs": unknown unit "parsecs" (want s, ms, us, ns)`},
		{"nodes:\n  - count: 2\n    link: {bandwidth: 100Mbps}\n",
			`f.yaml:3:23: bandwidth: bad bandwidth "100Mbps": unknown unit "Mbps"; did you mean "Mbit/s"?`},
		{"nodes:\n  - count: 1\nnetwork:\n  latency: -5us\n",
			`f.yaml:4:12: latency: bad time "-5us": must not be negative`},
		{"nodes:\n  - count: 1\nnetwork:\n  bandwidth: 0\n",
			`f.yaml:4:14: bandwidth: bad bandwidth "0": must be positive`},
		{"nodes:\n  - count: 1\nnetwork:\n  latency: {a: 1}\n",
			`f.yaml:4:12: latency: want a time such as 25us, got a mapping`},
		{"nodes:\n  - count: 1\nnetwork:\n  nic_serialise: yes\n",
			`f.yaml:4:18: nic_serialise: want true or false, got "yes"`},
		{"nodes:\n  - count: 2\n    quantum: 5ms\n",
			`f.yaml:3:5: quantum applies to scheduler rr only, this group's scheduler is fcfs`},
		{"nodes:\n  - count: 2\n    scheduler: rr\n    quantum: 0\n",
			`f.yaml:4:14: quantum: must be positive, got 0`},
		{"nodes:\n  - count: 2\n    scheduler: fifo\n",
			`f.yaml:3:16: scheduler: unknown scheduler "fifo" (want fcfs, priority, rr or share)`},
		{"nodes:\n  - count: 20000000\n",
			`f.yaml:2:12: count: must be at most 10000000, got 20000000`},
		{"nodes:\n  - count: 6000000\n  - count: 6000000\n",
			`f.yaml:3:12: count: brings the machine to 12000000 nodes, at most 10000000 allowed`},
		{"nodes:\n  - count: 2\n    cpus: 2000000\n",
			`f.yaml:3:11: cpus: must be at most 1000000, got 2000000`},
		{"name: x\n", `f.yaml:1:1: missing key "nodes" (the list of node groups)`},
		{"nodes: []\n", `f.yaml:1:8: nodes: want at least one node group, got an empty list`},
		{"nodes: {count: 1}\n", `f.yaml:1:8: nodes: want a list, got a mapping`},
		{"nodes:\n  - 3\n", `f.yaml:2:5: node group: want a mapping, got "3"`},
		{"- a\n", `f.yaml:1:1: machine file: want a mapping, got a list`},
		{"", `f.yaml:1:1: empty machine file`},
		{"# nothing\n", `f.yaml:1:1: empty machine file`},
		{"nodes:\n  - count: 2\n---\nnodes: []\n", `f.yaml:3:1: a machine file holds one YAML document, found a second`},
		{"nodes:\n  - count: 1\n  bad\n", `f.yaml:3:1: YAML syntax: could not find expected ':'`},
		{"nodes:\n  - &a {<<: *a}\n", `f.yaml:2:5: node group: merge keys nested too deeply`},
		{"nodes:\n  - {count: 1}\nname: ''\n", `f.yaml:3:7: name: want a name, got an empty string`},
	} {
		_, err := Parse("f.yaml", []byte(c.src))
		if err == nil {
			t.Errorf("Parse(%q) succeeded, want %s", c.src, c.msg)
			continue
		}
		if err.Error() != c.msg {
			t.Errorf("Parse(%q)\n got %s\nwant %s", c.src, err, c.msg)
		}
		if _, ok := err.(*Error); !ok {
			t.Errorf("Parse(%q): error type %T, want *Error", c.src, err)
		}
	}
}

func TestLoadMissing(t *testing.T) {
	_, err := Load("testdata/no-such-machine.yaml")
	if err == nil || !strings.Contains(err.Error(), "no-such-machine.yaml") {
		t.Errorf("Load of a missing file: %v", err)
	}
}

func TestValidateHandBuilt(t *testing.T) {
	m := &Machine{
		Name:        "hand",
		Groups:      []Group{{Name: "g", Count: 4, CPUs: 2, Speed: 1, Link: LinkSpec{1e-6, 1e9}}, {Name: "h", Count: 4, CPUs: 2, Speed: 2, Switch: 1, Link: LinkSpec{2e-6, 1e8}}},
		Switches:    []string{"a", "b"},
		SwitchLinks: []SwitchLink{{Name: "ab", A: 0, B: 1, LinkSpec: LinkSpec{3e-6, 5e7}}},
		Net:         Network{IntraBandwidth: math.Inf(1)},
	}
	// Before Validate the methods still answer (slowly).
	checkCost(t, m, 0, 7, 6e-6, 5e7)
	if err := m.Validate(); err != nil {
		t.Fatal(err)
	}
	checkCost(t, m, 0, 7, 6e-6, 5e7)
	if got := m.Route(7, 0, nil); !slices.Equal(got, []int32{14, 17, 1}) {
		t.Errorf("Route = %v", got)
	}
	bad := *m
	bad.SwitchLinks = nil
	bad.t = nil
	if err := bad.Validate(); err == nil || err.Error() != `machine "hand": switch "b" cannot reach switch "a": add a switch_links entry joining them` {
		t.Errorf("Validate: %v", err)
	}
	bad = *m
	bad.Groups = []Group{{Name: "z", Count: 0, CPUs: 1, Speed: 1}}
	if err := bad.Validate(); err == nil || err.Error() != `machine "hand": group "z": count 0 out of range [1, 10000000]` {
		t.Errorf("Validate: %v", err)
	}
}

// A machine of a million nodes in many groups loads fast and its tables
// are per group.
func TestLargeMachine(t *testing.T) {
	var b strings.Builder
	b.WriteString("nodes:\n")
	for i := range 1000 {
		b.WriteString("  - {name: g")
		b.WriteString(strings.Repeat("x", i%3))
		b.WriteString(string(rune('a' + i%26)))
		b.WriteString("_")
		b.WriteString(strings.TrimSpace(strings.Repeat(" ", 1)))
		b.WriteString(itoa(i))
		b.WriteString(", count: 1000}\n")
	}
	m, err := Parse("big.yaml", []byte(b.String()))
	if err != nil {
		t.Fatal(err)
	}
	if m.NumNodes() != 1_000_000 || len(m.t.starts) != 1001 {
		t.Fatalf("nodes %d", m.NumNodes())
	}
	for _, n := range []int{0, 999, 1000, 123_456, 999_999} {
		if g := m.GroupOf(n); g != n/1000 {
			t.Errorf("GroupOf(%d) = %d", n, g)
		}
	}
}

func itoa(i int) string {
	if i == 0 {
		return "0"
	}
	var d []byte
	for ; i > 0; i /= 10 {
		d = append([]byte{byte('0' + i%10)}, d...)
	}
	return string(d)
}

func BenchmarkPathCost(b *testing.B) {
	m, err := Load("../../examples/machines/dperf-hetero.yaml")
	if err != nil {
		b.Fatal(err)
	}
	n := m.NumNodes()
	var sink float64
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		lat, bw := m.PathCost(i%n, (i*7+3)%n)
		sink += lat + bw
		i++
	}
	_ = sink
}

func BenchmarkRoute(b *testing.B) {
	m, err := Load("../../examples/machines/dperf-hetero.yaml")
	if err != nil {
		b.Fatal(err)
	}
	n := m.NumNodes()
	buf := make([]int32, 0, 8)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		buf = m.Route(i%n, (i*7+3)%n, buf[:0])
		i++
	}
}

// Every YAML example in docs/machines.md must load.
func TestDocExamples(t *testing.T) {
	data, err := os.ReadFile("../../docs/machines.md")
	if err != nil {
		t.Fatal(err)
	}
	blocks := strings.Split(string(data), "```yaml\n")[1:]
	if len(blocks) < 3 {
		t.Fatalf("found %d YAML examples", len(blocks))
	}
	for i, b := range blocks {
		src, _, _ := strings.Cut(b, "```")
		if _, err := Parse(fmt.Sprintf("machines.md example %d", i+1), []byte(src)); err != nil {
			t.Error(err)
		}
	}
}

// Merge keys that refer to mappings that merge others expand exponentially;
// the parser reads each merged anchor once.
func TestMergeBomb(t *testing.T) {
	var b strings.Builder
	b.WriteString("x-0: &a0 {cpus: 1}\n")
	for i := 1; i <= 7; i++ {
		fmt.Fprintf(&b, "x-%d: &a%d {<<: [", i, i)
		for j := range 12 {
			if j > 0 {
				b.WriteString(", ")
			}
			fmt.Fprintf(&b, "*a%d", i-1)
		}
		b.WriteString("]}\n")
	}
	b.WriteString("nodes:\n  - {<<: *a7, count: 1}\n")
	src := []byte(b.String())
	m, err := Parse("bomb.yaml", src)
	if err != nil || m.Groups[0].CPUs != 1 {
		t.Fatalf("merge bomb: %v", err)
	}
	// Expanded, the file has 12^7 = 35 million mappings; read once per
	// anchor it needs about 500 allocations (yaml's own decoding
	// included). Counting allocations, not timing, keeps the verdict
	// independent of how busy the machine is.
	if n := testing.AllocsPerRun(3, func() { _, _ = Parse("bomb.yaml", src) }); n > 5000 {
		t.Errorf("merge bomb: %.0f allocations per parse, want the linear work of about 500", n)
	}
}

// WithNetworkFactors scales every latency and bandwidth on a route: node
// links, switch links and the links within a node.
func TestWithNetworkFactors(t *testing.T) {
	m, err := Parse("m.yaml", []byte(`
name: scaled
switches: [s1, s2]
nodes:
  - {name: a, count: 2, switch: s1}
  - {name: b, count: 1, switch: s2}
switch_links:
  - {between: [s1, s2], latency: 10us, bandwidth: 1GB/s}
network:
  latency: 50us
  bandwidth: 100MB/s
  intra: {latency: 1us, bandwidth: 10GB/s}
`))
	if err != nil {
		t.Fatal(err)
	}
	s, err := m.WithNetworkFactors(2, 0.5)
	if err != nil {
		t.Fatal(err)
	}
	for _, pair := range [][2]int{{0, 0}, {0, 1}, {0, 2}} {
		l0, b0 := m.PathCost(pair[0], pair[1])
		l1, b1 := s.PathCost(pair[0], pair[1])
		if math.Abs(l1-2*l0) > 1e-18 || math.Abs(b1-b0/2) > 1e-6 {
			t.Errorf("%v: %v s, %v B/s scaled to %v s, %v B/s; want twice the latency, half the bandwidth", pair, l0, b0, l1, b1)
		}
	}
	if l, _ := m.PathCost(0, 2); math.Abs(l-60e-6) > 1e-18 {
		t.Errorf("unscaled route latency %v, want 60 µs: 25 µs per node link and the switch link (the original is left alone)", l)
	}
	if _, err := m.WithNetworkFactors(1, 0); err == nil {
		t.Error("a bandwidth factor of 0 is accepted")
	}
}

// levels: the working sets of the memory levels, defaults when absent,
// errors with positions.
func TestLevels(t *testing.T) {
	m, err := Parse("f.yaml", []byte("nodes:\n  - count: 1\n    levels: { l1: 32KiB, l2: 512KiB, l3: 8MiB, mem: 128MiB }\n  - count: 1\n"))
	if err != nil {
		t.Fatal(err)
	}
	if got, want := m.Groups[0].WorkingSets(), [4]float64{32 << 10, 512 << 10, 8 << 20, 128 << 20}; got != want {
		t.Errorf("levels %v, want %v", got, want)
	}
	if got := m.Groups[1].WorkingSets(); got != DefaultLevels {
		t.Errorf("a group without levels has %v, want the defaults %v", got, DefaultLevels)
	}
	if got := m.Groups[0].LastLevelShared(); got != 1 {
		t.Errorf("levels without shared: shared %g, want 1", got)
	}
	m, err = Parse("f.yaml", []byte("nodes:\n  - count: 1\n    levels: { l1: 32KiB, l2: 512KiB, l3: 8MiB, mem: 128MiB, shared: 0.25 }\n"))
	if err != nil {
		t.Fatal(err)
	}
	if got := m.Groups[0].LastLevelShared(); got != 0.25 {
		t.Errorf("shared: 0.25 read as %g", got)
	}
	for _, c := range []struct{ src, msg string }{
		{"nodes:\n  - count: 1\n    levels: { l1: 32KiB, l2: 512KiB, l3: 8MiB }\n",
			"f.yaml:3:13: levels: give mem (the working sets of l1, l2, l3 and mem)"},
		{"nodes:\n  - count: 1\n    levels: { l1: 32KiB, l2: 16KiB, l3: 8MiB, mem: 1GiB }\n",
			"f.yaml:3:30: levels l2: must be positive and larger than the level before, got 16KiB"},
		{"nodes:\n  - count: 1\n    levels: { l1: 32KiB, l2: 512KiB, l3: 8MiB, mem: 1GiB, l4: 2GiB }\n",
			`f.yaml:3:59: unknown key "l4" in levels`},
		{"nodes:\n  - count: 1\n    levels: { l1: 32KiB, l2: 512KiB, l3: 8MiB, mem: 1GiB, shared: 2 }\n",
			"f.yaml:3:67: levels shared: want a number from 0 (each process has the whole last level) to 1 (the node's processes share it), got 2"},
		{"nodes:\n  - count: 1\n    levels: { l1: 32KiB, l2: 512KiB, l3: 8MiB, mem: 1GiB, shared: yes }\n",
			"f.yaml:3:67: levels shared: want a number from 0"},
	} {
		_, err := Parse("f.yaml", []byte(c.src))
		if err == nil || !strings.HasPrefix(err.Error(), c.msg) {
			t.Errorf("%q:\n got %v\nwant %s", c.src, err, c.msg)
		}
	}
}

// FormatDuration writes what ParseDuration reads back.
func TestFormatDuration(t *testing.T) {
	for _, c := range []struct {
		v    float64
		want string
	}{{0, "0s"}, {2.5e-9, "2.5ns"}, {1.234567e-5, "12.35us"}, {0.002, "2ms"}, {3.5, "3.5s"}} {
		got := FormatDuration(c.v, 4)
		if got != c.want {
			t.Errorf("FormatDuration(%g) = %q, want %q", c.v, got, c.want)
		}
		back, err := ParseDuration(got)
		if err != nil || math.Abs(back-c.v) > 1e-3*c.v {
			t.Errorf("ParseDuration(%q) = %g, %v; want about %g", got, back, err, c.v)
		}
	}
}

// A node count out of range is an error of option nodes in the
// library's words: a command names its flag.
func TestWithNodesNamesOption(t *testing.T) {
	m := load(t, "ideal")
	for _, n := range []int{0, MaxNodes + 1} {
		_, err := m.WithNodes(n)
		want := fmt.Sprintf(`machine "ideal": option nodes %d out of range [1, %d]`, n, MaxNodes)
		if g := diag.Givens(err); err == nil || err.Error() != want || len(g) != 1 || g[0] != (diag.Given{What: diag.Option, Name: "nodes"}) {
			t.Errorf("WithNodes(%d): %v (givens %v), want %q", n, err, g, want)
		}
	}
}
