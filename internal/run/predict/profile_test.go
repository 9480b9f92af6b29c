package predict

import (
	"math"
	"strings"
	"testing"

	"augur/internal/machine"
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

// TestSpeedProfileStops: a node whose speed drops to 0 for good never
// ends its computation: the run stops (under every scheduler, without
// spinning through quanta) and reports the process stuck on the profile.
func TestSpeedProfileStops(t *testing.T) {
	src := []byte("model load\nactivity main {\n  action Work cost 3\n}\n")
	for _, sched := range []string{"fcfs", "rr, quantum: 0.3", "share"} {
		m, err := machine.Parse("m.yaml", []byte("nodes:\n  - { count: 1, cpus: 1, scheduler: "+sched+", speed_profile: { points: [[1s, 0]] } }\n"))
		if err != nil {
			t.Fatal(err)
		}
		p, err := Run(Options{Filename: "load.aug", Source: src, Machine: m, Procs: 2})
		if err != nil {
			t.Fatal(err)
		}
		d := p.Result.Deadlock
		if d == nil || len(d.Blocked) != 2 || !strings.Contains(d.Blocked[0].WaitsFor, "speed profile (m.yaml:2:") {
			t.Errorf("%s: %+v", sched, d)
		}
	}
}
