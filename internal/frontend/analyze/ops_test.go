package analyze

import (
	"reflect"
	"testing"

	"augur/internal/frontend/ccline"
)

// The operations of testdata/ops.c, counted by hand in its comments.
func TestOperationCounts(t *testing.T) {
	a, err := Run(load(t, "testdata/ops.c"), Options{})
	if err != nil {
		t.Fatal(err)
	}
	f := a.Func("kernel")
	if f == nil || len(f.Body) != 1 || f.Body[0].Kind != Compute {
		t.Fatalf("kernel's body should be one compute block, got %d blocks", len(f.Body))
	}
	b := f.Body[0]
	want := map[string]float64{
		"int_mul": 2, "int_add": 5, "fp_div": 1, "fp_add": 5, "libm_sqrt": 1, "fp_mul": 2,
		"store_l1": 1, "load_l1": 2, "libc_rand": 1, "libm_exp": 1, "libm_log": 1,
	}
	if !reflect.DeepEqual(b.Ops, want) {
		t.Errorf("kernel's operations\n got %v\nwant %v", b.Ops, want)
	}
	// A divisor known only at run time takes the divider: see
	// TestRuntimeDivisor.
	if b.Name != "kernel_L9" || b.Pos.Line != 9 || b.End.Line != 17 {
		t.Errorf("block %s at lines %d-%d, want kernel_L9 at 9-17", b.Name, b.Pos.Line, b.End.Line)
	}
	// kernel runs 10 times: once per iteration of main's loop.
	if v, ok := eval(f.Calls, nil); !ok || v != 10 || f.CallsHow != Exact {
		t.Errorf("kernel runs %s (%s) times, want exactly 10", String(f.Calls), f.CallsHow)
	}
	m := a.Func("main")
	var kinds []Kind
	for _, b := range m.Body {
		kinds = append(kinds, b.Kind)
	}
	if !reflect.DeepEqual(kinds, []Kind{Compute, Loop, Compute}) {
		t.Errorf("main's blocks %v", kinds)
	}
	loop := m.Body[1]
	if loop.Loop == nil || !loop.Loop.Canonical || String(loop.Loop.Trips) != "10" || len(loop.Body) != 2 || loop.Body[0].Kind != CallK {
		t.Errorf("main's loop: %+v", loop.Loop)
	}
}

// A division by a divisor known only at run time takes the divider:
// testdata/stores.c's key[i] % procs and the test n / procs of its last
// loop.
func TestRuntimeDivisor(t *testing.T) {
	a, err := Run(load(t, "testdata/stores.c"), Options{})
	if err != nil {
		t.Fatal(err)
	}
	divs := 0.0
	for _, b := range a.Blocks() {
		divs += b.Ops["int_div"]
	}
	if divs != 2 {
		t.Errorf("%g integer divisions, want 2 (key[i] %% procs, n / procs)", divs)
	}
}

// weights.c: weight[ii + R][R] moves only with the radius loop, the same
// two elements at every point of the grid. At -O2 gcc unrolls the radius
// loop and keeps them in registers for the whole nest (weight is a local
// array the nest does not write): no load at all (unrolled.go). At -O1
// the loop stays, and each is a load of the first level (load_scalar),
// not at the level of the 256 MB nest (load_l1, which the model moves
// there). in[(i + ii) * N + j] streams along j, and out[i * N + j] is the
// same element at both ii, a stream stored twice.
func TestInvariantAccess(t *testing.T) {
	for _, c := range []struct {
		opt    string
		scalar float64
	}{{"2", 0}, {"1", 1}} {
		a, err := Run(load(t, "testdata/weights.c"), Options{Compiled: ccline.CodeGen{Opt: c.opt}})
		if err != nil {
			t.Fatal(err)
		}
		var radius *Block
		for _, b := range a.Blocks() {
			if b.Kind == Compute && b.Pos.Line == 15 {
				radius = b
			}
		}
		if radius == nil {
			t.Fatal("no block at line 15")
		}
		if radius.Ops["load_scalar"] != c.scalar || radius.Ops["load_hoist"] != 0 || radius.Ops["load_l1"] != 0 || radius.Ops["load_seq"] != 2 {
			t.Errorf("-O%s: the radius loop's loads: %v, want %g load_scalar (the weight) and two streamed (in, out)", c.opt, radius.Ops, c.scalar)
		}
	}
}
