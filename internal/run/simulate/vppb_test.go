package simulate

import "testing"

// VPPB §2-4: program P on two processors, P1 and P2 on processor 0,
// P3 and P4 on processor 1: Direct 10, Client-Server 11, Strict 12.
func TestSeedProgramP(t *testing.T) {
	p := load(t, "vppb-P.trace")
	for _, c := range []struct {
		m    Model
		want float64
	}{{Direct, 10}, {ClientServer, 11}, {Strict, 12}} {
		r, err := RunModel(p, Config{CPUs: 2, Bind: []int32{0, 0, 1, 1}, Prio: seedPrio(4), Model: c.m})
		if err != nil {
			t.Fatal(err)
		}
		if r.Deadlock != nil || r.Completion != c.want {
			t.Errorf("P, %v: completion %g deadlock %v, want %g", c.m, r.Completion, r.Deadlock, c.want)
		}
	}
}

// Program Q on three processors, one thread each: Direct deadlocks,
// Client-Server 10, Strict 13.
func TestSeedProgramQ(t *testing.T) {
	p := load(t, "vppb-Q.trace")
	cfg := Config{CPUs: 3, Bind: []int32{0, 1, 2}, Prio: seedPrio(3)}
	r, err := RunModel(p, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if r.Deadlock == nil {
		t.Fatalf("Q, direct: no deadlock, completion %g", r.Completion)
	}
	t.Log(r.Deadlock)
	for _, c := range []struct {
		m    Model
		want float64
	}{{ClientServer, 10}, {Strict, 13}} {
		cfg.Model = c.m
		r, err := RunModel(p, cfg)
		if err != nil {
			t.Fatal(err)
		}
		if r.Deadlock != nil || r.Completion != c.want {
			t.Errorf("Q, %v: completion %g deadlock %v, want %g", c.m, r.Completion, r.Deadlock, c.want)
		}
	}
}

// Program R on four processors: Direct and Client-Server deadlock, Strict
// gives 21.
func TestSeedProgramR(t *testing.T) {
	p := load(t, "vppb-R.trace")
	cfg := Config{CPUs: 4, Bind: []int32{0, 1, 2, 3}, Prio: seedPrio(4)}
	for _, m := range []Model{Direct, ClientServer} {
		cfg.Model = m
		r, err := RunModel(p, cfg)
		if err != nil {
			t.Fatal(err)
		}
		if r.Deadlock == nil {
			t.Fatalf("R, %v: no deadlock, completion %g", m, r.Completion)
		}
		t.Logf("%v: %v", m, r.Deadlock)
	}
	cfg.Model = Strict
	r, err := RunModel(p, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if r.Deadlock != nil || r.Completion != 21 {
		t.Errorf("R, strict: completion %g deadlock %v, want 21", r.Completion, r.Deadlock)
	}
}
