package main

import (
	"flag"
	"io"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// A real program from examples/pthreads, recorded pinned to one processor
// with `augur record`, then simulated for two with each model.
func TestRecordAndSimulateStencil(t *testing.T) {
	if _, err := exec.LookPath("cc"); err != nil {
		t.Skip("no C compiler (cc): cannot build the recorder or the example; install gcc")
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "stencil")
	if out, err := exec.Command("cc", "-O2", "-pthread", "-o", bin, ex+"pthreads/stencil.c").CombinedOutput(); err != nil {
		t.Fatalf("compiling: %v\n%s", err, out)
	}
	trace := filepath.Join(dir, "stencil.trace")
	code, out, errOut := augur(t, "record", "--cpu", "0", "-o", trace, "--", bin, "2", "20", "400", "100")
	if code != exitOK {
		t.Fatalf("record: exit %d\n%s", code, errOut)
	}
	if !strings.Contains(out, "stencil: 2 threads, 20 steps") || !strings.Contains(errOut, "events of 3 threads") || !strings.Contains(errOut, "pinned to CPU 0") {
		t.Errorf("stdout %q\nstderr %q", out, errOut)
	}
	src, err := os.ReadFile(trace)
	if err != nil {
		t.Fatal(err)
	}
	// 2 threads x 20 steps at the barrier.
	if n := strings.Count(string(src), "barrier_wait B0"); n != 40 {
		t.Errorf("%d barrier waits, want 40", n)
	}
	for _, m := range []string{"direct", "client-server", "strict"} {
		o := simJSON(t, exitOK, trace, "--cpus", "2", "--model", m)
		// Two workers on two processors: faster than one processor,
		// never more than twice, and the speed-up is what the two
		// simulations give. How close to 2 it comes depends on how evenly
		// the recorded CPU times fell, which a busy machine changes, so it
		// is not asserted.
		if o.Speedup == nil || o.OneCPU == nil || !(*o.Speedup > 1) || *o.Speedup > 2.0001 ||
			math.Abs(*o.Speedup-*o.OneCPU/o.Completion) > 1e-9**o.Speedup || o.WorkFrom != "cpu times" {
			t.Errorf("%s: speed-up %s, one processor %s s, two %g s, work from %s", m, opt(o.Speedup), opt(o.OneCPU), o.Completion, o.WorkFrom)
		}
	}
}

func TestRecordUsage(t *testing.T) {
	for _, args := range [][]string{
		{"record"},
		{"record", "--cpu", "-5", "--", "true"},
		{"record", "--np", "4", "--", "true"},
		{"record", "--mpi", "--", "true"},
		{"record", "--mpi", "--np", "2", "--cpu", "0", "--", "true"},
	} {
		if code, _, _ := augur(t, args...); code != exitUsage {
			t.Errorf("%v: exit %d, want %d", args, code, exitUsage)
		}
	}
	if code, _, errOut := augur(t, "record", "--", "/nonexistent/program"); code != exitInput || !strings.Contains(errOut, "nonexistent") {
		t.Errorf("missing program: exit %d %s", code, errOut)
	}
}

// Everything after -- is the program's command line, even flags augur's
// record has itself (-o, --np) or does not (-s); before it, and as the
// value of a flag, "--" is augur's.
func TestRecordArgsAfterDashes(t *testing.T) {
	for _, c := range []struct {
		args     []string
		out      string
		np       int
		mpi      bool
		programs []string
	}{
		{[]string{"--mpi", "--np", "1", "-o", "t", "--", "./app", "-s", "15", "-i", "50"}, "t", 1, true,
			[]string{"./app", "-s", "15", "-i", "50"}},
		{[]string{"--mpi", "--np", "2", "--", "./app", "-o", "out.txt", "--np", "7", "--", "-s"}, "", 2, true,
			[]string{"./app", "-o", "out.txt", "--np", "7", "--", "-s"}},
		// -o's value is "--"; ./app is positional and the -o after it
		// augur's again (there was no -- to end augur's flags).
		{[]string{"-o", "--", "./app", "-o", "x"}, "x", 0, false, []string{"./app"}},
		{[]string{"-o", "--", "--", "./app", "-o", "x"}, "--", 0, false, []string{"./app", "-o", "x"}},
		{[]string{"--mpi", "--", "--np", "3"}, "", 0, true, []string{"--np", "3"}},
	} {
		fs := flag.NewFlagSet("record", flag.ContinueOnError)
		fs.SetOutput(io.Discard)
		rf := newRecordFlags(fs)
		pos, err := parseInterleaved(fs, c.args)
		if err != nil || *rf.out != c.out || *rf.np != c.np || *rf.mpi != c.mpi || !reflect.DeepEqual(pos, c.programs) {
			t.Errorf("%q: program %q, -o %q, --np %d, --mpi %v, err %v; want %q, -o %q, --np %d", c.args, pos, *rf.out, *rf.np, *rf.mpi, err, c.programs, c.out, c.np)
		}
	}
}
