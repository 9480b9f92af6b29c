package calib

import (
	"runtime"
	"sync"
	"time"
)

// nodeBytes bounds the memory the node's triads take together (half of
// it with quick): on a node of many CPUs each thread gets a share of it,
// still far beyond the last cache level they share.
const nodeBytes = 2 << 30

// togetherShare is the least share of a round's wall time every thread must
// have run for the round to count: below it the scheduler gave a CPU to
// another program for a while, and the node's CPUs did not all stream at
// once.
const togetherShare = 0.9

// retries bounds the rounds of a part that do not count.
const retries = 20

// nodeTriad is the bench of the node's aggregate memory bandwidth, as
// seconds per byte of the node's traffic (mem_byte_node): mem_byte's
// triad on each of cpus threads at once, each on arrays of its own (ws
// bytes, the memory level's working set, as mem_byte's), started
// together; a run's time is the wall time from the start to the last
// thread's end, for the node's bytes (per: triadBytes on each of the
// cpus threads). It is what the Execution-Cache-Memory model needs beyond
// mem_byte: the cores of a node share its memory's bandwidth, and a loop
// stops speeding up with the cores that run it once together they
// saturate it. What the loads and stores take in the core is subtracted
// from each thread's time per byte, as for mem_byte. MTC times it in its
// rounds, so that it sees the same bursts of load elsewhere as mem_byte.
// stop ends its threads.
func nodeTriad(cpus, ws int, quick bool) (b bench, stop func()) {
	// A run in parts of about 1 ms (MTC's runs last 25 ms, 5 with
	// quick; the triad goes on where it stopped): on a shared machine a
	// long part rarely has every CPU to itself.
	most, parts := nodeBytes, 25
	if quick {
		most, parts = nodeBytes/2, 5
	}
	elems := min(ws, most/cpus) / 3 / 8
	team := newStreamers(cpus, elems, parts)
	doc := "a byte of the node's memory traffic with all its CPUs streaming (mem_byte's triad on " + itoa(cpus) + " threads at once, each over " +
		sizeText(3*elems*8) + " of its own, the node's bytes over the wall time, less the loads' and stores' own time; the inverse of the node's bandwidth)"
	return bench{key: "mem_byte_node", doc: doc, per: float64(triadBytes * cpus),
		less: func(st map[string]Stat) float64 {
			return triadCoreTime(st["load_tp"].Value, st["store_tp"].Value) / float64(cpus)
		},
		body:  team.bodies[0], // alone, to calibrate the count
		timed: team.together,
	}, team.stop
}

// ranTogether reports whether every thread of a round that lasted wall
// ran for at least togetherShare of it (their CPU times cpu).
func ranTogether(wall time.Duration, cpu []time.Duration) bool {
	if wall <= 0 || len(cpu) == 0 {
		return false
	}
	for _, c := range cpu {
		if float64(c) < togetherShare*float64(wall) {
			return false
		}
	}
	return true
}

// streamers are threads, each locked to its OS thread with triad arrays
// of its own, that run the triad when told to.
type streamers struct {
	bodies []func(int) uint64
	jobs   []chan job
	parts  int // rounds a run of together is split into
}

// job is one round for one thread: wait for start, run the triad n times
// unroll, say how long on its own clock and when it ended. The triad
// writes its arrays, so nothing needs to keep its result alive.
type job struct {
	n     int
	start <-chan struct{}
	ready *sync.WaitGroup
	done  *sync.WaitGroup
	cpu   *time.Duration
	end   *time.Time
}

// newStreamers starts k threads with arrays of elems elements each. Each
// thread allocates and first writes its own arrays, so that on a node of
// several memory domains its pages are the near ones, as a process's are.
func newStreamers(k, elems, parts int) *streamers {
	s := &streamers{bodies: make([]func(int) uint64, k), jobs: make([]chan job, k), parts: parts}
	var ready sync.WaitGroup
	ready.Add(k)
	for i := range k {
		s.jobs[i] = make(chan job)
		go func() {
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			a, b, c := make([]float64, elems), make([]float64, elems), make([]float64, elems)
			for j := range b {
				a[j], b[j], c[j] = 0, float64(j), float64(2*j)
			}
			s.bodies[i] = triad(a, b, c)
			ready.Done()
			for j := range s.jobs[i] {
				j.ready.Done()
				<-j.start
				t0 := threadCPU()
				s.bodies[i](j.n)
				*j.cpu = threadCPU() - t0
				*j.end = time.Now()
				j.done.Done()
			}
		}()
	}
	ready.Wait()
	return s
}

// round runs the triad n times unroll on every thread at once and returns
// the wall time from the start to the last end, and each thread's CPU time.
func (s *streamers) round(n int) (time.Duration, []time.Duration) {
	k := len(s.jobs)
	cpu, ends := make([]time.Duration, k), make([]time.Time, k)
	var ready, done sync.WaitGroup
	ready.Add(k)
	done.Add(k)
	start := make(chan struct{})
	for i, ch := range s.jobs {
		ch <- job{n: n, start: start, ready: &ready, done: &done, cpu: &cpu[i], end: &ends[i]}
	}
	ready.Wait()
	t0 := time.Now()
	close(start)
	done.Wait()
	last := t0
	for _, e := range ends {
		if e.After(last) {
			last = e
		}
	}
	return last.Sub(t0), cpu
}

// together runs n·unroll elements on every thread at once, in parts
// rounds, and returns their wall time in seconds. A round that did not
// run the threads together (ranTogether) is run again, as on a shared
// machine some lose a CPU to another program; a part that never did
// (retries rounds) is left out, and the time of the others stands for
// the whole. false: no part did.
func (s *streamers) together(n int) (float64, bool) {
	total, done := 0.0, 0
	for p := range s.parts {
		part := n / s.parts
		if p == 0 {
			part += n % s.parts
		}
		if part == 0 {
			continue
		}
		if d, ok := s.once(part); ok {
			total, done = total+d, done+part
		}
	}
	if done == 0 {
		return 0, false
	}
	return total * float64(n) / float64(done), true
}

// once runs a round of n·unroll elements until one runs the threads
// together, at most retries times, and returns its wall time in seconds.
func (s *streamers) once(n int) (float64, bool) {
	for range retries {
		if wall, cpu := s.round(n); ranTogether(wall, cpu) {
			return wall.Seconds(), true
		}
	}
	return 0, false
}

// stop ends the threads.
func (s *streamers) stop() {
	for _, ch := range s.jobs {
		close(ch)
	}
}
