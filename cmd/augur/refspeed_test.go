package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"augur/internal/run/calib"
)

// The speed a recording converts at: the machine file's flop rate (its
// only node group, or this host's among several), a speed given (stated
// as assumed: no source), never both.
func TestRecordingReference(t *testing.T) {
	dir := t.TempDir()
	host, _ := os.Hostname()
	one := filepath.Join(dir, "one.yaml")
	writeFile(t, one, "nodes:\n  - { name: x, count: 1, flops: 2.5Gf }\n")
	two := filepath.Join(dir, "two.yaml")
	writeFile(t, two, "nodes:\n  - { name: a, count: 1, flops: 1Gf }\n  - { name: "+calib.GroupName(host)+", count: 1, flops: 3Gf }\n")
	none := filepath.Join(dir, "none.yaml")
	writeFile(t, none, "nodes:\n  - { name: a, count: 1 }\n")
	for _, c := range []struct {
		file  string
		given float64
		speed float64
		src   string // in the source; "" for none
		err   string
	}{
		{one, 0, 2.5e9, "machine file " + one + ", node group x", ""},
		{two, 0, 3e9, "node group " + calib.GroupName(host), ""},
		{"", 1.5e9, 1.5e9, "", ""},
		{one, 1e9, 0, "", "give one"},
		{none, 0, 0, "", "gives no flop rate"},
		{"", 0, -1, "measured at start", ""}, // -1: any positive speed
	} {
		ref, err := recordingReference(c.file, c.given)
		switch {
		case c.err != "":
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("%s %g: error %v, want %q", c.file, c.given, err, c.err)
			}
		case err != nil:
			t.Errorf("%s %g: %v", c.file, c.given, err)
		case c.speed < 0 && !(ref.Speed > 0):
			t.Errorf("measured %g flop/s", ref.Speed)
		case (c.speed >= 0 && ref.Speed != c.speed) || (c.src == "") != (ref.Source == "") || !strings.Contains(ref.Source, c.src):
			t.Errorf("%s %g: %+v, want %g flop/s from %q", c.file, c.given, ref, c.speed, c.src)
		}
	}
}
