package replay

import (
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"

	"augur/internal/frontend/tit/gen"
	"augur/internal/machine/platform"
)

var simTime = regexp.MustCompile(`Simulation time ([0-9.]+)`)

// Generated traces agree with smpirun -replay run side by side: within
// 1 % for point-to-point patterns, 5 % with collectives (they are
// identical in practice; bench/replay_agree.sh sweeps 8 to 4096 ranks).
func TestAgreementWithSmpirun(t *testing.T) {
	if _, err := exec.LookPath("smpirun"); err != nil {
		t.Skip("smpirun not found: install libsimgrid-dev (SimGrid 3.32) to compare with it")
	}
	const np = 8
	dir := t.TempDir()
	for _, bb := range []float64{0, 2e8} {
		plat := filepath.Join(dir, "c.xml")
		f, _ := os.Create(plat)
		gen.Cluster(f, np, bb)
		f.Close()
		hf := filepath.Join(dir, "hf")
		f, _ = os.Create(hf)
		gen.Hostfile(f, np)
		f.Close()
		m, err := platform.Load(plat)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range []struct {
			pattern, model string
			bound          float64
		}{{"ring", "SMPI", 0.01}, {"stencil", "CM02", 0.01}, {"pairwise", "LV08", 0.01}, {"colls", "SMPI", 0.05}, {"mix", "SMPI", 0.05}} {
			idx, _, err := gen.WriteIndex(filepath.Join(dir, c.pattern), gen.Spec{Pattern: c.pattern, NP: np, Iters: 9, Bytes: 3e4, Flops: 1e6})
			if err != nil {
				t.Fatal(err)
			}
			r, err := Run(Options{Trace: idx, Machine: m, Cfg: [][2]string{{"network/model", c.model}}})
			if err != nil {
				t.Fatal(err)
			}
			out, _ := exec.Command("smpirun", "-no-privatize", "-replay", idx, "-np", strconv.Itoa(np), "-platform", plat,
				"-hostfile", hf, "--cfg=network/model:"+c.model, "/usr/lib/x86_64-linux-gnu/simgrid/smpireplaymain").CombinedOutput()
			mt := simTime.FindSubmatch(out)
			if mt == nil {
				t.Fatalf("%s: smpirun printed no time:\n%s", c.pattern, out)
			}
			want, _ := strconv.ParseFloat(string(mt[1]), 64)
			rel := math.Abs(r.SimulationTime-want) / want
			t.Logf("%-8s backbone %g %-4s augur %.6f smpirun %.6f (%.4f %%)", c.pattern, bb, c.model, r.SimulationTime, want, 100*rel)
			if rel > c.bound {
				t.Errorf("%s on backbone %g under %s: augur %.6f s, smpirun %.6f s", c.pattern, bb, c.model, r.SimulationTime, want)
			}
		}
	}
}
