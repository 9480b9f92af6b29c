package analyze

import (
	"math"
	"testing"
	"time"
)

// testdata/hugerange.c: the report's walk over the loops around a block
// ends on a range it cannot walk (10^12 iterations of an outer loop that
// reach no point of the stepped nest inside) and prices the block as the
// walk's limit says, at the middle of each range (docs/analyze.md,
// "Counts"): a finite count, not 5530 (the nest's true count, which
// only the whole walk gives). It ran without end before.
func TestHugeEmptyRangesEnd(t *testing.T) {
	a, err := Run(load(t, "testdata/hugerange.c"), o2)
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan *Report, 1)
	go func() {
		done <- a.Evaluate(map[string]float64{"pid": 0, "procs": 1}, []Machine{{Name: "m", Ops: map[string]float64{"fp_add": 1e-9}, Nodes: 1}})
	}()
	var r *Report
	select {
	case r = <-done:
	case <-time.After(2 * time.Minute):
		t.Fatal("the report did not end")
	}
	for _, row := range r.Rows {
		if row.Pos.Line == 11 && row.Kind == Compute {
			if math.IsNaN(row.CountValue) || math.IsInf(row.CountValue, 0) || row.CountValue < 0 {
				t.Errorf("%s at line 11: count %g (%s), want a finite count", row.Block, row.CountValue, row.Count)
			}
			return
		}
	}
	t.Errorf("no compute block at line 11: %+v", r.Rows)
}

// A file whose name starts with a digit (0278.c, bench/mutate's inputs)
// gives a model name the model language reads: the analysis stopped with
// "expected model name after \"model\", found \"0278\"".
func TestModelNameStartsWithALetter(t *testing.T) {
	for base, want := range map[string]string{"0278": "prog_0278", "2d-heat": "prog_2d_heat", "": "prog_", "stencil": "stencil", "my prog": "my_prog", "_x": "_x"} {
		if got := ModelName(base); got != want {
			t.Errorf("ModelName(%q) = %q, want %q", base, got, want)
		}
	}
}
