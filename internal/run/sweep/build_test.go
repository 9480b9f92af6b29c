package sweep

import (
	"errors"
	"testing"

	"augur/internal/base/diag"
)

// Build's errors of settings name the option in the library's words (the
// CLI names its flag instead) and are told from the inputs' by their
// kind of given value.
func TestBuildOptionErrors(t *testing.T) {
	for _, c := range []struct {
		r       Request
		setting string
		want    string
	}{
		{Request{Mode: "replay", Versions: []string{"t.txt"}, Procs: "1,2", Mapping: "block", SimModel: "auto"}, "procs", "option procs is for augur sweep predict, not replay"},
		{Request{Mode: "simulate", Versions: []string{"t.trace"}, Cfgs: []string{"network/model:SMPI"}, Mapping: "block", SimModel: "auto"}, "cfg", "option cfg is for predict and replay, not simulate"},
	} {
		_, err := Build(c.r)
		var ge *diag.GivenError
		if !errors.As(err, &ge) || ge.Given != (diag.Given{What: diag.Option, Name: c.setting}) || err.Error() != c.want {
			t.Errorf("Build(%+v): %v, want an error of option %s %q", c.r, err, c.setting, c.want)
		}
	}
	_, err := Build(Request{Mode: "nomode"})
	var ue *UsageError
	if !errors.As(err, &ue) {
		t.Errorf("Build with mode nomode: %v, want a *UsageError", err)
	}
}

// A spec with nothing to run on names the option to give in the
// library's words, as a diag.Given for a command to name its flag.
func TestCheckNamesOptions(t *testing.T) {
	for _, c := range []struct {
		s      Spec
		option string
		want   string
	}{
		{Spec{Mode: Predict, Versions: []Input{{Name: "a"}}}, "machine", "no machine: give option machine at least once"},
		{Spec{Mode: Replay, Versions: []Input{{Name: "a"}}}, "platform", "no machine: give option platform at least once"},
		{Spec{Mode: Simulate, Versions: []Input{{Name: "a"}}}, "cpus", "simulate needs option cpus"},
	} {
		err := c.s.Check()
		if g := diag.Givens(err); err == nil || err.Error() != c.want || len(g) != 1 || g[0] != (diag.Given{What: diag.Option, Name: c.option}) {
			t.Errorf("%s: %v (givens %v), want %q about option %s", c.s.Mode, err, g, c.want, c.option)
		}
	}
}
