package cpu

import (
	"math"
	"testing"

	"augur/internal/machine"
)

// drive runs the computations of works, all started at 0 on a Sharing
// of cpus CPUs, event by event as the engine does, and returns when each
// ended.
func drive(t *testing.T, cpus int, works ...float64) []float64 {
	t.Helper()
	p := NewSharing(cpus, nil)
	for i, w := range works {
		p.Start(int32(i), w, 0)
	}
	ends := make([]float64, len(works))
	for p.Running() > 0 {
		at, version, ok := p.Next()
		if !ok {
			t.Fatal("no end scheduled while computations run")
		}
		done, ok := p.End(at, version, nil)
		if !ok || len(done) == 0 {
			t.Fatalf("End(%v, %d) = %v, %v: the current event ends something", at, version, done, ok)
		}
		for _, c := range done {
			ends[c] = at
		}
	}
	return ends
}

func near(a, b float64) bool { return math.Abs(a-b) <= 1e-12*math.Max(1, math.Abs(b)) }

// TestSharing: docs/semantics.md's example: costs 1, 3 and 2 on one CPU
// finish at 3, 6 and 5; on two CPUs at 1.5, 3.5 and 2.5; with a CPU
// each, at their costs.
func TestSharing(t *testing.T) {
	for _, c := range []struct {
		cpus int
		want []float64
	}{
		{1, []float64{3, 6, 5}},
		{2, []float64{1.5, 3.5, 2.5}},
		{3, []float64{1, 3, 2}},
		{8, []float64{1, 3, 2}},
	} {
		got := drive(t, c.cpus, 1, 3, 2)
		for i := range got {
			if !near(got[i], c.want[i]) {
				t.Errorf("%d CPUs: ends %v, want %v", c.cpus, got, c.want)
				break
			}
		}
	}
}

// TestSharingEqualEndsInArrivalOrder: computations that end at the same
// virtual time end in one event, in the order they started.
func TestSharingEqualEndsInArrivalOrder(t *testing.T) {
	p := NewSharing(1, nil)
	for _, c := range []int32{7, 3, 5} {
		p.Start(c, 2, 0)
	}
	at, version, _ := p.Next()
	done, ok := p.End(at, version, nil)
	if !ok || at != 6 || len(done) != 3 || done[0] != 7 || done[1] != 3 || done[2] != 5 {
		t.Errorf("End at %v = %v, %v; want 6, [7 3 5]", at, done, ok)
	}
}

// TestSharingStaleEvent: a start after Next moves the first end; the
// event Next gave before is stale and ends nothing.
func TestSharingStaleEvent(t *testing.T) {
	p := NewSharing(1, nil)
	p.Start(0, 4, 0)
	old, oldVersion, _ := p.Next()
	if old != 4 {
		t.Fatalf("alone: ends at %v, want 4", old)
	}
	p.Start(1, 1, 1) // from 1 both run at half speed
	at, version, _ := p.Next()
	if at != 3 { // 1 + 1/(1/2)
		t.Errorf("second ends at %v, want 3", at)
	}
	if done, ok := p.End(old, oldVersion, nil); ok || len(done) != 0 {
		t.Errorf("stale event ended %v", done)
	}
	if done, ok := p.End(at, version, nil); !ok || len(done) != 1 || done[0] != 1 {
		t.Errorf("End = %v, %v; want [1]", done, ok)
	}
	if at, _, _ := p.Next(); at != 5 { // at 3 it has done 1 + 1 of its 4
		t.Errorf("first ends at %v, want 5", at)
	}
}

// TestSharingIdle: with nothing running no end is due, and an idle
// spell serves no one.
func TestSharingIdle(t *testing.T) {
	p := NewSharing(2, nil)
	if _, _, ok := p.Next(); ok {
		t.Error("idle CPUs scheduled an end")
	}
	p.Start(0, 1, 10)
	if at, _, _ := p.Next(); at != 11 {
		t.Errorf("started at 10 after an idle spell: ends at %v, want 11", at)
	}
}

