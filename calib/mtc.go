// Package calib characterises the machine it runs on, as ChronosMix's MTC
// and CTC do (seed 001): microbenchmarks of an instruction set give
// seconds per operation, a ping-pong between two processes gives latency
// and bandwidth by message size, fitted to a piecewise model; the result
// is written as an augur machine file.
package calib

import (
	"math"
	"math/rand/v2"
	"sort"
	"time"
)

// Stat is a repeated measurement: the median and the spread (half the
// range between the smallest and largest repetition), in seconds.
type Stat struct {
	Median, Spread float64
	Reps           int
}

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

// measure runs body(n) (which performs n operations) reps times after a
// warm-up, picking n so that one run lasts about target, and returns
// seconds per operation with the timer's own cost and the loop overhead
// (base, seconds per iteration) subtracted.
func measure(body func(n int) uint64, reps int, target time.Duration, base float64, timer float64) (Stat, uint64) {
	var sink uint64
	n := 1024
	for {
		t0 := time.Now()
		sink += body(n)
		d := time.Since(t0)
		if d >= target/4 || n >= 1<<30 {
			if d > 0 {
				n = int(math.Min(float64(n)*float64(target)/float64(d), 1<<30))
			}
			break
		}
		n *= 4
	}
	if n < 1 {
		n = 1
	}
	vals := make([]float64, reps)
	for r := range vals {
		t0 := time.Now()
		sink += body(n)
		d := time.Since(t0).Seconds() - timer
		vals[r] = math.Max(d/float64(n)-base, 0)
	}
	sort.Float64s(vals)
	return Stat{Median: vals[len(vals)/2], Spread: (vals[len(vals)-1] - vals[0]) / 2, Reps: reps}, sink
}

// timerCost is the cost of one time.Now/time.Since pair, in seconds.
func timerCost() float64 {
	const k = 2000
	t0 := time.Now()
	var d time.Duration
	for i := 0; i < k; i++ {
		s := time.Now()
		d += time.Since(s)
	}
	_ = d
	return time.Since(t0).Seconds() / k
}

//go:noinline
func callee(x uint64) uint64 { return x*2654435761 + 1 }

// MTC times the instruction set and returns the operations and the flop
// rate of one core (flop/s, from a loop of independent multiply-adds).
func MTC(o MTCOptions) ([]Op, float64) {
	reps, target := 7, 40*time.Millisecond
	memWS := 64 << 20
	if o.Quick {
		reps, target, memWS = 3, 8*time.Millisecond, 32<<20
	}
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
	baseStat, s := measure(empty, reps, target, 0, timer)
	sink += s
	base := baseStat.Median
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
	var ops []Op
	for _, b := range benches {
		if o.Progress != nil {
			o.Progress(b.key)
		}
		st, s := measure(b.body, reps, target, base, timer)
		sink += s
		ops = append(ops, Op{Key: b.key, Doc: b.doc, Stat: st})
	}
	// Flop rate: 8 independent multiply-add chains, 16 flops an iteration.
	fl, s := measure(func(n int) uint64 {
		a := [8]float64{1, 2, 3, 4, 5, 6, 7, 8}
		for i := 0; i < n; i++ {
			for k := range a {
				a[k] = a[k]*0.9999999 + 1e-7
			}
		}
		return math.Float64bits(a[0] + a[7])
	}, reps, target, 0, timer)
	sink += s
	flops := 16 / fl.Median
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
