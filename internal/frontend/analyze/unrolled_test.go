package analyze

import (
	"reflect"
	"testing"

	"augur/internal/frontend/ccline"
)

// testdata/unrolled.c at -O2 (ParRes Kernels' star stencil of radius 2;
// its corpus build line's -O3 also vectorises it, below). gcc unrolls the three radius
// loops into the i loop (objdump: no jump between the terms): one
// iteration of i is nine terms OUT(i, j) += W * IN(...), nine multiplies
// and nine adds; it loads IN nine times and OUT once (then kept in a
// register), stores OUT nine times (in and out may alias: each copy
// stores) and loads no weight (W is a local array the nest does not
// write: its nine elements are in registers). Of the bytes, IN moves 8
// an iteration (its five rows and the four neighbours along i reuse the
// lines the others brought: the layer condition) and OUT 16 (its line in
// and back); the i loop's test and step are two integer operations.
// Before, each term was priced on its own: OUT loaded nine times, the
// weights of the ii loops as dependent loads of the first level, and IN's
// and OUT's bytes counted once per radius loop (72 bytes, not 24).
func TestUnrolledStencilIteration(t *testing.T) {
	a, err := Run(load(t, "testdata/unrolled.c"), Options{Compiled: ccline.CodeGen{Opt: "2"}})
	if err != nil {
		t.Fatal(err)
	}
	var i *Block
	for _, b := range a.Blocks() {
		if b.Kind == Loop && b.Pos.Line == 20 {
			i = b
		}
	}
	if i == nil {
		t.Fatal("no loop at line 20")
	}
	it, ok := iteration(i)
	if !ok {
		t.Fatal("the i loop's iteration is not priced as a whole")
	}
	m := merged(it)
	want := map[string]float64{"fp_add": 9, "fp_mul": 9, "int_add": 2, "load_seq": 10, "store_seq": 9, "seq_bytes": 24}
	got := map[string]float64{}
	for k, n := range m.Ops {
		if n != 0 {
			got[k] = n
		}
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("one iteration of i: %v, want %v", got, want)
	}
	if !reflect.DeepEqual(m.streams, map[string]float64{"in": 8, "out": 16}) {
		t.Errorf("streams %v, want in 8 and out 16 bytes an iteration", m.streams)
	}
}

// The nest's price by hand: every operation 1 ns, mem_byte 0.1 ns, levels
// of 1, 2, 4 and 8 KiB, so that the nest's 57 600 bytes (in and out over
// 60 × 60 points) come from memory. An iteration of i is the largest of
// its nine adds (9 ns), nine multiplies (9 ns), two integer operations
// (2 ns) and its memory: the busier of ten loads and nine stores (10 ns)
// plus 24 bytes (2.4 ns), 12.4 ns; 60 · 60 of them, and 60 tests and
// steps of j (2 ns each): 44 760 ns. Before: 9 terms of about 1.6 to 2.6
// ns each and the weights' loads, 31 ns an iteration.
func TestUnrolledStencilPrice(t *testing.T) {
	unrolledStencilPrice(t, ccline.CodeGen{Opt: "2"}, 44760e-9)
}

// At -O3 gcc also vectorises the i loop around the unrolled terms, with a
// run-time check that in and out do not overlap: ParRes Stencil's build
// (-O3 -march=native, gcc 12 on a Cooper Lake processor) is nine fused
// multiply-adds on zmm vectors of 8 doubles, one vector load of OUT, nine
// of IN and nine vector stores an iteration (objdump). Vectors are priced
// at most 32 bytes wide (a 64-byte one does not go at twice the rate), 4
// doubles: every instruction of the iteration is divided by 4 and its
// bytes stay. The largest of 9/4 adds, 9/4 multiplies, 2/4 integer
// operations and the memory, 10/4 loads (the busier port) plus 24 bytes
// at 0.1 ns, 4.9 ns; 60 · 60 of them and the 60 tests and steps of j:
// 17 760 ns. Taken as scalar because of its inner loops, 44 760 ns:
// ParRes Stencil was predicted +45 % at one rank on that processor.
func TestVectorisedStencilPrice(t *testing.T) {
	unrolledStencilPrice(t, ccline.CodeGen{Opt: "3", VectorBytes: 64}, 17760e-9)
}

func unrolledStencilPrice(t *testing.T, g ccline.CodeGen, want float64) {
	t.Helper()
	a, err := Run(load(t, "testdata/unrolled.c"), Options{Compiled: g})
	if err != nil {
		t.Fatal(err)
	}
	ops := map[string]float64{"mem_byte": 0.1e-9}
	for _, k := range []string{"fp_add_tp", "fp_mul_tp", "int_add_tp", "int_mul_tp", "int_div_tp", "load_tp", "store_tp",
		"load_l1", "store_l1", "load_rand_l1", "call", "branch"} {
		ops[k] = 1e-9
	}
	m := Machine{Name: "m", Ops: ops, Nodes: 1, Levels: [4]float64{1 << 10, 2 << 10, 4 << 10, 8 << 10}}
	r := a.Evaluate(map[string]float64{"pid": 0, "procs": 1}, []Machine{m})
	s := 0.0
	for _, row := range r.Rows {
		if row.Func == "star" && row.Pos.Line >= 19 && row.Pos.Line <= 23 {
			s += row.Seconds[0]
		}
	}
	if !near(s, want) {
		t.Errorf("the nest at %+v: %.9g s, want %.9g", g, s, want)
	}
	if len(r.Missing[0]) > 0 {
		t.Errorf("missing %v", r.Missing[0])
	}
}
