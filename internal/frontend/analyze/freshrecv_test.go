package analyze

import (
	"strings"
	"testing"
)

// testdata/freshrecv.c at 2 processes, N = 2^20 floats (4 MiB, 1024
// pages). sums is written by its loop first: its 1024 pages fault where
// it is allocated. all (8 MiB) likewise: 2048. part is first written by
// MPI_Scatter: its faults come after the call, where the root also waits
// for the other rank's, 2 · 1024 pages there, 1024 at rank 1. At 1 µs a
// page: 5120 µs at the root, 4096 µs at rank 1, of which 2048 µs and
// 1024 µs in the block after the scatter. The allreduce receives into
// sums, written before: nothing moves there.
func TestFreshReceiveBuffer(t *testing.T) {
	a, err := Run(load(t, "testdata/freshrecv.c"), o2)
	if err != nil {
		t.Fatal(err)
	}
	for k := range blockAt(t, a, "main", 19).Ops {
		if strings.HasPrefix(k, "touch@") {
			t.Errorf("part's allocation still charges %s", k)
		}
	}
	var after *Block
	for _, b := range a.Blocks() {
		if b.Name == "main_L20_touch" {
			after = b
		}
	}
	if after == nil {
		t.Fatal("no block charges the scatter's faults")
	}
	for pid, want := range []struct{ all, after float64 }{{5120e-6, 2048e-6}, {4096e-6, 1024e-6}} {
		env := map[string]float64{"pid": float64(pid), "procs": 2, "N": 1 << 20}
		r := a.Evaluate(env, []Machine{stridedMachine})
		if got := r.ByClass["page_touch"][0]; !near(got, want.all) {
			t.Errorf("pid %d: page faults %.9g s, want %.9g", pid, got, want.all)
		}
		if got := lineSeconds(a, "main", 20, float64(pid), 2, stridedMachine) - scatterSeconds(r); !near(got, want.after) {
			t.Errorf("pid %d: after the scatter %.9g s, want %.9g", pid, got, want.after)
		}
	}
}

// scatterSeconds is what the report gives the MPI calls themselves (none:
// their time is the network's).
func scatterSeconds(r *Report) float64 {
	s := 0.0
	for _, row := range r.Rows {
		if row.Kind == MPI {
			s += row.Seconds[0]
		}
	}
	return s
}
