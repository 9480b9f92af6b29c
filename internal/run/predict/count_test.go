package predict

import (
	"os"
	"testing"
)

// The operations a replication performs are counted before it runs, for
// the progress report's share done: exactly when every process's stream
// is run, estimated from 64 of them beyond. LAPW0's processes perform 15
// operations each (ten actions, two allreduces, a bcast, the end, and
// the output chain's receive and send), but its first has no receive
// and its last no send: 4 processes perform 4·15 − 2 = 58. Of 1000, the
// 64 sampled (0, 15, 31, ..., 999: i·999/63) hold both ends, so the
// estimate is (62·15 + 2·14)/64 · 1000 = 14 968.75, rounded 14 969,
// against the 14 998 performed.
func TestCountOps(t *testing.T) {
	src, err := os.ReadFile("../../../examples/lapw0.aug")
	if err != nil {
		t.Fatal(err)
	}
	m := loadMachine(t, "gescher.yaml")
	for _, c := range []struct {
		procs     int
		want, ran int64
		exact     bool
	}{{4, 58, 58, true}, {1000, 14969, 14998, false}} {
		var heard int64
		var exact, called bool
		p := predictSrc(t, string(src), m, Options{Procs: c.procs, Operations: func(n int64, e bool) { heard, exact, called = n, e, true }})
		if !called || heard != c.want || exact != c.exact || p.Ops != c.ran {
			t.Errorf("%d processes: heard %d (exact %v, called %v), ran %d; want %d (exact %v), %d", c.procs, heard, exact, called, p.Ops, c.want, c.exact, c.ran)
		}
	}
}

// A model whose processes share variables (the sample model assigns its
// globals) or fork threads performs operations that depend on the
// timing: no count is given rather than a wrong one. A loop of
// computations evaluated in closed form where a process has a CPU of
// its own is counted when every node is crowded (no closed form), not
// otherwise.
func TestCountOpsUnknown(t *testing.T) {
	for _, f := range []string{"sample.aug", "stencil.aug"} {
		src, err := os.ReadFile("../../../examples/" + f)
		if err != nil {
			t.Fatal(err)
		}
		predictSrc(t, string(src), loadMachine(t, "gescher.yaml"), Options{Procs: 4,
			Operations: func(n int64, _ bool) { t.Errorf("%s: counted %d operations", f, n) }})
	}
	loop := "model l\nactivity main {\n  loop 1000 {\n    action A cost 1\n  }\n}\n"
	m := loadMachine(t, "gescher.yaml")
	cpus := m.Groups[0].CPUs
	for _, c := range []struct {
		nodes, procs int
		want         int64 // 0: not counted
	}{{1, 1, 0}, {1, 2 * cpus, int64(2*cpus) * 1001}} {
		var heard int64
		p := predictSrc(t, loop, m, Options{Nodes: c.nodes, Procs: c.procs, Operations: func(n int64, _ bool) { heard = n }})
		if heard != c.want || (c.want > 0 && p.Ops != c.want) {
			t.Errorf("%d processes on %d node(s): counted %d, ran %d; want %d", c.procs, c.nodes, heard, p.Ops, c.want)
		}
	}
}
