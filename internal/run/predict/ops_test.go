package predict

import (
	"strings"
	"testing"

	"augur/internal/base/diag"
	"augur/internal/machine"
)

// opsMachine has two node groups whose operation times differ: fast (1 ns
// an fp_add, 2 ns an fp_mul, speed 2) and slow (twice as long, speed 1),
// and a free network.
const opsMachine = `name: pair
nodes:
  - { name: fast, count: 1, cpus: 1, speed: 2, ops: { fp_add: 1ns, fp_mul: 2ns, int_add: 1ns, sqrt: 5ns } }
  - { name: slow, count: 1, cpus: 1, ops: { fp_add: 2ns, fp_mul: 4ns, int_add: 1ns } }
network: { latency: 0, bandwidth: inf, intra: { latency: 0, bandwidth: inf } }
`

// ChronosMix's formula (1): 1000 fp_add and 500 fp_mul on the fast node
// take 1000·1 ns + 500·2 ns = 2 µs, whatever the node's speed (the times
// are the node's own); on the slow node 4 µs. A floating-point unit four
// times faster (--op-speed fp_*=4) divides them by 4.
func TestOpsCost(t *testing.T) {
	m := parseMachine(t, opsMachine)
	src := "model m\nactivity main {\n  action A cost ops(fp_add: 1000, fp_mul: 500)\n}\n"
	p := predictSrc(t, src, m, Options{Procs: 2})
	if !near(p.Units[0].Finish, 2e-6) || !near(p.Units[1].Finish, 4e-6) || !near(p.Time, 4e-6) {
		t.Errorf("pid 0 %g s, pid 1 %g s, run %g s; want 2e-6, 4e-6, 4e-6", p.Units[0].Finish, p.Units[1].Finish, p.Time)
	}
	p = predictSrc(t, src, m, Options{Procs: 2, OpSpeed: map[string]float64{"fp_*": 4}})
	if !near(p.Units[0].Finish, 5e-7) || !near(p.Time, 1e-6) {
		t.Errorf("with fp 4x faster: pid 0 %g s, run %g s; want 5e-7, 1e-6", p.Units[0].Finish, p.Time)
	}
	p = predictSrc(t, src, m, Options{Procs: 2, OpTime: map[string]float64{"fp_mul": 0}})
	if !near(p.Units[0].Finish, 1e-6) || !near(p.Units[1].Finish, 2e-6) {
		t.Errorf("with fp_mul free: %g s and %g s; want 1e-6 and 2e-6", p.Units[0].Finish, p.Units[1].Finish)
	}
}

// A loop whose cost depends on its index: Σ_{i<100} i int_adds of 1 ns,
// 4950 ns; and a message between the two groups still matches.
func TestOpsCostInLoopWithMessages(t *testing.T) {
	m := parseMachine(t, opsMachine)
	src := `model m
param N = 100
activity main {
  if pid == 0 {
    for i in 0 .. N {
      action R cost ops(int_add: i)
    }
    send S to 1 size 8
  } else {
    recv R2 from 0 size 8
    action B cost ops(fp_add: 10)
  }
}
`
	p := predictSrc(t, src, m, Options{Procs: 2})
	if !near(p.Units[0].Finish, 4950e-9) || !near(p.Units[1].Finish, 4950e-9+20e-9) {
		t.Errorf("pid 0 %g s, pid 1 %g s; want 4.95e-6 and 4.97e-6", p.Units[0].Finish, p.Units[1].Finish)
	}
}

