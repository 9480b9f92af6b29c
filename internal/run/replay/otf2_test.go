package replay

import (
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"augur/internal/base/diag"
	"augur/internal/machine/platform"
)

// sg holds SimGrid's replay examples and platforms.
const sg = "testdata/simgrid/"

// otf2Run writes, with the real OTF2 library, the archive and the TiT
// trace of the same 4-rank run (../../frontend/otf2/testdata/mpiwrite.c:
// send/recv, irecv/isend/wait, bcast, reduce, allreduce, barrier,
// allgatherv, alltoallv, gatherv, reduce_scatter_block; its TiT compute
// converted at speed flop/s).
func otf2Run(t *testing.T, speed float64) (anchor, tit string) {
	t.Helper()
	if _, err := os.Stat("/usr/include/otf2/otf2.h"); err != nil {
		t.Skip("the OTF2 library is not installed (apt-get install libotf2-trace-dev otf2-tools)")
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "mpiwrite")
	if out, err := exec.Command("gcc", "-O1", "-o", bin, "../../frontend/otf2/testdata/mpiwrite.c", "-lotf2").CombinedOutput(); err != nil {
		t.Fatalf("gcc: %v\n%s", err, out)
	}
	tit = filepath.Join(dir, "trace.tit")
	if out, err := exec.Command(bin, filepath.Join(dir, "arch"), tit, strconv.FormatFloat(speed, 'g', -1, 64)).CombinedOutput(); err != nil {
		t.Fatalf("mpiwrite: %v\n%s", err, out)
	}
	return filepath.Join(dir, "arch", "traces.otf2"), tit
}

// An OTF2 archive replays to the time of the same run's TiT trace, on a
// homogeneous cluster (a burst at the recording speed) and on SimGrid's
// small platform, whose hosts differ in speed (then the recording host's
// speed scales each burst), within 0.1 % (they agree exactly: the
// actions are the same).
func TestOTF2ReplaysAsTiT(t *testing.T) {
	const speed = 98.095e6 // Tremblay's flop/s: bursts take their seconds there
	anchor, tit := otf2Run(t, speed)
	for _, c := range []struct{ plat, hostfile string }{
		{sg + "cluster_backbone.xml", ""},
		{sg + "small_platform.xml", sg + "hostfile"},
	} {
		m, err := platform.Load(c.plat)
		if err != nil {
			t.Fatal(err)
		}
		var hf *platform.Hostfile
		if c.hostfile != "" {
			if hf, err = platform.ReadHostfile(c.hostfile); err != nil {
				t.Fatal(err)
			}
		}
		want, err := Run(Options{Trace: tit, Machine: m, Hostfile: hf})
		if err != nil {
			t.Fatal(err)
		}
		got, err := Run(Options{Trace: anchor, Machine: m, Hostfile: hf, RefSpeed: speed})
		if err != nil {
			t.Fatal(err)
		}
		if rel := math.Abs(got.SimulationTime-want.SimulationTime) / want.SimulationTime; rel > 1e-3 || got.NP != 4 {
			t.Errorf("%s: OTF2 %.9f s (%d ranks), TiT %.9f s: %.2g apart", c.plat, got.SimulationTime, got.NP, want.SimulationTime, rel)
		}
		if !strings.Contains(got.ComputeRule, "9.81e+07 flop/s (given)") {
			t.Errorf("rule %q", got.ComputeRule)
		}
		if len(got.Warnings) != 6 {
			t.Errorf("warnings %q: want the worker threads' events, rank 0's fork and join and its OpenMP region, the counts of allgatherv, alltoallv and gatherv", got.Warnings)
		}
		if filepath.Base(got.Ranks[3].Elements[0].Where) != "3.evt" {
			t.Errorf("rank 3's actions are from %s, want its event file", got.Ranks[3].Elements[0].Where)
		}
		if hf == nil {
			continue
		}
		// smpirun -replay of the TiT trace (a one-line index naming it).
		if _, err := exec.LookPath("smpirun"); err != nil {
			t.Log("smpirun not found: the OTF2 replay is compared with augur's TiT replay only")
			continue
		}
		idx := filepath.Join(t.TempDir(), "index")
		if err := os.WriteFile(idx, []byte(tit+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		out, _ := exec.Command("smpirun", "-no-privatize", "-replay", idx, "-np", "4", "-platform", c.plat,
			"-hostfile", c.hostfile, "/usr/lib/x86_64-linux-gnu/simgrid/smpireplaymain").CombinedOutput()
		mt := simTime.FindSubmatch(out)
		if mt == nil {
			t.Fatalf("smpirun printed no time:\n%s", out)
		}
		sm, _ := strconv.ParseFloat(string(mt[1]), 64)
		if rel := math.Abs(got.SimulationTime-sm) / sm; rel > 1e-3 {
			t.Errorf("%s: OTF2 %.9f s, smpirun -replay of the TiT trace %.6f s: %.2g apart", c.plat, got.SimulationTime, sm, rel)
		}
	}
}

// Without a reference speed each burst takes its recorded seconds on
// whatever host it replays on: rank 1 computes 6.12 ms (its bursts: 1.25,
// 2, 0.3, 0.4, 0.5, 0.8, 0.6, 0.1, four of 0.03 and 0.05 ms) on Jupiter
// as on a cluster node.
func TestOTF2RecordedSeconds(t *testing.T) {
	anchor, _ := otf2Run(t, 1e9)
	m, err := platform.Load(sg + "small_platform.xml")
	if err != nil {
		t.Fatal(err)
	}
	hf, err := platform.ReadHostfile(sg + "hostfile")
	if err != nil {
		t.Fatal(err)
	}
	r, err := Run(Options{Trace: anchor, Machine: m, Hostfile: hf})
	if err != nil {
		t.Fatal(err)
	}
	if c := r.Ranks[1].Compute; math.Abs(c-6.12e-3) > 1e-12 {
		t.Errorf("rank 1 computes %.12f s on %s, want 0.00612", c, r.Ranks[1].Host)
	}
	// The library's words name no flag; a caller says how it gives the
	// speed (RefHow).
	if !strings.Contains(r.ComputeRule, "replayed as those seconds on every host") || !strings.Contains(r.ComputeRule, "(give the recording host's speed to scale") {
		t.Errorf("rule %q", r.ComputeRule)
	}
	// A TiT trace has no use for a reference speed: the options are named
	// in the library's words, for a command to name its flags.
	_, err = Run(Options{Trace: sg + "actions_bcast.txt", NP: 3, Machine: m, Hostfile: hf, RefSpeed: 1e9})
	if err == nil || !strings.Contains(err.Error(), "option ref-speed and option ref-machine are for OTF2 traces") || strings.Contains(err.Error(), "--") {
		t.Errorf("TiT with a reference speed: %v", err)
	}
	if g := diag.Givens(err); len(g) != 2 || g[0].Name != "ref-speed" || g[1].Name != "ref-machine" {
		t.Errorf("TiT with a reference speed: givens %v", g)
	}
	if _, err := Run(Options{Trace: anchor, NP: 5, Machine: m, Hostfile: hf}); err == nil || !strings.Contains(err.Error(), "has 4 ranks, but 5 were asked for") {
		t.Errorf("--np 5: %v", err)
	}
}
