package main

import (
	"encoding/json"
	"math"
	"strings"
	"testing"
)

// ring4 is an archive the OTF2 library wrote of a 4-rank run
// (internal/frontend/otf2/testdata/mpiwrite.c) and ring4.tit the same
// run as a TiT trace, its compute at 1 Gflop/s.
const ring4 = "../../internal/frontend/otf2/testdata/ring4"

func simulationTime(t *testing.T, out string) string {
	t.Helper()
	i := strings.LastIndex(out, "Simulation time ")
	if i < 0 {
		t.Fatalf("no simulation time in:\n%s", out)
	}
	return strings.TrimSpace(out[i:])
}

// augur replay reads an OTF2 archive (its anchor or its directory) to the
// time of the same run's TiT trace, says how its compute was read and
// what it did not read.
func TestReplayOTF2(t *testing.T) {
	plat := sg + "cluster_backbone.xml"
	code, want, errs := augur(t, "replay", ring4+".tit", "--platform", plat)
	if code != exitOK {
		t.Fatalf("TiT: exit %d: %s", code, errs)
	}
	for _, trace := range []string{ring4 + "/traces.otf2", ring4} {
		code, out, errs := augur(t, "replay", trace, "--platform", plat, "--ref-speed", "1e9")
		if code != exitOK {
			t.Fatalf("%s: exit %d: %s", trace, code, errs)
		}
		if simulationTime(t, out) != simulationTime(t, want) {
			t.Errorf("%s: %s, the TiT trace %s", trace, simulationTime(t, out), simulationTime(t, want))
		}
		for _, w := range []string{"OTF2 trace: compute recorded in seconds on a host of 1e+09 flop/s (given by --ref-speed)",
			"warning: not read from the OTF2 trace: 2 OpenMP and thread events"} {
			if !strings.Contains(out, w) {
				t.Errorf("%s: output lacks %q:\n%s", trace, w, out)
			}
		}
		if !strings.Contains(errs, "augur replay: an OTF2 trace: compute recorded in seconds") || strings.Contains(errs, "states no reference speed") {
			t.Errorf("%s: stderr %q", trace, errs)
		}
	}
	// The recording host's machine file: Gescher's 700 Mflop/s, so rank
	// 1's 6 ms of bursts take 4.2 ms on the cluster's 1 Gflop/s hosts.
	code, out, errs := augur(t, "replay", ring4+"/traces.otf2", "--platform", plat, "--ref-machine", "../../examples/machines/gescher.yaml", "--format", "json")
	if code != exitOK {
		t.Fatalf("--ref-machine: exit %d: %s", code, errs)
	}
	var r struct {
		Ranks []struct {
			Compute float64 `json:"compute_s"`
		} `json:"ranks"`
	}
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatal(err)
	}
	if len(r.Ranks) != 4 || math.Abs(r.Ranks[1].Compute-4.2e-3) > 1e-12 {
		t.Errorf("--ref-machine gescher.yaml: ranks %+v, want rank 1 computing 4.2 ms", r.Ranks)
	}
	if !strings.Contains(errs, "700 Mflop/s") && !strings.Contains(errs, "7e+08 flop/s (of machine file ../../examples/machines/gescher.yaml, node group sgi1450)") {
		t.Errorf("--ref-machine: stderr %q", errs)
	}
}

// The flags that give the recording host's speed are for OTF2 traces and
// exclude each other; an anchor read as TiT says what it is.
func TestReplayOTF2Usage(t *testing.T) {
	plat := sg + "cluster_backbone.xml"
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{ring4 + ".tit", "--ref-speed", "1e9"}, exitUsage, "--ref-speed and --ref-machine are for OTF2 traces"},
		{[]string{ring4, "--ref-speed", "1e9", "--ref-machine", "m.yaml"}, exitUsage, "give one"},
		{[]string{ring4, "--ref-speed", "-3"}, exitUsage, "--ref-speed -3: want a positive number"},
		{[]string{ring4, "--np", "5"}, exitUsage, "has 4 ranks, but 5 were asked for"},
	} {
		code, _, errs := augur(t, append([]string{"replay", "--platform", plat}, c.args...)...)
		if code != c.code || !strings.Contains(errs, c.want) {
			t.Errorf("%v: exit %d, %q; want %d and %q", c.args, code, errs, c.code, c.want)
		}
	}
}
