package main

import (
	"fmt"
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
