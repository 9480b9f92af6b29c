package netbench

import (
	"strings"
	"testing"
	"time"

	"augur/internal/machine"
	"augur/internal/machine/netmodel"
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
	// The zero latency is written as a millionth of the reference: augur
	// replay (and SimGrid's users) take only positive factors.
	if r.LatFactor != "0:1e-06;1039:1" || r.BwFactor != "0:1e+06;1039:1" {
		t.Errorf("factors %q %q", r.LatFactor, r.BwFactor)
	}
	for _, f := range []string{r.LatFactor, r.BwFactor} {
		if _, err := netmodel.ParseFactors(f); err != nil {
			t.Errorf("replay would refuse %q: %v", f, err)
		}
	}
	var b strings.Builder
	if err := WriteMachine(&b, "x", 1, r); err != nil {
		t.Fatal(err)
	}
}

// MergeNetwork puts the measured network into a machine file of
// `augur bench machine` (its intra and everything else kept), into one
// without a network, and into one indented by four; a network on one line
// is refused with its line.
func TestMergeNetwork(t *testing.T) {
	truth := Fit{Segments: []Segment{{0, 2e-3, 12.5e6}}}
	r, err := NewResult("tcp", "h:1", exact(truth, Sizes(1024)), 3, time.Date(2026, 11, 25, 8, 0, 0, 0, time.UTC))
	if err != nil {
		t.Fatal(err)
	}
	bench := `name: vm
nodes:
  - name: vm
    count: 1
    cpus: 2
    flops: 3e9
network:
  # Between nodes: not measured here (one machine); set latency and
  # bandwidth of your network, or combine with a profile measured there.
  latency: 100us
  bandwidth: 1GB/s
  segments:
    - { from: 0, latency: 1us, bandwidth: 1GB/s }
    - { from: 64KiB, latency: 2us,
        bandwidth: 2GB/s }
  intra: { latency: 142.9ns, bandwidth: 7926.9MB/s,
           segments: [ { from: 0, latency: 142.9ns, bandwidth: 7926.9MB/s }, { from: 4KiB, latency: 2.237us, bandwidth: 9237.1MB/s } ] }
  eager_threshold: 64KiB
`
	out, err := MergeNetwork("vm.yaml", []byte(bench), r)
	if err != nil {
		t.Fatal(err)
	}
	m, err := machine.Parse("vm.yaml", out)
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Net.Segments) != 1 || m.Net.Segments[0].Latency != 2e-3 || m.Net.Segments[0].Bandwidth != 12.5e6 ||
		len(m.Net.IntraSegments) != 2 || !near(m.Net.IntraLatency, 142.9e-9, 1e-9) || m.Groups[0].Flops != 3e9 {
		t.Errorf("merged:\n%s\n%+v", out, m.Net)
	}
	if strings.Contains(string(out), "64KiB") || strings.Contains(string(out), "not measured here") || !strings.Contains(string(out), "  intra: { latency: 142.9ns") {
		t.Errorf("merged:\n%s", out)
	}
	noNet := "name: a\nnodes:\n  - { name: a, count: 2, cpus: 1 }"
	if out, err = MergeNetwork("a.yaml", []byte(noNet), r); err != nil || !strings.HasSuffix(string(out), "  segments:\n    - { from: 0, latency: 2ms, bandwidth: 12.5MB/s }\n") {
		t.Errorf("no network: %v\n%s", err, out)
	}
	four := "name: a\nnodes:\n    - name: a\n      count: 2\n      cpus: 1\nnetwork:\n    latency: 1us\n    nic_serialise: false\n"
	if out, err = MergeNetwork("a.yaml", []byte(four), r); err != nil || !strings.Contains(string(out), "\n    latency: 2ms\n") || !strings.Contains(string(out), "\n    nic_serialise: false\n") {
		t.Errorf("four spaces: %v\n%s", err, out)
	}
	flow := "name: a\nnodes:\n  - { name: a, count: 2, cpus: 1 }\nnetwork: { latency: 1us }\n"
	if _, err = MergeNetwork("a.yaml", []byte(flow), r); err == nil || err.Error() != "a.yaml:4:10: network is written on one line; write it as a block to merge into it" {
		t.Errorf("flow: %v", err)
	}
	if _, err = MergeNetwork("a.yaml", []byte("name: a\nnodes: 3\n"), r); err == nil {
		t.Error("a base that does not load: no error")
	}
}

// FuzzMergeNetwork: whatever the base file, the merge returns an error or
// a file that loads with the measured segments; it never panics.
func FuzzMergeNetwork(f *testing.F) {
	f.Add("name: a\nnodes:\n  - { name: a, count: 2, cpus: 1 }\nnetwork:\n  latency: 1us\n  segments:\n    - { from: 0, latency: 1us, bandwidth: 1GB/s }\n  intra: { latency: 1ns, bandwidth: inf }\n")
	f.Add("name: a\nnodes:\n    - name: a\n      count: 2\n      cpus: 1\nnetwork:\n    # note\n    latency: 1us\n")
	f.Add("name: a\nnodes:\n  - { name: a, count: 2, cpus: 1 }\nnetwork: { latency: 1us }\n")
	truth := Fit{Segments: []Segment{{0, 2e-3, 12.5e6}}}
	r, err := NewResult("tcp", "h:1", exact(truth, Sizes(1024)), 3, time.Unix(0, 0))
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, base string) {
		out, err := MergeNetwork("base.yaml", []byte(base), r)
		if err != nil {
			return
		}
		m, err := machine.Parse("base.yaml", out)
		if err != nil {
			t.Fatalf("merged file does not load: %v", err)
		}
		if len(m.Net.Segments) != 1 || m.Net.Segments[0].Latency != 2e-3 {
			t.Errorf("segments %+v of\n%s", m.Net.Segments, out)
		}
	})
}
