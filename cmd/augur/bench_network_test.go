package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"augur/internal/machine"
)

// augur bench network over loopback: the listener serves one peer and
// exits; the peer writes a machine file that predict and replay take, whose
// segments and SMPI factors give a ping-pong exactly as the fit says.
func TestBenchNetworkLoopback(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	done := make(chan string, 1)
	go func() {
		var out, errb bytes.Buffer
		code := run(&env{stdout: &out, stderr: &errb}, []string{"bench", "network", "--listen", addr, "--timeout", "30s", "--sessions", "4"})
		done <- fmt.Sprintf("%d %s%s", code, out.String(), errb.String())
	}()
	dir := t.TempDir()
	file := filepath.Join(dir, "lo.yaml")
	code, stdout, errs := augur(t, "bench", "network", "--peer", addr, "--max-size", "1MiB", "--reps", "3", "-o", file, "--name", "lo", "--format", "json", "--timeout", "30s")
	if code != exitOK {
		t.Fatalf("peer: exit %d: %s", code, errs)
	}
	// The same listener serves the text and CSV runs.
	code, text, errs := augur(t, "bench", "network", "--peer", addr, "--max-size", "64KiB", "--reps", "2")
	if code != exitOK || !strings.Contains(text, "network to "+addr+" (TCP ping-pong)") || !strings.Contains(text, "SMPI: --network-model SMPI --cfg smpi/lat-factor:'0:1") {
		t.Errorf("text: exit %d %s%s", code, text, errs)
	}
	code, csvOut, errs := augur(t, "bench", "network", "--peer", addr, "--max-size", "64KiB", "--reps", "2", "--format", "csv")
	recs := csvRecords(t, csvOut)
	samples, segs := csvOf(recs, "sample"), csvOf(recs, "segment")
	if code != exitOK || recs[0]["record"] != "summary" || recs[0]["method"] != "tcp" || recs[0]["peer"] != addr ||
		len(samples) != 17 || samples[0]["size_bytes"] != "1" || samples[16]["size_bytes"] != "65536" || len(segs) == 0 || segs[0]["from_bytes"] != "0" {
		t.Errorf("csv: exit %d %s%s", code, csvOut, errs)
	}
	// --base: Gescher's nodes and intra with the measured network.
	merged := filepath.Join(dir, "gescher.yaml")
	if code, _, errs := augur(t, "bench", "network", "--peer", addr, "--max-size", "64KiB", "--reps", "2", "--base", ex+"machines/gescher.yaml", "-o", merged); code != exitOK {
		t.Errorf("--base: exit %d %s", code, errs)
	} else if g, err := machine.Load(merged); err != nil || g.NumNodes() != 16 || g.Net.IntraLatency != 5e-6 || len(g.Net.Segments) == 0 {
		t.Errorf("--base: %v %+v", err, g)
	} else if data, _ := os.ReadFile(merged); strings.Contains(string(data), "100us end to end") {
		t.Errorf("--base kept the old latency's comment:\n%s", data)
	}
	if l := <-done; strings.Count(l, "served") != 4 || !strings.HasPrefix(l, "0 ") {
		t.Errorf("listener: %s", l)
	}
	var r struct {
		Samples []struct {
			Size int64 `json:"size_bytes"`
		} `json:"samples"`
		Fit struct {
			Segments []struct {
				From      float64 `json:"from_bytes"`
				Latency   float64 `json:"latency_s"`
				Bandwidth float64 `json:"bandwidth_bytes_per_s"`
			} `json:"segments"`
		} `json:"fit"`
		Lat       string  `json:"smpi_lat_factor"`
		Bw        string  `json:"smpi_bw_factor"`
		Latency   float64 `json:"latency_s"`
		Bandwidth float64 `json:"bandwidth_bytes_per_s"`
	}
	if err := json.Unmarshal([]byte(stdout), &r); err != nil {
		t.Fatalf("%v: %s", err, stdout)
	}
	if len(r.Samples) != 21 || len(r.Fit.Segments) == 0 || !(r.Latency > 0) || !(r.Bandwidth > 0) {
		t.Fatalf("result %s", stdout)
	}
	m, err := machine.Load(file)
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Net.Segments) != len(r.Fit.Segments) {
		t.Errorf("file has %d segments, fit %d", len(m.Net.Segments), len(r.Fit.Segments))
	}
	// A ping-pong of s bytes, replayed: two one-way messages.
	seg := func(s float64) machine.Segment {
		g := m.Net.Segments[0]
		for _, x := range m.Net.Segments {
			if x.From <= s {
				g = x
			}
		}
		return g
	}
	// augur predict takes the file too: examples/pingpong.aug, one round
	// trip of 100 kB between the two nodes.
	code, out, errs := augur(t, "predict", ex+"pingpong.aug", "--machine", file, "--procs", "2", "--set", "SIZE=100000", "--set", "REPS=1", "--format", "json")
	var p struct {
		T float64 `json:"time_s"`
	}
	if code != exitOK || json.Unmarshal([]byte(out), &p) != nil {
		t.Fatalf("predict: exit %d %s", code, errs)
	}
	if g := seg(100000); math.Abs(p.T-2*(g.Latency+100000/g.Bandwidth)) > 1e-12 {
		t.Errorf("predict: %g s, the fit says %g s", p.T, 2*(g.Latency+100000/g.Bandwidth))
	}
	for _, s := range []float64{100, 5000, 100000, 1 << 20} {
		trace := filepath.Join(dir, "pp.txt")
		os.WriteFile(trace, []byte(fmt.Sprintf("0 init\n1 init\n0 send 1 0 %g\n1 recv 0 0 %g\n1 send 0 1 %g\n0 recv 1 1 %g\n0 finalize\n1 finalize\n", s, s, s, s)), 0o644)
		g := seg(s)
		for _, c := range []struct {
			args []string
			want float64
		}{
			{nil, 2 * (g.Latency + s/g.Bandwidth)},
			// SMPI moves 16 bytes more and scales the file's latency and
			// bandwidth by the factors of the segment.
			{[]string{"--network-model", "SMPI", "--cfg", "smpi/lat-factor:" + r.Lat, "--cfg", "smpi/bw-factor:" + r.Bw}, 2 * (g.Latency + (s+16)/g.Bandwidth)},
		} {
			code, out, errs := augur(t, append([]string{"replay", trace, "--platform", file, "--np", "2", "--format", "json"}, c.args...)...)
			var rep struct {
				T float64 `json:"time_s"`
			}
			if code != exitOK || json.Unmarshal([]byte(out), &rep) != nil {
				t.Fatalf("replay %v: exit %d %s", c.args, code, errs)
			}
			// The file rounds to 6 digits, the factors too.
			if math.Abs(rep.T-c.want) > 2e-5*c.want {
				t.Errorf("%g B %v: replay %g s, fit %g s", s, c.args, rep.T, c.want)
			}
		}
	}
}

