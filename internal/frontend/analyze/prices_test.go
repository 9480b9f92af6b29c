package analyze

import (
	"math"
	"reflect"
	"testing"

	"augur/internal/frontend/ccline"
)

// o2 is a compile line's -O2: the level whose prices (unrolled radius
// loops, strength-reduced rows, conditional moves) these tests assert;
// with no -O gcc compiles at -O0 and does none of that.
var o2 = Options{Compiled: ccline.CodeGen{Opt: "2"}}

// innermostBody is the last compute block of function fn, in source order.
func innermostBody(t *testing.T, a *Analysis, fn string) *Block {
	t.Helper()
	var last *Block
	for _, b := range a.Blocks() {
		if b.Func == fn && b.Kind == Compute && len(b.Ops) > 0 {
			last = b
		}
	}
	if last == nil {
		t.Fatalf("%s has no compute block", fn)
	}
	return last
}

// blockAt is function fn's block that starts at line.
func blockAt(t *testing.T, a *Analysis, fn string, line int) *Block {
	t.Helper()
	for _, b := range a.Blocks() {
		if b.Func == fn && b.Pos.Line == line {
			return b
		}
	}
	t.Fatalf("%s has no block at line %d", fn, line)
	return nil
}

func near(got, want float64) bool { return math.Abs(got-want) <= 1e-9*math.Abs(want) }

// testdata/stencil.c at -O2: b[i][j] += a[i + ii][j] for ii from -1 to 1 walks
// three rows of a, stride N in ii; the radius loop is unrolled (no test
// and step) and every access streams along j, three executions of the
// body per step of the stream. Per execution: the load and the store of
// b[i][j] and the load of a, at the ports' throughput; of the bytes, a
// moves 8 per step of j (8/3 an execution) and b 16 (its line in and
// back, 16/3), 8 in all. The row addresses are strength-reduced: no
// integer work. The same through IN(i, j) on a flattened array.
//
// Priced with every operation at 1 ns and levels of 1, 4, 16 and 32 KiB,
// the nest's working set (a over i, j: 8·62·64 = 31744 bytes; b the same)
// is beyond the last level, so every streamed byte comes from memory. The
// unrolled radius loop's three copies are straight-line code of the j
// loop's iteration (unrolled.go), priced as one: the larger of its three
// fp_adds (3 ns), the test and step of j (2 ns) and its memory: four loads
// (a three times, b once, then kept in a register) against three stores,
// and 24 bytes (4 + 24 = 28 ns); 62·64 = 3968 iterations, 111104 ns, and
// 62 tests and steps of the i loop (i < N - R, N - R folded by the
// compiler, i++: 2 ns each, 124 ns): 111228 ns. Before, each copy was
// priced on its own (b loaded three times: 32 ns an iteration), and
// before that the three accesses were random loads from memory, one each.
func TestStencilRowsStream(t *testing.T) {
	a, err := Run(load(t, "testdata/stencil.c"), o2)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]float64{"fp_add": 1, "load_seq": 2, "store_seq": 1, "seq_bytes": 8}
	for fn, arrays := range map[string][2]string{"rows": {"a", "b"}, "flat": {"in", "out"}} {
		b := innermostBody(t, a, fn)
		if !reflect.DeepEqual(b.Ops, want) {
			t.Errorf("%s: %v, want %v", fn, b.Ops, want)
		}
		if !near(b.streams[arrays[0]], 8.0/3) || !near(b.streams[arrays[1]], 16.0/3) {
			t.Errorf("%s: streams %v, want %s 8/3 and %s 16/3 bytes an execution", fn, b.streams, arrays[0], arrays[1])
		}
	}
	for _, b := range a.Blocks() {
		if b.Kind == Loop && b.Loop.Var == "ii" && len(b.Ops) != 0 {
			t.Errorf("the radius loop %s costs %v; unrolled, it has no test and step", b.Name, b.Ops)
		}
	}
	ops := map[string]float64{}
	for _, k := range []string{"fp_add_tp", "int_add_tp", "load_tp", "store_tp", "mem_byte"} {
		ops[k] = 1e-9
	}
	m := Machine{Name: "m", Ops: ops, Nodes: 1, Levels: [4]float64{1 << 10, 4 << 10, 16 << 10, 32 << 10}}
	r := a.Evaluate(map[string]float64{"pid": 0, "procs": 1}, []Machine{m})
	if got := r.ByFunc["rows"][0]; !near(got, 111228e-9) {
		t.Errorf("rows: %.9g s, want 111228 ns", got)
	}
}

