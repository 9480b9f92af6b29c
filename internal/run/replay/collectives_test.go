package replay

import (
	"math"
	"os"
	"path/filepath"
	"testing"

	"augur/internal/machine"
)

// A node group's measured collectives time a collective over exactly
// their number of processes, all on one node: it lasts its measured time
// from the last arrival (the in-place time for a rank that called it in
// place; its own computation amount when that is longer), with neither
// messages nor combining simulated; over another
// number of processes, or a trace of several nodes, it is simulated.
func TestMeasuredCollectives(t *testing.T) {
	m, err := machine.Parse("m.yaml", []byte(`nodes:
  - name: n
    count: 2
    cpus: 4
    flops: 1Gf
    reduce: { sum_double: 4ns }
    collectives:
      procs: 2
      barrier: { 0: 5us }
      reduce: { 8: 4us, 8MiB: 2ms }
      reduce_in_place: { 8: 4us, 8MiB: 30ms }
      allreduce: { 8: 10us, 1MiB: 1010us }
network: { latency: 1ms, bandwidth: 1GB/s, intra: { latency: 0, bandwidth: inf } }
`))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	// Rank 0 arrives at 1 s, rank 1 at 0.5 s; the root reduces 8 MiB in
	// place (30 ms), rank 1 gave its vector (2 ms); then an allreduce of
	// half a MiB: 10 µs + (512 KiB − 8) × 1 ms/(1 MiB − 8), from when both
	// are there (1.030 s).
	// Then the root's second reduce says it computed 80 ms (its first
	// touch of a temporary vector, as the recorder writes it): longer than
	// the measured 30 ms, it takes that; rank 1's takes its 2 ms.
	reduce := write("reduce.txt", "0 compute 1e9\n0 reduce 8388608 5e6 0 6 in_place\n0 allreduce 524288 0\n0 reduce 8388608 8e7 0 6 in_place\n"+
		"1 compute 5e8\n1 reduce 8388608 0 0\n1 allreduce 524288 0\n1 reduce 8388608 0 0\n")
	all := 10e-6 + (524288-8)*1e-3/(1048576-8)
	for _, c := range []struct {
		name, trace string
		np          int
		nodes       int
		ends        []float64 // per rank, when the table times the collectives
		group       string
		notTable    float64 // when simulated: the time the table would give
	}{
		{"measured", reduce, 2, 1, []float64{1.030 + all + 0.080, 1.030 + all + 0.002}, "n", 0},
		// The two ranks on two nodes: simulated.
		{"two nodes", reduce, 2, 2, nil, "", 1.030 + all + 0.080},
		// Three ranks: simulated.
		{"three ranks", write("three.txt", "0 barrier\n1 barrier\n2 barrier\n"), 3, 1, nil, "", 5e-6},
	} {
		res, err := Run(Options{Trace: c.trace, NP: c.np, Machine: m, Nodes: c.nodes})
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if res.MeasuredCollectives != c.group {
			t.Errorf("%s: measured collectives of %q, want %q", c.name, res.MeasuredCollectives, c.group)
		}
		for r, w := range c.ends {
			if got := res.Ranks[r].End; math.Abs(got-w) > 1e-9 {
				t.Errorf("%s: rank %d ends at %.9f s, want %.9f", c.name, r, got, w)
			}
		}
		if c.ends == nil && math.Abs(res.SimulationTime-c.notTable) < 1e-7 {
			t.Errorf("%s: %g s, the measured time: the collectives were not simulated", c.name, res.SimulationTime)
		}
	}
}
