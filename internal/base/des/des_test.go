package des

import (
	"fmt"
	"math"
	"math/rand/v2"
	"sort"
	"testing"
)

func TestQueueOrdersByTimeThenInsertion(t *testing.T) {
	var q Queue
	r := rand.New(rand.NewPCG(1, 2))
	type rec struct {
		t   float64
		arg int32
	}
	var want []rec
	for i := 0; i < 5000; i++ {
		tm := float64(r.IntN(100)) // many ties
		q.Push(tm, 0, 0, int32(i))
		want = append(want, rec{tm, int32(i)})
	}
	sort.SliceStable(want, func(i, j int) bool { return want[i].t < want[j].t })
	for i, w := range want {
		e := q.Pop()
		if e.Time != w.t || e.Arg != w.arg {
			t.Fatalf("pop %d: got (%v,%d), want (%v,%d)", i, e.Time, e.Arg, w.t, w.arg)
		}
	}
	if q.Len() != 0 {
		t.Fatalf("queue not empty")
	}
}

func TestFacilityFCFS(t *testing.T) {
	f := NewFacility(2, FCFS)
	if !f.Acquire(1, 0) || !f.Acquire(2, 0) {
		t.Fatal("two servers must be free")
	}
	if f.Acquire(3, 0) || f.Acquire(4, 0) {
		t.Fatal("third client must wait")
	}
	if n, ok := f.Release(); !ok || n != 3 {
		t.Fatalf("release handed to %d,%v; want 3", n, ok)
	}
	if n, ok := f.Release(); !ok || n != 4 {
		t.Fatalf("release handed to %d,%v; want 4", n, ok)
	}
	if _, ok := f.Release(); ok {
		t.Fatal("nobody waits")
	}
	if f.Busy != 1 {
		t.Fatalf("busy %d, want 1", f.Busy)
	}
}

func TestFacilityPriority(t *testing.T) {
	f := NewFacility(1, Priority)
	f.Acquire(0, 0)
	f.Acquire(1, 1)
	f.Acquire(2, 5)
	f.Acquire(3, 1)
	var got []int32
	for {
		n, ok := f.Release()
		if !ok {
			break
		}
		got = append(got, n)
	}
	want := []int32{2, 1, 3}
	if len(got) != 3 || got[0] != want[0] || got[1] != want[1] || got[2] != want[2] {
		t.Fatalf("order %v, want %v", got, want)
	}
}

func TestFacilityPreempt(t *testing.T) {
	f := NewFacility(1, RoundRobin)
	f.Acquire(1, 0)
	f.Acquire(2, 0)
	if n := f.Preempt(1, 0); n != 2 {
		t.Fatalf("preempt gave %d, want 2", n)
	}
	if n, ok := f.Release(); !ok || n != 1 {
		t.Fatalf("after preempt release gave %d, want 1", n)
	}
}

func BenchmarkQueuePushPop(b *testing.B) {
	var q Queue
	r := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 1<<16; i++ {
		q.Push(r.Float64(), 0, 0, 0)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		e := q.Pop()
		q.Push(e.Time+r.Float64(), 0, 0, 0)
	}
}

// Rescheduling keyed events gives the order a queue holding every pushed
// event would give after dropping the superseded ones.
func TestQueueRescheduleMatchesLazyDeletion(t *testing.T) {
	const kKey, kOther = 7, 1
	var keyed, lazy Queue
	keyed.SetKeyed(kKey, 4)
	version := make([]int32, 50)
	live := make([]bool, 50)
	r := rand.New(rand.NewPCG(3, 4))
	now := 0.0
	check := func(a, b Event) {
		if a.Time != b.Time || a.Target != b.Target || a.Kind != b.Kind || a.Arg != b.Arg {
			t.Fatalf("keyed pop %+v, lazy pop %+v", a, b)
		}
	}
	popLazy := func() Event {
		for {
			e := lazy.Pop()
			if e.Kind != kKey || (live[e.Target] && e.Arg == version[e.Target]) {
				if e.Kind == kKey {
					live[e.Target] = false
				}
				return e
			}
		}
	}
	for step := 0; step < 20000; step++ {
		switch x := r.IntN(10); {
		case x < 4:
			tg := int32(r.IntN(50))
			tm := now + float64(r.IntN(20))
			version[tg]++
			live[tg] = true
			keyed.Reschedule(tm, tg, version[tg])
			lazy.Push(tm, tg, kKey, version[tg])
		case x < 5:
			tg := int32(r.IntN(50))
			version[tg]++
			live[tg] = false
			keyed.Cancel(tg)
		case x < 7:
			tm := now + float64(r.IntN(20))
			keyed.Push(tm, int32(step), kOther, 0)
			lazy.Push(tm, int32(step), kOther, 0)
		default:
			if keyed.Len() == 0 {
				continue
			}
			a := keyed.Pop()
			check(a, popLazy())
			now = a.Time
		}
	}
	for keyed.Len() > 0 {
		check(keyed.Pop(), popLazy())
	}
	for lazy.Len() > 0 {
		if e := lazy.Pop(); e.Kind == kKey && live[e.Target] && e.Arg == version[e.Target] {
			t.Fatalf("lazy queue still holds live %+v", e)
		}
	}
}

