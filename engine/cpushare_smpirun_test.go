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

// TestCPUSharingAgainstSmpirun: 6 ranks placed 2 to 5 on a one-core host
// (and the rest on a two-core host) compute, exchange messages and sleep;
// SimGrid shares a host's cores among its ranks, and so does augur on
// platforms: the same simulation time to smpirun's six decimals.
func TestCPUSharingAgainstSmpirun(t *testing.T) {
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
	plat := write("p.xml", `<?xml version='1.0'?>
<!DOCTYPE platform SYSTEM "https://simgrid.org/simgrid.dtd">
<platform version="4.1"><zone id="z" routing="Full">
  <host id="A" speed="1Gf"/><host id="B" speed="2Gf" core="2"/>
  <link id="l" bandwidth="10MBps" latency="10us"/>
  <route src="A" dst="B"><link_ctn id="l"/></route>
</zone></platform>
`)
	var b strings.Builder
	const np = 6
	for r := range np {
		fmt.Fprintf(&b, "%d init\n", r)
	}
	for r := range np {
		fmt.Fprintf(&b, "%d compute %d\n%d isend %d 0 50000\n%d recv %d 0 50000\n%d compute %d\n%d sleep 0.01\n%d compute 3e7\n%d waitall\n",
			r, (r+1)*100000000, r, (r+1)%np, r, (r+np-1)%np, r, (np-r)*70000000, r, r, r)
	}
	for r := range np {
		fmt.Fprintf(&b, "%d finalize\n", r)
	}
	tr := write("ps.txt", b.String())
	idx := write("ps.idx", tr+"\n")
	m, err := platform.Load(plat)
	if err != nil {
		t.Fatal(err)
	}
	re := regexp.MustCompile(`Simulation time ([0-9.e+-]+)`)
	for i, hosts := range []string{"A A A B B B", "A A", "A A A A B A", "B B B A B B"} {
		hf := write(fmt.Sprintf("hosts%d", i), strings.ReplaceAll(hosts, " ", "\n")+"\n")
		out, err := exec.Command(smpirun, "-no-privatize", "-replay", idx, "-np", strconv.Itoa(np), "-platform", plat,
			"-hostfile", hf, smpiReplayMain).CombinedOutput()
		mt := re.FindSubmatch(out)
		if err != nil || mt == nil {
			t.Fatalf("smpirun %q: %v\n%s", hosts, err, out)
		}
		want, _ := strconv.ParseFloat(string(mt[1]), 64)
		h, err := platform.ReadHostfile(hf)
		if err != nil {
			t.Fatal(err)
		}
		nodes, err := platform.MapRanks(m, h, np)
		if err != nil {
			t.Fatal(err)
		}
		res, err := replay.Run(replay.Options{Trace: tr, NP: np, Machine: m, NodeOf: nodes})
		if err != nil {
			t.Fatal(err)
		}
		if got := res.SimulationTime; got < want-1.0001e-6 || got > want+1.0001e-6 {
			t.Errorf("hosts %q: augur %.6f, smpirun %.6f", hosts, got, want)
		}
	}
}
