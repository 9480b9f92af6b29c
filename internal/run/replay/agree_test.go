package replay

import (
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
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

// Messages a rank sends itself replay as smpirun -replay replays them,
// to the last printed digit: a wait for (rank, rank, tag) is for the
// first request posted under that key, whichever its direction (it was
// always taken for a send, so that the receives were never awaited and
// 10,000 self messages of NAS CG took the time of one), and on a FATPIPE
// loopback the way back's 5 % (crosstraffic) does not slow the message,
// as SimGrid's lmm keeps the larger weight of a link met twice there,
// while a shared loopback adds them.
func TestSelfMessagesAgreeWithSmpirun(t *testing.T) {
	if _, err := exec.LookPath("smpirun"); err != nil {
		t.Skip("smpirun not found: install libsimgrid-dev (SimGrid 3.32) to compare with it")
	}
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	var r0, r1 strings.Builder
	r0.WriteString("0 init\n")
	r1.WriteString("1 init\n")
	for i := 0; i < 300; i++ {
		r0.WriteString("0 irecv 0 1 5600\n0 send 0 1 5600\n0 wait 0 0 1\n")
		r0.WriteString("0 isend 0 2 8\n0 irecv 0 2 8\n0 compute 1000\n0 wait 0 0 2\n0 wait 0 0 2\n")
		r1.WriteString("1 isend 1 3 70000\n1 recv 1 3 70000\n1 wait 1 1 3\n1 compute 500\n")
	}
	r0.WriteString("0 finalize\n")
	r1.WriteString("1 finalize\n")
	index := write("index.txt", write("r0.txt", r0.String())+"\n"+write("r1.txt", r1.String())+"\n")
	local, err := os.ReadFile("../../../examples/mpi/localhost.xml")
	if err != nil {
		t.Fatal(err)
	}
	shared := write("shared.xml", strings.Replace(string(local), ` sharing_policy="FATPIPE"`, "", 1))
	for _, plat := range []string{"../../../examples/mpi/localhost.xml", shared} {
		m, err := platform.Load(plat)
		if err != nil {
			t.Fatal(err)
		}
		r, err := Run(Options{Trace: index, Machine: m})
		if err != nil {
			t.Fatal(err)
		}
		out, _ := exec.Command("smpirun", "-no-privatize", "-replay", index, "-np", "2", "-platform", plat,
			"/usr/lib/x86_64-linux-gnu/simgrid/smpireplaymain").CombinedOutput()
		mt := simTime.FindSubmatch(out)
		if mt == nil {
			t.Fatalf("%s: smpirun printed no time:\n%s", plat, out)
		}
		if got := strconv.FormatFloat(r.SimulationTime, 'f', 6, 64); got != string(mt[1]) {
			t.Errorf("%s: augur %s s, smpirun %s s", filepath.Base(plat), got, mt[1])
		}
	}
}
