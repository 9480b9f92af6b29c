package main

import (
	"fmt"
	"testing"

	"augur/internal/diag"
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
	// A kind of value no flag gives stays in the library's words.
	want(diag.Givenf("colour", "red", "no such colour"), "augur predict: colour red: no such colour")
}
