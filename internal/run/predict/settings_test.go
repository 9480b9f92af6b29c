package predict

import (
	"errors"
	"strings"
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

// Run's errors about the values it was given name them in the library's
// words (a setting, option nodes, option procs), never a flag.
func TestRunNamesGivens(t *testing.T) {
	m := loadMachine(t, "ideal.yaml")
	src := []byte("model m\nactivity main {\n  action A cost 1ms\n}\n")
	for _, c := range []struct {
		o     Options
		given diag.Given
		want  string
	}{
		{Options{Procs: 2, Cfg: [][2]string{{"network/TCP-gamma", "0"}}}, diag.Given{What: "setting", Name: "network/TCP-gamma"},
			"setting network/TCP-gamma: the constant network model has no such setting; choose a flow model first (network/model:CM02, LV08 or SMPI)"},
		{Options{Procs: 2, Cfg: [][2]string{{"smpi/bw-factor", "100:0.5;0:1"}}}, diag.Given{What: "setting", Name: "smpi/bw-factor"},
			"setting smpi/bw-factor: factors by message size need a flow model (network/model:SMPI first); the constant model takes one number"},
		{Options{Procs: 2, Nodes: machine.MaxNodes + 1}, diag.Given{What: diag.Option, Name: "nodes"},
			`machine "ideal": option nodes 10000001 out of range [1, 10000000]`},
		{Options{Nodes: 100}, diag.Given{What: diag.Option, Name: "procs"},
			"option procs: one process per CPU of the machine (none given), 100000000: 100000000 processes are more than"},
	} {
		c.o.Filename, c.o.Source, c.o.Machine = "m.aug", src, m
		_, err := Run(c.o)
		var usage *UsageError
		if g := diag.Givens(err); !errors.As(err, &usage) || len(g) != 1 || g[0] != c.given ||
			!strings.HasPrefix(err.Error(), c.want) || strings.Contains(err.Error(), "--") {
			t.Errorf("%+v: %v (givens %v), want a usage error about %v beginning %q", c.o, err, g, c.given, c.want)
		}
	}
}
