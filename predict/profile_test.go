package predict

import (
	"math"
	"testing"

	"augur/machine"
)

// TestSpeedProfile: a node whose speed halves at 1 s (external load)
// runs 3 s of nominal work in 1 + 2/0.5 = 5 s; two processes sharing it
// by round robin (6 s of work) in 1 + 5/0.5 = 11 s.
func TestSpeedProfile(t *testing.T) {
	src := []byte("model load\nactivity main {\n  action Work cost 3\n}\n")
	for _, c := range []struct {
		yaml  string
		procs int
		want  float64
	}{
		{"nodes:\n  - { count: 1, cpus: 1, speed_profile: { points: [[1s, 0.5]] } }\n", 1, 5},
		{"nodes:\n  - { count: 1, cpus: 1, scheduler: rr, quantum: 0.3, speed_profile: { points: [[1s, 0.5]] } }\n", 2, 11},
		// Periodic: half speed in [1, 2) of every 2 s; 3 s of work takes
		// [0,1) 1, [1,2) 0.5, [2,3) 1, [3,4) 0.5: 4 s.
		{"nodes:\n  - { count: 1, cpus: 1, speed_profile: { points: [[0, 1], [1s, 0.5]], period: 2s } }\n", 1, 4},
	} {
		m, err := machine.Parse("m.yaml", []byte(c.yaml))
		if err != nil {
			t.Fatal(err)
		}
		p, err := Run(Options{Filename: "load.aug", Source: src, Machine: m, Procs: c.procs})
		if err != nil {
			t.Fatal(err)
		}
		if got := p.Result.Time; math.Abs(got-c.want) > 1e-12 {
			t.Errorf("%s: %v s, want %v", c.yaml, got, c.want)
		}
	}
}
