package main

import (
	"bytes"
	"fmt"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// withProgress runs an augur command with --progress, given right after
// the command's name, and every progress report written (an interval of
// a nanosecond: none is held back), and gives its exit status and
// standard error.
func withProgress(t *testing.T, args ...string) (int, string) {
	t.Helper()
	var out bytes.Buffer
	var errb syncBuffer
	args = append([]string{args[0], "--progress"}, args[1:]...)
	code := run(&env{stdout: &out, stderr: &errb, progressEvery: time.Nanosecond}, args)
	return code, errb.String()
}

// Every command that can run long says what it is doing at each of its
// phases, not only while it simulates: reading and checking a model,
// reading a platform and setting up the ranks, reading a thread trace
// (with the share read), reading and analysing a C program, reading and
// fitting measurements, a sweep's set-up, instrumenting and compiling a
// program, building a recorder and reading its trace. The heartbeat repeats the phase
// while it lasts (TestProgressHeartbeat).
func TestProgressPhases(t *testing.T) {
	dir := t.TempDir()
	csv := writeTemp(t, "runs.csv", "p,time\n1,10\n2,5.1\n4,2.6\n8,1.4\n16,0.8\n")
	sg := "../../internal/run/replay/testdata/simgrid/"
	cases := []struct {
		name string
		args []string
		want []string // in order
	}{
		{"predict", []string{"predict", ex + "sample.aug", "--machine", ex + "machines/ideal.yaml", "--procs", "2"},
			[]string{"augur predict: checking and compiling " + ex + "sample.aug (", "augur predict: done: "}},
		{"replay", []string{"replay", sg + "actions_allreduce.txt", "--platform", sg + "small_platform.xml"},
			[]string{"augur replay: reading the platform " + sg + "small_platform.xml (", "augur replay: reading " + sg + "actions_allreduce.txt and setting up the ranks (", "augur replay: done: "}},
		{"simulate", []string{"simulate", "../../internal/frontend/threadtrace/testdata/vppb-R.trace", "--cpus", "2"},
			[]string{"augur simulate: reading ../../internal/frontend/threadtrace/testdata/vppb-R.trace (", "% done", "augur simulate: simulating ", "augur simulate: done: "}},
		{"fit", []string{"fit", csv},
			[]string{"augur fit: reading " + csv + " (", "augur fit: fitting time (1 of 1, 5 points) (", "augur fit: done: 1 model(s) in "}},
		{"sweep", []string{"sweep", "predict", "../../internal/run/sweep/testdata/a.aug", "--machine", ex + "machines/ideal.yaml", "--procs", "1,2", "--out", filepath.Join(dir, "sweep")},
			[]string{"augur sweep: reading the versions and machines (", "augur sweep: reading the finished points in ", "augur sweep: setting up the points (", "augur sweep: 2 of 2 points", "augur sweep: done: 2 points in "}},
	}
	if _, err := exec.LookPath("cc"); err == nil {
		cases = append(cases, struct {
			name string
			args []string
			want []string
		}{"analyze", []string{"analyze", "--machine", ex + "machines/ideal.yaml", "--", "cc", ex + "analyze/pi.c"},
			[]string{"augur analyze: reading " + ex + "analyze/pi.c (", "augur analyze: analysing blocks and counts (", "augur analyze: predicting on ideal (machine 1 of 1) ("}})
	}
	if _, err := exec.LookPath("cc"); err == nil {
		bin := filepath.Join(dir, "stencil")
		if out, err := exec.Command("cc", "-O2", "-pthread", "-o", bin, ex+"pthreads/stencil.c").CombinedOutput(); err != nil {
			t.Fatalf("cc: %v\n%s", err, out)
		}
		cases = append(cases, []struct {
			name string
			args []string
			want []string
		}{
			// The run is said once, on a line of its own: the program's
			// output shares the terminal.
			{"record", []string{"record", "-o", filepath.Join(dir, "s.trace"), "--", bin, "2", "2", "40", "10"},
				[]string{"augur record: building the pthread recorder (once; cached) (", "augur record: running " + bin + " under the recorder\n", "augur record: reading the trace "}},
		}...)
	}
	if _, err := exec.LookPath("mpicc"); err == nil {
		cases = append(cases, struct {
			name string
			args []string
			want []string
		}{"instrument", []string{"instrument", "--count", "--out", filepath.Join(dir, "cnt"), "--build", "mpicc", "-O1", ex + "analyze/pi.c"},
			[]string{"augur instrument: reading and instrumenting " + ex + "analyze/pi.c (", "augur instrument: compiling " + filepath.Join(dir, "cnt", "pi") + " with mpicc (", "augur instrument: done in "}})
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			code, errs := withProgress(t, c.args...)
			if code != exitOK && !(c.name == "analyze" && code == exitInput) { // the ideal machine prices no operation
				t.Fatalf("exit %d:\n%s", code, errs)
			}
			at := 0
			for _, w := range c.want {
				k := strings.Index(errs[at:], w)
				if k < 0 {
					t.Fatalf("no %q after byte %d of standard error:\n%s", w, at, errs)
				}
				at += k + len(w)
			}
		})
	}
}

