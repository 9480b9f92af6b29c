package replay

import (
	"os"
	"path/filepath"
	"testing"

	"augur/internal/machine"
)

// Reductions compute: a node group's measured operator cost charges the
// combining ranks of a reduction whose trace gives no computation (a
// reduce's root, every rank of an allreduce, every rank of a
// reduce-scatter for its block from each other rank); a computation the
// trace gives is kept as it is, as SimGrid keeps it.
func TestReductionsCompute(t *testing.T) {
	// 1 Gflop/s, a double summed in 4 ns: a byte combined costs 0.5 ns.
	m, err := machine.Parse("m.yaml", []byte(`nodes:
  - { name: n, count: 1, cpus: 4, flops: 1Gf, reduce: { sum_double: 4ns } }
network: { intra: { latency: 0, bandwidth: inf } }
`))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for _, c := range []struct {
		name, trace string
		np          int
		want        []float64 // compute seconds per rank
	}{
		// ceil(log2 2) = 1 vector of 8000 B on every rank: 4 µs.
		{"allreduce", "0 allreduce 8000 0\n1 allreduce 8000 0\n", 2, []float64{4e-6, 4e-6}},
		// 4 ranks: 2 vectors each.
		{"allreduce4", "0 allreduce 8000 0\n1 allreduce 8000 0\n2 allreduce 8000 0\n3 allreduce 8000 0\n", 4, []float64{8e-6, 8e-6, 8e-6, 8e-6}},
		// The root alone combines.
		{"reduce", "0 reduce 8000 0 1\n1 reduce 8000 0 1\n", 2, []float64{0, 4e-6}},
		// Its own block (2000 B) from each of the 2 others: 2 µs.
		{"reducescatter", "0 reducescatter 2000 2000 2000 0\n1 reducescatter 2000 2000 2000 0\n2 reducescatter 2000 2000 2000 0\n", 3, []float64{2e-6, 2e-6, 2e-6}},
		// The trace's own amount: 1e6 flops at 1 Gflop/s, nothing added.
		{"given", "0 allreduce 8000 1e6\n1 allreduce 8000 1e6\n", 2, []float64{1e-3, 1e-3}},
	} {
		p := filepath.Join(dir, c.name+".txt")
		if err := os.WriteFile(p, []byte(c.trace), 0o644); err != nil {
			t.Fatal(err)
		}
		res, err := Run(Options{Trace: p, NP: c.np, Machine: m})
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		for r, w := range c.want {
			if got := res.Ranks[r].Compute; got < w*(1-1e-9) || got > w*(1+1e-9) {
				t.Errorf("%s: rank %d computes %g s, want %g", c.name, r, got, w)
			}
		}
	}
}