func TestBenchNetworkUsage(t *testing.T) {
	for _, c := range [][]string{
		{"bench", "network"},
		{"bench", "network", "--peer", "a:1", "--mpi"},
		{"bench", "network", "--peer", "nohostport"},
		{"bench", "network", "--peer", "a:1", "--max-size", "32MiB"},
		{"bench", "network", "--peer", "a:1", "--max-size", "0"},
		{"bench", "network", "--peer", "a:1", "--format", "xml"},
		{"bench", "network", "--peer", "a:1", "--segments", "0"},
		{"bench", "network", "--peer", "a:1", "--timeout", "0s"},
		{"bench", "network", "--mpi", "--collectives", "scan"},
		{"bench", "network", "--mpi", "--np", "1"},
		{"bench", "network", "--mpi", "--hosts", ","},
		{"bench", "network", "--listen", "127.0.0.1:0", "--sessions", "0"},
		{"bench", "network", "extra"},
		{"bench", "network", "--peer", "a:1", "--base", "m.yaml"},
	} {
		if code, _, errs := augur(t, c...); code != exitUsage || errs == "" {
			t.Errorf("%v: exit %d, %q", c, code, errs)
		}
	}
}

// A --base that is missing or does not load is refused before measuring.
func TestBenchNetworkBadBase(t *testing.T) {
	bad := filepath.Join(t.TempDir(), "bad.yaml")
	os.WriteFile(bad, []byte("name: x\nnodes: 3\n"), 0o644)
	for _, base := range []string{"/nonexistent/m.yaml", bad} {
		code, _, errs := augur(t, "bench", "network", "--peer", "127.0.0.1:1", "--base", base, "-o", filepath.Join(t.TempDir(), "o.yaml"))
		if code != exitInput || strings.Contains(errs, "connecting") {
			t.Errorf("%s: exit %d %s", base, code, errs)
		}
	}
}

// A listener nobody connects to ends, with the reason, after --timeout.
func TestBenchNetworkListenTimeout(t *testing.T) {
	code, _, errs := augur(t, "bench", "network", "--listen", "127.0.0.1:0", "--timeout", "100ms")
	if code != exitSim || !strings.Contains(errs, "no peer connected") {
		t.Errorf("exit %d: %s", code, errs)
	}
}
