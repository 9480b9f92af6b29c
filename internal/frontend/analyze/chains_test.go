package analyze

import (
	"reflect"
	"testing"

	"augur/internal/frontend/ccline"
)

// testdata/wavefront.c: the chain each loop's body carries through the
// array element an earlier iteration stored, per iteration. At -O2 gcc
// keeps the element in a register (what gcc -O2 -S shows): the chain is
// the arithmetic from the load to the stored value. At -O1 the load
// waits for the store to be forwarded, one first-level load more (over
// the distance: q[i - 2] is two chains, each waiting every other
// iteration).
func TestCarriedMemoryChains(t *testing.T) {
	type chain = map[string]float64
	for _, c := range []struct {
		fn     string
		line   int
		array  string
		o2, o1 chain // nil: no chain
	}{
		{"sweep", 14, "a", chain{"fp_add": 2}, chain{"fp_add": 2, "load_l1": 1}}, // + then -
		{"prefix", 21, "p", chain{"fp_add": 1}, chain{"fp_add": 1, "load_l1": 1}},
		{"down", 28, "q", chain{"fp_mul": 1}, chain{"fp_mul": 1, "load_l1": 1}}, // i counts down
		{"every2", 35, "q", chain{"fp_add": 0.5}, chain{"fp_add": 0.5, "load_l1": 0.5}},
		{"columns", 44, "b", nil, nil},                                             // carried by the outer loop
		{"running", 51, "x", chain{"fp_add": 1}, chain{"fp_add": 1, "load_l1": 1}}, // the += itself
	} {
		for _, opt := range []string{"2", "1"} {
			a, err := Run(load(t, "testdata/wavefront.c"), Options{Compiled: ccline.CodeGen{Opt: opt}})
			if err != nil {
				t.Fatal(err)
			}
			want := c.o2
			if opt == "1" {
				want = c.o1
			}
			var wantAll map[string]map[string]float64
			if want != nil {
				wantAll = map[string]map[string]float64{c.array + "[]": want}
			}
			if b := blockAt(t, a, c.fn, c.line); !reflect.DeepEqual(b.chains, wantAll) {
				t.Errorf("-O%s %s: chains %v, want %v", opt, c.fn, b.chains, wantAll)
			}
		}
	}
}

// The chains bound the loops' times. With fp_add at 1 ns and every
// operation among independent ones at 0.25 ns (loads, stores, the loop's
// test and step: 2 integer operations, 0.5 ns), at -O3 the wavefront's
// 511·511 iterations take their two dependent adds, 2 ns each, and the
// 511 iterations of the outer loop their test and step: 522242 + 255.5
// ns; the prefix sum's 255 iterations one add each, 255 ns. Priced by
// the operations' throughput alone they took 0.75 ns (three loads) and
// 0.5 ns an iteration.
func TestCarriedMemoryTime(t *testing.T) {
	ops := map[string]float64{"fp_add": 1e-9, "fp_add_tp": 0.25e-9, "load_tp": 0.25e-9, "store_tp": 0.25e-9, "int_add_tp": 0.25e-9}
	m := Machine{Name: "m", Ops: ops, Nodes: 1}
	a, err := Run(load(t, "testdata/wavefront.c"), Options{Compiled: ccline.CodeGen{Opt: "3"}})
	if err != nil {
		t.Fatal(err)
	}
	r := a.Evaluate(map[string]float64{"pid": 0, "procs": 1}, []Machine{m})
	for fn, want := range map[string]float64{"sweep": 511*511*2e-9 + 511*0.5e-9, "prefix": 255e-9} {
		if got := r.ByFunc[fn][0]; !near(got, want) {
			t.Errorf("%s: %.9g s, want %.9g s", fn, got, want)
		}
	}
}

// testdata/globalbuf.c: the pages a buffer's first writes fault in. The
// global keys is allocated and tested (if (!keys)) in alloc and filled in
// fill: the test reads the pointer, not what it points to, and the
// writes of another function do not bound it: its 4 MiB, 1024 pages. Of
// main's local buffer its loop writes a quarter: 256 pages. With
// page_touch at 1 ns and nothing else priced: 1024 ns in alloc, 256 in
// main. (Before, the test bounded keys to the 8 bytes of a pointer.)
func TestTouchesOfGlobalBuffers(t *testing.T) {
	a, err := Run(load(t, "testdata/globalbuf.c"), o2)
	if err != nil {
		t.Fatal(err)
	}
	m := Machine{Name: "m", Ops: map[string]float64{"page_touch": 1e-9}, Nodes: 1}
	r := a.Evaluate(map[string]float64{"pid": 0, "procs": 1}, []Machine{m})
	for fn, want := range map[string]float64{"alloc": 1024e-9, "main": 256e-9} {
		if got := r.ByFunc[fn][0]; !near(got, want) {
			t.Errorf("%s: %.9g s, want %.9g s", fn, got, want)
		}
	}
}
