package analyze

import (
	"math"
	"reflect"
	"testing"
)

// testdata/tiled.c at -O2. In the tile, b[it*N + jt] streams along jt;
// a[jt*N + it] goes to another line every jt (N elements on) but uses
// the same 32 lines again at the next it: between two uses of a line
// lies one iteration of the it loop, 32 lines of a (8 · 32 · 8 = 2048
// bytes, a line per element) and 32 elements of b (256 bytes): 2304
// bytes. a's two loads and its store are priced at that working set,
// and its lines come from the nest's level as a stream: 8 bytes a load
// brings, 16 with the store's write-back; b moves 16 (in and back). The
// loop bounds MIN(N, j + T) do not change in their loops: computed once,
// the tests are a compare and the step, 2 integer operations. The
// indices are strength-reduced: no integer work in the body.
//
// Untiled, a[j*N + i] is used again at the next i, after a whole column:
// 2000 lines and a row of b, 8 · 2000 · 8 + 8 · 2000 = 144000 bytes.
func TestTiledCounts(t *testing.T) {
	a, err := Run(load(t, "testdata/tiled.c"), o2)
	if err != nil {
		t.Fatal(err)
	}
	env := map[string]float64{"N": 2000, "T": 32}
	for _, c := range []struct {
		fn      string
		line    int
		ws      float64
		ops     map[string]float64
		streams map[string]float64
	}{
		{"tiled", 20, 2304, map[string]float64{"fp_add": 2, "load@": 2, "store@": 1, "load_seq": 1, "store_seq": 1, "seq_bytes": 32},
			map[string]float64{"a": 16, "b": 16}},
		{"untiled", 26, 144000, map[string]float64{"fp_add": 1, "load@": 1, "load_seq": 1, "store_seq": 1, "seq_bytes": 24},
			map[string]float64{"a": 8, "b": 16}},
	} {
		b := blockAt(t, a, "main", c.line)
		got := map[string]float64{}
		for k, n := range b.Ops {
			kind, fp, ok := cutAt(k)
			if ok {
				if v, _ := eval(b.footprints[fp], env); v != c.ws {
					t.Errorf("%s: %s at a working set of %g bytes, want %g", c.fn, k, v, c.ws)
				}
				k = kind + "@"
			}
			got[k] += n
		}
		if !reflect.DeepEqual(got, c.ops) {
			t.Errorf("%s: %v, want %v", c.fn, got, c.ops)
		}
		if !reflect.DeepEqual(b.streams, c.streams) {
			t.Errorf("%s: streams %v, want %v", c.fn, b.streams, c.streams)
		}
	}
	for _, b := range a.Blocks() {
		if b.Kind == Loop && b.Pos.Line >= 16 && b.Pos.Line <= 19 && !reflect.DeepEqual(b.Ops, map[string]float64{"int_add": 2}) {
			t.Errorf("%s's test and step: %v, want 2 int_add", b.Name, b.Ops)
		}
	}
}

// The prices, by hand, on a machine with levels of 16 KiB, 256 KiB,
// 4 MiB and 32 MiB; fp_add_tp, load_tp, store_tp and store_l1 0.5 ns,
// int_add_tp 0.25 ns, load_rand_l1 1 ns, load_rand_l2 2 ns, mem_byte
// 0.1 ns. Both nests' 64 MB are beyond the last level: every streamed
// byte comes from memory.
//
// A tiled element: its two loads of a at the first level (2 ns), the
// store (0.5), the busier of b's streamed load and store (0.5) and 32
// bytes from memory (3.2): 6.2 ns, more than its two adds (1 ns) or the
// jt loop's test and step (0.5). 4 000 000 elements, and the test and
// step of the it loop 2000 · 63 times, of j 63 · 63, of i 63 (0.5 ns
// each): 24 865 016 ns. Priced as random loads from memory before.
//
// An untiled element: a's load at 144000 bytes, f = log2(144000/16384)/4 of
// the way from the first level to the second (1^(1-f) · 2^f = 2^f ns,
// the geometric blend of random loads, randload.go), b's stream
// (0.5 ns) and 24 bytes from memory (2.4 ns); and the i loop's 2000
// tests and steps: 1000 ns.
func TestTiledPrices(t *testing.T) {
	a, err := Run(load(t, "testdata/tiled.c"), o2)
	if err != nil {
		t.Fatal(err)
	}
	ops := map[string]float64{"fp_add_tp": 0.5e-9, "load_tp": 0.5e-9, "store_tp": 0.5e-9, "store_l1": 0.5e-9,
		"int_add_tp": 0.25e-9, "load_rand_l1": 1e-9, "load_rand_l2": 2e-9, "mem_byte": 0.1e-9,
		"call": 1e-9, "libc_malloc": 1e-9, "page_touch": 1e-9} // main's
	m := Machine{Name: "m", Ops: ops, Nodes: 1, Levels: [4]float64{16 << 10, 256 << 10, 4 << 20, 32 << 20}}
	r := a.Evaluate(map[string]float64{"pid": 0, "procs": 1}, []Machine{m})
	// The blocks of each nest, by their lines.
	nest := func(from, to int) float64 {
		s := 0.0
		for _, row := range r.Rows {
			if row.Pos.Line >= from && row.Pos.Line <= to {
				s += row.Seconds[0]
			}
		}
		return s
	}
	if got := nest(16, 21); !near(got, 24865016e-9) {
		t.Errorf("tiled: %.9g s, want 24865016 ns", got)
	}
	f := math.Log2(144000.0/16384) / 4
	if got, want := nest(24, 26), (4e6*(math.Pow(2, f)+0.5+2.4)+1000)*1e-9; !near(got, want) {
		t.Errorf("untiled: %.9g s, want %.9g", got, want)
	}
	if len(r.Missing[0]) > 0 {
		t.Errorf("missing %v", r.Missing[0])
	}
}

// cutAt splits a load@, store@ key into its kind and its working set.
func cutAt(k string) (string, string, bool) {
	for i := 0; i < len(k); i++ {
		if k[i] == '@' {
			return k[:i], k[i+1:], true
		}
	}
	return k, "", false
}
