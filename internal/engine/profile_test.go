package engine_test

import (
	"math"
	"path/filepath"
	"strings"
	"testing"

	"augur/internal/machine"
	"augur/internal/machine/platform"
	"augur/internal/run/replay"
)

// replayFile replays trace on a platform of platform/testdata with np
// ranks placed by hostfile.
func replayFile(t *testing.T, dir, plat, hosts, trace string, np int, cfg ...[2]string) (*replay.Result, error) {
	t.Helper()
	base := filepath.Join("..", "machine", "platform", "testdata", dir)
	m, err := platform.Load(filepath.Join(base, plat))
	if err != nil {
		t.Fatal(err)
	}
	h, err := platform.ReadHostfile(filepath.Join(base, hosts))
	if err != nil {
		t.Fatal(err)
	}
	return replay.Run(replay.Options{Trace: filepath.Join(base, trace), NP: np, Machine: m, Hostfile: h, Cfg: cfg})
}

// twoSwitchTimes are smpirun's (SimGrid 3.32) times for dPerf's
// two-switch cluster, 8 ranks each sending 10 MB across.
var twoSwitchTimes = map[string]float64{"SMPI": 7.146002, "CM02": 6.720211, "LV08": 6.930448}

// TestTwoSwitchCluster holds the two-switch platform, written with
// explicit routes, with two <cluster>s and with a hand-written cluster
// whose <backbone> is the link between the switches, to smpirun's time
// under every network model.
func TestTwoSwitchCluster(t *testing.T) {
	for _, form := range []string{"routes", "clusters", "backbone"} {
		for model, want := range twoSwitchTimes {
			res, err := replayFile(t, "twoswitch", form+".xml", "hosts", "send10MB.txt", 16, [2]string{"network/model", model})
			if err != nil {
				t.Fatalf("%s %s: %v", form, model, err)
			}
			if got := res.SimulationTime; math.Abs(got-want) > 1.0001e-6 {
				t.Errorf("%s %s: %.6f s, smpirun %.6f s", form, model, got, want)
			}
		}
	}
}

// TestSpeedProfileHalving: host A halves its speed at 1 s. Rank 0's 2e9
// flops at 1 Gflop/s: 1e9 in the first second, the other 1e9 at 0.5
// Gflop/s in 2 s, 3 s in all (smpirun 3.32 prints 3.000000).
func TestSpeedProfileHalving(t *testing.T) {
	res, err := replayFile(t, "profiles", "half.xml", "hosts2", "compute2e9.txt", 2)
	if err != nil {
		t.Fatal(err)
	}
	if got := res.SimulationTime; math.Abs(got-3) > 1e-12 {
		t.Errorf("%.12f s, want 3", got)
	}
}

// TestSpeedProfileShared: ranks 0 and 1 share host A (one core), whose
// speed follows per.profile (PERIODICITY 2: ×0.25 from 0.5 s, ×1 from
// 1.5 s). Each gets half of A: the 2e9 flops both need by rank 1's end
// take [0, 0.5) 0.5e9, [0.5, 1.5) 0.25e9, [1.5, 2.5) 1e9, [2.5, 3.5)
// 0.25e9: rank 1 ends at 3.5 s. Rank 0's last 2e9 alone: [3.5, 4.5) 1e9,
// [4.5, 5.5) 0.25e9, then 0.75e9 at 1 Gflop/s: 6.25 s (smpirun: 6.250000).
func TestSpeedProfileShared(t *testing.T) {
	res, err := replayFile(t, "profiles", "three.xml", "hostsAAB", "shared.txt", 3)
	if err != nil {
		t.Fatal(err)
	}
	if got := res.SimulationTime; math.Abs(got-6.25) > 1e-12 {
		t.Errorf("%.12f s, want 6.25", got)
	}
}

// TestBandwidthProfileOneFlow: 1000 bytes (1016 with SMPI's 16 extra)
// from A to B over link l, CM02 without cross traffic. The flow pays
// 10 ms of latency, and its bound is l's bandwidth when it started (1000
// B/s: SimGrid does not raise it later). l: 1000 B/s, 2000 from 0.3 s,
// 500 from 0.5 s, 2000 from 1.2 s (LOOPAFTER 0.4). Bytes: [0.01, 0.3)
// 290, [0.3, 0.5) 200, [0.5, 1.2) 350, then 176 at 1000 B/s: 1.376 s
// (smpirun: 1.376000).
func TestBandwidthProfileOneFlow(t *testing.T) {
	res, err := replayFile(t, "profiles", "three.xml", "hosts3", "oneflow.txt", 3,
		[2]string{"network/model", "CM02"}, [2]string{"network/crosstraffic", "0"})
	if err != nil {
		t.Fatal(err)
	}
	if got := res.SimulationTime; math.Abs(got-1.376) > 1e-12 {
		t.Errorf("%.12f s, want 1.376", got)
	}
}

// TestStateProfileFailsRanks: host A turns off at 1 s while rank 0
// computes on it (smpirun stalls there).
func TestStateProfileFailsRanks(t *testing.T) {
	_, err := replayFile(t, "profiles", "off.xml", "hosts2", "compute2e9.txt", 2)
	if err == nil {
		t.Fatal("no error")
	}
	for _, want := range []string{"host A turned off at 1s", "off.profile:2", "process 0 on it fails"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q does not say %q", err, want)
		}
	}
}

