package analyze

import "testing"

// testdata/carve.c: v = malloc(2N doubles), r = v + N. A load through an
// index the analysis cannot follow, v[idx[i]], is priced at the level of
// v's own part, N doubles (8 MiB), not at the whole allocation's 16 MiB:
// ParRes Sparse's gather from its vector, whose allocation also holds the
// result, was priced a level too far on a machine whose random loads
// cost 3 ns at 8 MiB and 8 at 16 (+68 % at `5 10 2`).
func TestCarvedAllocation(t *testing.T) {
	a, err := Run(load(t, "testdata/carve.c"), o2)
	if err != nil {
		t.Fatal(err)
	}
	body := blockAt(t, a, "main", 13)
	// N is a macro, so a parameter of the model: the sizes are
	// expressions of it.
	if body.Ops["load@N * 8"] != 1 || body.Ops["load@(N + N) * 8"] != 0 {
		t.Errorf("the gather: %v, want one load at v's N * 8 bytes", body.Ops)
	}
}
