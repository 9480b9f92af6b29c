package engine_test

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"augur/platform"
	"augur/replay"
)

// mixTrace: 8 ranks, each sends 100 kB, 20 kB and 3 kB to the ranks 1, 3
// and 5 after it (non-blocking, so the flows share links), then 200 kB
// (rendezvous) to the rank opposite.
func mixTrace() string {
	var b strings.Builder
	const np = 8
	for r := range np {
		fmt.Fprintf(&b, "%d init\n", r)
	}
	for r := range np {
		fmt.Fprintf(&b, "%d compute %d\n", r, 1000000*(r+1))
		sizes := []struct{ k, s int }{{1, 100000}, {3, 20000}, {5, 3000}}
		for _, x := range sizes {
			fmt.Fprintf(&b, "%d isend %d 0 %d\n", r, (r+x.k)%np, x.s)
		}
		for _, x := range sizes {
			fmt.Fprintf(&b, "%d irecv %d 0 %d\n", r, (r-x.k+np)%np, x.s)
		}
		fmt.Fprintf(&b, "%d waitall\n%d isend %d 1 200000\n%d recv %d 1 200000\n%d wait %d %d 1\n", r, r, (r+4)%np, r, (r+4)%np, r, r, (r+4)%np)
	}
	for r := range np {
		fmt.Fprintf(&b, "%d finalize\n", r)
	}
	return b.String()
}

// TestTopologiesAgainstSmpirun replays mixTrace on hierarchical clusters
// (fat trees, dragonflies, a torus, two fat trees joined through host
// gateways) with smpirun -replay and augur: the same simulation time to
// smpirun's six decimals. The routes themselves are checked link by link
// in package platform.
func TestTopologiesAgainstSmpirun(t *testing.T) {
	smpirun, err := exec.LookPath("smpirun")
	if err != nil {
		t.Skip("smpirun not installed (Debian package libsimgrid-dev)")
	}
	if _, err := os.Stat(smpiReplayMain); err != nil {
		t.Skip("smpireplaymain not installed")
	}
	dir := t.TempDir()
	tr := filepath.Join(dir, "mix.txt")
	if err := os.WriteFile(tr, []byte(mixTrace()), 0o644); err != nil {
		t.Fatal(err)
	}
	idx := filepath.Join(dir, "mix.idx")
	if err := os.WriteFile(idx, []byte(tr+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cases := map[string]string{
		"ft_loop":     "node-0.x node-1.x node-4.x node-9.x node-15.x node-7.x node-12.x node-2.x",
		"ft_3lvl":     "n0 n1 n2 n3 n4 n5 n6 n7",
		"df_plain":    "d10 d13 d17 d22 d25 d30 d33 d11",
		"df_full":     "n0 n7 n12 n20 n25 n33 n35 n5",
		"hier":        "a0 a3 b1 b2 c0 c1 a1 b0",
		"torus_plain": "h0.t h5.t h11.t h3.t h7.t h9.t h1.t h6.t",
	}
	re := regexp.MustCompile(`Simulation time ([0-9.e+-]+)`)
	for name, hosts := range cases {
		plat := filepath.Join("..", "platform", "testdata", "topo", name+".xml")
		hf := filepath.Join(dir, name+".hosts")
		if err := os.WriteFile(hf, []byte(strings.ReplaceAll(hosts, " ", "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		out, err := exec.Command(smpirun, "-no-privatize", "-replay", idx, "-np", "8", "-platform", plat,
			"-hostfile", hf, smpiReplayMain).CombinedOutput()
		mt := re.FindSubmatch(out)
		if err != nil || mt == nil {
			t.Fatalf("smpirun %s: %v\n%s", name, err, out)
		}
		want, _ := strconv.ParseFloat(string(mt[1]), 64)
		m, err := platform.Load(plat)
		if err != nil {
			t.Fatal(err)
		}
		h, err := platform.ReadHostfile(hf)
		if err != nil {
			t.Fatal(err)
		}
		nodes, err := platform.MapRanks(m, h, 8)
		if err != nil {
			t.Fatal(err)
		}
		res, err := replay.Run(replay.Options{Trace: tr, NP: 8, Machine: m, NodeOf: nodes})
		if err != nil {
			t.Fatal(err)
		}
		if got := res.SimulationTime; got < want-1.0001e-6 || got > want+1.0001e-6 {
			t.Errorf("%s: augur %.6f, smpirun %.6f", name, got, want)
		}
	}
}
