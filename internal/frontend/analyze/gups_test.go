package analyze

import (
	"math"
	"reflect"
	"testing"
)

// testdata/gups.c: table[ran[j] & (SIZE - 1)] ^= ran[j], GUPS's and
// ParRes Random's update, is a random load and a store at the table's
// working set, ran[j] streamed (loaded once: the iteration is priced as a
// whole) and the AND and XOR.
//
// The prices, by hand, on a machine with levels of 16 KiB, 256 KiB,
// 4 MiB and 64 MiB whose random loads cost 2 ns at 4 MiB, 3, 12 and
// 30 ns at 8, 16 and 32 MiB (a quarter, half and three quarters of the
// way, load_rand_mid1 … 3) and 32 ns at 64 MiB; stores 1 ns at every
// level, load_tp 0.5 ns. An update of a 16 MiB table: its load half way
// from l3 to mem, on the measured point (12 ns), the store (1 ns) and
// ran[j] (0.5 ns): 13.5 ns, more than its integer work. At 32 MiB, 31.5
// ns. A machine file without the points blends l3's and mem's prices
// geometrically, as before: sqrt(2 · 32) = 8 ns at 16 MiB, 9.5 ns an
// update. 4096 · 1024 updates.
func TestRandomUpdatesBetweenL3AndMemory(t *testing.T) {
	a, err := Run(load(t, "testdata/gups.c"), o2)
	if err != nil {
		t.Fatal(err)
	}
	body := blockAt(t, a, "main", 21)
	want := map[string]float64{"int_add": 2, "load@SIZE * 8": 1, "load_seq": 2, "seq_bytes": 8, "store@SIZE * 8": 1}
	if !reflect.DeepEqual(body.Ops, want) {
		t.Errorf("update: %v, want %v", body.Ops, want)
	}
	ops := map[string]float64{"int_add_tp": 0.25e-9, "load_tp": 0.5e-9, "store_tp": 0.5e-9, "mem_byte": 0.1e-9,
		"store_l1": 1e-9, "store_l3": 1e-9, "store_mem": 1e-9, "load_rand_l1": 1e-9, "load_rand_l2": 1.5e-9,
		"load_rand_l3": 2e-9, "load_rand_mem": 32e-9, "int_mul_tp": 1e-9, "call": 1e-9, "libc_malloc": 1e-9, "page_touch": 1e-9}
	measured := map[string]float64{"load_rand_mid1": 3e-9, "load_rand_mid2": 12e-9, "load_rand_mid3": 30e-9}
	for _, c := range []struct {
		size, update float64
		mid          bool
	}{
		{2 << 20, 13.5e-9, true},
		{4 << 20, 31.5e-9, true},
		{2 << 20, 9.5e-9, false},
	} {
		m := Machine{Name: "m", Ops: map[string]float64{}, Nodes: 1, Levels: [4]float64{16 << 10, 256 << 10, 4 << 20, 64 << 20}}
		for k, v := range ops {
			m.Ops[k] = v
		}
		if c.mid {
			for k, v := range measured {
				m.Ops[k] = v
			}
		}
		r := a.Evaluate(map[string]float64{"pid": 0, "procs": 1, "SIZE": c.size}, []Machine{m})
		got := 0.0
		for _, row := range r.Rows {
			if row.Pos.Line == 20 || row.Pos.Line == 21 {
				got += row.Seconds[0]
			}
		}
		if want := 4096 * 1024 * c.update; !near(got, want) {
			t.Errorf("%g words, points %v: %.9g s, want %.9g s", c.size, c.mid, got, want)
		}
	}
}

// The eighths between the quarters: on a machine whose third level is at
// 4 MiB and memory at 1 GiB, the eighths of the way lie at 8, 16, 32 …
// 512 MiB. Random loads cost 2 ns at 4 MiB, 3 ns at 8 MiB
// (load_rand_mid1_8, measured), 8 ns at 16 MiB (load_rand_mid1) and 32 ns
// in memory. An update of an 8 MiB table is its load on the measured
// eighth (3 ns), the store (1 ns) and ran[j] (0.5 ns): 4.5 ns. A machine
// file without the eighth blends the quarter's neighbours at its middle,
// sqrt(2 · 8) = 4 ns, 5.5 ns an update, which is what the quarters alone
// gave; without any point between l3 and mem, 2^(7/8) · 32^(1/8) =
// 2.83 ns, 4.33 ns an update.
func TestRandomUpdatesOnAnEighth(t *testing.T) {
	a, err := Run(load(t, "testdata/gups.c"), o2)
	if err != nil {
		t.Fatal(err)
	}
	ops := map[string]float64{"int_add_tp": 0.25e-9, "load_tp": 0.5e-9, "store_tp": 0.5e-9, "mem_byte": 0.1e-9,
		"store_l1": 1e-9, "store_l3": 1e-9, "store_mem": 1e-9, "load_rand_l1": 1e-9, "load_rand_l2": 1.5e-9,
		"load_rand_l3": 2e-9, "load_rand_mem": 32e-9, "int_mul_tp": 1e-9, "call": 1e-9, "libc_malloc": 1e-9, "page_touch": 1e-9}
	for _, c := range []struct {
		points map[string]float64
		update float64
	}{
		{map[string]float64{"load_rand_mid1_8": 3e-9, "load_rand_mid1": 8e-9}, 4.5e-9},
		{map[string]float64{"load_rand_mid1": 8e-9}, 5.5e-9},
		{nil, (0.5 + 1 + 2*math.Pow(16, 1.0/8)) * 1e-9},
	} {
		m := Machine{Name: "m", Ops: map[string]float64{}, Nodes: 1, Levels: [4]float64{16 << 10, 256 << 10, 4 << 20, 1 << 30}}
		for k, v := range ops {
			m.Ops[k] = v
		}
		for k, v := range c.points {
			m.Ops[k] = v
		}
		r := a.Evaluate(map[string]float64{"pid": 0, "procs": 1, "SIZE": 1 << 20}, []Machine{m})
		got := 0.0
		for _, row := range r.Rows {
			if row.Pos.Line == 20 || row.Pos.Line == 21 {
				got += row.Seconds[0]
			}
		}
		if want := 4096 * 1024 * c.update; !near(got, want) {
			t.Errorf("points %v: %.9g s, want %.9g s", c.points, got, want)
		}
	}
}
