package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// recorded is what a rank's trace says of itself: its reference speed
// line, the compute seconds the recorder summed at the end, and the
// flops of its reductions' computation (allreduce, reduce).
type recorded struct {
	speed, computeS, reduceFlops float64
	refLine                      string
}

// readRecorded reads the header and the trailer of a recorder's trace.
func readRecorded(t *testing.T, path string) recorded {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var r recorded
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if s, ok := strings.CutPrefix(line, "# augur reference speed: "); ok {
			r.refLine = line
			r.speed, _ = strconv.ParseFloat(strings.Fields(s)[0], 64)
		}
		if s, ok := strings.CutPrefix(line, "# augur recorded compute: "); ok {
			r.computeS, _ = strconv.ParseFloat(strings.Fields(s)[0], 64)
		}
		if f := strings.Fields(line); len(f) >= 4 && (f[1] == "allreduce" || f[1] == "reduce") {
			v, _ := strconv.ParseFloat(f[3], 64)
			r.reduceFlops += v
		}
	}
	if r.speed == 0 || r.computeS == 0 {
		t.Fatalf("%s: no reference speed or recorded compute in the trace", path)
	}
	return r
}

// replayCompute replays index on plat and returns each rank's compute
// seconds and the simulation time.
func replayCompute(t *testing.T, index, plat string, extra ...string) ([]float64, float64, string) {
	t.Helper()
	code, out, errs := augur(t, append([]string{"replay", index, "--platform", plat, "--format", "json"}, extra...)...)
	if code != exitOK {
		t.Fatalf("replay on %s: exit %d\n%s", plat, code, errs)
	}
	var r struct {
		Time  float64 `json:"time_s"`
		Ranks []struct {
			Compute float64 `json:"compute_s"`
		} `json:"ranks"`
	}
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatal(err)
	}
	var c []float64
	for _, k := range r.Ranks {
		c = append(c, k.Compute)
	}
	return c, r.Time, errs
}

var smpiTime = regexp.MustCompile(`Simulation time ([0-9.e+-]+)`)

// smpirunReplay replays index with smpirun -replay on plat, the ranks on
// the hosts of hostfile, and returns its simulation time.
func smpirunReplay(t *testing.T, index, plat, hostfile string, np int) float64 {
	t.Helper()
	out, err := exec.Command("smpirun", "-no-privatize", "-replay", index, "-np", strconv.Itoa(np), "-platform", plat,
		"-hostfile", hostfile, "/usr/lib/x86_64-linux-gnu/simgrid/smpireplaymain").CombinedOutput()
	m := smpiTime.FindSubmatch(out)
	if err != nil || m == nil {
		t.Fatalf("smpirun -replay %s on %s: %v\n%s", index, plat, err, out)
	}
	v, _ := strconv.ParseFloat(string(m[1]), 64)
	return v
}

