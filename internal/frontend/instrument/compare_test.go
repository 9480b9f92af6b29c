package instrument

import (
	"math"
	"strings"
	"testing"
)

// Two traces of one program: the same actions in bytes whatever the
// datatype (SMPI's counts of doubles, id 0, against augur's bytes), the
// compute compared gap by gap however it was split; rank 1's extra bcast
// is the first difference.
func TestCompareTraces(t *testing.T) {
	cs, err := CompareTraces("testdata/tit/ours.txt", "testdata/tit/smpi.txt", 2, 1e9, 1e-3)
	if err != nil {
		t.Fatal(err)
	}
	if len(cs) != 2 {
		t.Fatalf("%d ranks", len(cs))
	}
	r0, r1 := cs[0], cs[1]
	if r0.FirstDiff != -1 || r0.Actions != r0.OtherActions {
		t.Errorf("rank 0: %+v", r0)
	}
	// Rank 0: 1.0 ms against 1.1 ms before the send, 3 ms against 3 ms after.
	if math.Abs(r0.Compute-0.004) > 1e-12 || math.Abs(r0.OtherCompute-0.0041) > 1e-12 || r0.Gaps != 2 ||
		math.Abs(r0.MaxGapDiff-0.1/1.1) > 1e-9 || r0.WorstGap != 0 {
		t.Errorf("rank 0 compute: %+v", r0)
	}
	// recv, allreduce, then finalize's wait for all requests against the bcast.
	if r1.FirstDiff != 2 || !strings.HasSuffix(r1.Diff, "against bcast root 0 8 bytes") {
		t.Errorf("rank 1: %+v", r1)
	}
}
