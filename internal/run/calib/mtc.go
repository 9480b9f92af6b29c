// Package calib characterises the machine it runs on, as ChronosMix's MTC
// and CTC do (ChronosMix): microbenchmarks of an instruction set give
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

	"augur/internal/machine"
)

// Op is one characterised operation.
type Op struct {
	Key  string // machine-file key, see docs/bench.md
	Doc  string
	Stat Stat // seconds per operation
	// Floored is set when the measurement came out below one clock cycle
	// (Raw seconds): no operation takes less than a cycle on its own, so
	// Stat.Value was raised to the cycle. Operations that overlap their
	// neighbours in the pipeline (sequential stores on a processor with
	// two store ports) can hit it.
	Floored bool    `json:",omitempty"`
	Raw     float64 `json:",omitempty"`
	// Capped is set when mem_byte_node came out above mem_byte (Raw
	// seconds): all the node's CPUs streaming together moved fewer bytes
	// a second than one alone, which only a run disturbed by other work
	// (another guest of the host, on a virtual machine) gives; Stat.Value
	// was lowered to mem_byte.
	Capped bool `json:",omitempty"`
}

// MTCResult is what the microbenchmarks found.
type MTCResult struct {
	Ops   []Op
	Flops float64 // flop/s of one core (independent multiply-adds)
	// Cycle is one clock cycle in seconds: the latency of a dependent
	// 64-bit integer add, which is one cycle on every processor Go runs
	// on. It is the floor of every operation's time.
	Cycle float64
	// NominalCycle is 1 / the clock frequency the operating system
	// reports (0 when it reports none). A virtual machine reports its
	// host's base clock, which turbo can beat: it is a cross-check, not
	// the floor.
	NominalCycle float64
	// Levels are the working sets in bytes at which the l1, l2, l3 and
	// mem operations were measured.
	Levels [4]float64
	// Left says what was not measured, and why.
	Left []string
}

// MTCOptions control the microbenchmarks.
type MTCOptions struct {
	Quick bool // fewer repetitions, shorter runs, smaller largest working set
	// Progress, if set, is called with each operation's key before it runs.
	Progress func(key string)
}

// unroll is the number of operations in one iteration of a benchmark
// loop. The loop's own counter, compare and branch run beside the chain
// on other execution units, so an iteration lasts unroll operations and
// there is nothing to subtract: subtracting an empty loop's time, as
// earlier versions did, also removed the one-cycle add that both loops
// carry, and reported integer adds of a thousandth of a nanosecond.
const unroll = 8

// pageSize is the page the page_touch benchmark faults in.
const pageSize = 4096

