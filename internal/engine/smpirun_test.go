package engine_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"

	"augur/internal/machine/platform"
	"augur/internal/run/replay"
)

const smpiReplayMain = "/usr/lib/x86_64-linux-gnu/simgrid/smpireplaymain"

var simulationTime = regexp.MustCompile(`Simulation time ([0-9.e+-]+)`)

// smpiCase is a scratch directory in which a test writes platforms,
// hostfiles and traces, and replays them with smpirun -replay (SimGrid
// 3.32) and with augur.
type smpiCase struct {
	t       *testing.T
	smpirun string
	dir     string
}

// newSmpiCase skips the test when SimGrid is not installed.
func newSmpiCase(t *testing.T) *smpiCase {
	t.Helper()
	smpirun, err := exec.LookPath("smpirun")
	if err != nil {
		t.Skip("smpirun not installed (Debian package libsimgrid-dev)")
	}
	if _, err := os.Stat(smpiReplayMain); err != nil {
		t.Skip("smpireplaymain not installed")
	}
	return &smpiCase{t: t, smpirun: smpirun, dir: t.TempDir()}
}

// write puts text in the file name of the scratch directory.
func (c *smpiCase) write(name, text string) string {
	c.t.Helper()
	return writeIn(c.t, c.dir, name, text)
}

// writeIn puts text in the file name of dir and returns its path.
func writeIn(t *testing.T, dir, name, text string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// compare replays trace (a file) with np ranks on plat, placed by the
// hostfile hosts, under the --cfg settings cfg, with smpirun and with
// augur, and fails unless both give the same simulation time to smpirun's
// six printed decimals.
func (c *smpiCase) compare(label, plat, hosts, trace string, np int, cfg ...[2]string) {
	c.t.Helper()
	c.compareIndex(label, plat, hosts, c.write(filepath.Base(trace)+".idx", trace+"\n"), np, cfg...)
}

// compareIndex is compare for a trace given by its index file (a trace
// per rank).
func (c *smpiCase) compareIndex(label, plat, hosts, idx string, np int, cfg ...[2]string) {
	c.t.Helper()
	args := []string{"-no-privatize", "-replay", idx, "-np", strconv.Itoa(np), "-platform", plat, "-hostfile", hosts}
	for _, kv := range cfg {
		args = append(args, "--cfg="+kv[0]+":"+kv[1])
	}
	out, err := exec.Command(c.smpirun, append(args, smpiReplayMain)...).CombinedOutput()
	mt := simulationTime.FindSubmatch(out)
	if err != nil || mt == nil {
		c.t.Fatalf("smpirun %s: %v\n%s", label, err, out)
	}
	want, _ := strconv.ParseFloat(string(mt[1]), 64)
	m, err := platform.Load(plat)
	if err != nil {
		c.t.Fatal(err)
	}
	h, err := platform.ReadHostfile(hosts)
	if err != nil {
		c.t.Fatal(err)
	}
	res, err := replay.Run(replay.Options{Trace: idx, NP: np, Machine: m, Hostfile: h, Cfg: cfg})
	if err != nil {
		c.t.Fatalf("%s: %v", label, err)
	}
	if got := res.SimulationTime; got < want-1.0001e-6 || got > want+1.0001e-6 {
		c.t.Errorf("%s: augur %.6f, smpirun %.6f", label, got, want)
	}
}