// TestSlots: a client takes the CPU it is bound to, else the CPU freed
// last when it is handed over, else the lowest free.
func TestSlots(t *testing.T) {
	s := NewSlots(70) // more than one word of free bits
	for i := int32(0); i < 66; i++ {
		if c := s.Take(100+i, -1, false); c != i {
			t.Fatalf("take %d: CPU %d, want the lowest free %d", i, c, i)
		}
	}
	if c := s.Take(1, 69, false); c != 69 || s.Holder(69) != 1 {
		t.Errorf("bound to 69: got %d", c)
	}
	s.Free(3)
	s.Free(65)
	if s.Holder(3) != -1 {
		t.Error("CPU 3 freed but held")
	}
	if c := s.Take(2, -1, true); c != 65 {
		t.Errorf("handed over: CPU %d, want 65 (freed last)", c)
	}
	if c := s.Take(3, -1, true); c != 3 {
		t.Errorf("handover taken already: CPU %d, want the lowest free 3", c)
	}
	if c := s.Take(4, -1, false); c != 66 {
		t.Errorf("lowest free: CPU %d, want 66", c)
	}
}

// TestSlotsHandoverFromStart: before any Free, a handover asks for CPU
// 0, as the engine's zeroed table did.
func TestSlotsHandoverFromStart(t *testing.T) {
	s := NewSlots(4)
	s.Take(9, 1, false)
	if c := s.Take(8, -1, true); c != 0 {
		t.Errorf("CPU %d, want 0", c)
	}
}

// TestVictim: a preemption takes the CPU of the client of lowest
// priority, the one granted last among equals, skipping those rank
// excludes.
func TestVictim(t *testing.T) {
	var none *Slots
	if v := none.Victim(nil); v != -1 {
		t.Errorf("nil slots: victim %d", v)
	}
	s := NewSlots(4)
	prio := map[int32]int32{10: 2, 11: 1, 12: 1, 13: 0}
	grant := map[int32]int64{10: 0, 11: 1, 12: 2, 13: 3}
	for c, cl := range []int32{10, 11, 12, 13} {
		s.Take(cl, int32(c), false)
	}
	rank := func(skip ...int32) func(int32) (int32, int64, bool) {
		return func(c int32) (int32, int64, bool) {
			for _, x := range skip {
				if c == x {
					return 0, 0, false
				}
			}
			return prio[c], grant[c], true
		}
	}
	if v := s.Victim(rank()); v != 13 {
		t.Errorf("victim %d, want 13 (lowest priority)", v)
	}
	if v := s.Victim(rank(13)); v != 12 {
		t.Errorf("victim %d, want 12 (priority 1, granted after 11)", v)
	}
	if v := s.Victim(rank(13, 12, 11, 10)); v != -1 {
		t.Errorf("victim %d, want none", v)
	}
	s.Free(3)
	if v := s.Victim(rank(12)); v != 11 {
		t.Errorf("victim %d, want 11 (13 gave its CPU back)", v)
	}
}

// TestQuantum: the slice left never goes below 0.
func TestQuantum(t *testing.T) {
	q := Quantum(1)
	for _, c := range []struct{ start, at, want float64 }{{0, 0, 1}, {2, 2.25, 0.75}, {0, 1, 0}, {0, 5, 0}} {
		if got := q.Left(c.start, c.at); got != c.want {
			t.Errorf("Left(%v, %v) = %v, want %v", c.start, c.at, got, c.want)
		}
	}
}

// TestDoneAtConstantSpeed: without a profile a CPU does a second of
// work a second.
func TestDoneAtConstantSpeed(t *testing.T) {
	if d := Done(nil, 2, 5); d != 3 {
		t.Errorf("Done = %v, want 3", d)
	}
}

// TestSharingProfile: under a speed profile the virtual clock follows
// the work the CPUs get done: full speed until 2, half speed after, two
// computations of 2 on one CPU end at 6; a node that stops for good
// schedules no end.
func TestSharingProfile(t *testing.T) {
	half := machine.NewWork(&machine.Profile{Points: []machine.ProfilePoint{{T: 0, Value: 1}, {T: 2, Value: 0.5}}})
	p := NewSharing(1, half)
	p.Start(0, 2, 0)
	p.Start(1, 2, 0)
	at, version, ok := p.Next()
	if !ok || !near(at, 6) {
		t.Fatalf("Next = %v, %v; want 6", at, ok)
	}
	if done, _ := p.End(at, version, nil); len(done) != 2 {
		t.Errorf("ended %v, want both", done)
	}
	if d := Done(half, 1, 4); !near(d, 2) { // 1 s at full speed, 2 s at half
		t.Errorf("Done(1, 4) = %v, want 2", d)
	}

	stop := machine.NewWork(&machine.Profile{Points: []machine.ProfilePoint{{T: 0, Value: 1}, {T: 1, Value: 0}}})
	p = NewSharing(1, stop)
	p.Start(0, 5, 0)
	if at, _, ok := p.Next(); ok {
		t.Errorf("a node stopped at 1 ends 5 s of work at %v", at)
	}
}
