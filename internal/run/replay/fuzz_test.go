package replay

import (
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"augur/internal/machine/platform"
)

// FuzzReplay replays whatever trace text reads (TiT → engine) on two to
// four ranks of SimGrid's small platform: no panic, no internal error, a
// finite time, and a deadlock names a blocked rank.
func FuzzReplay(f *testing.F) {
	paths, _ := filepath.Glob("testdata/simgrid/actions*.txt")
	for _, p := range paths {
		if data, err := os.ReadFile(p); err == nil {
			f.Add(data, uint8(2))
		}
	}
	f.Add([]byte("0 init\n1 init\n0 send 1 5 1e6\n1 recv 0 5 1e6\n0 compute 1e9\n1 compute 1e9\n0 reduce 8388608 5e6 0 6 in_place\n1 reduce 8388608 0 0\n"), uint8(2))
	m, err := platform.Load("testdata/simgrid/small_platform.xml")
	if err != nil {
		f.Fatal(err)
	}
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, text []byte, ranks uint8) {
		p := filepath.Join(dir, "t.txt")
		if err := os.WriteFile(p, text, 0o644); err != nil {
			t.Fatal(err)
		}
		res, err := Run(Options{Trace: p, NP: int(ranks%3) + 2, Machine: m, MaxEvents: 20000})
		if err != nil {
			if strings.Contains(err.Error(), "internal error") {
				t.Fatalf("%v", err)
			}
			return
		}
		if math.IsInf(res.SimulationTime, 0) || math.IsNaN(res.SimulationTime) {
			t.Fatalf("time %v printed as an answer", res.SimulationTime)
		}
		if res.Deadlock != nil && len(res.Deadlock.Blocked) == 0 {
			t.Fatal("a deadlock with no blocked rank")
		}
	})
}