// testdata/alloc.c: every pointer that an allocator gave has its size,
// through a wrapper (xmalloc), a wrapper of a wrapper (twice: 500·2), a
// posix_memalign inside a function (aligned: 1000 doubles) and one called
// directly (z). The loads x[col[k]], y[...], z[...] are priced at the
// level of their own array: with levels of 2, 4, 8 and 16 KiB, and random
// loads at 1, 2, 4 and 8 ns, y (1000 bytes) at 1 ns, z (3072 bytes)
// f = log2(3072/2048) = log2(1.5) of the way from the first level to the
// second, blended geometrically (randload.go): 1^(1-f) · 2^f = 1.5 ns, x
// (8000 bytes) log2(8000/4096) from the second to the third, 2 ·
// 2^log2(8000/4096) = 2 · 8000/4096 ns; with the three streamed loads of
// col[k] at 1 ns, 3 + 1 + 1.5 + 2 · 8000/4096 ns an execution when the
// block's working set fits the first level.
func TestAllocators(t *testing.T) {
	a, err := Run(load(t, "testdata/alloc.c"), Options{})
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]float64{}
	for k, e := range a.Func("main").allocated {
		v, ok := eval(e, nil)
		if !ok {
			t.Fatalf("%s: size %s has no value", k, String(e))
		}
		got[k] = v
	}
	if want := map[string]float64{"x": 8000, "col": 32768, "y": 1000, "z": 3072}; !reflect.DeepEqual(got, want) {
		t.Errorf("allocated %v, want %v", got, want)
	}
	b := blockAt(t, a, "main", 48)
	for _, k := range []string{"load@8000", "load@1000", "load@3072"} {
		if b.Ops[k] != 1 {
			t.Errorf("%s: %g, want 1 (%v)", k, b.Ops[k], b.Ops)
		}
	}
	// In row's CSR loop, whose bounds are data, val[k] and col[k] stream:
	// two streamed loads of 8 bytes; x[col[k]] is a load the analysis
	// cannot follow (x is a parameter: no size).
	if got := blockAt(t, a, "row", 34).Ops; got["load_seq"] != 2 || got["seq_bytes"] != 16 || got["load_l1"] != 1 {
		t.Errorf("the CSR row: %v, want 2 streamed loads (16 bytes) and 1 other", got)
	}
	ops := map[string]float64{"load_rand_l1": 1e-9, "load_rand_l2": 2e-9, "load_rand_l3": 4e-9, "load_rand_mem": 8e-9,
		"load_tp": 1e-9, "fp_add_tp": 0.1e-9, "fp_add": 0.1e-9, "mem_byte": 1e-9}
	m := Machine{Name: "m", Ops: ops, Nodes: 1, Levels: [4]float64{2 << 10, 4 << 10, 8 << 10, 16 << 10}}
	secs, _ := blockSeconds(b, "l1", 1024, 1, map[string]float64{"procs": 1}, m, map[string]string{})
	want := (5.5 + 2*8000.0/4096) * 1e-9
	if !near(secs, want) {
		t.Errorf("an execution: %.9g s, want %.9g s", secs, want)
	}
}

// testdata/branches.c's Collatz step n = (n % 2) ? 3*n + 1 : n / 2 is, at
// -O2, a conditional move: no branch; n % 2 and n / 2 are two integer
// operations each (a mask or shift and the sign's fix-up), 3*n + 1 two
// (a lea and the add), the move one, steps++ one: 8 integer operations.
// The next step waits for n: the longest arm (3*n, + 1) and the move, 3
// latencies. With int_add at 1 ns (0.25 ns among independent ones), an
// iteration (with the test n != 1) is the larger of 9·0.25 and 3 ns; 111
// of them (annotated) are 333 ns.
func TestConditionalMove(t *testing.T) {
	a, err := Run(load(t, "testdata/branches.c"), o2)
	if err != nil {
		t.Fatal(err)
	}
	b := innermostBody(t, a, "collatz")
	if want := map[string]float64{"int_add": 8}; !reflect.DeepEqual(b.Ops, want) {
		t.Errorf("the step: %v, want %v", b.Ops, want)
	}
	if want := map[string]map[string]float64{"n": {"int_add": 3}, "steps": {"int_add": 1}}; !reflect.DeepEqual(b.chains, want) {
		t.Errorf("its chains: %v, want %v", b.chains, want)
	}
	m := Machine{Name: "m", Ops: map[string]float64{"int_add": 1e-9, "int_add_tp": 0.25e-9}, Nodes: 1}
	r := a.Evaluate(map[string]float64{"pid": 0, "procs": 1}, []Machine{m})
	if got := r.ByFunc["collatz"][0]; !near(got, 333e-9) {
		t.Errorf("collatz: %.9g s, want 333 ns", got)
	}
}

// The same Collatz step with no -O (gcc's -O0, checked with gcc -O0 -S):
// a branch, not a conditional move (jle/jmp); 3*n is two adds (n + n, +
// n), not a lea. n % 2 two integer operations, each arm at half its
// price (3*n + 1: 3, n / 2: 2, so 1.5 + 1), steps++ one: 5.5 int_add and
// the branch.
func TestConditionalMoveO0(t *testing.T) {
	a, err := Run(load(t, "testdata/branches.c"), Options{})
	if err != nil {
		t.Fatal(err)
	}
	b := innermostBody(t, a, "collatz")
	if want := map[string]float64{"int_add": 5.5, "branch": 1}; !reflect.DeepEqual(b.Ops, want) {
		t.Errorf("the step at -O0: %v, want %v", b.Ops, want)
	}
}