// A model naming an operation the machine does not time for a node group
// hosting a process is refused before running, with the position; one
// naming an unknown operation, or the same one twice, fails the check.
func TestOpsErrors(t *testing.T) {
	m := parseMachine(t, opsMachine)
	src := "model m\nactivity main {\n  action A cost ops(sqrt: 3)\n}\n"
	_, err := Run(Options{Filename: "t.aug", Source: []byte(src), Machine: m, Procs: 2})
	if err == nil || !strings.Contains(err.Error(), "t.aug:3:21: machine pair, node group slow: no time for operation sqrt") {
		t.Errorf("missing op: %v", err)
	}
	// The advice names option op-time in the library's words.
	if g := diag.Givens(err); len(g) != 1 || g[0] != (diag.Given{What: diag.Option, Name: "op-time"}) || !strings.HasSuffix(err.Error(), "give it with option op-time sqrt=TIME") {
		t.Errorf("missing op: %v, givens %v", err, g)
	}
	// One process only: it runs on the fast node, which has sqrt.
	if _, err := Run(Options{Filename: "t.aug", Source: []byte(src), Machine: m, Procs: 1}); err != nil {
		t.Errorf("one process on the fast node: %v", err)
	}
	for _, c := range []struct{ src, want string }{
		{"model m\nactivity main {\n  action A cost ops(fp_ad: 3)\n}\n", `t.aug:3:21: unknown operation "fp_ad" in ops (did you mean "fp_add"?)`},
		{"model m\nactivity main {\n  action A cost ops(fp_add: 3, fp_add: 1)\n}\n", `t.aug:3:32: duplicate operation "fp_add" in ops`},
		{"model m\nactivity main {\n  action A cost ops(fp_add: 1 < 2)\n}\n", `count of fp_add must be a number, got bool`},
		{"model m\nactivity main {\n  action A cost ops()\n}\n", `ops needs at least one KEY: count`},
		{"model m\nactivity main {\n  action A cost ops(3)\n}\n", `t.aug:3:21: expected an operation name in ops(...)`},
	} {
		_, err := Run(Options{Filename: "t.aug", Source: []byte(c.src), Machine: m, Procs: 1})
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: %v, want %q", c.src, err, c.want)
		}
	}
	for _, o := range []Options{{OpSpeed: map[string]float64{"vec_*": 2}}, {OpSpeed: map[string]float64{"fp_*": 0}}, {OpTime: map[string]float64{"flop": 1e-9}}} {
		o.Filename, o.Source, o.Machine, o.Procs = "t.aug", []byte("model m\nactivity main {\n  action A cost ops(fp_add: 3)\n}\n"), m, 1
		if _, err := Run(o); err == nil {
			t.Errorf("%v %v accepted", o.OpSpeed, o.OpTime)
		}
	}
}

// A machine file without mem_byte_node prices it as mem_byte over the
// node's CPUs (4 here: 0.5 ns / 4), after the what-if overrides of
// mem_byte, so that --op-speed mem_byte=2 speeds the node's memory up as
// much; a pattern of both keys applies once; a time given with --op-time,
// or in the file, is taken as it is.
func TestMemByteNodeDefault(t *testing.T) {
	const without = `nodes:
  - { name: n, count: 1, cpus: 4, ops: { mem_byte: 0.5ns } }
network: { latency: 0, bandwidth: inf }
`
	const with = `nodes:
  - { name: n, count: 1, cpus: 4, ops: { mem_byte: 0.5ns, mem_byte_node: 0.2ns } }
network: { latency: 0, bandwidth: inf }
`
	for _, c := range []struct {
		what, src  string
		speed, set map[string]float64
		want       float64
	}{
		{"default", without, nil, nil, 0.125e-9},
		{"mem_byte twice as fast", without, map[string]float64{"mem_byte": 2}, nil, 0.0625e-9},
		{"mem_* twice as fast", without, map[string]float64{"mem_*": 2}, nil, 0.0625e-9},
		{"mem_byte_node twice as fast", without, map[string]float64{"mem_byte_node": 2}, nil, 0.0625e-9},
		{"mem_byte_node set", without, nil, map[string]float64{"mem_byte_node": 1e-9}, 1e-9},
		{"given", with, map[string]float64{"mem_*": 2}, nil, 0.1e-9},
	} {
		table, err := opTable(parseMachine(t, c.src), c.speed, c.set)
		if err != nil {
			t.Fatal(err)
		}
		i, _ := machine.OpIndex("mem_byte_node")
		if got := table[0][i]; !near(got, c.want) {
			t.Errorf("%s: mem_byte_node %g s, want %g s", c.what, got, c.want)
		}
	}
}
