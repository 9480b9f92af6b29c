package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"augur/internal/base/diag"
	"augur/internal/engine"
)

// The libraries name given values in their own words and the event
// limit without its flag; the command names the flags.
func TestErrorTextNamesFlags(t *testing.T) {
	want := func(err error, text string) {
		t.Helper()
		if got := errorText("predict", err); got != text {
			t.Errorf("errorText(%q) =\n%q, want\n%q", err, got, text)
		}
	}
	want(fmt.Errorf("machine m: %w", diag.Givenf("setting", "smpi/bw-factor", "not a number")),
		"augur predict: machine m: --cfg smpi/bw-factor: not a number")
	param := diag.Given{What: "parameter", Name: "nb"}
	want(diag.List{diag.GivenAt("t.aug", 0, 0, param, "no param %q in the model", "nb"),
		diag.GivenAt("t.aug", 3, 4, diag.Given{What: "program arguments"}, "param n is %q, not a number", "x")},
		"t.aug: --set nb: no param \"nb\" in the model\nt.aug:3:4: --args: param n is \"x\", not a number")
	want(fmt.Errorf("replication 1: %w", &engine.LimitError{Limit: 10, At: 2}),
		"augur predict: replication 1: event limit of 10 reached at simulated time 2s (raise it with --max-events)")
	// An option is its flag, whether its message goes on from its name or
	// after a colon.
	want(fmt.Errorf("sweep: %w", diag.Optionf("set", "W: %v", "not a list")), "augur predict: sweep: --set W: not a list")
	want(diag.Givenf(diag.Option, "map", "unknown mapping"), "augur predict: --map: unknown mapping")
	// A kind of value no flag gives stays in the library's words.
	want(diag.Givenf("colour", "red", "no such colour"), "augur predict: colour red: no such colour")
}

// An option a library refused is named by its flag, its message left as
// it was, whether it goes on from the option's name or after a colon.
func TestOptionErrorsNameFlags(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"predict", ex + "sample.aug", "--machine", ex + "machines/ideal.yaml", "--procs", "2", "--op-speed", "nosuch_*=2"},
			"augur predict: --op-speed nosuch_*: no operation matches (the keys are in docs/bench.md)\n"},
		{[]string{"bench", "network", "--peer", "a:1", "--max-size", "32MiB"},
			"augur bench network: --max-size \"32MiB\": want a whole size from 1 B to 16777216 B (16MiB)\n"},
		{[]string{"sweep", "predict", ex + "sample.aug", "--machine", ex + "machines/ideal.yaml", "--out", t.TempDir(), "--procs-per-node", "-1"},
			"augur sweep: --procs-per-node must be ≥ 1\n"},
		{[]string{"sweep", "predict", ex + "sample.aug", "--machine", ex + "machines/ideal.yaml", "--out", t.TempDir(), "--procs", "0.5"},
			"augur sweep: --procs: 0.5 is not a whole number from 1 to 67108864\n"},
	} {
		if code, _, stderr := augur(t, c.args...); code != exitUsage || stderr != c.want {
			t.Errorf("%v: exit %d, stderr\n%q, want %d and\n%q", c.args, code, stderr, exitUsage, c.want)
		}
	}
}

