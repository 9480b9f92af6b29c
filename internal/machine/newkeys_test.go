package machine

import (
	"strings"
	"testing"
)

const newKeysYAML = `nodes:
  - count: 4
    flops: 1.5Gf
    speed: 2
    cycle: 0.29ns
    ops: { dgemm: 1.2ns, copy: 3e-9 }
    reduce: { sum_double: 0.8ns, max_int: 0.3ns }
network:
  latency: 10us
  bandwidth: 1GB/s
  model: SMPI
  config: { network/TCP-gamma: 0, smpi/bw-factor: "0:0.5" }
  segments:
    - { from: 0, latency: 1.2us, bandwidth: 2GB/s }
    - { from: 64KiB, latency: 9us, bandwidth: 6GB/s }
  intra: { segments: [ { from: 0, latency: 1us, bandwidth: 10GB/s } ] }
`

func TestNewKeys(t *testing.T) {
	m, err := Parse("new.yaml", []byte(newKeysYAML))
	if err != nil {
		t.Fatal(err)
	}
	g := m.Groups[0]
	if g.Flops != 1.5e9 || g.Cycle != 0.29e-9 || g.Ops["dgemm"] != 1.2e-9 || g.Ops["copy"] != 3e-9 {
		t.Errorf("group %+v", g)
	}
	// A byte of a reduction: a double's sum over its 8 bytes.
	if g.Reduce["max_int"] != 0.3e-9 || !near(g.CombineCost(), 0.1e-9) {
		t.Errorf("reduce %v, combine cost %g s/B", g.Reduce, g.CombineCost())
	}
	// A compute of 3e9 flops: cost 3e9·FlopCost, divided by speed 2 by the
	// engine, is 2 s at 1.5 Gflop/s.
	fc, err := m.FlopCost(0)
	if err != nil || !near(3e9*fc/g.Speed, 2) {
		t.Errorf("FlopCost = %g, %v", fc, err)
	}
	for _, c := range []struct {
		a, b    int
		size    float64
		lat, bw float64
	}{
		{0, 1, 0, 1.2e-6, 2e9},
		{0, 1, 65535, 1.2e-6, 2e9},
		{0, 1, 65536, 9e-6, 6e9},
		{0, 1, 1e9, 9e-6, 6e9},
		{2, 2, 5, 1e-6, 10e9},
	} {
		lat, bw := m.MessageCost(c.a, c.b, c.size)
		if !near(lat, c.lat) || !near(bw, c.bw) {
			t.Errorf("MessageCost(%d, %d, %g) = %g, %g; want %g, %g", c.a, c.b, c.size, lat, bw, c.lat, c.bw)
		}
	}
	nc, err := m.NetConfig([2]string{"network/crosstraffic", "no"})
	if err != nil {
		t.Fatal(err)
	}
	if nc.Model.String() != "SMPI" || nc.TCPGamma != 0 || nc.BwFactor.At(1e6) != 0.5 || nc.WeightS != 8775 || nc.CrossTraffic {
		t.Errorf("net config %+v", nc)
	}
	if m.HostName(3) != "group0-3" {
		t.Errorf("HostName(3) = %q", m.HostName(3))
	}
	if i, ok := m.HostIndex("group0-2"); !ok || i != 2 {
		t.Errorf("HostIndex(group0-2) = %d, %v", i, ok)
	}
	// Without a model the constant model (augur's historical semantics).
	plain, err := Parse("p.yaml", []byte("nodes:\n  - count: 2\n"))
	if err != nil {
		t.Fatal(err)
	}
	if nc, err := plain.NetConfig(); err != nil || nc.Model.Flow() {
		t.Errorf("default model %v, %v", nc.Model, err)
	}
	if _, err := plain.FlopCost(0); err == nil {
		t.Error("FlopCost without flops: no error")
	}
}

func TestNewKeyErrors(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"nodes:\n  - count: 1\n    flops: 0\n", "e.yaml:3:12: flops: "},
		{"nodes:\n  - count: 1\n    flops: 3Xf\n", "unknown flop rate unit"},
		{"nodes:\n  - count: 1\n    ops: [1]\n", "e.yaml:3:10: ops: want a mapping"},
		{"nodes:\n  - count: 1\n    cycle: 0ns\n", "e.yaml:3:12: cycle: must be positive"},
		{"nodes:\n  - count: 1\n    reduce: 1ns\n", "e.yaml:3:13: reduce: want a mapping"},
		{"nodes:\n  - count: 1\n    reduce: { sum_complex: 1ns }\n", "e.yaml:3:15: reduce: \"sum_complex\" is not an operator_type"},
		{"nodes:\n  - count: 1\n    reduce: { sum_double: 1ns, sum_double: 2ns }\n", "e.yaml:3:32: reduce: duplicate operator"},
		{"nodes:\n  - count: 1\n    reduce: { max_int: fast }\n", "e.yaml:3:24: reduce max_int: "},
		{"nodes:\n  - count: 1\n    cycle: fast\n", "e.yaml:3:12: cycle: "},
		{"nodes:\n  - count: 1\nnetwork:\n  model: NS3\n", "e.yaml:4:10: model: unknown network model"},
		{"nodes:\n  - count: 1\nnetwork:\n  config: { network/TCP-gama: 1 }\n", `e.yaml:4:13: config: unknown configuration key "network/TCP-gama"; did you mean "network/TCP-gamma"?`},
		{"nodes:\n  - count: 1\nnetwork:\n  config: { smpi/bw-factor: \"x:1\" }\n", "smpi/bw-factor"},
		{"nodes:\n  - count: 1\nnetwork:\n  segments: [ { from: 1, latency: 1us, bandwidth: 1GB/s } ]\n", "e.yaml:4:23: from: the first segment must start at 0"},
		{"nodes:\n  - count: 1\nnetwork:\n  segments: [ { from: 0, latency: 1us, bandwidth: 1GB/s }, { from: 0, latency: 1us, bandwidth: 1GB/s } ]\n", "increasing order"},
		{"nodes:\n  - count: 1\nnetwork:\n  segments: [ { from: 0, latency: 1us } ]\n", `missing key "bandwidth"`},
		{"nodes:\n  - count: 1\nnetwork:\n  segments: []\n", "at least one segment"},
	} {
		_, err := Parse("e.yaml", []byte(c.src))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: error %v, want %q", c.src, err, c.want)
		}
	}
}

// mem_byte_node is an operation key like the others; a node group
// without it gives every core a bandwidth of its own: mem_byte over the
// node's CPUs.
func TestMemByteNode(t *testing.T) {
	const src = `nodes:
  - { name: with, count: 1, cpus: 4, ops: { mem_byte: 0.5ns, mem_byte_node: 0.3ns } }
  - { name: without, count: 1, cpus: 4, ops: { mem_byte: 0.5ns } }
  - { name: none, count: 1, cpus: 4, ops: { fp_add: 1ns } }
network: { latency: 0, bandwidth: inf }
`
	m, err := Parse("membw.yaml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := OpIndex("mem_byte_node"); !ok {
		t.Error("mem_byte_node is not an operation key")
	}
	for i, want := range []float64{0.3e-9, 0.125e-9} {
		g := m.Groups[i]
		if got, ok := MemByteNode(g.Ops, g.CPUs); !ok || !near(got, want) {
			t.Errorf("%s: MemByteNode %g s, %v; want %g s", g.Name, got, ok, want)
		}
	}
	if _, ok := MemByteNode(m.Groups[2].Ops, 4); ok {
		t.Error("a group with neither key gave a time")
	}
}
