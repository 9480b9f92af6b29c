package analyze

import "testing"

// testdata/carve.c: v = malloc(2N doubles), r = v + N. A load through an
// index the analysis cannot follow, v[idx[i]], is priced at the level of
// v's own part, N doubles (8 MiB), not at the whole allocation's 16 MiB:
// ParRes Sparse's gather from its vector, whose allocation also holds the
// result, was priced a level too far on a machine whose random loads
// cost 3 ns at 8 MiB and 8 at 16 (+68 % at `5 10 2`). Only an
// allocation sized as a sum with the offset among its terms is carved: a
// cursor w + 1 into malloc(N * 8) leaves w all of it.
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
	// w1 = w + 1 is a cursor, not a part: w's malloc(N * 8) is no sum.
	if gather := blockAt(t, a, "main", 20); gather.Ops["load@N * 8"] != 1 {
		t.Errorf("the gather through w: %v, want one load at w's N * 8 bytes", gather.Ops)
	}
}
