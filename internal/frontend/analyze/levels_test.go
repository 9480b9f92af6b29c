package analyze

import (
	"math"
	"testing"
)

// The machine's levels decide where a working set's bytes come from. The
// sum of testdata/sum.c streams n = 2^20 doubles, 8 MiB, once: an
// iteration costs the larger of its add chain (1 ns) and its load (1 ns)
// plus the share of its 8 bytes that comes from memory at 1 ns a byte.
//   - default levels (l3 4 MiB, mem 32 MiB): log2(8/4) / log2(32/4) = 1/3
//     of the bytes, 1 + 8/3 ns an iteration;
//   - l3 at 8 MiB: all in the cache, 1 ns;
//   - l3 2 MiB, mem 8 MiB: all from memory, 1 + 8 = 9 ns.
//
// Converting the sum to int at the end is one more fp_add.
func TestLevelsDecideTheSource(t *testing.T) {
	a, err := Run(load(t, "testdata/sum.c"), Options{})
	if err != nil {
		t.Fatal(err)
	}
	ops := map[string]float64{"load_tp": 1e-9, "mem_byte": 1e-9, "fp_add": 1e-9}
	n := float64(1 << 20)
	for _, c := range []struct {
		levels [4]float64
		perIt  float64
	}{
		{[4]float64{}, 1 + 8.0/3},
		{[4]float64{16 << 10, 256 << 10, 8 << 20, 16 << 20}, 1},
		{[4]float64{16 << 10, 256 << 10, 2 << 20, 8 << 20}, 9},
	} {
		r := a.Evaluate(map[string]float64{"pid": 0, "procs": 1, "n": n}, []Machine{{Name: "m", Ops: ops, Nodes: 1, Levels: c.levels}})
		want := (n*c.perIt + 1) * 1e-9 // and (int)s, one fp_add
		if math.Abs(r.Total[0]-want) > 1e-9*want {
			t.Errorf("levels %v: %.9g s, want %.9g s", c.levels, r.Total[0], want)
		}
	}
}

// Two processes on one node: how much they share the last level (1 −
// LLCPrivate, the machine file's levels shared) scales the working set
// that decides where the 8 MiB of testdata/sum.c come from, at the
// default levels (l3 4 MiB, mem 32 MiB):
//   - shared 0: each has the whole last level, 8 MiB, 1/3 from memory;
//   - shared 1: 16 MiB, log2(16/4) / log2(32/4) = 2/3 from memory;
//   - shared 0.5: 12 MiB, log2(3) / 3 from memory.
func TestSharedLastLevel(t *testing.T) {
	a, err := Run(load(t, "testdata/sum.c"), Options{})
	if err != nil {
		t.Fatal(err)
	}
	ops := map[string]float64{"load_tp": 1e-9, "mem_byte": 1e-9, "fp_add": 1e-9}
	n := float64(1 << 20)
	for _, c := range []struct{ private, far float64 }{{1, 1.0 / 3}, {0, 2.0 / 3}, {0.5, math.Log2(3) / 3}} {
		r := a.Evaluate(map[string]float64{"pid": 0, "procs": 2, "n": n}, []Machine{{Name: "m", Ops: ops, Nodes: 1, LLCPrivate: c.private}})
		want := (n*(1+8*c.far) + 1) * 1e-9
		if math.Abs(r.Total[0]-want) > 1e-9*want {
			t.Errorf("private %g: %.9g s, want %.9g s", c.private, r.Total[0], want)
		}
	}
}
