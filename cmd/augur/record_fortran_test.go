package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// A Fortran MPI program is recorded as its C twin is: Open MPI's Fortran
// bindings call PMPI_ directly, past the recorder's C wrappers, so the
// recorder takes the Fortran calls itself (augur_fortran.c). fortran.f90
// and fortran_twin.c make the same calls (blocking, non-blocking and
// synchronous sends, a receive from any source, statuses kept and
// ignored, Testall, reductions in place and not, the other collectives,
// Sendrecv, communicators made); the two traces are the same line for
// line but for the compute amounts (measured), and the trace replays the
// same with augur and SimGrid.
func TestRecordFortran(t *testing.T) {
	if _, err := exec.LookPath("mpifort"); err != nil {
		t.Skip("mpifort not found: install gfortran with OpenMPI to run this test")
	}
	dir := t.TempDir()
	fbin := filepath.Join(dir, "fortran")
	if b, err := exec.Command("mpifort", "-O2", "-o", fbin, recTestdata+"fortran.f90").CombinedOutput(); err != nil {
		t.Fatalf("mpifort: %v\n%s", err, b)
	}
	recordsAsTwin(t, fbin, "fortran")
}

// recordsAsTwin records bin, a program that prints "NAME: done" and makes
// fortran_twin.c's calls in another language, at 4 ranks, and fails
// unless its trace has the C twin's calls line for line (compute amounts
// aside, being measured) and replays the same with augur and SimGrid.
func recordsAsTwin(t *testing.T, bin, name string) {
	t.Helper()
	t.Setenv("XDG_CACHE_HOME", filepath.Join(t.TempDir(), "cache"))
	rec := filepath.Join(t.TempDir(), "rec")
	code, out, errs := augur(t, "record", "--mpi", "--np", "4", "-o", rec, "--", bin)
	if code != exitOK || !strings.Contains(out, name+": done") {
		t.Fatalf("record %s: exit %d\n%s%s", name, code, out, errs)
	}
	crec, code, _, errs := recordProgram(t, "fortran_twin", "4")
	if code != exitOK {
		t.Fatalf("record the C twin: exit %d\n%s", code, errs)
	}
	for r := 0; r < 4; r++ {
		x, c := calls(t, rec, r), calls(t, crec, r)
		if strings.Join(x, "\n") != strings.Join(c, "\n") {
			t.Errorf("rank %d: %s's calls\n%s\nthe C twin's\n%s", r, name, strings.Join(x, "\n"), strings.Join(c, "\n"))
		}
		if len(x) < 20 {
			t.Errorf("rank %d: %d calls recorded, want the program's 20 or more", r, len(x))
		}
	}
	replayBoth(t, filepath.Join(rec, "index.txt"))
}

// calls are the MPI lines of rank r's trace in dir, without the compute
// bursts and the reductions' computation amounts (both measured).
func calls(t *testing.T, dir string, r int) []string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, "rank-"+strconv.Itoa(r)+".txt"))
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, line := range strings.Split(string(b), "\n") {
		f := strings.Fields(line)
		if len(f) < 2 || strings.HasPrefix(line, "#") || f[1] == "compute" {
			continue
		}
		if (f[1] == "reduce" || f[1] == "allreduce") && len(f) > 3 {
			f[3] = "COMP"
		}
		out = append(out, strings.Join(f, " "))
	}
	return out
}

// A C++ MPI program records through the C bindings as a C one does:
// cxx.cpp makes fortran_twin.c's calls through templates, a class
// holding a reference to its communicator, std::vector and std::array
// buffers and a lambda; built with mpicxx, its trace has the C twin's
// calls line for line and replays the same with augur and SimGrid.
func TestRecordCxx(t *testing.T) {
	if _, err := exec.LookPath("mpicxx"); err != nil {
		t.Skip("mpicxx not found: install g++ with OpenMPI to run this test")
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "cxx")
	if b, err := exec.Command("mpicxx", "-O2", "-std=c++17", "-o", bin, recTestdata+"cxx.cpp").CombinedOutput(); err != nil {
		t.Fatalf("mpicxx: %v\n%s", err, b)
	}
	recordsAsTwin(t, bin, "cxx")
}