// testdata/branches.c's if (j % 3 == 0) over even j is true one time in
// three (the step 2 and 3 have no common factor): 10 · 2048 / 3
// executions of s += a[j], in closed form.
func TestRemainderShare(t *testing.T) {
	a, err := Run(load(t, "testdata/branches.c"), Options{})
	if err != nil {
		t.Fatal(err)
	}
	b := innermostBody(t, a, "thirds")
	v, ok := eval(b.Count, map[string]float64{"N": 4096})
	if !ok || !near(v, 20480.0/3) || b.CountHow != Symbolic {
		t.Errorf("s += a[j] runs %s = %g times (%s), want 20480/3, symbolic", String(b.Count), v, b.CountHow)
	}
	// An iteration is priced as a whole, the arm with its share: with
	// every operation at 1 ns, the integer work of an iteration (j < N,
	// j += 2; j % 3 as a multiplication and three adds, == 0) is 7 ns, and
	// the arm's third of an add and of a load runs in its shadow: 10 ·
	// 2048 · 7 ns, and 10 tests and steps of r (20 ns), 143380 ns.
	ops := map[string]float64{}
	for _, k := range []string{"int_add_tp", "int_mul_tp", "fp_add", "fp_add_tp", "load_rand_l1"} {
		ops[k] = 1e-9
	}
	r := a.Evaluate(map[string]float64{"pid": 0, "procs": 1}, []Machine{{Name: "m", Ops: ops, Nodes: 1}})
	if got := r.ByFunc["thirds"][0]; !near(got, 143380e-9) {
		t.Errorf("thirds: %.9g s, want 143380 ns", got)
	}
	// j % 4 == 1 over even j is never true; j % 4 == 2 one time in two.
	frames := []countFrame{{loop: &LoopInfo{Var: "j", From: Num{0}, To: Num{100}, Step: Num{2}, Canonical: true}}}
	for _, c := range []struct {
		rem, share float64
	}{{1, 0}, {2, 0.5}} {
		f := Cond{Bin{"==", Bin{"%", Name{"j"}, Num{4}}, Num{c.rem}}, Num{1}, Num{0}}
		if s, ok := periodic(f, frames); !ok || String(s) != String(Num{c.share}) {
			t.Errorf("j %% 4 == %g over even j: %v, want %g", c.rem, s, c.share)
		}
	}
}

// testdata/branches.c's dot product s += a[i] * b[i] waits for the add
// before it, unless -ffast-math lets the compiler keep partial sums. With
// fp_add at 1 ns (0.25 among independent ones, as fp_mul, loads and
// integer adds), N = 4096 iterations take 4096 ns at -O2 (the chain) and
// 2048 ns with -ffast-math (two loads, or the test and step, 0.5 ns; the
// 64 KiB of a and b stay in the second level).
func TestFastMathReduction(t *testing.T) {
	ops := map[string]float64{"fp_add": 1e-9, "fp_add_tp": 0.25e-9, "fp_mul_tp": 0.25e-9, "load_tp": 0.25e-9, "int_add_tp": 0.25e-9}
	m := Machine{Name: "m", Ops: ops, Nodes: 1}
	for _, c := range []struct {
		fast bool
		want float64
	}{{false, 4096e-9}, {true, 2048e-9}} {
		a, err := Run(load(t, "testdata/branches.c"), Options{Compiled: ccline.CodeGen{Opt: "2", FastMath: c.fast}})
		if err != nil {
			t.Fatal(err)
		}
		r := a.Evaluate(map[string]float64{"pid": 0, "procs": 1}, []Machine{m})
		if got := r.ByFunc["dot"][0]; !near(got, c.want) {
			t.Errorf("fast-math %v: %.9g s, want %.9g s", c.fast, got, c.want)
		}
	}
}

// testdata/ifconv.c's if (x[i] <= 1) hits++ on data: at -O2 the test is
// computed into the counter (setcc and add), one integer operation and no
// jump; gcc -O0 compares and jumps, and a test of the data is a branch
// mispredicted half the time: branch 1, no integer operation for the if.
func TestIfConversionByLevel(t *testing.T) {
	for _, c := range []struct {
		opts          Options
		intAdd, jumps float64
	}{{o2, 1, 0}, {Options{}, 0, 1}} {
		a, err := Run(load(t, "testdata/ifconv.c"), c.opts)
		if err != nil {
			t.Fatal(err)
		}
		b := blockAt(t, a, "main", 7)
		if b.Ops["int_add"] != c.intAdd || b.Ops["branch"] != c.jumps {
			t.Errorf("-O%q: the if costs %v, want int_add %g, branch %g", c.opts.Compiled.Opt, b.Ops, c.intAdd, c.jumps)
		}
	}
}
