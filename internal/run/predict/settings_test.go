package predict

import (
	"errors"
	"testing"

	"augur/internal/base/diag"
	"augur/internal/machine"
)

// The checks name the option, never a flag: the command line adds it.
func TestCheckSettings(t *testing.T) {
	how, explicit, err := CheckSettings(Settings{Procs: 4, Replications: 1, Mapping: "0,0,1,1"})
	if err != nil || how != machine.Explicit || len(explicit) != 4 {
		t.Errorf("an explicit mapping: %v %v %v", how, explicit, err)
	}
	for _, c := range []struct {
		s      Settings
		option string
	}{
		{Settings{Nodes: -1, Replications: 1, Mapping: "block"}, "counts"},
		{Settings{Replications: MaxReplications + 1, Mapping: "block"}, "counts"},
		{Settings{Replications: 1, Mapping: "diagonal"}, "map"},
	} {
		_, _, err := CheckSettings(c.s)
		var ge *diag.GivenError
		if !errors.As(err, &ge) || ge.Given != (diag.Given{What: diag.Option, Name: c.option}) {
			t.Errorf("CheckSettings(%+v): %v, want an error of option %s", c.s, err, c.option)
		}
	}
	err = CheckOpOverrides(map[string]float64{"nosuch_*": 2}, nil)
	var ge *diag.GivenError
	if !errors.As(err, &ge) || ge.Given != (diag.Given{What: diag.Option, Name: "op-speed"}) ||
		err.Error() != "option op-speed nosuch_*: no operation matches (the keys are in docs/bench.md)" {
		t.Errorf("CheckOpOverrides: %v", err)
	}
}
