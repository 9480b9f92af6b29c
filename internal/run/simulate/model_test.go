package simulate

import (
	"reflect"
	"strings"
	"testing"

	"augur/internal/frontend/threadtrace"
)

func prog(t *testing.T, src string) *threadtrace.Program {
	t.Helper()
	tr, err := threadtrace.Parse(strings.NewReader(src), "t.trace")
	if err != nil {
		t.Fatal(err)
	}
	p, err := threadtrace.Build(tr)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func run(t *testing.T, p *threadtrace.Program, cfg Config) *Outcome {
	t.Helper()
	r, err := RunModel(p, cfg)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// In the recording B took the mutex before A. On two processors A comes
// first: Direct lets it in (A 1-4, B 4-5: 5); Strict keeps the recorded
// order (B 4-5, A 5-8: 8); Client-Server treats locks as Direct (5).
func TestMutexOrderPerModel(t *testing.T) {
	p := prog(t, `
0 A create B
4 B lock M
5 B unlock M
5 B exit
6 A lock M
9 A unlock M
9 A exit
`)
	for m, want := range map[Model]float64{Direct: 5, ClientServer: 5, Strict: 8} {
		r := run(t, p, Config{CPUs: 2, Model: m})
		if r.Deadlock != nil || r.Completion != want {
			t.Errorf("%v: completion %g (deadlock %v), want %g", m, r.Completion, r.Deadlock, want)
		}
	}
}

// A condition wait, its signal and the relock, on two processors: A's
// signal (at 1) comes before B waits; it is kept, so B does not wait for
// it, in every model: B relocks at 2 and ends at 3.
func TestConditionVariable(t *testing.T) {
	p := prog(t, `
0 A create B
1 B lock M
1 B cond_wait C M
2 A lock M
2 A cond_signal C
2 A unlock M
2 A exit
3 B lock M
4 B unlock M
4 B exit
`)
	for _, m := range []Model{Direct, ClientServer, Strict} {
		r := run(t, p, Config{CPUs: 2, Model: m})
		if r.Deadlock != nil || r.Completion != 3 {
			t.Errorf("%v: completion %g (deadlock %v), want 3", m, r.Completion, r.Deadlock)
		}
	}
}

// Preemptive priority scheduling on one processor: B (higher) waits on a
// semaphore A posts at 2, preempts A, runs 4; A finishes its last 3 at 9.
func TestPreemption(t *testing.T) {
	p := prog(t, `
# priority B A
0 A sem_init S 0
0 A create B
2 A sem_post S
2 B sem_wait S
6 B exit
9 A exit
`)
	r := run(t, p, Config{CPUs: 1, Prio: []int32{1, 2}})
	a, b := r.Threads[0], r.Threads[1]
	if r.Completion != 9 || b.End != 6 || a.End != 9 {
		t.Fatalf("completion %g, A ends %g, B ends %g; want 9, 9, 6", r.Completion, a.End, b.End)
	}
	if a.Busy != 5 || a.Ready != 4 || a.Blocked != 0 || b.Busy != 4 || b.Blocked != 2 || b.Ready != 0 {
		t.Errorf("A %+v\nB %+v", a, b)
	}
	// Equal priorities: no preemption; B, created at 0, gets the processor
	// when A ends at 5 and finds the post already made.
	r = run(t, p, Config{CPUs: 1})
	if b := r.Threads[1]; r.Completion != 9 || b.End != 9 || b.Ready != 5 || b.Blocked != 0 {
		t.Errorf("equal priorities: completion %g, B %+v", r.Completion, b)
	}
}

// Barrier and join on two processors: W1 works 3, W2 1, both meet at the
// barrier and work 1 more: 4; one processor: all 6 units, speed-up 1.5.
func TestBarrierAndJoin(t *testing.T) {
	p := prog(t, `
0 M barrier_init B 2
0 M create W1
0 M create W2
3 W1 barrier_wait B
4 W2 barrier_wait B
5 W2 exit
6 W1 exit
6 M join W1
6 M join W2
6 M exit
`)
	for _, m := range []Model{Direct, ClientServer, Strict} {
		r2 := run(t, p, Config{CPUs: 2, Model: m})
		r1 := run(t, p, Config{CPUs: 1, Model: m})
		if r2.Completion != 4 || r1.Completion != 6 {
			t.Errorf("%v: 2 processors %g (want 4), 1 processor %g (want 6)", m, r2.Completion, r1.Completion)
		}
		if w2 := r2.Threads[2]; w2.Busy != 2 || w2.Blocked != 2 {
			t.Errorf("%v: W2 %+v", m, w2)
		}
	}
}

// The deadlock report says who waits for what.
func TestDeadlockReport(t *testing.T) {
	p := load(t, "vppb-Q.trace")
	r := run(t, p, Config{CPUs: 3, Bind: []int32{0, 1, 2}, Prio: seedPrio(3)})
	if r.Deadlock == nil || r.Deadlock.Time != 7 {
		t.Fatalf("deadlock %v", r.Deadlock)
	}
	got := r.Deadlock.String()
	for _, want := range []string{
		"P1: send X to P2 (line 7): P2 to wait for it; P2 is blocked in send X to P1 (line 6)",
		"P2: send X to P1 (line 6): P1 to wait for it; P1 is blocked in send X to P2 (line 7)",
		"P3: wait X (line 13): a send of X to P3 from any thread",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("report lacks %q:\n%s", want, got)
		}
	}
	if r.Threads[0].Done || r.Threads[0].End != 7 {
		t.Errorf("P1 %+v", r.Threads[0])
	}
}

func TestDeterministic(t *testing.T) {
	p := load(t, "vppb-P.trace")
	cfg := Config{CPUs: 2, Prio: seedPrio(4), Timeline: true, Model: ClientServer}
	a, b := run(t, p, cfg), run(t, p, cfg)
	if !reflect.DeepEqual(a, b) {
		t.Error("two runs differ")
	}
	if len(a.Slices) == 0 || len(a.Blocks) == 0 {
		t.Error("no timeline")
	}
}

func TestConfigErrors(t *testing.T) {
	p := load(t, "vppb-P.trace")
	for _, cfg := range []Config{{CPUs: 0}, {CPUs: 2, Bind: []int32{0}}, {CPUs: 2, Bind: []int32{0, 1, 2, 0}}, {CPUs: 2, Prio: []int32{1}}} {
		if _, err := RunModel(p, cfg); err == nil {
			t.Errorf("%+v: no error", cfg)
		}
	}
	if _, err := RunModel(p, Config{CPUs: 1, MaxEvents: 3}); err == nil || !strings.Contains(err.Error(), "limit") {
		t.Errorf("max events: %v", err)
	}
}
