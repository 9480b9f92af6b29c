package main

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// predict --cfg changes the network as replay's does. Under the constant
// model a ping-pong of 200 messages of 1000 bytes over links of 100 µs
// and 1 MB/s takes 200 × (100 µs + 1 ms); halving the bandwidth makes it
// 200 × (100 µs + 2 ms), tripling the latency and doubling the bandwidth
// 200 × (300 µs + 0.5 ms).
func TestPredictCfg(t *testing.T) {
	dir := t.TempDir()
	m := filepath.Join(dir, "two.yaml")
	if err := os.WriteFile(m, []byte("name: two\nnodes:\n  - {count: 2, cpus: 1}\nnetwork:\n  latency: 100us\n  bandwidth: 1MB/s\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	base := []string{"predict", ex + "pingpong.aug", "--machine", m, "--procs", "2", "--set", "SIZE=1000", "--format", "json"}
	for _, c := range []struct {
		cfg  []string
		want float64
	}{
		{nil, 200 * (100e-6 + 1e-3)},
		{[]string{"--cfg", "network/bandwidth-factor:0.5"}, 200 * (100e-6 + 2e-3)},
		{[]string{"--cfg", "network/latency-factor:3", "--cfg", "smpi/bw-factor:2"}, 200 * (300e-6 + 0.5e-3)},
	} {
		code, out, errs := augur(t, append(append([]string(nil), base...), c.cfg...)...)
		var r struct {
			Time float64 `json:"time_s"`
		}
		if code != exitOK || json.Unmarshal([]byte(out), &r) != nil {
			t.Fatalf("%v: exit %d: %s", c.cfg, code, errs)
		}
		if math.Abs(r.Time-c.want) > 1e-9*c.want {
			t.Errorf("%v: %v s, want %v s", c.cfg, r.Time, c.want)
		}
	}
	// A flow model shares links; SMPI's factors change the time.
	code, out, errs := augur(t, append(append([]string(nil), base...), "--cfg", "network/model:SMPI")...)
	if code != exitOK || !strings.Contains(out, `"time_s"`) {
		t.Errorf("SMPI: exit %d: %s", code, errs)
	}
	// Settings the constant model cannot honour are refused, not ignored.
	for _, bad := range []string{"network/TCP-gamma:0", "smpi/bw-factor:100:0.5;0:1", "nonsense:1", "network/model:foo"} {
		code, _, errs := augur(t, append(append([]string(nil), base...), "--cfg", bad)...)
		if code != exitUsage || !strings.Contains(errs, "--cfg") && !strings.Contains(errs, "network") {
			t.Errorf("--cfg %s: exit %d (want %d): %s", bad, code, exitUsage, errs)
		}
	}
}

// A placement for another number of processes is a usage error (exit 2),
// as docs/cli.md says of every invalid flag value.
func TestPredictMapUsage(t *testing.T) {
	code, _, errs := augur(t, "predict", ex+"sample.aug", "--machine", ex+"machines/ideal.yaml", "--procs", "4", "--map", "0,1,1")
	if code != exitUsage || !strings.Contains(errs, "3 entries for 4 processes") {
		t.Errorf("--map 0,1,1 with 4 processes: exit %d (want %d): %s", code, exitUsage, errs)
	}
	code, out, _ := augur(t, "--version")
	if code != exitOK || !strings.HasPrefix(out, "augur ") {
		t.Errorf("augur --version: exit %d, %q", code, out)
	}
	if code, out2, _ := augur(t, "-v"); code != exitOK || out2 != out {
		t.Errorf("augur -v: exit %d, %q", code, out2)
	}
}

// Without --procs, predict runs one process per CPU and says so when that
// is many (ideal.yaml has a million CPUs).
func TestPredictBigDefaultNoted(t *testing.T) {
	_, _, errs := augur(t, "predict", ex+"sample.aug", "--machine", ex+"machines/ideal.yaml", "--nodes", "3000", "--format", "json")
	if !strings.Contains(errs, "no --procs: simulating one process per CPU") {
		t.Errorf("no note on stderr: %q", errs)
	}
	_, _, errs = augur(t, "predict", ex+"sample.aug", "--machine", ex+"machines/ideal.yaml", "--procs", "4", "--format", "json")
	if strings.Contains(errs, "no --procs") {
		t.Errorf("a note with --procs given: %q", errs)
	}
}
