package predict

import (
	"strings"
	"testing"

	"augur/internal/machine"
)

// The first two calls of a size between glibc's mapping thresholds (128
// KiB, 32 MiB) fault in the temporaries the measured steady state reuses.
// The table: in place, 1 ms at 8 B, 31 ms at 31 MiB, 640 ms at 128 MiB;
// the plain reduce 1 ms at every size. A byte of fresh temporaries costs
// 640/128 − 31/31 = 4 ms a MiB more beyond the ceiling than below it: 16
// ms for the root's 4 MiB in place, on its first two calls; the plain
// reduce's excess is negative, none. Each call starts at the root's
// arrival (rank 1's is shorter): 4 × the steady time + 32 ms. At 64 MiB
// every call is cold already in the table: 4 × its time, nothing added.
func TestColdTemporaries(t *testing.T) {
	m, err := machine.Parse("m.yaml", []byte(`nodes:
  - name: n
    count: 1
    cpus: 2
    collectives:
      procs: 2
      reduce: { 8: 1ms, 128MiB: 1ms }
      reduce_in_place: { 8: 1ms, 31MiB: 31ms, 128MiB: 640ms }
network: { latency: 0, bandwidth: inf, intra: { latency: 0, bandwidth: inf } }
`))
	if err != nil {
		t.Fatal(err)
	}
	const src = `model m
activity main {
  for i in 0 .. 4 {
    if pid == 0 {
      reduce R root 0 size 4MiB in_place
    } else {
      reduce S root 0 size 4MiB
    }
  }
}
`
	steady := 1e-3 + (4<<20-8)*30e-3/(31<<20-8)
	p := predictSrc(t, src, m, Options{Nodes: 1, Procs: 2})
	if want := 4*steady + 2*16e-3; !near(p.Time, want) {
		t.Errorf("4 MiB: %.9f s, want %.9f", p.Time, want)
	}
	big := 31e-3 + float64(64-31)*609e-3/float64(128-31)
	p = predictSrc(t, strings.ReplaceAll(src, "4MiB", "64MiB"), m, Options{Nodes: 1, Procs: 2})
	if want := 4 * big; !near(p.Time, want) {
		t.Errorf("64 MiB: %.9f s, want %.9f", p.Time, want)
	}
}