// The libraries' texts about given values (predict's settings and node
// and process counts, a sweep's spec, a sweep point's event limit) name
// them in their own words (their tests say so); the command's text names
// the flags.
func TestLibraryTextsNameFlags(t *testing.T) {
	flat := "testdata/corpus/gen/flat.xml"
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"predict", ex + "pingpong.aug", "--machine", ex + "machines/ideal.yaml", "--procs", "2", "--cfg", "network/TCP-gamma:0"},
			"augur predict: --cfg network/TCP-gamma: the constant network model has no such setting; choose a flow model first (network/model:CM02, LV08 or SMPI)\n"},
		{[]string{"predict", ex + "pingpong.aug", "--machine", ex + "machines/ideal.yaml", "--procs", "2", "--cfg", "smpi/bw-factor:100:0.5;0:1"},
			"augur predict: --cfg smpi/bw-factor: factors by message size need a flow model (network/model:SMPI first); the constant model takes one number\n"},
		{[]string{"predict", ex + "sample.aug", "--machine", ex + "machines/ideal.yaml", "--procs", "2", "--nodes", "10000001"},
			"augur predict: machine \"ideal\": --nodes 10000001 out of range [1, 10000000]\n"},
		{[]string{"predict", ex + "sample.aug", "--machine", ex + "machines/ideal.yaml", "--nodes", "100"},
			"augur predict: --procs: one process per CPU of the machine (none given), 100000000: 100000000 processes are more than the 67108864 augur simulates"},
		{[]string{"sweep", "predict", ex + "sample.aug", "--out", t.TempDir()},
			"augur sweep: no machine: give --machine at least once\n"},
		{[]string{"sweep", "replay", ex + "sample.aug", "--out", t.TempDir()},
			"augur sweep: no machine: give --platform at least once\n"},
		{[]string{"sweep", "simulate", "../../internal/frontend/threadtrace/testdata/vppb-R.trace", "--out", t.TempDir()},
			"augur sweep: simulate needs --cpus\n"},
	} {
		code, _, stderr := augur(t, c.args...)
		if code != exitUsage || !strings.Contains(stderr, c.want) {
			t.Errorf("%v: exit %d, stderr\n%q, want %d and\n%q", c.args, code, stderr, exitUsage, c.want)
		}
	}
	// Errors placed in the model name options too.
	dir := t.TempDir()
	ops, loop, csv := filepath.Join(dir, "ops.aug"), filepath.Join(dir, "loop.aug"), filepath.Join(dir, "m.csv")
	writeFile(t, csv, "procs,foo\n2,1.0\n")
	writeFile(t, ops, "model m\nactivity main {\n  action A cost ops(sqrt: 3)\n}\n")
	writeFile(t, loop, "model m\nactivity main {\n  loop 1000 { action A cost 1ms }\n}\n")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"predict", ops, "--machine", ex + "machines/ideal.yaml", "--procs", "1"},
			ops + ":3:21: machine ideal, node group ideal: no time for operation sqrt (ops:); measure it with augur bench machine or give it with --op-time sqrt=TIME\n"},
		{[]string{"predict", loop, "--machine", ex + "machines/ideal.yaml", "--procs", "1", "--max-iterations", "10"},
			loop + ":3:3: loop count 1000 exceeds the limit of 10 iterations (--max-iterations) (process 0 thread 0 at 0s)\n"},
		{[]string{"predict", loop, "--machine", ex + "machines/ideal.yaml", "--procs", "1", "--cfg", "network/model:SMPI", "--cfg", "tracing:yes"},
			"augur predict: --cfg tracing: tracing: augur writes no SimGrid trace; use --trace (Chrome/Perfetto JSON) or --paraver\n"},
		{[]string{"sweep", "--collect", dir}, "augur sweep: " + dir + ": no job.json: not a sweep submitted with --on slurm\n"},
		{[]string{"validate", ex + "sample.aug", csv, "--machine", ex + "machines/ideal.yaml"},
			csv + ":1: no measured-time column (looked for tm, tm_s, measured, measured_s, time, time_s; name it with --measured)\n"},
	} {
		if _, _, stderr := augur(t, c.args...); stderr != c.want {
			t.Errorf("%v: stderr\n%q, want\n%q", c.args, stderr, c.want)
		}
	}
	// A sweep point stores its error as a single run prints it: with the
	// flag of the event limit, and of the node count of a platform.
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"sweep", "predict", ex + "sample.aug", "--machine", ex + "machines/ideal.yaml", "--procs", "4", "--max-events", "10"},
			"(raise it with --max-events)"},
		{[]string{"sweep", "simulate", "../../internal/frontend/threadtrace/testdata/vppb-R.trace", "--cpus", "1", "--max-events", "10"},
			"(raise it with --max-events)"},
		{[]string{"sweep", "predict", ex + "sample.aug", "--machine", flat, "--nodes", "3", "--procs", "2"},
			`machine \"flat\": --nodes 3: a platform's 64 hosts are fixed`},
	} {
		out := t.TempDir()
		code, _, stderr := augur(t, append(c.args, "--out", out)...)
		data, err := os.ReadFile(filepath.Join(out, "results.jsonl"))
		if code != exitInput || err != nil || !strings.Contains(string(data), `"error":"`) || !strings.Contains(string(data), c.want) {
			t.Errorf("%v: exit %d (%s), results %s (%v), want a point's error with %q", c.args, code, stderr, data, err, c.want)
		}
	}
}
