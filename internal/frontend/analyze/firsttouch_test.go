package analyze

import (
	"strings"
	"testing"

	"augur/internal/frontend/ccline"
)

// The model of testdata/omp/firsttouch.c divides the faults of what a
// parallel loop first writes among its team: b's directly, a's through
// the wrapper's touchers local, which each call sets (the team for a, 1
// for e, first written sequentially); c keeps its whole time, and so
// does g, which an MPI_Bcast may write first; d's loop is a region of
// num_threads(2). Without -fopenmp nothing is divided.
func TestFirstTouchShared(t *testing.T) {
	for _, openMP := range []bool{true, false} {
		a, err := Run(loadOMP(t, openMP, "testdata/omp/firsttouch.c"), Options{Compiled: ccline.CodeGen{OpenMP: openMP}})
		if err != nil {
			t.Fatal(err)
		}
		m := a.Model("firsttouch", []string{"firsttouch.c"})
		// g, broadcast into before a parallel loop reads it, keeps its
		// faults whole. b, c and d are declared in one statement block:
		// c's faults whole, d's divided by its two threads, b's by the
		// team (in the order of their keys).
		touch := "touch(min(8 * N, max(8 * max(0, N), 8)), 1)"
		want := []string{
			"local alloc_touchers = 1 ",
			"alloc_n = N\n  alloc_touchers = threads\n  call alloc // testdata/omp/firsttouch.c:22:26",
			"alloc_n = N\n  alloc_touchers = 1\n  call alloc // testdata/omp/firsttouch.c:26:15",
			"touch(alloc_n * 8, 1) / max(1, alloc_touchers))",
			"libc_malloc: 3), " + touch + " + " + touch + " / max(1, 2) + " + touch + " / threads) // testdata/omp/firsttouch.c:23:10-26",
			"libc_malloc: 1), touch(min(8 * N, 8 * max(0, N)), 1)) // testdata/omp/firsttouch.c:27:10-28",
		}
		if !openMP {
			want = []string{"touch(alloc_n * 8, 1))", touch + " + " + touch + " + " + touch + ")"}
			if strings.Contains(m, "touchers") || strings.Contains(m, ", 1) / ") {
				t.Errorf("without -fopenmp, faults are divided:\n%s", m)
			}
		}
		for _, w := range want {
			if !strings.Contains(m, w) {
				t.Errorf("OpenMP %v: no %q in\n%s", openMP, w, m)
			}
		}
	}
}
