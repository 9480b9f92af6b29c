package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// An MPI program that includes "mpi.h" with quotes from a header of its
// own (as NAS does) is an MPI program: built with mpicc by default and
// with the recorder linked in whether the compiler is chosen or not, so
// that its timed run writes every rank's trace.
func TestInstrumentTimeQuotedMPIHeader(t *testing.T) {
	needMPI(t)
	src := "../../internal/frontend/instrument/testdata/nasstyle.c"
	for _, cc := range [][]string{nil, {"mpicc"}} {
		dir := t.TempDir()
		code, out, errs := augur(t, append(append([]string{"instrument", "--time", "--out", dir, "--build"}, cc...), src)...)
		if code != exitOK {
			t.Fatalf("%v: exit %d: %s%s", cc, code, out, errs)
		}
		if !strings.Contains(out, "augur_pmpi.c") || !strings.Contains(out, "the traces in "+filepath.Join(dir, "index.txt")) {
			t.Errorf("%v: no recorder linked, or the run is not said to write traces:\n%s", cc, out)
		}
		if b, err := mpirun(2, filepath.Join(dir, "nasstyle"), "100000").CombinedOutput(); err != nil || !strings.Contains(string(b), "nasstyle: 2 ranks, token 1") {
			t.Fatalf("mpirun: %v\n%s", err, b)
		}
		got := actions(t, filepath.Join(dir, "rank-1.txt"))
		// The reduce's fields are the reduction's business; its place here.
		if len(got) != 5 || !slices.Equal(got[:3], []string{"1 init", "1 recv 0 7 4", "1 send 0 7 4"}) ||
			!strings.HasPrefix(got[3], "1 reduce ") || got[4] != "1 finalize" {
			t.Errorf("%v: rank 1's actions %q", cc, got)
		}
		if _, err := os.Stat(filepath.Join(dir, "index.txt")); err != nil {
			t.Error(err)
		}
	}
}

// A timer around a short block in a hot loop (the wavefront's sweep of
// one row, between a receive and a send) would cost more than the block:
// it times one entry in N, says so in the run's output and in
// augur-times, and counts every entry; the trace has every message.
func TestInstrumentTimeFineGrainedTimers(t *testing.T) {
	needMPI(t)
	dir := t.TempDir()
	src := "../../internal/frontend/instrument/testdata/wavefront.c"
	if code, out, errs := augur(t, "instrument", "--time", "--out", dir, "--build", src); code != exitOK {
		t.Fatalf("instrument: exit %d: %s%s", code, out, errs)
	}
	// 200 rows of 21 columns a rank, 5 times: 1000 sweeps of a row.
	b, err := mpirun(2, filepath.Join(dir, "wavefront"), "200", "40", "5").CombinedOutput()
	if err != nil {
		t.Fatalf("mpirun: %v\n%s", err, b)
	}
	if !strings.Contains(string(b), "augur: rank 0: main_L28_2: an entry takes") || !strings.Contains(string(b), "so 1 entry in ") {
		t.Errorf("the run does not say the row's timer samples:\n%s", b)
	}
	times, err := os.ReadFile(filepath.Join(dir, "augur-times.1.txt"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(times), "\ntimed main_L28_2 1000 ") || !strings.Contains(string(times), "# main_L28_2: an entry takes ") ||
		!strings.Contains(string(times), "\ntimed main_L22 1 ") {
		t.Errorf("augur-times.1.txt:\n%s", times)
	}
	count := func(rank, action string) int {
		n := 0
		for _, a := range actions(t, filepath.Join(dir, "rank-"+rank+".txt")) {
			if strings.HasPrefix(a, rank+" "+action+" ") {
				n++
			}
		}
		return n
	}
	if s, r := count("0", "send"), count("1", "recv"); s != 1000 || r != 1000 {
		t.Errorf("%d sends from rank 0, %d receives at rank 1, want 1000 each", s, r)
	}
	if code, out, errs := augur(t, "replay", filepath.Join(dir, "index.txt"), "--platform", ex+"mpi/localhost.xml"); code != exitOK || !strings.Contains(out, "Simulation time") {
		t.Errorf("replay: exit %d: %s%s", code, out, errs)
	}
}
