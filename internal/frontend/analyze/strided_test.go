package analyze

import (
	"testing"

	"augur/internal/frontend/ccline"
)

// stridedMachine keeps every working set of these tests in the first
// level: no bytes from memory.
var stridedMachine = Machine{Name: "m", Nodes: 1, Levels: [4]float64{1 << 20, 2 << 20, 4 << 20, 64 << 20},
	Ops: map[string]float64{"int_add_tp": 0.25e-9, "int_mul_tp": 0.5e-9, "load_tp": 0.5e-9, "store_tp": 0.5e-9,
		"load_rand_l1": 2e-9, "store_l1": 0.5e-9, "mem_byte": 0.1e-9, "call": 1e-9, "libc_malloc": 20e-9,
		"int_div_tp": 2e-9, "page_touch": 1e-6}}

// lineSeconds is what the blocks of function fn starting at line take
// for process pid of procs, at the parameters' defaults.
func lineSeconds(a *Analysis, fn string, line int, pid, procs float64, m Machine) float64 {
	env := map[string]float64{"pid": pid, "procs": procs}
	for _, p := range a.Params {
		env[p.Name] = p.Default
	}
	s := 0.0
	for _, r := range a.Evaluate(env, []Machine{m}).Rows {
		if r.Func == fn && r.Pos.Line == line {
			s += r.Seconds[0]
		}
	}
	return s
}

// testdata/strided.c at -O2. Line 20, mine[i] = all[me + i*np] over n =
// 65536 / procs characters: the load moves procs bytes an iteration, a
// stream under a line; the char store through a buffer from get_buffer,
// which may point anywhere, may write me and np, whose addresses
// MPI_Comm_rank and MPI_Comm_size were given, so both are loaded again
// every iteration: three loads at the load ports' 0.5 ns beat the store
// (0.5 ns) and the integer work (the loop's test and step, the index's
// add and multiply: 3 × 0.25 + 0.5 = 1.25 ns): 1.5 ns, 98304 ns at one
// process, 49152 ns at two. Line 21, d[i] = e[me + i*np] over doubles:
// no reload (a double store cannot write an int under the strict
// aliasing rule), one strided load and one store, 0.5 ns each, so the
// integer work's 1.25 ns sets the pace: 81920 ns at one process; at
// eight the stride is 64 bytes, a line, and the load a random one of the
// first level (2 ns) beside the store: 2.5 ns × 8192 = 20480 ns. Line 22
// stores characters into memory from malloc, which cannot be me or np:
// no reload, 81920 ns. With -fno-strict-aliasing line 21 reloads too:
// 1.5 ns × 65536 = 98304 ns; line 22 still does not.
func TestStridedAtRunTime(t *testing.T) {
	a, err := Run(load(t, "testdata/strided.c"), o2)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		line  int
		procs float64
		want  float64
	}{
		{20, 1, 98304e-9}, {20, 2, 49152e-9}, {21, 1, 81920e-9}, {21, 8, 20480e-9}, {22, 1, 81920e-9},
	} {
		if got := lineSeconds(a, "main", c.line, 0, c.procs, stridedMachine); !near(got, c.want) {
			t.Errorf("line %d at %v processes: %.9g s, want %.9g", c.line, c.procs, got, c.want)
		}
	}
	loose := Options{Compiled: ccline.CodeGen{Opt: "2", Flags: []string{"-O2", "-fno-strict-aliasing"}}}
	a, err = Run(load(t, "testdata/strided.c"), loose)
	if err != nil {
		t.Fatal(err)
	}
	for line, want := range map[int]float64{21: 98304e-9, 22: 81920e-9} {
		if got := lineSeconds(a, "main", line, 0, 1, stridedMachine); !near(got, want) {
			t.Errorf("line %d with -fno-strict-aliasing: %.9g s, want %.9g", line, got, want)
		}
	}
	// At -O0 nothing is reloaded by this rule (the level's own prices
	// apply): line 20's loads are the strided one alone.
	a, err = Run(load(t, "testdata/strided.c"), Options{})
	if err != nil {
		t.Fatal(err)
	}
	var reloads float64
	for _, b := range a.Blocks() {
		if b.Pos.Line == 20 {
			reloads += b.Ops["load_seq"]
		}
	}
	if reloads != 0 {
		t.Errorf("-O0: %v reloads, want 0", reloads)
	}
}