// TestBypassRoutes: a <bypassRoute> from A to B over a slow link, and a
// <bypassZoneRoute> from zone z1 to z2 through host B and a slow link,
// replace the routes the zones give, in one direction; smpirun's
// (SimGrid 3.32) times.
func TestBypassRoutes(t *testing.T) {
	for _, c := range []struct {
		plat, model string
		want        float64
	}{
		{"flat.xml", "SMPI", 0.183511}, {"flat.xml", "CM02", 0.105160},
		{"hier.xml", "SMPI", 0.126780}, {"hier.xml", "CM02", 0.069597},
	} {
		res, err := replayFile(t, "bypass", c.plat, "hosts", "pingpong.txt", 3, [2]string{"network/model", c.model})
		if err != nil {
			t.Fatal(err)
		}
		if got := res.SimulationTime; math.Abs(got-c.want) > 1.0001e-6 {
			t.Errorf("%s %s: %.6f s, smpirun %.6f s", c.plat, c.model, got, c.want)
		}
	}
}

// TestInlineTraces: the profiles of three.xml given inline by <trace>
// and <trace_connect> (inline.xml) give the same runs.
func TestInlineTraces(t *testing.T) {
	for _, c := range [][2]string{{"hostsAAB", "shared.txt"}, {"hosts3", "twoflows.txt"}, {"hosts3", "bigflows.txt"}} {
		for _, model := range []string{"SMPI", "CM02"} {
			cfg := [2]string{"network/model", model}
			a, err := replayFile(t, "profiles", "three.xml", c[0], c[1], 3, cfg)
			if err != nil {
				t.Fatal(err)
			}
			b, err := replayFile(t, "profiles", "inline.xml", c[0], c[1], 3, cfg)
			if err != nil {
				t.Fatal(err)
			}
			if a.SimulationTime != b.SimulationTime {
				t.Errorf("%s %s: files %v s, inline %v s", c[1], model, a.SimulationTime, b.SimulationTime)
			}
		}
	}
}

// TestLatencyProfile: one flow of 1016 bytes from A to B over link l
// (1000 B/s), CM02 without cross traffic, TCP-gamma 20 so that the
// latency bounds the rate at γ/(2·latency). The flow pays the 10 ms it
// starts with; l's latency then becomes 0.05 s at 0.3 s (bound 200 B/s)
// and 0.002 s at 0.5 s (bound back to the bandwidth it started with,
// 1000 B/s). Bytes: [0.01, 0.3) 290, [0.3, 0.5) 40, then 686 at
// 1000 B/s: 1.186 s (smpirun: 1.186000).
func TestLatencyProfile(t *testing.T) {
	res, err := replayFile(t, "profiles", "latency.xml", "hosts3", "oneflow.txt", 3,
		[2]string{"network/model", "CM02"}, [2]string{"network/crosstraffic", "0"}, [2]string{"network/TCP-gamma", "20"})
	if err != nil {
		t.Fatal(err)
	}
	if got := res.SimulationTime; math.Abs(got-1.186) > 1e-12 {
		t.Errorf("%.12f s, want 1.186", got)
	}
}

// TestLinkStateFails: link l turns off at 1 s while 5000 bytes cross it
// at 1000 B/s (smpirun aborts there with SimGrid's
// NetworkFailureException).
func TestLinkStateFails(t *testing.T) {
	_, err := replayFile(t, "profiles", "linkoff.xml", "hosts2", "send5000.txt", 2)
	if err == nil {
		t.Fatal("no error")
	}
	for _, want := range []string{"link l is off at 1s", "off.profile:2", "from process 0 to process 1"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q does not say %q", err, want)
		}
	}
}

// TestMachineBandwidthProfile: an augur machine whose switch link follows
// the bandwidth profile of platform/testdata/profiles/three.xml's link l
// (bw.profile) under CM02 without cross traffic gives
// TestBandwidthProfileOneFlow's 1.376 s; under the constant model it is
// refused.
func TestMachineBandwidthProfile(t *testing.T) {
	const yaml = `switches: [s1, s2]
nodes:
  - { name: a, count: 1, flops: 1Gf, switch: s1, link: { latency: 0, bandwidth: 1GB/s } }
  - { name: b, count: 1, flops: 1Gf, switch: s2, link: { latency: 0, bandwidth: 1GB/s } }
switch_links:
  - between: [s1, s2]
    latency: 10ms
    bandwidth: 1KB/s
    bandwidth_profile: { points: [[0.3s, 2KB/s], [0.5s, 500B/s]], period: 0.9s }
network:
  model: MODEL
`
	trace := filepath.Join("..", "machine", "platform", "testdata", "profiles", "oneflow.txt")
	m, err := machine.Parse("m.yaml", []byte(strings.Replace(yaml, "MODEL", "CM02\n  config: { network/crosstraffic: \"0\" }", 1)))
	if err != nil {
		t.Fatal(err)
	}
	res, err := replay.Run(replay.Options{Trace: trace, NP: 2, Machine: m})
	if err != nil {
		t.Fatal(err)
	}
	if got := res.SimulationTime; math.Abs(got-1.376) > 1e-12 {
		t.Errorf("%.12f s, want 1.376", got)
	}
	c, err := machine.Parse("m.yaml", []byte(strings.Replace(yaml, "MODEL", "constant", 1)))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := replay.Run(replay.Options{Trace: trace, NP: 2, Machine: c}); err == nil || !strings.Contains(err.Error(), "need a flow network model") {
		t.Errorf("constant model: %v", err)
	}
}
