package main

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// sweepAB is a sweep of the two toy versions of the sweep package's tests
// (A: W/procs + 2, B: W/(2 procs) + procs/2 on the ideal machine).
func sweepAB(out string, extra ...string) []string {
	return append([]string{"sweep", "predict", "A=../../internal/run/sweep/testdata/a.aug", "B=../../internal/run/sweep/testdata/b.aug",
		"--machine", ex + "machines/ideal.yaml", "--procs", "1..32*2", "--set", "W=120,480", "--out", out}, extra...)
}

func TestSweepCommand(t *testing.T) {
	dir := t.TempDir()
	code, out, stderr := augur(t, sweepAB(filepath.Join(dir, "r"), "-j", "2")...)
	if code != exitOK || stderr != "" {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	for _, want := range []string{
		"augur sweep predict: 2 versions × 1 machine, 24 runs\n",
		"[ 9/24] A on ideal  W=120 procs=16  9.5 s\n",
		"[10/24] B on ideal  W=120 procs=16  11.75 s\n",
		"  A is faster than B from procs=16 on (W=120)\n",
		"  A is faster than B from procs=32 on (W=480)\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	// Run again: every point comes from the results file, the output is
	// the same.
	code, again, _ := augur(t, sweepAB(filepath.Join(dir, "r"), "-j", "1")...)
	if code != exitOK || again != out {
		t.Errorf("re-run: exit %d, output differs:\n%s", code, again)
	}
	data, _ := os.ReadFile(filepath.Join(dir, "r", "results.jsonl"))
	if n := strings.Count(string(data), "\n"); n != 24 {
		t.Errorf("results file has %d lines, want 24 (the re-run computed nothing)", n)
	}

	code, js, _ := augur(t, sweepAB(filepath.Join(dir, "r"), "--format", "json", "--report", filepath.Join(dir, "r.html"))...)
	if code != exitOK {
		t.Fatalf("json: exit %d", code)
	}
	sc := bufio.NewScanner(strings.NewReader(js))
	lines := 0
	var last map[string]any
	for sc.Scan() {
		lines++
		last = nil
		if err := json.Unmarshal(sc.Bytes(), &last); err != nil {
			t.Fatalf("line %d: %v", lines, err)
		}
	}
	if lines != 25 || last["record"] != "summary" || last["scaling_axis"] != "procs" {
		t.Errorf("json: %d lines, last %v", lines, last)
	}
	html, err := os.ReadFile(filepath.Join(dir, "r.html"))
	if err != nil || !strings.Contains(string(html), "speed-up against procs") || !strings.Contains(string(html), "B / A") ||
		!strings.Contains(string(html), "A is faster than B from procs=16 on (W=120)") {
		t.Errorf("report: %v", err)
	}
}

func TestSweepUsage(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"sweep"}, exitUsage, "want a mode"},
		{[]string{"sweep", "model", "x.aug"}, exitUsage, `"model" is not a sweep mode`},
		{[]string{"sweep", "predict", ex + "sample.aug"}, exitUsage, "no machine: give --machine"},
		{sweepAB(dir, "--procs-per-node", "0", "--np", "4"), exitUsage, "--np is for augur sweep replay, not predict"},
		{[]string{"sweep", "predict", ex + "sample.aug", "--machine", ex + "machines/ideal.yaml", "--out", dir, "--procs", "4,x"}, exitUsage, `--procs: item 2 "x": "x" is not a number`},
		{[]string{"sweep", "predict", ex + "sample.aug", "--machine", ex + "machines/ideal.yaml", "--out", dir, "--procs", "0.5"}, exitUsage, "procs: 0.5 is not a whole number"},
		{[]string{"sweep", "predict", ex + "sample.aug", "--machine", ex + "machines/ideal.yaml", "--out", dir, "--cfg", "network/model:FOO"}, exitUsage, "--cfg network/model:FOO"},
		{[]string{"sweep", "predict", ex + "sample.aug", ex + "sample.aug", "--machine", ex + "machines/ideal.yaml"}, exitUsage, `two inputs are named "sample"`},
		{[]string{"sweep", "predict", "nonexistent.aug", "--machine", ex + "machines/ideal.yaml"}, exitInput, "nonexistent.aug"},
		{[]string{"sweep", "simulate", "../../internal/frontend/threadtrace/testdata/vppb-R.trace"}, exitUsage, "simulate needs --cpus"},
		{sweepAB(dir, "--format", "xml"), exitUsage, `--format "xml"`},
		{sweepAB(dir, "-j", "0"), exitUsage, "-j 0"},
		{sweepAB(dir, "--on", "grid"), exitUsage, `--on "grid"`},
		{[]string{"sweep", "--collect", dir}, exitInput, "no job.json"},
	} {
		code, _, stderr := augur(t, c.args...)
		if code != c.code || !strings.Contains(stderr, c.msg) {
			t.Errorf("%v: exit %d, stderr %q; want %d and %q", c.args, code, stderr, c.code, c.msg)
		}
	}
	pts := filepath.Join(dir, "p.csv")
	os.WriteFile(pts, []byte("procs,W\n4,1\n4.5,2\n"), 0o644)
	code, _, stderr := augur(t, "sweep", "predict", "../../internal/run/sweep/testdata/a.aug", "--machine", ex+"machines/ideal.yaml", "--points", pts, "--out", dir)
	if code != exitInput || !strings.Contains(stderr, "p.csv:3:1: procs: 4.5 is not a whole number") {
		t.Errorf("bad points file: exit %d, %q", code, stderr)
	}
}

// TestSweepFailedPointExit: a point that fails is printed with its error,
// the others run, and the exit status is 1.
func TestSweepFailedPointExit(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.aug")
	os.WriteFile(bad, []byte("model bad\nparam W = 1\nactivity main {\n  action X cost W - 200\n}\n"), 0o644)
	code, out, _ := augur(t, "sweep", "predict", bad, "--machine", ex+"machines/ideal.yaml", "--set", "W=120,480", "--out", filepath.Join(dir, "r"))
	if code != exitInput || !strings.Contains(out, "[1/2] bad on ideal  W=120  error: ") || !strings.Contains(out, "[2/2] bad on ideal  W=480  280 s") ||
		!strings.Contains(out, "1 of 2 runs failed") {
		t.Errorf("exit %d:\n%s", code, out)
	}
}
