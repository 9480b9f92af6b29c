package analyze

import (
	"reflect"
	"strings"
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
		"int_mul": 2, "int_add": 5, "fp_div": 1, "fp_add": 5, "sqrt": 1, "fp_mul": 2,
		"store_l1": 1, "load_l1": 2, "rand": 1, "exp": 1, "log": 1,
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

// weights.c: weight[ii + R][R] moves only with the unrolled radius loop,
// the same two elements at every point of the grid: loaded from the first
// level (load_scalar), not at the level of the 256 MB nest (load_l1, which
// the model moves there); in[(i + ii) * N + j] streams along j, and
// out[i * N + j] is the same element at both ii, a stream stored twice.
func TestInvariantAccess(t *testing.T) {
	a, err := Run(load(t, "testdata/weights.c"), Options{Compiled: ccline.CodeGen{Opt: "2"}})
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
	if radius.Ops["load_scalar"] != 1 || radius.Ops["load_l1"] != 0 || radius.Ops["load_seq"] != 2 {
		t.Errorf("the radius loop's loads: %v, want one load_scalar (the weight) and two streamed (in, out)", radius.Ops)
	}
}

// transpose.c: the column of A in a tile is priced by its reuse distance
// (strided): of its two loads, 7/8 each at the level of 2 × 64 B × T =
// 4 KiB (the tile's lines, and as many for what else the tile brings),
// 1/8 at the nest's (load_l1, moved to the level of the matrices); its
// store likewise; B(jt, it), unit stride along jt, streams.
func TestStridedReuse(t *testing.T) {
	a, err := Run(load(t, "testdata/transpose.c"), Options{Compiled: ccline.CodeGen{Opt: "3"}})
	if err != nil {
		t.Fatal(err)
	}
	var body *Block
	for _, b := range a.Blocks() {
		if b.Kind == Compute && b.Pos.Line == 19 {
			body = b
		}
	}
	if body == nil {
		t.Fatal("no block at line 19")
	}
	env := map[string]float64{}
	for _, p := range a.Params {
		env[p.Name] = p.Default
	}
	var loads, stores float64
	for k, n := range body.Ops {
		kind, fp, ok := strings.Cut(k, "@")
		if !ok {
			continue
		}
		if ws, _ := eval(body.footprints[fp], env); ws != 4096 {
			t.Errorf("%s: a working set of %v B, want 4096", k, ws)
		}
		switch kind {
		case "load":
			loads += n
		case "store":
			stores += n
		}
	}
	if loads != 1.75 || stores != 0.875 || body.Ops["load_l1"] != 0.25 || body.Ops["store_l1"] != 0.125 || body.Ops["load_seq"] != 1 {
		t.Errorf("the tile's accesses: %v; want 1.75 loads and 0.875 stores at 4 KiB, 0.25 and 0.125 at the nest's level, B streamed", body.Ops)
	}
}
