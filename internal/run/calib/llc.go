package calib

import (
	"math"
	"runtime"
	"sync"
	"time"
)

// Sharing is how much the processes of a node compete for its last cache
// level, as measured by LastLevelSharing. The processor's description
// does not tell: a virtual machine may report one last level for all its
// cores while they sit on different dies of the host, each with a last
// level of its own, and a last level may be partitioned or managed so
// that one core cannot take all of it.
type Sharing struct {
	// Shared is 0 when each process keeps the whole last level to
	// itself while the others run, 1 when they share it (a working set
	// beyond the second level then counts as many times as there are
	// processes); in between, a part of the way.
	Shared float64
	// At is the working set of each process, in bytes, where it was
	// measured: the one, from the third level's working set up, at which
	// Procs times more data costs one process the most.
	At int
	// Procs processes ran together.
	Procs int
	// Alone, Together and Spilled are seconds per random load: one
	// process with At bytes, Procs processes with At bytes each at the
	// same time, and one process with Procs·At bytes.
	Alone, Together, Spilled float64
}

// LastLevelSharing measures how much procs processes of this machine (at
// most 8) compete for its last cache level. Random loads (load_rand) over
// a working set that one process's last level holds get slower when procs
// processes run such loads together only if they share that level: as
// slow as one process with procs times the data if they share all of it,
// no slower if each has its own. The levels are augur bench machine's
// working sets; nil when the machine has one core, or when no working set
// between the third level's and the memory's makes a difference (there is
// then nothing to tell the two apart).
func LastLevelSharing(levels [4]int, procs int, quick bool) *Sharing {
	procs = min(procs, 8)
	if procs < 2 {
		return nil
	}
	rounds, target := 9, 20*time.Millisecond
	if quick {
		rounds, target = 5, 5*time.Millisecond
	}
	runtime.LockOSThread() // threadCPU reads this thread's clock
	defer runtime.UnlockOSThread()
	// One array for the single-process runs, prefixes of it for smaller
	// working sets (powers of two, as randomLoads' indices want).
	big := make([]uint64, levels[3]/8)
	fill(big)
	// The working set where procs times more data costs one process the
	// most, from the third level's up: where sharing would show.
	var best *Sharing
	var alone, spilled func(int) uint64
	var n int
	ratio := 1.5 // below this, more data costs too little to tell
	for ws := levels[2]; procs*ws <= levels[3]; ws *= 2 {
		a := randomLoads("", ws, big[:ws/8]).body
		sp := randomLoads("", procs*ws, big[:procs*ws/8]).body
		c, _ := calibrate(a, target)
		if r := perLoad(sp, c) / perLoad(a, c); r > ratio {
			ratio, best, alone, spilled, n = r, &Sharing{At: ws, Procs: procs}, a, sp, c
		}
	}
	if best == nil {
		return nil
	}
	ws := best.At
	own := make([][]uint64, procs)
	for p := range own {
		own[p] = make([]uint64, ws/8)
		fill(own[p])
	}
	// Rounds of the three, so that each sees the same bursts of load
	// from elsewhere; the lower quartile of each, as for the operations.
	var as, ts, ss []float64
	for range rounds {
		as = append(as, perLoad(alone, n))
		ts = append(ts, together(own, n))
		ss = append(ss, perLoad(spilled, n))
	}
	best.Alone, best.Together, best.Spilled = estimate(as).Value, estimate(ts).Value, estimate(ss).Value
	best.Shared = math.Min(1, math.Max(0, (best.Together-best.Alone)/(best.Spilled-best.Alone)))
	return best
}

func fill(data []uint64) {
	for i := range data {
		data[i] = uint64(i)
	}
}

// perLoad runs body(n) once to bring its working set in, then once timed,
// and returns the seconds per load (body does n·unroll of them).
func perLoad(body func(int) uint64, n int) float64 {
	sink := body(n)
	t0 := threadCPU()
	sink += body(n)
	d := (threadCPU() - t0).Seconds()
	if sink == 42 { // keep the loads alive; never true in practice
		d++
	}
	return d / float64(n*unroll)
}

// together runs random loads over each of own's arrays at the same time,
// each on a thread of its own, and returns the mean seconds per load.
func together(own [][]uint64, n int) float64 {
	per := make([]float64, len(own))
	var ready, done sync.WaitGroup
	start := make(chan struct{})
	ready.Add(len(own))
	done.Add(len(own))
	for p := range own {
		go func() {
			defer done.Done()
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			body := randomLoads("", len(own[p])*8, own[p]).body
			ready.Done()
			<-start
			per[p] = perLoad(body, n)
		}()
	}
	ready.Wait()
	close(start)
	done.Wait()
	var sum float64
	for _, v := range per {
		sum += v
	}
	return sum / float64(len(per))
}
