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
	for _, c := range []struct {
		err  error
		want string
	}{
		{fmt.Errorf("machine m: %w", diag.Givenf("setting", "smpi/bw-factor", "not a number")),
			"augur predict: machine m: --cfg smpi/bw-factor: not a number"},
		{diag.List{diag.GivenAt("t.aug", 0, 0, diag.Given{What: "parameter", Name: "nb"}, "no param %q in the model", "nb"),
			diag.GivenAt("t.aug", 3, 4, diag.Given{What: "program arguments"}, "param n is %q, not a number", "x")},
			"t.aug: --set nb: no param \"nb\" in the model\nt.aug:3:4: --args: param n is \"x\", not a number"},
		{fmt.Errorf("replication 1: %w", &engine.LimitError{Limit: 10, At: 2}),
			"augur predict: replication 1: event limit of 10 reached at simulated time 2s (raise it with --max-events)"},
		{diag.Givenf("colour", "red", "a kind with no flag stays as the library says it"),
			"augur predict: colour red: a kind with no flag stays as the library says it"},
	} {
		if got := errorText("predict", c.err); got != c.want {
			t.Errorf("errorText(%q) =\n%q, want\n%q", c.err, got, c.want)
		}
	}
}
