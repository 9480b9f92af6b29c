package predict

import (
	"strings"
	"testing"

	"augur/internal/machine"
)

// A machine file's measured collectives time a model's collectives over
// exactly their number of processes, all on one node, from the last
// arrival; a collective with a cost of its own keeps it, and over another
// number of processes, or several nodes, the collectives are simulated.
func TestMeasuredCollectives(t *testing.T) {
	m, err := machine.Parse("m.yaml", []byte(`nodes:
  - name: n
    count: 2
    cpus: 4
    collectives:
      procs: 2
      barrier: { 0: 5us }
      reduce: { 8: 4us, 8MiB: 2ms }
network: { latency: 1ms, bandwidth: 1GB/s, intra: { latency: 0, bandwidth: inf } }
`))
	if err != nil {
		t.Fatal(err)
	}
	const src = `model m
activity main {
  action Work cost (pid + 1) * 1s
  reduce Sum root 0 size 4MiB
  barrier Sync
  barrier Timed cost 7us
}
`
	// Both are there at 2 s; the 4 MiB reduce takes 4 µs + (4 MiB − 8 B)
	// × 1996 µs / (8 MiB − 8 B), then the barriers 5 µs and 7 µs.
	reduce := 4e-6 + (4<<20-8)*1996e-6/(8<<20-8)
	p := predictSrc(t, src, m, Options{Nodes: 1, Procs: 2})
	if want := 2 + reduce + 5e-6 + 7e-6; !near(p.Time, want) || p.MeasuredCollectives != "n" {
		t.Errorf("2 processes on one node: %.9f s (collectives of %q), want %.9f (of n)", p.Time, p.MeasuredCollectives, want)
	}
	// In place at the root: the in-place time, 30 ms at 4 MiB (the table
	// has its one size).
	m.Groups[0].Collectives.Times["reduce_in_place"] = []machine.CollSample{{Bytes: 8, Seconds: 30e-3}}
	p = predictSrc(t, strings.Replace(src, "size 4MiB", "size 4MiB in_place", 1), m, Options{Nodes: 1, Procs: 2})
	if want := 2 + 30e-3 + 5e-6 + 7e-6; !near(p.Time, want) {
		t.Errorf("in place: %.9f s, want %.9f", p.Time, want)
	}
	// On two nodes the reduce crosses the 1 GB/s network: simulated.
	p = predictSrc(t, src, m, Options{Nodes: 2, Procs: 2})
	if p.MeasuredCollectives != "" || p.Time < 2+float64(4<<20)/1e9 {
		t.Errorf("2 processes on two nodes: %.9f s (collectives of %q), want the network's time", p.Time, p.MeasuredCollectives)
	}
}

// Reductions compute: on a machine with a measured reduce operator, the
// ranks that combine a reduction with no cost of its own spend its time
// per byte, as replay charges them: ceil(log2 2) = 1 vector of 8000 B at
// 4 ns a double (0.5 ns a byte) is 4 µs on both ranks of an allreduce and
// on the root of a reduce alone; a measured collective holds its
// combining and adds none.
func TestReductionsCompute(t *testing.T) {
	m, err := machine.Parse("m.yaml", []byte(`nodes:
  - { name: n, count: 2, cpus: 2, reduce: { sum_double: 4ns } }
network: { latency: 0, bandwidth: inf, intra: { latency: 0, bandwidth: inf } }
`))
	if err != nil {
		t.Fatal(err)
	}
	const src = `model m
activity main {
  allreduce Sum size 8000
  reduce R root 1 size 8000
  allreduce Given size 8000 cost 1us
}
`
	p := predictSrc(t, src, m, Options{Nodes: 2, Procs: 2})
	for pid, want := range []float64{4e-6, 8e-6} {
		if u := p.Units[pid]; !near(u.Compute, want) {
			t.Errorf("pid %d computes %g s, want %g", pid, u.Compute, want)
		}
	}
	m.Groups[0].Collectives = &machine.Collectives{Procs: 2, Times: map[string][]machine.CollSample{
		"allreduce": {{Bytes: 8, Seconds: 1e-6}}, "reduce": {{Bytes: 8, Seconds: 1e-6}}}}
	p = predictSrc(t, src, m, Options{Nodes: 1, Procs: 2})
	if u := p.Units[1]; u.Compute != 0 || !near(p.Time, 3e-6) {
		t.Errorf("measured collectives: pid 1 computes %g s, predicted %g s; want 0 and 3 µs", u.Compute, p.Time)
	}
}
