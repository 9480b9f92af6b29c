package replay

import (
	"bufio"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"augur/internal/machine/platform"
)

// SimGrid's own replay test cases (examples/smpi/replay, copied in
// testdata/simgrid with the times SimGrid 3.32 prints, expected.tsv), given
// as smpirun takes them: the same index, platform and hostfile give the
// same simulation time.
func TestSimGridPeers(t *testing.T) {
	dir := "testdata/simgrid"
	m, err := platform.Load(filepath.Join(dir, "small_platform.xml"))
	if err != nil {
		t.Fatal(err)
	}
	h, err := platform.ReadHostfile(filepath.Join(dir, "hostfile"))
	if err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(filepath.Join(dir, "expected.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	n := 0
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "#") || strings.TrimSpace(line) == "" {
			continue
		}
		x := strings.Fields(line)
		np, _ := strconv.Atoi(x[1])
		want, _ := strconv.ParseFloat(x[2], 64)
		// As smpirun is given them: a one-line index naming the trace
		// (split_traces is an index already).
		trace := filepath.Join(dir, x[0])
		if x[0] != "split_traces" {
			abs, err := filepath.Abs(trace)
			if err != nil {
				t.Fatal(err)
			}
			trace = filepath.Join(t.TempDir(), "index.txt")
			if err := os.WriteFile(trace, []byte(abs+"\n"), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		r, err := Run(Options{Trace: trace, NP: np, Machine: m, Hostfile: h})
		if err != nil {
			t.Errorf("%s: %v", x[0], err)
			continue
		}
		rel := math.Abs(r.SimulationTime-want) / want
		t.Logf("%-36s np %d: augur %.6f s, SimGrid %.6f s (%.4f %%)", x[0], np, r.SimulationTime, want, 100*rel)
		if r.Deadlock != nil || rel > 0.01 {
			t.Errorf("%s np %d: %.6f s, SimGrid prints %.6f (%.3f %% off); deadlock %v", x[0], np, r.SimulationTime, want, 100*rel, r.Deadlock)
		}
		n++
	}
	if n != 11 {
		t.Errorf("%d cases, want the 11 of expected.tsv", n)
	}
}