// The reference speed travels with the trace: recorded with this host's
// machine file, each rank's trace states its flop rate and host, and a
// replay on that file gives each rank's compute as the seconds the
// recorder measured (plus its reductions' computation, which the
// recorder writes as the allreduces' flops); on
// examples/mpi/localhost.xml (1 Gflop/s cores)
// those seconds scaled by the ratio of the speeds; smpirun -replay gives
// augur's simulation time on both (the machine file as a SimGrid
// platform of its speed).
func TestRecordStatesReferenceSpeed(t *testing.T) {
	for _, tool := range []string{"mpicc", "mpirun", "smpirun"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s not found (openmpi-bin, libopenmpi-dev, libsimgrid-dev)", tool)
		}
	}
	dir := t.TempDir()
	prog := filepath.Join(dir, "burst_allreduce")
	if out, err := exec.Command("mpicc", "-O2", "-o", prog, "testdata/mpi/burst_allreduce.c").CombinedOutput(); err != nil {
		t.Fatalf("mpicc: %v\n%s", err, out)
	}
	t.Setenv("XDG_CACHE_HOME", filepath.Join(dir, "cache"))
	// This host's machine file, as augur bench machine writes it (one
	// node group with its flop rate); 2.5 Gflop/s stands for the
	// measured figure.
	const speed = 2.5e9
	here := filepath.Join(dir, "here.yaml")
	writeFile(t, here, fmt.Sprintf(`name: here
nodes:
  - { name: here, count: 1, cpus: 2, speed: 1, flops: %g }
network:
  latency: 1us
  bandwidth: 5GB/s
  intra: { latency: 1us, bandwidth: 5GB/s }
`, speed))
	// The same host as a SimGrid platform, for smpirun.
	hereXML := filepath.Join(dir, "here.xml")
	b, err := os.ReadFile(ex + "mpi/localhost.xml")
	if err != nil {
		t.Fatal(err)
	}
	writeFile(t, hereXML, strings.ReplaceAll(string(b), `speed="1Gf"`, `speed="2.5Gf"`))
	hosts := filepath.Join(dir, "hosts")
	writeFile(t, hosts, "core0\ncore1\n")

	for _, np := range []int{1, 2} {
		rec := filepath.Join(dir, fmt.Sprintf("rec%d", np))
		code, _, errs := augur(t, "record", "--mpi", "--np", strconv.Itoa(np), "--machine", here, "-o", rec, "--",
			prog, "20000", "10", "20")
		if code != exitOK {
			t.Fatalf("record at %d ranks: exit %d\n%s", np, code, errs)
		}
		host, _ := os.Hostname()
		index := filepath.Join(rec, "index.txt")
		var want, reduce []float64
		for r := 0; r < np; r++ {
			rr := readRecorded(t, filepath.Join(rec, fmt.Sprintf("rank-%d.txt", r)))
			if rr.speed != speed || !strings.Contains(rr.refLine, "measured on host "+host+" (machine file ") {
				t.Errorf("rank %d states %q, want %g flop/s measured on %s from the machine file", r, rr.refLine, speed, host)
			}
			want = append(want, rr.computeS+rr.reduceFlops/speed)
			reduce = append(reduce, rr.reduceFlops)
		}
		// Every rank of the 2-rank allreduce combines a vector, and
		// measured its operator's time for it; one rank combines nothing
		// (its amount is the first touch of the fresh receive vector,
		// which the first call faults in: docs/replay.md §3.3).
		if np == 2 && (reduce[0] == 0 || reduce[1] == 0) {
			t.Errorf("%d ranks: reductions' flops %v", np, reduce)
		}
		got, _, errs := replayCompute(t, index, here)
		if errs != "" {
			t.Errorf("a trace that states its speed: stderr %q", errs)
		}
		for r := range want {
			// Rounding a burst to whole flops is far below 0.1 %.
			if d := got[r]/want[r] - 1; d < -1e-3 || d > 1e-3 {
				t.Errorf("%d ranks: rank %d replays %.9f s of compute on its own machine file, recorded %.9f s", np, r, got[r], want[r])
			}
		}
		slow, slowTime, _ := replayCompute(t, index, ex+"mpi/localhost.xml")
		for r := range want {
			if d := slow[r]/(want[r]*speed/1e9) - 1; d < -1e-3 || d > 1e-3 {
				t.Errorf("%d ranks: rank %d computes %.9f s on 1 Gflop/s cores, want %.9f × 2.5", np, r, slow[r], want[r])
			}
		}
		_, hereTime, _ := replayCompute(t, index, hereXML, "--hostfile", hosts)
		for _, c := range []struct {
			plat string
			time float64
		}{{ex + "mpi/localhost.xml", slowTime}, {hereXML, hereTime}} {
			if s := smpirunReplay(t, index, c.plat, hosts, np); s < c.time-1.0001e-6 || s > c.time+1.0001e-6 {
				t.Errorf("%d ranks on %s: augur %.6f s, smpirun %.6f s", np, c.plat, c.time, s)
			}
		}
	}
}

// A trace that states no speed (SimGrid's own) is read as flops, with one
// line on standard error saying so.
func TestReplayNoStatedSpeed(t *testing.T) {
	d := "../../internal/run/replay/testdata/simgrid/"
	_, _, errs := replayCompute(t, d+"actions_bcast.txt", d+"small_platform.xml", "--hostfile", d+"hostfile", "--np", "3")
	if n := strings.Count(errs, "\n"); n != 1 || !strings.Contains(errs, "states no reference speed") {
		t.Errorf("stderr: %q, want one line about the reference speed", errs)
	}
}

func writeFile(t *testing.T, path, text string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}
