package engine_test

import (
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

// TestOverheadsAgainstSmpirun: smpi/os (before a detached send), smpi/ois
// (before an isend), smpi/or (after a wait completes a detached message),
// piecewise by size, and the factors' size boundaries (a message of
// exactly a threshold takes the piece below): the same simulation time as
// smpirun to its six decimals.
func TestOverheadsAgainstSmpirun(t *testing.T) {
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
	hosts := write("hosts", "A\nB\n")
	mixed := "0 init\n1 init\n0 send 1 0 1000\n1 recv 0 0 1000\n0 isend 1 0 300\n0 isend 1 0 100000\n1 irecv 0 0 300\n1 irecv 0 0 100000\n1 waitall\n0 waitall\n0 send 1 0 70000\n1 recv 0 0 70000\n0 finalize\n1 finalize\n"
	one := func(s string) string {
		return "0 init\n1 init\n0 send 1 0 " + s + "\n1 recv 0 0 " + s + "\n0 finalize\n1 finalize\n"
	}
	cases := []struct{ trace, cfg string }{
		{mixed, ""},
		{mixed, "smpi/os:0:1e-2:1e-5"},
		{mixed, "smpi/or:0:1e-2:1e-5;1000:2e-2:0"},
		{mixed, "smpi/ois:0:1e-3:1e-6;500:2e-2:0"},
		{one("241"), ""}, {one("242"), ""}, {one("1410"), ""}, {one("1411"), ""},
	}
	m, err := platform.Load(plat)
	if err != nil {
		t.Fatal(err)
	}
	h, err := platform.ReadHostfile(hosts)
	if err != nil {
		t.Fatal(err)
	}
	nodes, err := platform.MapRanks(m, h, 2)
	if err != nil {
		t.Fatal(err)
	}
	re := regexp.MustCompile(`Simulation time ([0-9.e+-]+)`)
	for i, c := range cases {
		tr := write("t"+strconv.Itoa(i)+".txt", c.trace)
		idx := write("t"+strconv.Itoa(i)+".idx", tr+"\n")
		args := []string{"-no-privatize", "-replay", idx, "-np", "2", "-platform", plat, "-hostfile", hosts}
		var cfg [][2]string
		if c.cfg != "" {
			args = append(args, "--cfg="+c.cfg)
			k, v, _ := strings.Cut(c.cfg, ":")
			cfg = append(cfg, [2]string{k, v})
		}
		out, err := exec.Command(smpirun, append(args, smpiReplayMain)...).CombinedOutput()
		mt := re.FindSubmatch(out)
		if err != nil || mt == nil {
			t.Fatalf("smpirun case %d: %v\n%s", i, err, out)
		}
		want, _ := strconv.ParseFloat(string(mt[1]), 64)
		res, err := replay.Run(replay.Options{Trace: tr, NP: 2, Machine: m, NodeOf: nodes, Cfg: cfg})
		if err != nil {
			t.Fatal(err)
		}
		if got := res.SimulationTime; got < want-1.0001e-6 || got > want+1.0001e-6 {
			t.Errorf("case %d (%s): augur %.6f, smpirun %.6f\n%s", i, c.cfg, got, want, c.trace)
		}
	}
}
