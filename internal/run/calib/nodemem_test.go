package calib

import (
	"math"
	"strings"
	"testing"
	"time"

	"augur/internal/machine"
)

// A round counts only when every thread ran for nearly all of it.
func TestRanTogether(t *testing.T) {
	ms := time.Millisecond
	for _, c := range []struct {
		wall time.Duration
		cpu  []time.Duration
		want bool
	}{
		{10 * ms, []time.Duration{10 * ms, 9500 * time.Microsecond}, true},
		{10 * ms, []time.Duration{10 * ms, 5 * ms}, false}, // a thread off its CPU half the time
		{0, []time.Duration{0}, false},
		{10 * ms, nil, false},
	} {
		if got := ranTogether(c.wall, c.cpu); got != c.want {
			t.Errorf("ranTogether(%v, %v) = %v", c.wall, c.cpu, got)
		}
	}
}

// The node's bench on this machine: what it measures cannot be asserted,
// but it is mem_byte_node, per byte of the node's traffic (32 bytes an
// element on each thread), with the triad's loads and stores shared by
// the threads subtracted, and a run is a positive time or does not
// count. A working set within the caches keeps it short.
func TestNodeTriadPlumbing(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: the bench runs threads")
	}
	b, stop := nodeTriad(2, 1<<20, true)
	defer stop()
	if b.key != "mem_byte_node" || b.per != 64 || !strings.Contains(b.doc, "2 threads at once") {
		t.Errorf("bench %s, %g bytes a unit, %q", b.key, b.per, b.doc)
	}
	// max(2·0.1, 0.4) ns an element, 0.4 / 32 ns a byte of a thread, half
	// of it a byte of the node.
	st := map[string]Stat{"load_tp": {Value: 0.1e-9}, "store_tp": {Value: 0.4e-9}}
	if got := b.less(st); math.Abs(got-0.00625e-9) > 1e-24 {
		t.Errorf("less %g s, want 6.25e-12 s", got)
	}
	if d, ok := b.timed(1000); ok && !(d > 0) {
		t.Errorf("a run of %g s counted", d)
	}
}

// The node's figure goes into the machine file with the other
// operations and reads back as the node's bandwidth; a file without it
// gives every core a bandwidth of its own (mem_byte / cpus).
func TestWriteMachineNodeMemory(t *testing.T) {
	p := &Profile{Name: "vm", CPUs: 2, Flops: 1e9, Method: "tcp",
		Ops: []Op{{Key: "mem_byte", Doc: "triad", Stat: Stat{Value: 0.01e-9}},
			{Key: "mem_byte_node", Doc: "triad on 2 threads at once", Stat: Stat{Value: 0.008e-9, Spread: 0.0001e-9}}},
		Samples: []Sample{{Size: 1, Stat: Stat{Value: 1e-6}}}, Intra: []Segment{{0, 1e-6, 2e9}}}
	read := func() *machine.Group {
		var b strings.Builder
		if err := WriteMachine(&b, "vm", []*Profile{p}); err != nil {
			t.Fatal(err)
		}
		m, err := machine.Parse("vm.yaml", []byte(b.String()))
		if err != nil {
			t.Fatal(err)
		}
		return &m.Groups[0]
	}
	if g := read(); g.Ops["mem_byte_node"] != 0.008e-9 {
		t.Errorf("read back mem_byte_node %g s", g.Ops["mem_byte_node"])
	}
	p.Ops = p.Ops[:1]
	g := read()
	if v, ok := machine.MemByteNode(g.Ops, g.CPUs); !ok || math.Abs(v-0.005e-9) > 1e-24 {
		t.Errorf("without the key: MemByteNode %g s, %v; want mem_byte / 2", v, ok)
	}
}

// The node's CPUs together move at least what one moves alone: a
// mem_byte_node above mem_byte is lowered to it and flagged, one below
// is kept.
func TestCapNodeBandwidth(t *testing.T) {
	ops := capNodeBandwidth([]Op{{Key: "mem_byte", Stat: Stat{Value: 0.02e-9}}, {Key: "mem_byte_node", Stat: Stat{Value: 0.0264e-9}}})
	if n := ops[1]; !n.Capped || n.Raw != 0.0264e-9 || n.Stat.Value != 0.02e-9 {
		t.Errorf("above mem_byte: %+v, want capped at 0.02 ns, raw 0.0264 ns", n)
	}
	ops = capNodeBandwidth([]Op{{Key: "mem_byte_node", Stat: Stat{Value: 0.012e-9}}, {Key: "mem_byte", Stat: Stat{Value: 0.02e-9}}})
	if n := ops[0]; n.Capped || n.Stat.Value != 0.012e-9 {
		t.Errorf("below mem_byte: %+v, want kept", n)
	}
}
