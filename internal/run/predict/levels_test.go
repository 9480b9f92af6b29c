package predict

import (
	"testing"

	"augur/internal/machine"
)

// ws_l1 … ws_mem read the levels of the node each process runs on: node
// 0's group gives them, node 1's group the defaults.
func TestLevelBuiltins(t *testing.T) {
	m, err := machine.Parse("m.yaml", []byte("nodes:\n  - count: 1\n    levels: { l1: 32KiB, l2: 1MiB, l3: 8MiB, mem: 64MiB }\n  - count: 1\n"))
	if err != nil {
		t.Fatal(err)
	}
	// Process 0 on node 0 spends ws_l3 / 2^23 = 1 s, then ws_mem / 2^26
	// = 1 s; process 1 on node 1 spends 4 MiB / 2^23 = 0.5 s and 32 MiB /
	// 2^26 = 0.5 s.
	src := "model m\nactivity main {\n  action A cost ws_l3 / 8388608\n  action B cost ws_mem / 67108864\n}\n"
	p := predictSrc(t, src, m, Options{Procs: 2, Nodes: 2})
	if !near(p.Time, 2) {
		t.Errorf("predicted %g s, want 2 (process 0 on the node whose levels are given)", p.Time)
	}
	if len(p.Units) < 2 || !near(p.Units[1].Compute, 1) {
		t.Errorf("process 1: %+v, want 1 s of computation", p.Units)
	}
}

// ws_shared reads the machine file's levels shared of the unit's node;
// 1 (shared) where the file does not say.
func TestSharedBuiltin(t *testing.T) {
	m, err := machine.Parse("m.yaml", []byte("nodes:\n  - count: 1\n    levels: { l1: 32KiB, l2: 1MiB, l3: 8MiB, mem: 64MiB, shared: 0.25 }\n  - count: 1\n"))
	if err != nil {
		t.Fatal(err)
	}
	p := predictSrc(t, "model m\nactivity main {\n  action A cost ws_shared\n}\n", m, Options{Procs: 2, Nodes: 2})
	if len(p.Units) < 2 || !near(p.Units[0].Compute, 0.25) || !near(p.Units[1].Compute, 1) {
		t.Errorf("units %+v, want 0.25 s on node 0 and 1 s on node 1", p.Units)
	}
}
