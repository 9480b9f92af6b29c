package analyze

import (
	"math"
	"reflect"
	"testing"

	"augur/internal/frontend/ccline"
)

// testdata/libcalls.c's calls, as gcc makes them at each level (checked
// with gcc 12 -S): at -O0 every math function is a call into libm; at
// -O2 sqrt is the instruction plus the compare of its result that sets
// errno for a negative argument (fp_add), floor is inlined (fp_add),
// pow(x, 2) is x·x (fp_mul), pow(x, 2.5), exp and sin stay calls; at -O3
// with -ffast-math and -march the loop is vectorised and exp, sin and
// pow go through libmvec (the _vec keys), sqrt needs no errno compare.
// fabs is a mask at every level (fp_add); the six + are fp_add. rand()
// is glibc's at every level, with the conversion of its int (fp_add) and
// the division by RAND_MAX (fp_div): mpitutorial's create_rand_nums.
func TestLibCallOps(t *testing.T) {
	fill := map[string]float64{"libc_rand": 1, "fp_add": 1, "fp_div": 1, "store_seq": 1, "seq_bytes": 8}
	for _, c := range []struct {
		opts   Options
		mapOps map[string]float64
	}{
		{Options{}, map[string]float64{"fp_add": 7, "libm_exp": 1, "libm_sin": 1, "libm_pow": 2, "libm_sqrt": 1, "libm_floor": 1}},
		{o2, map[string]float64{"fp_add": 9, "fp_mul": 1, "libm_exp": 1, "libm_sin": 1, "libm_pow": 1, "sqrt": 1}},
		{Options{Compiled: ccline.CodeGen{Opt: "3", FastMath: true, Arch: "native"}},
			map[string]float64{"fp_add": 8, "fp_mul": 1, "libm_exp_vec": 1, "libm_sin_vec": 1, "libm_pow_vec": 1, "sqrt": 1}},
	} {
		a, err := Run(load(t, "testdata/libcalls.c"), c.opts)
		if err != nil {
			t.Fatal(err)
		}
		if got := blockAt(t, a, "main", 13).Ops; !reflect.DeepEqual(got, fill) {
			t.Errorf("-O%q fill: %v, want %v", c.opts.Compiled.Opt, got, fill)
		}
		got := map[string]float64{}
		for k, v := range blockAt(t, a, "main", 17).Ops {
			if k != "load_seq" && k != "store_seq" && k != "seq_bytes" {
				got[k] = v
			}
		}
		if !reflect.DeepEqual(got, c.mapOps) {
			t.Errorf("-O%q map: %v, want %v", c.opts.Compiled.Opt, got, c.mapOps)
		}
	}
}

// The prices at -O2, by hand. The rand loop's iteration: glibc's rand
// (10 ns) occupies every unit, so each group of units is the call plus
// its own work: the division (fp_div_tp 1 ns), the conversion (fp_add_tp
// 0.5), the loop's test and step (2 int_add_tp, 0.5); the store streams
// at store_tp 0.5 ns and its 16 KiB stay in the first level. The
// busiest, 11 ns, 4096 times: 45056 ns.
//
// The math loop's iteration: exp, sin and pow(x, 2.5) are calls (4 + 8 +
// 10 ns) beside every group: the nine fp_add (4.5 ns) are the busiest,
// 26.5 ns; the seven streamed loads of x[i] (3.5 ns) and the 64 KiB of x
// and y stay in the caches: 4096 · 26.5 = 108544 ns.
//
// Then three malloc-free pairs (20 ns each), and a memset and a memcpy of
// 32 KiB (N doubles). With the last level at 4 MiB they stay in the
// caches: glibc's 0.05 ns a byte, 1638.4 ns each; 156936.8 ns in all. On
// a machine whose levels end at 16 KiB the memory's time wins (the
// loops' 64 KiB are beyond the caches too, but their bytes from memory,
// 0.8 and 2.4 ns an iteration, stay below their units' time): the memset
// writes and allocates 2 · 32768 bytes at 0.1 ns, 6553.6 ns; the memcpy
// reads, writes and allocates 3 · 32768, 9830.4 ns; 170044 ns in all.
func TestLibCallPrices(t *testing.T) {
	a, err := Run(load(t, "testdata/libcalls.c"), o2)
	if err != nil {
		t.Fatal(err)
	}
	ops := map[string]float64{"libc_rand": 10e-9, "fp_div_tp": 1e-9, "fp_add_tp": 0.5e-9, "int_add_tp": 0.25e-9,
		"store_tp": 0.5e-9, "load_rand_l1": 1e-9, "libc_malloc": 20e-9, "call": 1e-9,
		"libc_memcpy_byte": 0.05e-9, "libc_memset_byte": 0.05e-9, "mem_byte": 0.1e-9,
		"libm_exp": 4e-9, "libm_sin": 8e-9, "libm_pow": 10e-9, "sqrt_tp": 2e-9, "fp_mul_tp": 0.5e-9, "load_tp": 0.5e-9}
	env := map[string]float64{"pid": 0, "procs": 1}
	small := Machine{Name: "small", Ops: ops, Nodes: 1, Levels: [4]float64{2 << 10, 4 << 10, 8 << 10, 16 << 10}}
	large := Machine{Name: "large", Ops: ops, Nodes: 1, Levels: [4]float64{32 << 10, 256 << 10, 4 << 20, 64 << 20}}
	r := a.Evaluate(env, []Machine{small, large})
	for i, want := range []float64{170044e-9, 156936.8e-9} {
		if got := r.ByFunc["main"][i]; !near(got, want) {
			t.Errorf("main on %s: %.9g s, want %.9g s", r.Machines[i], got, want)
		}
	}
	if len(r.Missing[1]) != 0 || len(r.Substituted[1]) != 0 {
		t.Errorf("missing %v, substituted %v", r.Missing[1], r.Substituted[1])
	}
	// A machine file from before the library calls were timed prices
	// rand as its PCG figure, and says so.
	old := map[string]float64{"rand": 2e-9}
	for k, v := range ops {
		if k != "libc_rand" {
			old[k] = v
		}
	}
	r = a.Evaluate(env, []Machine{{Name: "old", Ops: old, Nodes: 1, Levels: large.Levels}})
	// The rand loop's busiest group is then the division and the
	// generator, 3 ns: 12288 ns where it was 45056.
	if got, want := r.ByFunc["main"][0], (156936.8-45056+12288)*1e-9; !near(got, want) {
		t.Errorf("main on the old file: %.9g s, want %.9g", got, want)
	}
	if want := []string{"libc_rand (as rand)"}; !reflect.DeepEqual(r.Substituted[0], want) {
		t.Errorf("substituted %v, want %v", r.Substituted[0], want)
	}
}

