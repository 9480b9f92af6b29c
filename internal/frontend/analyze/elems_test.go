package analyze

import (
	"strings"
	"testing"

	"augur/internal/frontend/ccline"
)

// testdata/omp/wavefront.c keeps each thread's columns in arrays indexed
// by the thread id, filled by a recurrence over the team: the 1001
// columns by T, one more for the first 1001 mod T threads. The sweep
// bounded by lo[id] .. hi[id] runs that many iterations on thread id,
// carries the wavefront's chain (two dependent adds an element), and the
// spin-wait on the left neighbour's flag is one probe and the fill.
func TestPerThreadBoundsInArrays(t *testing.T) {
	a, err := Run(loadOMP(t, true, "testdata/omp/wavefront.c"), Options{Compiled: ccline.CodeGen{OpenMP: true}})
	if err != nil {
		t.Fatal(err)
	}
	var sweep *Block
	for _, b := range a.Blocks() {
		if b.Kind == Loop && b.Pos.Line == 36 {
			sweep = b
		}
	}
	if sweep == nil || sweep.Loop.Trips == nil {
		t.Fatalf("no counted sweep at line 36:\n%s", a.Model("wavefront", nil))
	}
	for _, c := range []struct {
		threads int
		counts  []float64
	}{{1, []float64{1001}}, {2, []float64{501, 500}}, {3, []float64{334, 334, 333}}, {4, []float64{251, 250, 250, 250}}} {
		for tid, want := range c.counts {
			env := map[string]float64{"threads": float64(c.threads), "nthreads": float64(c.threads), "tid": float64(tid), "M": 1002, "N": 100}
			got, ok := eval(sweep.Loop.Trips, env)
			if !ok || got != want {
				t.Errorf("%d threads, thread %d: the sweep runs %v (%v) times, want %v: %s", c.threads, tid, got, ok, want, String(sweep.Loop.Trips))
			}
		}
	}
	if chain := sweep.Body[0].chains; chain == nil {
		t.Errorf("the sweep carries no chain")
	}
	m := a.Model("wavefront", []string{"wavefront.c"})
	for _, w := range []string{"// a spin-wait on other threads' flags at testdata/omp/wavefront.c:29:9", "action main_L29_fill cost (j == 1 ? tid : 0) * (ops(load_l1: 1) + restart("} {
		if !strings.Contains(m, w) {
			t.Errorf("no %q in\n%s", w, m)
		}
	}
	for _, d := range a.Diags {
		if strings.Contains(d.Error(), "not known statically") || strings.Contains(d.Error(), "break:") {
			t.Errorf("unexpected warning %v", d)
		}
	}
}

// Sums of v, of constants and of v < c tests are in closed form; others
// are refused.
func TestSumOver(t *testing.T) {
	for _, c := range []struct {
		e    Expr
		a, b float64
		want float64
	}{
		{Name{"v"}, 0, 9, 45},
		{Bin{"+", Name{"v"}, Num{2}}, 1, 3, 12},
		{Cond{Bin{"<", Name{"v"}, Name{"r"}}, Num{5}, Num{4}}, 0, 6, 4*7 + 3},
		{Cond{Bin{">=", Name{"v"}, Name{"r"}}, Num{1}, Num{0}}, 2, 6, 4},
		{Cond{Bin{">", Name{"r"}, Name{"v"}}, Num{1}, Num{0}}, 5, 6, 0},
	} {
		s, ok := sumOver(c.e, "v", Num{c.a}, Num{c.b})
		if !ok {
			t.Fatalf("%s not summed", String(c.e))
		}
		got, ok := eval(s, map[string]float64{"r": 3})
		if !ok || got != c.want {
			t.Errorf("Σ %s for v in %v..%v = %s = %v, want %v", String(c.e), c.a, c.b, String(s), got, c.want)
		}
	}
	if _, ok := sumOver(Bin{"*", Name{"v"}, Name{"v"}}, "v", Num{0}, Num{3}); ok {
		t.Errorf("v * v summed")
	}
}

// testdata/omp/forgotten.c: bounds stored in a branch that is not one
// thread's, and bounds handed to a function, are forgotten (their sweeps'
// counts are parameters); the pair stored only by the loop over the team
// counts its sweep per thread, N / T.
func TestKeptArraysForgotten(t *testing.T) {
	a, err := Run(loadOMP(t, true, "testdata/omp/forgotten.c"), Options{Compiled: ccline.CodeGen{OpenMP: true}})
	if err != nil {
		t.Fatal(err)
	}
	how := map[int]How{}
	var kept *Block
	for _, b := range a.Blocks() {
		if b.Kind == Loop && b.Func == "main" && b.Pos.Line >= 33 {
			how[b.Pos.Line] = b.Loop.TripsHow
			if b.Pos.Line == 37 {
				kept = b
			}
		}
	}
	if how[33] != Default || how[35] != Default {
		t.Errorf("forgotten bounds counted: %v", how)
	}
	if kept == nil || how[37] != Symbolic {
		t.Fatalf("kept bounds not counted: %v", how)
	}
	for _, threads := range []float64{1, 2, 4} {
		got, ok := eval(kept.Loop.Trips, map[string]float64{"threads": threads, "tid": threads - 1, "N": 1000})
		if want := float64(int(1000 / threads)); !ok || got != want {
			t.Errorf("%v threads: the kept sweep runs %v times, want %v: %s", threads, got, want, String(kept.Loop.Trips))
		}
	}
}
