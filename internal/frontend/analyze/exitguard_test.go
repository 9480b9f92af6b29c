package analyze

import (
	"reflect"
	"testing"
)

// testdata/verify.c at -O2, ParRes's verification: if (ABS(v[i] - ref) >=
// epsilon) { ...; break; }. The arm leaves the loop, which the loop's
// count assumes runs to its bound: it is not taken (count 0) and the jump
// is predicted, no branch. ABS's ?: reads v[i] in its test and both arms:
// a conditional move (one int_add) on the value loaded once; its fp_adds
// are the test's subtraction and compare, the arms' subtraction and
// negation, and the compare with epsilon (gcc also computes the
// subtraction once: five floating-point instructions, not six).
//
// Priced with the floating-point and integer units and the loads at 1 ns,
// a mispredicted branch at 10 ns, mem_byte 0.5 ns and memory from 8 MiB
// (v is 8 MiB: its bytes come from memory): an iteration is the larger of
// its six fp_adds (6 ns), its integer work (the loop's test and step and
// the move, 3 ns) and its memory (a load and 8 bytes, 5 ns): 6 ns,
// 1048576 times. Before, the if was a branch of probability 0.5 and the
// ?: a jump: two mispredicted branches and the loop's test and step,
// 22 ns, and the arm ran half the iterations.
func TestVerifyLoopLeavesOnce(t *testing.T) {
	a, err := Run(load(t, "testdata/verify.c"), o2)
	if err != nil {
		t.Fatal(err)
	}
	test := blockAt(t, a, "main", 18)
	if want := map[string]float64{"fp_add": 6, "int_add": 1, "load_seq": 1, "seq_bytes": 8}; !reflect.DeepEqual(test.Ops, want) {
		t.Errorf("test: %v, want %v", test.Ops, want)
	}
	ops := map[string]float64{"fp_add_tp": 1e-9, "int_add_tp": 1e-9, "load_tp": 1e-9, "store_tp": 1e-9, "branch": 10e-9,
		"mem_byte": 0.5e-9, "call": 1e-9, "libc_malloc": 1e-9, "page_touch": 1e-9}
	m := Machine{Name: "m", Ops: ops, Nodes: 1, Levels: [4]float64{16 << 10, 256 << 10, 2 << 20, 8 << 20}}
	r := a.Evaluate(map[string]float64{"pid": 0, "procs": 1}, []Machine{m})
	got, arm := 0.0, -1.0
	for _, row := range r.Rows {
		switch row.Pos.Line {
		case 17, 18:
			got += row.Seconds[0]
		case 20:
			arm = row.CountValue
		}
	}
	if want := 1048576 * 6e-9; !near(got, want) {
		t.Errorf("the verification: %.9g s, want %.9g s", got, want)
	}
	if arm != 0 {
		t.Errorf("the arm that leaves the loop runs %g times, want 0", arm)
	}
}
