package sweep

import (
	"errors"
	"testing"

	"augur/internal/diag"
)

// Build's errors of settings name the setting (the CLI puts its flag's
// dashes before it) and are told from the inputs' by their type.
func TestBuildSettingErrors(t *testing.T) {
	for _, c := range []struct {
		r       Request
		setting string
		want    string
	}{
		{Request{Mode: "replay", Versions: []string{"t.txt"}, Procs: "1,2", Mapping: "block", SimModel: "auto"}, "procs", "procs is for augur sweep predict, not replay"},
		{Request{Mode: "simulate", Versions: []string{"t.trace"}, Cfgs: []string{"network/model:SMPI"}, Mapping: "block", SimModel: "auto"}, "cfg", "cfg is for predict and replay, not simulate"},
	} {
		_, err := Build(c.r)
		var se *diag.SettingError
		if !errors.As(err, &se) || se.Setting != c.setting || err.Error() != c.want {
			t.Errorf("Build(%+v): %v, want a setting error of %s %q", c.r, err, c.setting, c.want)
		}
	}
	_, err := Build(Request{Mode: "nomode"})
	var ue *UsageError
	if !errors.As(err, &ue) {
		t.Errorf("Build with mode nomode: %v, want a *UsageError", err)
	}
}
