package netbench

import (
	"strings"
	"testing"
	"time"

	"augur/machine"
)

// The machine file of a 2 ms, 12.5 MB/s link says so, loads, and gives the
// constant model the same message cost as the fit.
func TestWriteMachine(t *testing.T) {
	truth := Fit{Segments: []Segment{{0, 2e-3, 12.5e6}}}
	r, err := NewResult("tcp", "198.18.0.1:7361", exact(truth, Sizes(1<<20)), 3, time.Date(2026, 11, 25, 8, 0, 0, 0, time.UTC))
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	if err := WriteMachine(&b, "pair", 4, r); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"# Written by `augur bench network` on 2026-11-25 08:00 UTC: TCP ping-pong with the listener at 198.18.0.1:7361.",
		"  latency: 2ms\n  bandwidth: 12.5MB/s\n",
		"  eager_threshold: inf\n",
		"    - { from: 0, latency: 2ms, bandwidth: 12.5MB/s }\n",
		"--cfg smpi/lat-factor:'0:1'", "--cfg smpi/bw-factor:'0:1'",
		"  #       1 MiB: min 85.8861ms, median 85.8861ms, model 85.8861ms\n",
	} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("lacks %q:\n%s", want, b.String())
		}
	}
	m, err := machine.Parse("pair.yaml", []byte(b.String()))
	if err != nil {
		t.Fatal(err)
	}
	if l, bw := m.MessageCost(0, 1, 1<<20); l != 2e-3 || bw != 12.5e6 {
		t.Errorf("message cost: latency %g, bandwidth %g", l, bw)
	}
}

// A flat range (bandwidth 10¹⁵ B/s) and a zero latency still load.
func TestWriteMachineExtremes(t *testing.T) {
	r := &Result{Method: "mpi", Peer: "a,b", Fit: Fit{Segments: []Segment{{0, 0, 1e15}, {1024, 3e-6, 1e9}}},
		Samples: []Sample{{Size: 1, Min: 1e-6, Median: 1e-6}}}
	r.LatFactor, r.BwFactor = r.Fit.Factors()
	if r.LatFactor != "0:0;1039:1" || r.BwFactor != "0:1e+06;1039:1" {
		t.Errorf("factors %q %q", r.LatFactor, r.BwFactor)
	}
	var b strings.Builder
	if err := WriteMachine(&b, "x", 1, r); err != nil {
		t.Fatal(err)
	}
}