// Peek shows what Pop returns next; Each visits every pending event once;
// Reset empties the queue and forgets keyed positions, so a reused queue
// starts over.
func TestQueuePeekEachReset(t *testing.T) {
	var q Queue
	q.SetKeyed(7, 4)
	q.Push(3, 10, 1, 0)
	q.Reschedule(1, 2, 5)
	q.Push(2, 11, 1, 0)
	if p := q.Peek(); p.Time != 1 || p.Target != 2 || p.Arg != 5 {
		t.Fatalf("peek %+v, want the keyed event at 1", p)
	}
	sum := int32(0)
	q.Each(func(ev Event) { sum += ev.Target })
	if sum != 10+2+11 {
		t.Fatalf("each visited targets summing to %d, want 23", sum)
	}
	q.Reset()
	if q.Len() != 0 {
		t.Fatalf("%d events after reset", q.Len())
	}
	q.Cancel(2) // its position was forgotten: nothing to cancel
	q.Push(5, 12, 1, 0)
	if p := q.Pop(); p.Target != 12 || q.Len() != 0 {
		t.Fatalf("after reset popped %+v with %d left", p, q.Len())
	}
}

// Events of equal time pop in the order they were scheduled, a keyed
// event rescheduled at the same time moving behind the others, and each
// comes out with the kind, target and argument it went in with.
func TestQueueTiesPopInOrder(t *testing.T) {
	var q Queue
	const keyed = 7
	q.SetKeyed(keyed, 4)
	q.Push(1, 10, 1, 100)
	q.Reschedule(1, 2, 200) // keyed, target 2
	q.Push(1, 11, 255, -5)
	q.Push(0.5, 12, 3, 300)
	q.Push(1, 13, 0, 400)
	q.Reschedule(1, 2, 201) // the same time again: now after target 13
	want := []Event{
		{Time: 0.5, Target: 12, Kind: 3, Arg: 300},
		{Time: 1, Target: 10, Kind: 1, Arg: 100},
		{Time: 1, Target: 11, Kind: 255, Arg: -5},
		{Time: 1, Target: 13, Kind: 0, Arg: 400},
		{Time: 1, Target: 2, Kind: keyed, Arg: 201},
	}
	for i, w := range want {
		if got := q.Pop(); got != w {
			t.Fatalf("pop %d = %+v, want %+v", i, got, w)
		}
	}
	if q.Len() != 0 {
		t.Fatalf("%d events left", q.Len())
	}
}

// Pops, pushes, peeks and lengths in any interleaving (the root left
// vacant by a pop, filled by the next push or by whatever looks first)
// give the order of a sorted list of the pending events.
func TestQueueInterleavedMatchesSortedList(t *testing.T) {
	later := func(r *rand.Rand, now float64) float64 { return now + float64(r.IntN(8)) } // many ties
	// Fewer pushes than pops: the queue stays an unordered array.
	t.Run("array", func(t *testing.T) {
		if q := matchSortedList(t, 7, 2, 50000, later); q.heap {
			t.Fatal("the queue became a heap; the test meant to keep it an array")
		}
	})
	// More pushes than pops: it becomes a heap once it holds smallMax
	// events, and goes on as one.
	t.Run("heap", func(t *testing.T) {
		if q := matchSortedList(t, 5, 5, 50000, later); !q.heap {
			t.Fatal("the queue stayed an array; the test meant to make it a heap")
		}
	})
	// A negative time, or -0, makes the array a heap at once (it
	// compares times as bits).
	for _, neg := range []float64{-1, math.Copysign(0, -1)} {
		t.Run(fmt.Sprint("time ", neg), func(t *testing.T) {
			q := matchSortedList(t, 9, 3, 2000, func(r *rand.Rand, now float64) float64 {
				if r.IntN(100) == 0 {
					return neg
				}
				return later(r, now)
			})
			if !q.heap {
				t.Fatal("the queue stayed an array")
			}
		})
	}
}

// matchSortedList pushes (push in 10 of the steps, or when empty), peeks
// and pops at random, with times from at, and checks every answer against
// a sorted list.
func matchSortedList(t *testing.T, seed uint64, push, steps int, at func(*rand.Rand, float64) float64) *Queue {
	type rec struct {
		t   float64
		arg int32
	}
	var q Queue
	var ref []rec // pending, in pop order
	r := rand.New(rand.NewPCG(seed, 6))
	now := 0.0
	for step := int32(0); step < int32(steps); step++ {
		switch x := r.IntN(10); {
		case x < push || len(ref) == 0:
			tm := at(r, now)
			q.Push(tm, 0, 0, step)
			i := sort.Search(len(ref), func(i int) bool { return ref[i].t > tm })
			ref = append(ref[:i], append([]rec{{tm, step}}, ref[i:]...)...)
		case x < push+1:
			if tm, ok := q.PeekTime(); !ok || tm != ref[0].t {
				t.Fatalf("step %d: peek time %v,%v, want %v", step, tm, ok, ref[0].t)
			}
		case x < push+2:
			if q.Len() != len(ref) {
				t.Fatalf("step %d: length %d, want %d", step, q.Len(), len(ref))
			}
		default:
			e := q.Pop()
			if e.Time != ref[0].t || e.Arg != ref[0].arg {
				t.Fatalf("step %d: popped (%v,%d), want (%v,%d)", step, e.Time, e.Arg, ref[0].t, ref[0].arg)
			}
			now, ref = max(e.Time, 0), ref[1:]
		}
	}
	return &q
}

// BenchmarkQueueSmall is a thread trace's queue: nine events pending.
func BenchmarkQueueSmall(b *testing.B) {
	var q Queue
	r := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 9; i++ {
		q.Push(r.Float64(), 0, 0, 0)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		e := q.Pop()
		q.Push(e.Time+r.Float64(), 0, 0, 0)
	}
}
