package constant

import (
	"testing"

	"augur/internal/machine"
)

func mustMachine(t *testing.T, yaml string) *machine.Machine {
	t.Helper()
	m, err := machine.Parse("m.yaml", []byte(yaml))
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func near(a, b float64) bool { return a-b < 1e-15 && b-a < 1e-15 }

// TestTransfer: 1 MB between nodes over 10 µs and 1 GB/s takes 1 ms to
// inject and arrives 10 µs after that; within a node, 5 µs and 200 MB/s
// (5 ms). Without NIC serialisation transfers never wait for each other.
func TestTransfer(t *testing.T) {
	m := mustMachine(t, `
nodes:
  - {count: 3, cpus: 2}
network: {latency: 10us, bandwidth: 1GB/s, nic_serialise: false, intra: {latency: 5us, bandwidth: 200MB/s}}
`)
	n := New(m)
	for _, c := range []struct {
		a, b                   int
		t                      float64
		start, inject, arrival float64
	}{
		{0, 1, 0, 0, 1e-3, 1e-3 + 10e-6},
		{0, 1, 0, 0, 1e-3, 1e-3 + 10e-6},
		{0, 0, 2, 2, 5e-3, 2 + 5e-3 + 5e-6},
	} {
		x := n.Transfer(c.a, c.b, 1e6, c.t)
		if !x.Known || !near(x.Start, c.start) || !near(x.Inject, c.inject) || !near(x.Arrival, c.arrival) {
			t.Errorf("%d -> %d at %g: %+v, want start %g inject %g arrival %g", c.a, c.b, c.t, x, c.start, c.inject, c.arrival)
		}
	}
}

// TestNICSerialise: with NIC serialisation a node's link sends one
// transfer at a time and receives one at a time. Node 0 sends 1 MB (1 ms
// to inject) to node 1 twice at 0: the second starts when the first is
// out, at 1 ms, and arrives at 2 ms + 10 µs. Then node 2 sends 1 MB to
// node 1 at 0: it starts at once, but node 1's link is receiving until
// 2.01 ms, so it arrives 1 ms after that. A transfer within a node
// touches no link.
func TestNICSerialise(t *testing.T) {
	m := mustMachine(t, `
nodes:
  - {count: 3, cpus: 2}
network: {latency: 10us, bandwidth: 1GB/s, nic_serialise: true}
`)
	n := New(m)
	for _, c := range []struct {
		a, b           int
		start, arrival float64
	}{
		{0, 1, 0, 1e-3 + 10e-6},
		{0, 1, 1e-3, 2e-3 + 10e-6},
		{2, 1, 0, 3e-3 + 10e-6},
		{0, 0, 0, 0},
	} {
		x := n.Transfer(c.a, c.b, 1e6, 0)
		if c.a == c.b {
			// Default intra-node network: no latency, infinite bandwidth.
			if x.Start != 0 || x.Inject != 0 || x.Arrival != 0 {
				t.Errorf("within node %d: %+v, want all 0", c.a, x)
			}
			continue
		}
		if !near(x.Start, c.start) || !near(x.Arrival, c.arrival) {
			t.Errorf("%d -> %d: start %g arrival %g, want %g and %g", c.a, c.b, x.Start, x.Arrival, c.start, c.arrival)
		}
	}
}