// testdata/qsort.c: qsort of nine indices a row, 1,000 rows by default
// (line 16), is 9 log2 9 = 28.53 comparison units of glibc's sort a
// call (libc_qsort, 3 ns: 85.59 ns), 85,588 ns in all; the sort of n
// elements, n from the command line (line 19), one unit at its default
// of one (3 ns) and 1,024 · 10 units at n = 1,024 (30,720 ns). A machine
// file from before libc_qsort was timed prices a unit as a call and an
// unpredictable branch.
func TestQsortPrices(t *testing.T) {
	a, err := Run(load(t, "testdata/qsort.c"), o2)
	if err != nil {
		t.Fatal(err)
	}
	if got := blockAt(t, a, "main", 16).Ops["qsort@9"]; got != 1 {
		t.Errorf("the row's sort: qsort@9 = %v, want 1 (ops %v)", got, blockAt(t, a, "main", 16).Ops)
	}
	m := stridedMachine
	m.Ops = map[string]float64{"libc_qsort": 3e-9}
	for k, v := range stridedMachine.Ops {
		m.Ops[k] = v
	}
	units := 9 * math.Log2(9)
	if got, want := qsortSeconds(a, 16, nil, m), 1000*units*3e-9; !near(got, want) {
		t.Errorf("rows' sorts: %.9g s, want %.9g s", got, want)
	}
	if got, want := qsortSeconds(a, 19, nil, m), 3e-9; !near(got, want) {
		t.Errorf("sort of one: %.9g s, want %.9g s", got, want)
	}
	args := map[string]float64{}
	for _, p := range a.Params {
		if p.Arg == 2 {
			args[p.Name] = 1024
		}
	}
	if len(args) != 1 {
		t.Fatalf("no parameter for argv[2] among %v", a.Params)
	}
	if got, want := qsortSeconds(a, 19, args, m), 1024*10*3e-9; !near(got, want) {
		t.Errorf("sort of 1024: %.9g s, want %.9g s", got, want)
	}
	old := Machine{Name: "old", Nodes: 1, Levels: m.Levels, Ops: map[string]float64{"call": 1e-9, "branch": 2e-9}}
	if got, want := qsortSeconds(a, 16, nil, old), 1000*units*3e-9; !near(got, want) {
		t.Errorf("rows' sorts on an old machine file: %.9g s, want %.9g s", got, want)
	}
}

// qsortSeconds is the libc_qsort seconds of the blocks at line of main,
// at the parameters' defaults but for those given.
func qsortSeconds(a *Analysis, line int, given map[string]float64, m Machine) float64 {
	env := map[string]float64{"pid": 0, "procs": 1}
	for _, p := range a.Params {
		env[p.Name] = p.Default
	}
	for k, v := range given {
		env[k] = v
	}
	s := 0.0
	r := a.Evaluate(env, []Machine{m})
	for _, row := range r.Rows {
		if row.Func == "main" && row.Pos.Line <= line && line <= max(row.Pos.Line, row.End.Line) {
			s += row.Classes[0]["libc_qsort"]
		}
	}
	return s
}
