package analyze

import (
	"strings"
	"testing"
)

// testdata/tiled.c: in the tile, b[it*N + jt] starts each row N − 32
// elements after the row before stopped, but goes on at the next j tile
// where it stopped: its first access is priced as an independent load
// at the level of the nest's 64 MB (load_rand_mem), once per entry of
// the jt loop: 2000 rows (it) × 63 tiles (j) = 126 000 entries, 1 ns
// each on a machine where only that load costs — not the 100 ns of a
// dependent load from memory (load_mem). The untiled nest's rows follow
// each other: a gap of 0.
func TestTiledRowsResume(t *testing.T) {
	a, err := Run(load(t, "testdata/tiled.c"), o2)
	if err != nil {
		t.Fatal(err)
	}
	resumed := 0
	for _, b := range a.Blocks() {
		for _, r := range b.restarts {
			gap, _ := eval(r.gap, map[string]float64{"N": 2000, "T": 32})
			switch {
			case r.resumed && r.base == "b" && b.Pos.Line == 19:
				resumed++
			case gap != 0:
				t.Errorf("%s: restart of %s %g bytes on (resumed %v), want only b's in the tile's jt loop, resumed", b.Name, r.base, gap, r.resumed)
			}
		}
	}
	if resumed != 1 {
		t.Fatalf("%d resumed rows, want 1", resumed)
	}
	m := Machine{Name: "m", Ops: map[string]float64{"load_rand_mem": 1e-9, "load_mem": 100e-9}, Nodes: 1,
		Levels: [4]float64{16 << 10, 256 << 10, 4 << 20, 32 << 20}}
	r := a.Evaluate(map[string]float64{"pid": 0, "procs": 1}, []Machine{m})
	s := 0.0
	for _, row := range r.Rows {
		if row.Pos.Line >= 16 && row.Pos.Line <= 21 {
			s += row.Seconds[0]
		}
	}
	if !near(s, 126000e-9) {
		t.Errorf("tiled: %.9g s, want 126000 ns", s)
	}
	model := a.Model("tiled", []string{"tiled.c"})
	for _, want := range []string{"resume((N - min(N, T + j) + j) * 8, ", "cost resume(gap_, ws_) = abs(gap_) >= 64 ? load(ws_, 1) : 0"} {
		if !strings.Contains(model, want) {
			t.Errorf("no %q in the model", want)
		}
	}
}
