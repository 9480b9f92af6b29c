package engine_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"

	"augur/platform"
	"augur/replay"
)

const smpiReplayMain = "/usr/lib/x86_64-linux-gnu/simgrid/smpireplaymain"

// threeXML: A-B over l, A-C over l and m, B-C over m; 1 s and 1000 B/s
// per link so that smpirun's six decimals are precise.
const threeXML = `<?xml version='1.0'?>
<!DOCTYPE platform SYSTEM "https://simgrid.org/simgrid.dtd">
<platform version="4.1"><zone id="z" routing="Full">
  <host id="A" speed="1Gf"/><host id="B" speed="1Gf"/><host id="C" speed="1Gf"/>
  <link id="l" bandwidth="1kBps" latency="1s"/><link id="m" bandwidth="1kBps" latency="1s"/>
  <route src="A" dst="B"><link_ctn id="l"/></route>
  <route src="A" dst="C"><link_ctn id="l"/><link_ctn id="m"/></route>
  <route src="B" dst="C"><link_ctn id="m"/></route>
</zone></platform>
`

// TestAgainstSmpirun replays tiny point-to-point traces with augur and
// with smpirun -replay (SimGrid 3.32) and wants the same simulation time
// to smpirun's printed precision, under each flow model.
func TestAgainstSmpirun(t *testing.T) {
	smpirun, err := exec.LookPath("smpirun")
	if err != nil {
		t.Skip("smpirun not installed (Debian package libsimgrid-dev)")
	}
	if _, err := os.Stat(smpiReplayMain); err != nil {
		t.Skip("smpireplaymain not installed")
	}
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	plat := write("three.xml", threeXML)
	hosts := write("hosts", "A\nB\nC\n")
	traces := map[string]string{
		// Weighted sharing: A->B and A->C meet on l, with RTT-unfair shares.
		"share": "0 init\n1 init\n2 init\n0 isend 1 0 100000\n0 isend 2 0 100000\n0 waitall\n1 recv 0 0 100000\n1 compute 1e12\n2 recv 0 0 100000\n0 finalize\n1 finalize\n2 finalize\n",
		// Different sizes, different bandwidth factors on one link.
		"factors": "0 init\n1 init\n2 init\n0 isend 1 0 100000\n0 isend 2 0 20000\n0 waitall\n1 recv 0 0 100000\n2 recv 0 0 20000\n2 compute 1e12\n0 finalize\n1 finalize\n2 finalize\n",
		// Detached send, receive posted late.
		"detached": "0 init\n1 init\n0 send 1 0 1000\n0 compute 1e9\n1 compute 2e9\n1 recv 0 0 1000\n0 finalize\n1 finalize\n",
		// Rendezvous send (64 KiB), receive posted late.
		"rendezvous": "0 init\n1 init\n0 send 1 0 65536\n0 compute 1e9\n1 compute 2e9\n1 recv 0 0 65536\n0 finalize\n1 finalize\n",
	}
	m, err := platform.Load(plat)
	if err != nil {
		t.Fatal(err)
	}
	hf, err := platform.ReadHostfile(hosts)
	if err != nil {
		t.Fatal(err)
	}
	re := regexp.MustCompile(`Simulation time ([0-9.e+-]+)`)
	for _, model := range []string{"SMPI", "CM02", "LV08"} {
		for _, name := range []string{"share", "factors", "detached", "rendezvous"} {
			tr := write(name+".txt", traces[name])
			idx := write(name+".idx", tr+"\n")
			np := 3
			if name == "detached" || name == "rendezvous" {
				np = 2
			}
			out, err := exec.Command(smpirun, "-no-privatize", "-replay", idx, "-np", strconv.Itoa(np), "-platform", plat,
				"-hostfile", hosts, "--cfg=network/model:"+model, smpiReplayMain).CombinedOutput()
			mt := re.FindSubmatch(out)
			if err != nil || mt == nil {
				t.Fatalf("smpirun %s %s: %v\n%s", model, name, err, out)
			}
			want, _ := strconv.ParseFloat(string(mt[1]), 64)
			nodes, err := platform.MapRanks(m, hf, np)
			if err != nil {
				t.Fatal(err)
			}
			res, err := replay.Run(replay.Options{Trace: tr, NP: np, Machine: m, NodeOf: nodes, Cfg: [][2]string{{"network/model", model}}})
			if err != nil {
				t.Fatal(err)
			}
			if got := res.SimulationTime; got < want-1e-6*1.0001 || got > want+1e-6*1.0001 {
				t.Errorf("%s %s: augur %.6f, smpirun %.6f", model, name, got, want)
			}
		}
	}
}
