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
	for _, cc := range [][]string{nil, {"--cc", "mpicc"}} {
		dir := t.TempDir()
		code, out, errs := augur(t, append([]string{"instrument", src, "--time", "-o", dir, "--build"}, cc...)...)
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