// The heartbeat repeats the last state with the time elapsed while a
// phase reports nothing (cc parsing a large C file), until the report
// ends; a line of the command's own on standard error is never mixed
// into a progress line.
func TestProgressHeartbeat(t *testing.T) {
	var errb syncBuffer
	e := &env{stderr: &errb, progressEvery: time.Millisecond}
	on, off := true, false
	p, err := (&progressFlags{on: &on, off: &off}).reporter(e, "augur test")
	if err != nil || p == nil {
		t.Fatalf("reporter: %v %v", p, err)
	}
	p.update("reading a.c")
	// Wait (without a bound on the time it takes) for the heartbeat.
	for strings.Count(errb.String(), "augur test: reading a.c (") < 3 {
		time.Sleep(time.Millisecond)
	}
	fmt.Fprintln(e.stderr, "a.c:1:1: warning: something")
	p.finish("done")
	final := errb.String()
	for _, line := range strings.Split(strings.TrimSuffix(final, "\n"), "\n") {
		if !strings.HasPrefix(line, "augur test: reading a.c (") && line != "a.c:1:1: warning: something" && !strings.HasPrefix(line, "augur test: done in ") {
			t.Errorf("line %q in:\n%s", line, final)
		}
	}
	if !strings.HasSuffix(final, "\n") || !strings.Contains(final, "augur test: done in ") {
		t.Errorf("no last line:\n%s", final)
	}
	// Nothing after the end: the heartbeat has stopped.
	time.Sleep(10 * time.Millisecond)
	if errb.String() != final {
		t.Errorf("written after the end:\n%s", strings.TrimPrefix(errb.String(), final))
	}
}

// A phase that takes long is seen while it lasts: reading a C file with
// a table of 30,000 numbers, which cc parses in one call that reports
// nothing (and the analysis then has little to do).
func TestProgressLongPhase(t *testing.T) {
	if _, err := exec.LookPath("cc"); err != nil {
		t.Skip("no C compiler")
	}
	var b strings.Builder
	b.WriteString("int t[] = {")
	for i := range 30000 {
		fmt.Fprintf(&b, "%d,", i)
	}
	b.WriteString("};\nint main(void) { return t[1]; }\n")
	src := writeTemp(t, "table.c", b.String())
	var out bytes.Buffer
	var errb syncBuffer
	run(&env{stdout: &out, stderr: &errb, progressEvery: time.Millisecond}, []string{"analyze", "--progress", "--", "cc", src})
	if n := strings.Count(errb.String(), "augur analyze: reading "+src+" ("); n < 2 {
		t.Errorf("the reading was reported %d time(s), want the heartbeat's lines too:\n%.2000s", n, errb.String())
	}
}

// analyze of a 6,000-line C file names each phase as it starts, at the
// report's own interval (2 s when not on a terminal): reading the file
// and analysing its blocks and counts are each shown although the first
// lasts less than the interval, and then the prediction on the machine.
func TestProgressAnalyzeLargeFile(t *testing.T) {
	if _, err := exec.LookPath("cc"); err != nil {
		t.Skip("no C compiler")
	}
	var b strings.Builder
	b.WriteString("double a[1000];\n")
	n := 0
	for ; strings.Count(b.String(), "\n") < 5900; n++ {
		fmt.Fprintf(&b, "double f%d(int m) {\n  double s = 0;\n  for (int i = 0; i < m; i++)\n    s += a[i %% 1000] * %d.5;\n  return s;\n}\n", n, n)
	}
	b.WriteString("int main(void) {\n  double t = 0;\n")
	for i := range n {
		fmt.Fprintf(&b, "  t += f%d(100);\n", i)
	}
	b.WriteString("  return t > 0;\n}\n")
	src := writeTemp(t, "big.c", b.String())
	if lines := strings.Count(b.String(), "\n"); lines < 6000 {
		t.Fatalf("%d lines", lines)
	}
	var out bytes.Buffer
	var errb syncBuffer
	code := run(&env{stdout: &out, stderr: &errb}, []string{"analyze", "--progress", "--machine", opsMachine, "--", "cc", src})
	if code != exitOK {
		t.Fatalf("exit %d:\n%s", code, errb.String())
	}
	at, errs := 0, errb.String()
	for _, w := range []string{"augur analyze: reading " + src + " (", "augur analyze: analysing blocks and counts (", "augur analyze: predicting on ", " (machine 1 of 1) (", "augur analyze: done in "} {
		k := strings.Index(errs[at:], w)
		if k < 0 {
			t.Fatalf("no %q after byte %d of standard error:\n%.3000s", w, at, errs[at:])
		}
		at += k + len(w)
	}
}
