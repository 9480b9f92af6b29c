package predict

import (
	"fmt"
	"testing"
)

// Guided: each request takes the iterations left over the threads,
// rounded up (at least the chunk). 8 iterations of cost 1+i on 2 threads
// and 2 CPUs: thread 0 takes {0..3} at 0 (10), thread 1 {4,5} at 0 (11);
// thread 0 {6} at 10 (ends 17), thread 1 {7} at 11 (ends 19). With chunk
// 3: thread 0 {0..3} (10), thread 1 {4,5,6} (18), thread 0 {7} at 10 (18).
func TestSemPforGuided(t *testing.T) {
	for _, c := range []struct {
		sched string
		want  float64
	}{{"schedule guided", 19}, {"schedule guided chunk 3", 18}} {
		p := threads(t, 2, "pfor L i in 0 .. 8 threads 2 "+c.sched+" { action It cost 1 + i }")
		expect(t, c.sched, p.Time, c.want)
		_, it := elemStats(t, p, "It")
		if it.Calls != 8 {
			t.Errorf("%s: %d iterations", c.sched, it.Calls)
		}
	}
}

// A pfor inside a parallel region shares the region's threads and ends
// with a barrier of them: static blocks {0,1} (cost 0+1) and {2,3} (2+3)
// meet at 5, then thread 0 works 10 more: 15 (11 without the barrier).
// Dynamic: thread 0 takes 0 (0), 1 [0,1), 3 [1,4); thread 1 takes 2
// [0,2), then nothing is left: they meet at 4, and 14.
func TestSemWorksharing(t *testing.T) {
	for _, c := range []struct {
		sched string
		want  float64
	}{{"", 15}, {"schedule dynamic", 14}} {
		p := threads(t, 2, "parallel R threads 2 {\n pfor L i in 0 .. 4 "+c.sched+" { action It cost i }\n action After cost tid == 0 ? 10 : 0\n}")
		expect(t, "worksharing "+c.sched, p.Time, c.want)
		_, it := elemStats(t, p, "It")
		if it.Calls != 4 {
			t.Errorf("%s: %d iterations, want 4 (shared, not 4 per thread)", c.sched, it.Calls)
		}
	}
}

// single: one thread of the region runs it, and all wait for it at its
// end; master: thread 0 runs it, nobody waits; atomic: serialised as a
// critical section.
func TestSemSections(t *testing.T) {
	for _, c := range []struct {
		body       string
		want       float64
		calls      int
		finish1    float64
		elem, what string
	}{
		{"single S { action One cost 3 }\n action Both cost 1", 4, 1, 4, "One", "single"},
		{"master M { action One cost 3 }\n action Both cost 1", 4, 1, 1, "One", "master"},
		{"atomic A { action One cost 3 }\n action Both cost 1", 7, 2, 7, "One", "atomic"},
	} {
		p := threads(t, 2, "parallel R threads 2 {\n "+c.body+"\n}")
		expect(t, c.what, p.Time, c.want)
		_, one := elemStats(t, p, c.elem)
		if one.Calls != int64(c.calls) {
			t.Errorf("%s: %s ran %d times, want %d", c.what, c.elem, one.Calls, c.calls)
		}
		expect(t, fmt.Sprintf("%s: finish of thread 1", c.what), p.Units[1].Finish, c.finish1)
	}
}
