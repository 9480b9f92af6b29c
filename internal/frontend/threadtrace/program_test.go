package threadtrace

import (
	"fmt"
	"os"
	"strings"
	"testing"
)

func buildFile(t *testing.T, name string) *Program {
	t.Helper()
	f, err := os.Open("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	tr, err := Parse(f, name)
	if err != nil {
		t.Fatal(err)
	}
	p, err := Build(tr)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// listing writes a thread's list the way VPPB's figures do.
func listing(p *Program, th int) string {
	var b strings.Builder
	t := &p.Threads[th]
	if t.Work0 > 0 {
		fmt.Fprintf(&b, "Work(%g) ", t.Work0)
	}
	for i := range t.Ops {
		op := &t.Ops[i]
		switch op.Kind {
		case OpCreate:
			fmt.Fprintf(&b, "Activate(%s) ", p.Threads[op.Thread].Name)
		case OpSend:
			fmt.Fprintf(&b, "Activate(%s) ", p.Threads[op.Thread].Name)
		case OpWait:
			fmt.Fprintf(&b, "Wait_for(%s) ", p.Objs[op.Obj].Name)
		case OpExit:
			b.WriteString("Terminate")
		default:
			fmt.Fprintf(&b, "%s ", op.Kind)
		}
		if op.Work > 0 {
			fmt.Fprintf(&b, "Work(%g) ", op.Work)
		}
	}
	return strings.TrimSpace(b.String())
}

// VPPB Fig. 1: the lists recovered from Table 1 (a created thread's
// first Wait_for is its creation).
func TestBuildSeedFigure1(t *testing.T) {
	p := buildFile(t, "vppb-P.trace")
	want := []string{
		"Activate(P2) Work(1) Activate(P3) Work(2) Wait_for(X) Work(1) Activate(P4) Work(1) Wait_for(X) Work(2) Terminate",
		"Work(2) Activate(P1) Work(1) Terminate",
		"Work(2) Activate(P1) Work(3) Terminate",
		"Work(3) Terminate",
	}
	for i, w := range want {
		if got := listing(p, i); got != w {
			t.Errorf("%s:\n got %s\nwant %s", p.Threads[i].Name, got, w)
		}
	}
}

// VPPB Fig. 4: program Q' from Table 2.
func TestBuildSeedFigure4(t *testing.T) {
	p := buildFile(t, "vppb-Q.trace")
	want := []string{
		"Activate(P2) Work(1) Activate(P3) Work(1) Wait_for(X) Work(2) Activate(P2) Work(1) Wait_for(X) Work(2) Activate(P3) Work(1) Terminate",
		"Work(7) Activate(P1) Work(1) Wait_for(X) Work(1) Terminate",
		"Work(2) Activate(P1) Work(1) Wait_for(X) Work(1) Terminate",
	}
	for i, w := range want {
		if got := listing(p, i); got != w {
			t.Errorf("%s:\n got %s\nwant %s", p.Threads[i].Name, got, w)
		}
	}
	// Each wait is paired with the send that satisfied it in the
	// recording: P1's first wait with P2's send (line 6), its second with
	// P3's (line 11), as Fig. 6's arrows show.
	p1 := &p.Threads[0]
	var waits []string
	for _, op := range p1.Ops {
		if op.Kind == OpWait {
			pr := p.Objs[op.Obj].Producer[op.Tok]
			waits = append(waits, fmt.Sprintf("%s@%d", p.Threads[pr.Thread].Name, pr.Line))
		}
	}
	if got := strings.Join(waits, " "); got != "P2@6 P3@11" {
		t.Errorf("P1's waits paired with %s", got)
	}
}

// VPPB Fig. 11 (R”' lists) from Table 3.
func TestBuildSeedFigure11(t *testing.T) {
	p := buildFile(t, "vppb-R.trace")
	want := "Activate(P2) Work(1) Activate(P3) Work(1) Activate(P4) Work(1) Wait_for(X) Work(2) Wait_for(X) Work(2) Activate(P2) Work(1) Activate(P3) Work(1) Wait_for(X) Work(2) Activate(P4) Work(1) Terminate"
	if got := listing(p, 0); got != want {
		t.Errorf("P1:\n got %s\nwant %s", got, want)
	}
	if got := listing(p, 1); got != "Work(12) Activate(P1) Work(1) Wait_for(X) Work(1) Terminate" {
		t.Errorf("P2: %s", got)
	}
}

func build(t *testing.T, src string) (*Program, error) {
	t.Helper()
	tr, err := Parse(strings.NewReader(src), "b.trace")
	if err != nil {
		t.Fatalf("parse: %v", err)
	}
	return Build(tr)
}

// With cpu= the work between two events is the thread's CPU time between
// them, whatever the timestamps say.
func TestBuildCPUTimes(t *testing.T) {
	p, err := build(t, `
0   T0 create T1 cpu=0.5
1   T1 lock M cpu=0.25
1.5 T1 unlock M cpu=0.75
2   T0 lock M cpu=1
3   T0 cond_wait C M cpu=1
4   T1 lock M cpu=1
5   T1 cond_signal C cpu=1.5
6   T1 unlock M cpu=2
7   T0 lock M cpu=1.125
8   T0 unlock M cpu=1.125
9   T1 exit cpu=2
10  T0 join T1 cpu=1.25
11  T0 exit cpu=1.25
`)
	if err != nil {
		t.Fatal(err)
	}
	t0, t1 := &p.Threads[0], &p.Threads[1]
	if t0.Work0 != 0.5 || t1.Work0 != 0.25 {
		t.Errorf("work before the first events: %g, %g", t0.Work0, t1.Work0)
	}
	kinds := func(th *Thread) string {
		var s []string
		for _, op := range th.Ops {
			s = append(s, fmt.Sprintf("%s:%g:%d", op.Kind, op.Work, op.Tok))
		}
		return strings.Join(s, " ")
	}
	// T0's cond_wait is unlock M, wait C (it took the signal's token 0),
	// then the relock.
	if got := kinds(t0); got != "create:0.5:-1 lock:0:1 unlock:0:2 cond_wait:0.125:0 lock:0:3 unlock:0.125:4 join:0:0 exit:0:0" {
		t.Errorf("T0: %s", got)
	}
	if got := kinds(t1); got != "lock:0.5:0 unlock:0.25:1 lock:0.5:2 cond_signal:0.5:0 unlock:0:3 exit:0:0" {
		t.Errorf("T1: %s", got)
	}
}

// A signal nobody waits for is lost; a broadcast makes a token per waiter;
// a cond_timedwait that returns with no signal left took none.
func TestBuildConditionTokens(t *testing.T) {
	p, err := build(t, `
0 A create B
0 A create C
1 A cond_signal K
2 B lock M
3 B cond_wait K M
4 C lock M
5 C cond_timedwait K M
6 A cond_broadcast K
7 B lock M
8 B unlock M
9 C lock M
10 C unlock M
11 A cond_signal K
`)
	if err != nil {
		t.Fatal(err)
	}
	var sig []string
	for _, op := range p.Threads[0].Ops {
		if op.Kind == OpSignal {
			sig = append(sig, fmt.Sprintf("N=%d", op.N))
		}
	}
	if got := strings.Join(sig, " "); got != "N=2" {
		t.Errorf("signals kept: %s (the first and last wake nobody)", got)
	}
	for _, th := range []int{1, 2} {
		for _, op := range p.Threads[th].Ops {
			if op.Kind == OpCondWait && op.Tok < 0 {
				t.Errorf("%s's wait took no token", p.Threads[th].Name)
			}
		}
	}
}

func TestBuildErrors(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"0 A lock M\n1 A create B\n2 B lock M\n", "b.trace:3: B locks M, but A holds it since line 1"},
		{"0 A unlock M\n", "b.trace:1: A unlocks M, which it does not hold (held by nobody)"},
		{"0 A cond_wait C M\n", "b.trace:1: A waits on C with mutex M, which it does not hold"},
		{"0 A lock M\n1 A cond_wait C M\n2 A exit\n", "b.trace:3: A's cond_wait on line 2 must be followed by its `lock M`"},
		{"0 A sem_wait S\n", "b.trace:1: A takes semaphore S, which has no token"},
		{"0 A barrier_wait B\n", "b.trace:1: barrier_wait B before barrier_init B"},
		{"0 A create B\n1 A wait X\n2 A exit\n", "b.trace:3: A records an event while it is blocked in wait X since line 2"},
		{"0 A create B\n1 B exit\n2 A join B\n3 A join B\n", "b.trace:4: B is joined a second time (first on line 3)"},
		{"0 A sem_post S\n1 A sem_init S 1\n", "b.trace:2: sem_init S after the semaphore was used"},
	} {
		_, err := build(t, c.src)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q:\n got %v\nwant %s", c.src, err, c.want)
		}
	}
}

// Recursive mutexes: only the outermost lock and unlock synchronise.
func TestBuildRecursiveMutex(t *testing.T) {
	p, err := build(t, "0 A lock M\n1 A lock M\n2 A unlock M\n3 A unlock M\n4 A exit\n")
	if err != nil {
		t.Fatal(err)
	}
	if n := len(p.Threads[0].Ops); n != 3 {
		t.Errorf("%d ops, want lock, unlock, exit", n)
	}
}

// A thread still blocked when the recording ended stops there.
func TestBuildFinalWait(t *testing.T) {
	p, err := build(t, "0 A create B\n1 B wait X\n2 A exit\n")
	if err != nil {
		t.Fatal(err)
	}
	ops := p.Threads[1].Ops
	if len(ops) != 1 || !ops[0].Final {
		t.Errorf("B's ops %+v", ops)
	}
}
