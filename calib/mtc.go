// Package calib characterises the machine it runs on, as ChronosMix's MTC
// and CTC do (seed 001): microbenchmarks of an instruction set give
// seconds per operation, a ping-pong between two processes gives latency
// and bandwidth by message size, fitted to a piecewise model; the result
// is written as an augur machine file.
package calib

import (
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"time"
)

// Op is one characterised operation.
type Op struct {
	Key  string // machine-file key, see docs/bench.md
	Doc  string
	Stat Stat // seconds per operation
}

// MTCOptions control the microbenchmarks.
type MTCOptions struct {
	Quick bool // fewer repetitions, shorter runs, smaller largest working set
	// Progress, if set, is called with each operation's key before it runs.
	Progress func(key string)
}

// calibrate picks the count n for which body(n) lasts about target.
func calibrate(body func(n int) uint64, target time.Duration) (int, uint64) {
	var sink uint64
	n := 1024
	for {
		t0 := threadCPU()
		sink += body(n)
		d := threadCPU() - t0
		if d >= target/4 || n >= 1<<30 {
			if d > 0 {
				n = int(math.Min(float64(n)*float64(target)/float64(d), 1<<30))
			}
			return max(n, 1), sink
		}
		n *= 4
	}
}

// timerCost is what an empty timed interval reports: the lower quartile
// of many, in seconds.
func timerCost() float64 {
	v := make([]float64, 2000)
	for i := range v {
		s := threadCPU()
		v[i] = (threadCPU() - s).Seconds()
	}
	return quantile(v, estQuantile)
}

//go:noinline
func callee(x uint64) uint64 { return x*2654435761 + 1 }