// calibrate picks the count n for which body(n) lasts about target.
func calibrate(body func(n int) uint64, target time.Duration) (int, uint64) {
	var sink uint64
	n := 256
	for {
		t0 := threadCPU()
		sink += body(n)
		d := threadCPU() - t0
		if d >= target/4 || n >= 1<<28 {
			if d > 0 {
				n = int(math.Min(float64(n)*float64(target)/float64(d), 1<<28))
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

// operands are the constants the chains combine. They come from a call
// the compiler does not look into, so it can neither fold a chain of
// additions into one nor turn a division into a multiplication.
type operands struct {
	a, b, m, d     uint64
	fa, fm, fd, f2 float64
}

//go:noinline
func opaqueOperands() operands {
	return operands{a: 3, b: 5, m: 0x9E3779B97F4A7C15, d: 7, fa: 1.0000001, fm: 1.0000001, fd: 1.0000001, f2: 2}
}

// bench is one microbenchmark: body(n) performs n·unroll operations.
type bench struct {
	key, doc string
	// minus names an operation the chain also performs once per
	// operation, to keep it going (the add after a division); its time
	// is subtracted.
	minus string
	// less, when set, is what the body's own loads, stores or arithmetic
	// take per unit, from the other measurements: subtracted too.
	less func(stats map[string]Stat) float64
	// per is how many units one operation of the body is worth, when
	// the key is per byte rather than per operation (mem_byte: 32 bytes
	// an element of the triad); 0 means 1.
	per float64
	// rate marks a throughput: independent operations overlap, so one
	// may take less than a cycle, and there is no floor.
	rate bool
	body func(n int) uint64
	// warm, if set, brings the working set into the caches before a
	// timed run (by default a run of half the length does).
	warm func() uint64
	// timed, if set, runs and times body's n·unroll operations itself
	// (in seconds of wall time, on several threads: mem_byte_node);
	// false: the run does not count.
	timed func(n int) (float64, bool)
}

// MTC times the instruction set, the flop rate of one core and the
// clock cycle.
func MTC(o MTCOptions) MTCResult {
	// Rounds, not consecutive repetitions: each round times every
	// operation once, so every operation's repetitions are spread over the
	// whole run and see the same bursts of load elsewhere.
	reps, target := mtcRounds(o.Quick), 25*time.Millisecond
	// The working sets of the four levels: the first three fit the first,
	// second and third caches of current processors; the last is beyond
	// them. The machine file records them (levels), and models blend
	// between them.
	levels := [4]int{16 << 10, 256 << 10, 4 << 20, 64 << 20}
	if o.Quick {
		target, levels[3] = 5*time.Millisecond, 32<<20
	}
	// Memory is beyond the last cache level, however large the machine's.
	levels[3] = memLevel(lastLevelCache(), levels[3], o.Quick)
	runtime.LockOSThread() // threadCPU reads this thread's clock
	defer runtime.UnlockOSThread()
	timer := timerCost()
	benches := append(arithmetic(opaqueOperands()), throughput(opaqueOperands())...)
	benches = append(benches, memory(levels)...)
	if cpus := runtime.NumCPU(); cpus > 1 { // one core: the node's bandwidth is mem_byte's
		node, stop := nodeTriad(cpus, levels[3], o.Quick)
		defer stop()
		benches = append(benches, node)
	}
	// The flop rate is measured in the same rounds.
	benches = append(benches, bench{key: "flops", body: flopsBody})
	var sink uint64
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
			per := b.per
			if per == 0 {
				per = 1
			}
			if b.timed != nil {
				if d, ok := b.timed(n); ok {
					samples[i] = append(samples[i], d/float64(n*unroll)/per)
				}
				continue
			}
			if b.warm != nil {
				sink += b.warm()
			} else {
				sink += b.body(n / 2) // warm the caches with this operation's working set
			}
			t0 := threadCPU()
			sink += b.body(n)
			d := (threadCPU() - t0).Seconds() - timer
			samples[i] = append(samples[i], math.Max(d, 0)/float64(n*unroll)/per)
		}
	}
	nb := len(benches)
	res := MTCResult{Flops: flopsPerIter / (unroll * estimate(samples[nb-1]).Value), NominalCycle: nominalCycle()}
	for k, ws := range levels {
		res.Levels[k] = float64(ws)
	}
	stats := map[string]Stat{}
	for i, b := range benches[:nb-1] {
		stats[b.key] = estimate(samples[i])
	}
	res.Cycle = stats["int_add"].Value
	for i, b := range benches[:nb-1] {
		if len(samples[i]) == 0 {
			res.Left = append(res.Left, b.key+": no run had all the CPUs it needs at once (other programs held them); measure again on an idle machine")
			continue
		}
		st := stats[b.key]
		if b.minus != "" || b.less != nil {
			var less float64
			if b.less != nil {
				less = b.less(stats)
			} else {
				less = stats[b.minus].Value
			}
			per := make([]float64, len(samples[i]))
			for k, v := range samples[i] {
				// Never below a quarter of the raw figure: a subtrahend
				// as large as the whole says the measurement did not
				// isolate what it is for.
				per[k] = math.Max(v-less, v/4)
			}
			st = estimate(per)
		}
		op := Op{Key: b.key, Doc: b.doc, Stat: st}
		if b.per == 0 && !b.rate {
			// A byte is not an operation: mem_byte may be below a cycle.
			op = floorAt(op, res.Cycle)
		}
		res.Ops = append(res.Ops, op)
	}
	res.Ops = capNodeBandwidth(res.Ops)
	if sink == 42 { // keep the results alive; never true in practice
		res.Flops++
	}
	return res
}

// capNodeBandwidth lowers mem_byte_node to mem_byte where it came out
// above it, and flags it: the node's CPUs together move at least the
// bytes one of them moves alone. On a 2-core virtual machine one run of
// augur bench machine gave 0.0264 ns against mem_byte's 0.0198, where
// the runs before and after gave 0.0156-0.0167 against 0.0147-0.0173,
// and a prediction of ParRes Nstream at 2 ranks 77 % too slow.
func capNodeBandwidth(ops []Op) []Op {
	one := -1.0
	for _, o := range ops {
		if o.Key == "mem_byte" {
			one = o.Stat.Value
		}
	}
	for i, o := range ops {
		if o.Key == "mem_byte_node" && one > 0 && o.Stat.Value > one {
			ops[i].Capped, ops[i].Raw, ops[i].Stat.Value = true, o.Stat.Value, one
		}
	}
	return ops
}

// floorAt raises an operation measured below one cycle to the cycle and
// flags it.
func floorAt(op Op, cycle float64) Op {
	if op.Stat.Value < cycle {
		op.Floored, op.Raw = true, op.Stat.Value
		op.Stat.Value = cycle
	}
	return op
}

// arithmetic is the computational part of the instruction set: each a
// dependent chain, so an operation's time is its latency, the time the
// next operation that needs its result waits.
func arithmetic(o operands) []bench {
	return []bench{
		{key: "int_add", doc: "64-bit integer add (dependent chain)", body: func(n int) uint64 {
			x := uint64(1)
			for i := 0; i < n; i++ {
				x += o.a
				x += o.b
				x += o.a
				x += o.b
				x += o.a
				x += o.b
				x += o.a
				x += o.b
			}
			return x
		}},
		{key: "int_mul", doc: "64-bit integer multiply (dependent chain)", body: func(n int) uint64 {
			x := uint64(3)
			for i := 0; i < n; i++ {
				x *= o.m
				x *= o.m
				x *= o.m
				x *= o.m
				x *= o.m
				x *= o.m
				x *= o.m
				x *= o.m
			}
			return x
		}},
		// The add keeps the dividend at 62 bits, as in most divisions of
		// indices and sizes it is not; it is subtracted.
		{key: "int_div", doc: "64-bit integer divide (dependent chain)", minus: "int_add", body: func(n int) uint64 {
			x := uint64(1 << 62)
			for i := 0; i < n; i++ {
				x = x/o.d + 1<<62
				x = x/o.d + 1<<62
				x = x/o.d + 1<<62
				x = x/o.d + 1<<62
				x = x/o.d + 1<<62
				x = x/o.d + 1<<62
				x = x/o.d + 1<<62
				x = x/o.d + 1<<62
			}
			return x
		}},
		{key: "fp_add", doc: "double add (dependent chain)", body: func(n int) uint64 {
			f := 1.0
			for i := 0; i < n; i++ {
				f += o.fa
				f += o.fa
				f += o.fa
				f += o.fa
				f += o.fa
				f += o.fa
				f += o.fa
				f += o.fa
			}
			return math.Float64bits(f)
		}},
		{key: "fp_mul", doc: "double multiply (dependent chain)", body: func(n int) uint64 {
			f := 1.0
			for i := 0; i < n; i++ {
				f *= o.fm
				f *= o.fm
				f *= o.fm
				f *= o.fm
				f *= o.fm
				f *= o.fm
				f *= o.fm
				f *= o.fm
			}
			return math.Float64bits(f)
		}},
		{key: "fp_div", doc: "double divide (dependent chain)", body: func(n int) uint64 {
			f := 1e300
			for i := 0; i < n; i++ {
				f /= o.fd
				f /= o.fd
				f /= o.fd
				f /= o.fd
				f /= o.fd
				f /= o.fd
				f /= o.fd
				f /= o.fd
			}
			return math.Float64bits(f)
		}},
		// √x converges to 1, whose square root takes as long as any other.
		{key: "sqrt", doc: "double square root (dependent chain)", body: func(n int) uint64 {
			f := o.f2
			for i := 0; i < n; i++ {
				f = math.Sqrt(f)
				f = math.Sqrt(f)
				f = math.Sqrt(f)
				f = math.Sqrt(f)
				f = math.Sqrt(f)
				f = math.Sqrt(f)
				f = math.Sqrt(f)
				f = math.Sqrt(f)
			}
			return math.Float64bits(f)
		}},
		// exp(−x) converges to 0.567; the sign flip is one cycle of ~30.
		{key: "exp", doc: "double exp (dependent chain)", body: func(n int) uint64 {
			f := 0.5
			for i := 0; i < n; i++ {
				f = math.Exp(-f)
				f = math.Exp(-f)
				f = math.Exp(-f)
				f = math.Exp(-f)
				f = math.Exp(-f)
				f = math.Exp(-f)
				f = math.Exp(-f)
				f = math.Exp(-f)
			}
			return math.Float64bits(f)
		}},
		// log(x + 2) converges to 1.146; the add is subtracted.
		{key: "log", doc: "double natural log (dependent chain)", minus: "fp_add", body: func(n int) uint64 {
			f := o.f2
			for i := 0; i < n; i++ {
				f = math.Log(f + o.f2)
				f = math.Log(f + o.f2)
				f = math.Log(f + o.f2)
				f = math.Log(f + o.f2)
				f = math.Log(f + o.f2)
				f = math.Log(f + o.f2)
				f = math.Log(f + o.f2)
				f = math.Log(f + o.f2)
			}
			return math.Float64bits(f)
		}},
		{key: "branch", doc: "unpredictable branch, with the xorshift that decides it", body: func(n int) uint64 {
			x, c := uint64(88172645463325252), uint64(0)
			for i := 0; i < n*unroll; i++ {
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
		{key: "call", doc: "call of a function that is not inlined (with its multiply-add)", body: func(n int) uint64 {
			x := uint64(1)
			for i := 0; i < n; i++ {
				x = callee(x)
				x = callee(x)
				x = callee(x)
				x = callee(x)
				x = callee(x)
				x = callee(x)
				x = callee(x)
				x = callee(x)
			}
			return x
		}},
		{key: "rand", doc: "uniform 64-bit random number (PCG)", body: func(n int) uint64 {
			r := rand.New(rand.NewPCG(1, 2))
			var x uint64
			for i := 0; i < n*unroll; i++ {
				x += r.Uint64()
			}
			return x
		}},
	}
}

// throughput times the same operations as arithmetic, eight independent
// ones an iteration: what one operation costs when the processor overlaps
// it with others (its reciprocal throughput), as in a loop whose
// iterations do not depend on each other. Keys end in _tp.
func throughput(o operands) []bench {
	return []bench{
		{key: "int_add_tp", doc: "64-bit integer add, independent of its neighbours", rate: true, body: func(n int) uint64 {
			// Distinct starting values: equal ones would let the compiler
			// merge the chains.
			x0, x1, x2, x3, x4, x5, x6, x7 := uint64(0), uint64(1), uint64(2), uint64(3), uint64(4), uint64(5), uint64(6), uint64(7)
			for i := 0; i < n; i++ {
				x0 += o.a
				x1 += o.b
				x2 += o.a
				x3 += o.b
				x4 += o.a
				x5 += o.b
				x6 += o.a
				x7 += o.b
			}
			return x0 ^ x1 ^ x2 ^ x3 ^ x4 ^ x5 ^ x6 ^ x7
		}},
		{key: "int_mul_tp", doc: "64-bit integer multiply, independent", rate: true, body: func(n int) uint64 {
			x0, x1, x2, x3, x4, x5, x6, x7 := uint64(3), uint64(5), uint64(7), uint64(9), uint64(11), uint64(13), uint64(15), uint64(17)
			for i := 0; i < n; i++ {
				x0 *= o.m
				x1 *= o.m
				x2 *= o.m
				x3 *= o.m
				x4 *= o.m
				x5 *= o.m
				x6 *= o.m
				x7 *= o.m
			}
			return x0 ^ x1 ^ x2 ^ x3 ^ x4 ^ x5 ^ x6 ^ x7
		}},
		{key: "int_div_tp", doc: "64-bit integer divide, independent", minus: "int_add_tp", rate: true, body: func(n int) uint64 {
			x0, x1, x2, x3 := uint64(1<<62), uint64(1<<62+1), uint64(1<<62+2), uint64(1<<62+3)
			x4, x5, x6, x7 := uint64(1<<62+4), uint64(1<<62+5), uint64(1<<62+6), uint64(1<<62+7)
			for i := 0; i < n; i++ {
				x0 = x0/o.d + 1<<62
				x1 = x1/o.d + 1<<62
				x2 = x2/o.d + 1<<62
				x3 = x3/o.d + 1<<62
				x4 = x4/o.d + 1<<62
				x5 = x5/o.d + 1<<62
				x6 = x6/o.d + 1<<62
				x7 = x7/o.d + 1<<62
			}
			return x0 ^ x1 ^ x2 ^ x3 ^ x4 ^ x5 ^ x6 ^ x7
		}},
		{key: "fp_add_tp", doc: "double add, independent", rate: true, body: func(n int) uint64 {
			f0, f1, f2, f3, f4, f5, f6, f7 := float64(1), float64(2), float64(3), float64(4), float64(5), float64(6), float64(7), float64(8)
			for i := 0; i < n; i++ {
				f0 += o.fa
				f1 += o.fa
				f2 += o.fa
				f3 += o.fa
				f4 += o.fa
				f5 += o.fa
				f6 += o.fa
				f7 += o.fa
			}
			return math.Float64bits(f0 + f1 + f2 + f3 + f4 + f5 + f6 + f7)
		}},
		{key: "fp_mul_tp", doc: "double multiply, independent", rate: true, body: func(n int) uint64 {
			f0, f1, f2, f3, f4, f5, f6, f7 := float64(1), float64(2), float64(3), float64(4), float64(5), float64(6), float64(7), float64(8)
			for i := 0; i < n; i++ {
				f0 *= o.fm
				f1 *= o.fm
				f2 *= o.fm
				f3 *= o.fm
				f4 *= o.fm
				f5 *= o.fm
				f6 *= o.fm
				f7 *= o.fm
			}
			return math.Float64bits(f0 + f1 + f2 + f3 + f4 + f5 + f6 + f7)
		}},
		{key: "fp_div_tp", doc: "double divide, independent", rate: true, body: func(n int) uint64 {
			f0, f1, f2, f3, f4, f5, f6, f7 := float64(1e300), float64(2e300), float64(3e300), float64(4e300), float64(5e300), float64(6e300), float64(7e300), float64(8e300)
			for i := 0; i < n; i++ {
				f0 /= o.fd
				f1 /= o.fd
				f2 /= o.fd
				f3 /= o.fd
				f4 /= o.fd
				f5 /= o.fd
				f6 /= o.fd
				f7 /= o.fd
			}
			return math.Float64bits(f0 + f1 + f2 + f3 + f4 + f5 + f6 + f7)
		}},
		{key: "sqrt_tp", doc: "double square root, independent", rate: true, body: func(n int) uint64 {
			f0, f1, f2, f3, f4, f5, f6, f7 := float64(2), float64(3), float64(4), float64(5), float64(6), float64(7), float64(8), float64(9)
			for i := 0; i < n; i++ {
				f0 = math.Sqrt(f0)
				f1 = math.Sqrt(f1)
				f2 = math.Sqrt(f2)
				f3 = math.Sqrt(f3)
				f4 = math.Sqrt(f4)
				f5 = math.Sqrt(f5)
				f6 = math.Sqrt(f6)
				f7 = math.Sqrt(f7)
			}
			return math.Float64bits(f0 + f1 + f2 + f3 + f4 + f5 + f6 + f7)
		}},
		{key: "exp_tp", doc: "double exp, independent", rate: true, body: func(n int) uint64 {
			f0, f1, f2, f3, f4, f5, f6, f7 := float64(0.1), float64(0.2), float64(0.3), float64(0.4), float64(0.5), float64(0.6), float64(0.7), float64(0.8)
			for i := 0; i < n; i++ {
				f0 = math.Exp(-f0)
				f1 = math.Exp(-f1)
				f2 = math.Exp(-f2)
				f3 = math.Exp(-f3)
				f4 = math.Exp(-f4)
				f5 = math.Exp(-f5)
				f6 = math.Exp(-f6)
				f7 = math.Exp(-f7)
			}
			return math.Float64bits(f0 + f1 + f2 + f3 + f4 + f5 + f6 + f7)
		}},
		{key: "log_tp", doc: "double natural log, independent", minus: "fp_add_tp", rate: true, body: func(n int) uint64 {
			f0, f1, f2, f3, f4, f5, f6, f7 := float64(2), float64(3), float64(4), float64(5), float64(6), float64(7), float64(8), float64(9)
			for i := 0; i < n; i++ {
				f0 = math.Log(f0 + o.f2)
				f1 = math.Log(f1 + o.f2)
				f2 = math.Log(f2 + o.f2)
				f3 = math.Log(f3 + o.f2)
				f4 = math.Log(f4 + o.f2)
				f5 = math.Log(f5 + o.f2)
				f6 = math.Log(f6 + o.f2)
				f7 = math.Log(f7 + o.f2)
			}
			return math.Float64bits(f0 + f1 + f2 + f3 + f4 + f5 + f6 + f7)
		}},
	}
}

// randomLoads measures loads at random places of data, eight independent
// ones an iteration (Fibonacci hashing of a counter): the reciprocal
// throughput of accesses through an index the hardware cannot predict
// (hist[key[i]]++, a gather), which overlap up to the processor's
// outstanding misses rather than waiting one latency each.
func randomLoads(level string, bytes int, data []uint64) bench {
	bits := 0
	for 1<<(bits+1) <= len(data) {
		bits++
	}
	shift := uint32(32 - bits) // indices below 2^bits ≤ len(data)
	// A short run touches only some of the lines at random: read them
	// all first, so that the level holds the whole working set.
	warm := func() uint64 {
		var s uint64
		for _, x := range data {
			s += x
		}
		return s
	}
	return bench{key: "load_rand_" + level, doc: "load at a random place, independent of its neighbours, working set " + sizeText(bytes), rate: true, warm: warm, body: func(n int) uint64 {
		var s0, s1, s2, s3, s4, s5, s6, s7 uint64
		const k = 0x9E3779B1
		j := uint32(0)
		for i := 0; i < n; i++ {
			s0 += data[(j*k)>>shift]
			s1 += data[((j+1)*k)>>shift]
			s2 += data[((j+2)*k)>>shift]
			s3 += data[((j+3)*k)>>shift]
			s4 += data[((j+4)*k)>>shift]
			s5 += data[((j+5)*k)>>shift]
			s6 += data[((j+6)*k)>>shift]
			s7 += data[((j+7)*k)>>shift]
			j += unroll
		}
		return s0 ^ s1 ^ s2 ^ s3 ^ s4 ^ s5 ^ s6 ^ s7
	}}
}

// midRandomLoads measures random loads at the working sets an eighth, a
// quarter, … seven eighths of the way from the third level's to the
// memory's, log-linearly (load_rand_mid1 … load_rand_mid3 at the
// quarters, load_rand_mid1_8 … load_rand_mid7_8 between them). Between the
// two the time of a random load does not grow evenly: it stays near the
// third level's until the working set outgrows the last cache or the
// TLB's reach, then climbs within a factor of two to the memory's (on a
// 2-core AMD EPYC virtual machine 1.0 ns at 4 MiB, 1.2 at 8, 4.2 at 16,
// 5.4 at 32 and 5.3 at 64 MiB). Indices are mapped onto the working
// set by a multiply (Lemire's fastrange) rather than a shift, as these
// sizes need not be powers of two; the multiply hides under the miss.
// The eighths are there because a knee can lie between two quarters: on a
// 2-core Cooper Lake virtual machine 2.0 ns at 4 MiB, 3.9 at 8, 8.9 at
// 16, where ParRes Sparse gathers from a vector of 8 MiB.
func midRandomLoads(l3, mem int) []bench {
	var out []bench
	for k := 1; k <= 7; k++ {
		bytes := int(float64(l3)*math.Pow(float64(mem)/float64(l3), float64(k)/8)) &^ 63
		// Written, so that every page is the process's own: pages only
		// read map the kernel's one zero page, which stays in the cache.
		data := make([]uint64, bytes/8)
		for i := range data {
			data[i] = uint64(i)
		}
		n := uint64(len(data))
		warm := func() uint64 {
			var s uint64
			for _, x := range data {
				s += x
			}
			return s
		}
		out = append(out, bench{key: machine.RandomMidKey(k), doc: "load at a random place, independent of its neighbours, working set " + sizeText(bytes) + " (" + eighths(k) + " of the way from l3 to mem)", rate: true, warm: warm, body: func(iters int) uint64 {
			var s0, s1, s2, s3, s4, s5, s6, s7 uint64
			const golden = 0x9E3779B1
			at := func(j uint32) uint64 { return uint64(j*golden) * n >> 32 }
			j := uint32(0)
			for i := 0; i < iters; i++ {
				s0 += data[at(j)]
				s1 += data[at(j+1)]
				s2 += data[at(j+2)]
				s3 += data[at(j+3)]
				s4 += data[at(j+4)]
				s5 += data[at(j+5)]
				s6 += data[at(j+6)]
				s7 += data[at(j+7)]
				j += unroll
			}
			return s0 ^ s1 ^ s2 ^ s3 ^ s4 ^ s5 ^ s6 ^ s7
		}})
	}
	return out
}

// memory is loads and stores by working-set size, at the working sets of
// levels, and the memory's bandwidth over a STREAM triad filling the
// largest.
func memory(levels [4]int) []bench {
	var out []bench
	for _, ws := range []struct {
		key   string
		bytes int
	}{{"l1", levels[0]}, {"l2", levels[1]}, {"l3", levels[2]}, {"mem", levels[3]}} {
		var chain []uint32
		if ws.bytes > 64<<20 {
			chain = lineChain(ws.bytes / 8)
		} else {
			chain = pointerChain(ws.bytes / 8)
		}
		// Written, as midRandomLoads' data: pages only read map the
		// kernel's zero page (the random loads would read one cached page),
		// and pages first written inside a timed run charge the kernel's
		// fault to the stores.
		data := make([]uint64, ws.bytes/8)
		for i := range data {
			data[i] = uint64(i)
		}
		// The stores go on where the last run stopped, as the triad's
		// do, so that over the rounds they stream the whole working set,
		// not the first pages of it again and again.
		j := 0
		out = append(out, bench{key: "load_" + ws.key, doc: "dependent load, working set " + sizeText(ws.bytes), body: func(n int) uint64 {
			p := uint32(0)
			for i := 0; i < n; i++ {
				p = chain[p]
				p = chain[p]
				p = chain[p]
				p = chain[p]
				p = chain[p]
				p = chain[p]
				p = chain[p]
				p = chain[p]
			}
			return uint64(p)
		}}, bench{key: "store_" + ws.key, doc: "sequential 8-byte store, working set " + sizeText(ws.bytes), rate: true, body: func(n int) uint64 {
			m := len(data) - unroll
			for i := 0; i < n; i++ {
				d := data[j : j+unroll : j+unroll]
				v := uint64(i)
				d[0], d[1], d[2], d[3] = v, v, v, v
				d[4], d[5], d[6], d[7] = v, v, v, v
				j += unroll
				if j > m {
					j = 0
				}
			}
			return data[len(data)/2]
		}}, randomLoads(ws.key, ws.bytes, data))
	}
	out = append(out, midRandomLoads(levels[2], levels[3])...)
	// Streamed loads and stores within the first level: what an access
	// costs when the hardware prefetches it and it overlaps with others.
	l1 := make([]uint64, (16<<10)/8)
	for i := range l1 {
		l1[i] = uint64(i)
	}
	out = append(out, bench{key: "load_tp", doc: "sequential 8-byte load, independent of its neighbours, working set 16 KiB", rate: true, body: func(n int) uint64 {
		var s0, s1, s2, s3, s4, s5, s6, s7 uint64
		m, j := len(l1)-unroll, 0
		for i := 0; i < n; i++ {
			d := l1[j : j+unroll : j+unroll]
			s0 += d[0]
			s1 += d[1]
			s2 += d[2]
			s3 += d[3]
			s4 += d[4]
			s5 += d[5]
			s6 += d[6]
			s7 += d[7]
			j += unroll
			if j > m {
				j = 0
			}
		}
		return s0 ^ s1 ^ s2 ^ s3 ^ s4 ^ s5 ^ s6 ^ s7
	}}, bench{key: "store_tp", doc: "sequential 8-byte store, independent of its neighbours, working set 16 KiB", rate: true, body: func(n int) uint64 {
		m, j := len(l1)-unroll, 0
		for i := 0; i < n; i++ {
			d := l1[j : j+unroll : j+unroll]
			v := uint64(i)
			d[0], d[1], d[2], d[3] = v, v, v, v
			d[4], d[5], d[6], d[7] = v, v, v, v
			j += unroll
			if j > m {
				j = 0
			}
		}
		return l1[len(l1)/2]
	}})
	// The memory's bandwidth, as the time per byte of a STREAM triad
	// a[i] = b[i] + s·c[i] over three arrays that together fill the
	// largest working set: 32 bytes moved an element, the two loads, the
	// store and the read of a's line that the store allocates (STREAM
	// itself counts 24), so that a byte is a byte of real traffic, as
	// augur analyze counts it (a stored stream moves its bytes twice).
	// As in the Execution-Cache-Memory model (Hager, Treibig and
	// Wellein; Kerncraft), the transfer from memory does not overlap with
	// the cycles the loads and stores take in the core: those (two loads
	// or one store an element, load_tp and store_tp) are subtracted, and
	// augur analyze adds them back for every loop.
	// All three arrays are written first: a's pages, left to the timed
	// runs, made the first pass over them the kernel's page faults (a
	// virtual machine that faulted a page in 2 µs measured a third of its
	// bandwidth).
	third := levels[3] / 3 / 8
	a, b, c := make([]float64, third), make([]float64, third), make([]float64, third)
	for i := range b {
		a[i], b[i], c[i] = 0, float64(i), float64(2*i)
	}
	out = append(out, bench{key: "page_touch", doc: "first write to a page of fresh memory (4 KiB: the kernel maps and zeroes it), what memory just allocated costs once", rate: true, body: func(n int) uint64 {
		return touchFreshPages(n * unroll)
	}})
	out = append(out, midStreams(levels[2], levels[3])...)
	out = append(out, bench{key: "mem_byte", doc: "a byte moved between memory and the caches (STREAM triad over " + sizeText(3*third*8) + ", write-allocate counted: 32 bytes an element, less its loads' and stores' own time; the inverse of the bandwidth)", per: triadBytes,
		less: func(st map[string]Stat) float64 {
			return triadCoreTime(st["load_tp"].Value, st["store_tp"].Value)
		}, body: triad(a, b, c)})
	return out
}

// eighths says k eighths of the way as the machine file's comments do:
// "3/8", and the quarters as "2/4".
func eighths(k int) string {
	if k%2 == 0 {
		return itoa(k/2) + "/4"
	}
	return itoa(k) + "/8"
}

// midStreams times the triad, as mem_byte, at the working sets between
// the third level and memory where midRandomLoads times random loads at
// the quarters: a last cache larger than the third level's working set (hundreds of MiB
// on a server) streams at several times the memory's bandwidth, and a
// stream's transfer is priced from these points rather than as a share
// of mem_byte (the machine file's mem_byte_mid1 … mem_byte_mid3).
func midStreams(l3, mem int) []bench {
	var out []bench
	for k := 1; k <= 3; k++ {
		bytes := int(float64(l3)*math.Pow(float64(mem)/float64(l3), float64(k)/4)) &^ 63
		n := max(bytes/3/8, unroll)
		a, b, c := make([]float64, n), make([]float64, n), make([]float64, n)
		for i := range b {
			a[i], b[i], c[i] = 0, float64(i), float64(2*i)
		}
		out = append(out, bench{key: "mem_byte_mid" + itoa(k), doc: "a byte of the STREAM triad over " + sizeText(3*n*8) + " (" + itoa(k) + "/4 of the way from l3 to mem), as mem_byte", per: triadBytes,
			less: func(st map[string]Stat) float64 {
				return triadCoreTime(st["load_tp"].Value, st["store_tp"].Value)
			}, body: triad(a, b, c)})
	}
	return out
}

// triadBytes is the memory traffic of an element of the triad: two
// loads, a store and the read of the stored line that it allocates.
const triadBytes = 32

// triadCoreTime is what the triad's own loads and stores take in the core
// per byte (two loads or one store an element, whichever is longer), from
// load_tp and store_tp: the part of its time that is not the transfer.
func triadCoreTime(loadTP, storeTP float64) float64 {
	return math.Max(2*loadTP, storeTP) / triadBytes
}

// triad is the STREAM triad a[i] = b[i] + 3·c[i] over three arrays of one
// length (at least unroll): body(n) computes n·unroll elements, going
// round the arrays from where the last call stopped, so that a run
// shorter than a pass still streams from memory.
func triad(a, b, c []float64) func(n int) uint64 {
	j := 0
	return func(n int) uint64 {
		m := len(a) - unroll
		for i := 0; i < n; i++ {
			x, y, z := a[j:j+unroll:j+unroll], b[j:j+unroll:j+unroll], c[j:j+unroll:j+unroll]
			x[0], x[1], x[2], x[3] = y[0]+3*z[0], y[1]+3*z[1], y[2]+3*z[2], y[3]+3*z[3]
			x[4], x[5], x[6], x[7] = y[4]+3*z[4], y[5]+3*z[5], y[6]+3*z[6], y[7]+3*z[7]
			j += unroll
			if j > m {
				j = 0
			}
		}
		return math.Float64bits(a[len(a)/2])
	}
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

// lineChain is pointerChain over one element of every 64-byte line of n
// elements: the same lines in a random cycle, for working sets so large
// that a permutation of every element would take seconds to draw.
func lineChain(n int) []uint32 {
	const per = 64 / 4
	r := rand.New(rand.NewPCG(7, 11))
	lines := n / per
	perm := r.Perm(lines)
	chain := make([]uint32, n)
	for i := 0; i < lines; i++ {
		chain[perm[i]*per] = uint32(perm[(i+1)%lines] * per)
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
