package netbench

import (
	"errors"
	"slices"
	"testing"

	"augur/internal/base/diag"
)

func TestMPISettings(t *testing.T) {
	o, err := MPISettings{Hosts: "a, b", NP: "2,4", Collectives: "none", CollMaxSize: "16"}.Options(4, 3)
	if err != nil || !slices.Equal(o.Hosts, []string{"a", "b"}) || !slices.Equal(o.Procs, []int{2, 4}) ||
		o.Colls != nil || !slices.Equal(o.CollSizes, []int64{1, 4, 16}) || !slices.Equal(o.Sizes, []int64{1, 2, 4}) {
		t.Errorf("Options: %+v, %v", o, err)
	}
	// The errors name the setting, not a flag.
	for _, c := range []struct {
		s       MPISettings
		setting string
	}{
		{MPISettings{Hosts: " ,", NP: "2", Collectives: "all", CollMaxSize: "1"}, "hosts"},
		{MPISettings{Hosts: "a", NP: "1", Collectives: "all", CollMaxSize: "1"}, "np"},
		{MPISettings{Hosts: "a", NP: "2", Collectives: "bcast,nosuch", CollMaxSize: "1"}, "collectives"},
		{MPISettings{Hosts: "a", NP: "2", Collectives: "all", CollMaxSize: "1.5"}, "coll-max-size"},
	} {
		_, err := c.s.Options(4, 1)
		var ge *diag.GivenError
		if !errors.As(err, &ge) || ge.Given != (diag.Given{What: diag.Option, Name: c.setting}) {
			t.Errorf("Options(%+v): %v, want an error of option %s", c.s, err, c.setting)
		}
	}
}