// MTC times the instruction set and returns the operations and the flop
// rate of one core (flop/s, from a loop of independent multiply-adds).
func MTC(o MTCOptions) ([]Op, float64) {
	// Rounds, not consecutive repetitions: each round times every
	// operation once, so every operation's repetitions are spread over the
	// whole run and see the same bursts of load elsewhere.
	reps, target := 15, 25*time.Millisecond
	memWS := 64 << 20
	if o.Quick {
		reps, target, memWS = 11, 5*time.Millisecond, 32<<20
	}
	runtime.LockOSThread() // threadCPU reads this thread's clock
	defer runtime.UnlockOSThread()
	timer := timerCost()
	var sink uint64
	// Loop overhead: an iteration that only carries the counter into the
	// result.
	empty := func(n int) uint64 {
		var x uint64
		for i := 0; i < n; i++ {
			x += uint64(i)
		}
		return x
	}
	div := uint64(7) // a divisor the compiler cannot see
	fdiv := 1.0000001
	type bench struct {
		key, doc string
		body     func(n int) uint64
	}
	benches := []bench{
		{"int_add", "64-bit integer add (dependent chain)", func(n int) uint64 {
			x := uint64(1)
			for i := 0; i < n; i++ {
				x = x + uint64(i) + 1
			}
			return x
		}},
		{"int_mul", "64-bit integer multiply (dependent chain)", func(n int) uint64 {
			x := uint64(3)
			for i := 0; i < n; i++ {
				x *= 0x9E3779B97F4A7C15
			}
			return x
		}},
		{"int_div", "64-bit integer divide (dependent chain)", func(n int) uint64 {
			x := uint64(1 << 62)
			for i := 0; i < n; i++ {
				x = x/div + 1<<62
			}
			return x
		}},
		{"fp_add", "double add (dependent chain)", func(n int) uint64 {
			f := 1.0
			for i := 0; i < n; i++ {
				f += 1.0000001
			}
			return math.Float64bits(f)
		}},
		{"fp_mul", "double multiply (dependent chain)", func(n int) uint64 {
			f := 1.0
			for i := 0; i < n; i++ {
				f *= 1.0000001
			}
			return math.Float64bits(f)
		}},
		{"fp_div", "double divide (dependent chain)", func(n int) uint64 {
			f := 1e300
			for i := 0; i < n; i++ {
				f /= fdiv
			}
			return math.Float64bits(f)
		}},
		{"sqrt", "double square root (dependent chain)", func(n int) uint64 {
			f := 2.0
			for i := 0; i < n; i++ {
				f = math.Sqrt(f + 1)
			}
			return math.Float64bits(f)
		}},
		{"exp", "double exp (dependent chain)", func(n int) uint64 {
			f := 0.5
			for i := 0; i < n; i++ {
				f = math.Exp(-f)
			}
			return math.Float64bits(f)
		}},
		{"log", "double natural log (dependent chain)", func(n int) uint64 {
			f := 2.0
			for i := 0; i < n; i++ {
				f = math.Log(f + 2)
			}
			return math.Float64bits(f)
		}},
		{"branch", "unpredictable branch, with the xorshift that decides it", func(n int) uint64 {
			x, c := uint64(88172645463325252), uint64(0)
			for i := 0; i < n; i++ {
				x ^= x << 13
				x ^= x >> 7
				x ^= x << 17
				if x&1 == 0 {
					c += 3
				} else {
					c ^= 5
				}
			}
			return c
		}},
		{"call", "call of a function that is not inlined", func(n int) uint64 {
			x := uint64(1)
			for i := 0; i < n; i++ {
				x = callee(x)
			}
			return x
		}},
		{"rand", "uniform 64-bit random number (PCG)", func(n int) uint64 {
			r := rand.New(rand.NewPCG(1, 2))
			var x uint64
			for i := 0; i < n; i++ {
				x += r.Uint64()
			}
			return x
		}},
	}
	// Loads and stores by working-set size: the cache levels.
	for _, ws := range []struct {
		key   string
		bytes int
	}{{"l1", 16 << 10}, {"l2", 256 << 10}, {"l3", 4 << 20}, {"mem", memWS}} {
		chain := pointerChain(ws.bytes / 8)
		data := make([]uint64, ws.bytes/8)
		benches = append(benches, bench{"load_" + ws.key, "dependent load, working set " + sizeText(ws.bytes), func(n int) uint64 {
			p := uint32(0)
			for i := 0; i < n; i++ {
				p = chain[p]
			}
			return uint64(p)
		}}, bench{"store_" + ws.key, "sequential 8-byte store, working set " + sizeText(ws.bytes), func(n int) uint64 {
			m := len(data)
			j := 0
			for i := 0; i < n; i++ {
				data[j] = uint64(i)
				j++
				if j == m {
					j = 0
				}
			}
			return data[m/2]
		}})
	}
	// The empty loop and the flop rate are measured in the same rounds.
	benches = append(benches, bench{"empty", "", empty}, bench{"flops", "", func(n int) uint64 {
		// 8 independent multiply-add chains, 16 flops an iteration.
		a := [8]float64{1, 2, 3, 4, 5, 6, 7, 8}
		for i := 0; i < n; i++ {
			for k := range a {
				a[k] = a[k]*0.9999999 + 1e-7
			}
		}
		return math.Float64bits(a[0] + a[7])
	}})
	counts := make([]int, len(benches))
	for i, b := range benches {
		if o.Progress != nil {
			o.Progress(b.key)
		}
		n, s := calibrate(b.body, target)
		counts[i] = n
		sink += s
	}
	samples := make([][]float64, len(benches))
	for r := 0; r < reps; r++ {
		if o.Progress != nil {
			o.Progress(fmt.Sprintf("round %d of %d", r+1, reps))
		}
		for j := range benches {
			i := (j + r) % len(benches) // rotate, so no operation always follows the same one
			b, n := benches[i], counts[i]
			sink += b.body(n / 2) // warm the caches with this operation's working set
			t0 := threadCPU()
			sink += b.body(n)
			d := (threadCPU() - t0).Seconds() - timer
			samples[i] = append(samples[i], math.Max(d, 0)/float64(n))
		}
	}
	nb := len(benches)
	base := estimate(samples[nb-2]).Value
	var ops []Op
	for i, b := range benches[:nb-2] {
		per := make([]float64, len(samples[i]))
		for k, v := range samples[i] {
			per[k] = math.Max(v-base, 0)
		}
		ops = append(ops, Op{Key: b.key, Doc: b.doc, Stat: estimate(per)})
	}
	flops := 16 / estimate(samples[nb-1]).Value
	if sink == 42 { // keep the results alive; never true in practice
		flops++
	}
	return ops, flops
}

// pointerChain returns a random cyclic permutation of n elements: chasing
// it visits every element in an order the prefetcher cannot guess.
func pointerChain(n int) []uint32 {
	r := rand.New(rand.NewPCG(7, 11))
	perm := r.Perm(n)
	chain := make([]uint32, n)
	for i := 0; i < n; i++ {
		chain[perm[i]] = uint32(perm[(i+1)%n])
	}
	return chain
}

func sizeText(b int) string {
	switch {
	case b >= 1<<20:
		return itoa(b>>20) + " MiB"
	case b >= 1<<10:
		return itoa(b>>10) + " KiB"
	}
	return itoa(b) + " B"
}

func itoa(v int) string {
	if v == 0 {
		return "0"
	}
	var b []byte
	for v > 0 {
		b = append([]byte{byte('0' + v%10)}, b...)
		v /= 10
	}
	return string(b)
}
