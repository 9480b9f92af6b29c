package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The exit-status classes of docs/cli.md over every command that
// simulates, with what standard error starts with: usage errors found in
// flags (2), input errors with their place first (1) whether found
// before the run or as it reads, faults of the simulated program with
// the element's place first (4). Each case was one of issue 33's
// inconsistencies.
func TestExitClasses(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string { return writeIn(t, dir, name, text) }
	const (
		model    = ex + "sample.aug"
		ideal    = ex + "machines/ideal.yaml"
		platform = sg + "small_platform.xml"
		thread   = vppbTraces + "vppb-P.trace"
	)
	ring := write("ring.txt", "0 init\n1 init\n0 send 1 5 1e6\n1 recv 0 5 1e6\n")
	bigRank := write("bigrank.txt", "0 init\n999999999 init\n0 compute 1e9\n")
	huge := write("huge.txt", "0 init\n0 compute 1e309\n")
	nan := write("nan.txt", "0 init\n0 compute NaN\n")
	negCost := write("neg.aug", "model neg\nactivity main {\n  action A cost 1 - 2*pid\n}\n")
	badPeer := write("peer.aug", "model peer\nparam p = 1\nactivity main {\n  action A cost 1\n  send S to pid+p size 8\n}\n")
	typo := write("typo.csv", "nodez\n1\n2\n")
	sw := filepath.Join(dir, "sw")
	for _, c := range []struct {
		args   []string
		want   int
		stderr string // what standard error starts with
	}{
		// Limits: validated as flags, whatever the command.
		{[]string{"predict", model, "--machine", ideal, "--procs", "4", "--max-events", "-1"}, exitUsage, "augur predict: invalid value \"-1\" for flag -max-events"},
		{[]string{"predict", model, "--machine", ideal, "--procs", "4", "--max-iterations", "-1"}, exitUsage, "augur predict: invalid value \"-1\" for flag -max-iterations"},
		{[]string{"predict", model, "--machine", ideal, "--procs", "4", "--max-iterations", "1.5"}, exitUsage, "augur predict: invalid value"},
		{[]string{"predict", model, "--machine", ideal, "--procs", "4", "--max-events", "1e99"}, exitUsage, "augur predict: invalid value"},
		{[]string{"replay", ring, "--platform", platform, "--max-events", "-1"}, exitUsage, "augur replay: invalid value"},
		{[]string{"simulate", thread, "--cpus", "2", "--max-events", "-1"}, exitUsage, "augur simulate: invalid value"},
		{[]string{"sweep", "predict", model, "--machine", ideal, "--procs", "2", "--max-events", "-1", "--out", sw}, exitUsage, "augur sweep: invalid value"},
		{[]string{"predict", model, "--machine", ideal, "--procs", "4", "--max-events", "1e3"}, exitOK, ""},

		// More processes or nodes than augur simulates: usage errors.
		{[]string{"replay", ring, "--platform", platform, "--np", "134217728"}, exitUsage, "augur replay: --np 134217728: 134217728 processes are more than the 67108864 augur simulates"},
		{[]string{"predict", model, "--machine", ideal, "--procs", "134217728"}, exitUsage, "augur predict: --procs 134217728: 134217728 processes are more than"},
		{[]string{"replay", ring, "--platform", platform, "--np", "1e9"}, exitUsage, "augur replay: invalid value \"1e9\" for flag -np"},
		{[]string{"predict", model, "--machine", ideal, "--procs", "1e9"}, exitUsage, "augur predict: invalid value \"1e9\" for flag -procs"},
		{[]string{"predict", model, "--machine", ideal, "--procs", "4", "--nodes", "100000000"}, exitUsage, "augur predict: machine \"ideal\": --nodes 100000000 out of range"},

		// Input errors, at their place, found before or during the run.
		{[]string{"replay", bigRank, "--platform", platform}, exitInput, bigRank + ":2: rank 999999999: 1000000000 processes are more than"},
		{[]string{"replay", huge, "--platform", platform}, exitInput, huge + ":2: compute: flops \"1e309\" is out of range"},
		{[]string{"replay", nan, "--platform", platform}, exitInput, nan + ":2: compute: flops \"NaN\" is not a number (process 0 thread 0 at 0s)"},
		{[]string{"replay", dir, "--platform", platform}, exitInput, "augur replay: " + dir + ": is a directory"},

		// Faults of the simulated program: the element's place first.
		{[]string{"predict", negCost, "--machine", ideal, "--procs", "2"}, exitSim, negCost + ":3:3: action A: compute time -1 is not a finite time ≥ 0 (process 1 thread 0 at 0s)"},
		{[]string{"predict", badPeer, "--machine", ideal, "--procs", "2"}, exitSim, badPeer + ":5:3: send S: process 1 addresses process 2, but there are 2 processes (0..1)"},

		// A sweep axis no model declares: once, before any point runs.
		{[]string{"sweep", "predict", model, "--machine", ideal, "--procs", "2", "--set", "nodez=1,2,3", "--out", sw}, exitUsage, "augur sweep: --set nodez: no param \"nodez\" in sample (" + model + "); did you mean \"nodes\"?\n"},
		{[]string{"sweep", "predict", model, "--machine", ideal, "--procs", "2", "--points", typo, "--out", sw}, exitInput, typo + ":1: column nodez: no param \"nodez\" in sample (" + model + "); did you mean \"nodes\"?\n"},
	} {
		code, _, errs := augur(t, c.args...)
		if code != c.want || !strings.HasPrefix(errs, c.stderr) {
			t.Errorf("augur %s: exit %d, want %d; standard error:\n%s\nwant it to start\n%s", strings.Join(c.args, " "), code, c.want, errs, c.stderr)
		}
		// The sweep's typo is said once, not once a point.
		if msg := `no param "nodez"`; strings.Contains(c.stderr, msg) {
			if n := strings.Count(errs, msg); n != 1 {
				t.Errorf("augur %s: the typo said %d times, want once:\n%s", strings.Join(c.args, " "), n, errs)
			}
		}
	}
	if _, err := os.Stat(sw); err == nil {
		t.Errorf("a sweep refused before running made its directory %s", sw)
	}
}
