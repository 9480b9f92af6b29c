// Command threadsgen writes a synthetic thread trace the size of seed
// 004's largest recording (radiosity, about 350,000 events): a main thread
// creates W workers that take tasks of random size from a queue behind a
// mutex, add their results under a second mutex, and meet at a barrier
// after every phase; then main joins them. The trace is what a recorder
// would write on one processor (round-robin between the workers, one task
// at a time), with per-thread CPU times.
//
//	go run ./bench/threadsgen -events 350000 -workers 8 > radiosity-like.trace
package main

import (
	"bufio"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
)

func main() {
	events := flag.Int("events", 350000, "number of events to write")
	workers := flag.Int("workers", 8, "worker threads")
	phases := flag.Int("phases", 40, "barrier phases")
	seed := flag.Uint64("seed", 1, "random seed")
	flag.Parse()
	if *workers < 1 || *phases < 1 || *events < 4**workers+3 {
		fmt.Fprintln(os.Stderr, "threadsgen: need workers ≥ 1, phases ≥ 1 and enough events for the set-up")
		os.Exit(2)
	}
	w := bufio.NewWriterSize(os.Stdout, 1<<20)
	defer w.Flush()
	g := &gen{w: w, cpu: make([]float64, *workers+1)}
	rng := rand.New(rand.NewPCG(*seed, 42))
	W := *workers
	fmt.Fprintf(w, "# synthetic radiosity-like trace: %d workers, %d phases, %d events (bench/threadsgen, seed %d)\n", W, *phases, *events, *seed)
	g.ev(0, 0.00002, "barrier_init B0 %d", W)
	for i := 1; i <= W; i++ {
		g.ev(0, 0.00001, "create T%d", i)
	}
	// Fixed tail: per phase W barrier arrivals; at the end W exits, W joins, main's exit.
	fixed := g.n + *phases*W + 2*W + 1
	tasks := (*events - fixed) / 4
	extra := (*events - fixed) % 4 // filled with lock/unlock pairs and a failed trylock
	perPhase := tasks / *phases
	for ph := 0; ph < *phases; ph++ {
		n := perPhase
		if ph == *phases-1 {
			n = tasks - perPhase*(*phases-1)
		}
		next := 1
		for k := 0; k < n; k++ {
			t := next
			next = next%W + 1
			cost := 20e-6 + rng.ExpFloat64()*60e-6 // radiosity's tasks are irregular
			g.ev(t, 1e-6, "lock M0")
			g.ev(t, 0.5e-6, "unlock M0")
			g.ev(t, cost, "lock M1")
			g.ev(t, 0.5e-6, "unlock M1")
		}
		for t := 1; t <= W; t++ {
			g.ev(t, 2e-6, "barrier_wait B0")
		}
	}
	for ; extra >= 2; extra -= 2 {
		g.ev(1, 1e-6, "lock M0")
		g.ev(1, 0.5e-6, "unlock M0")
	}
	if extra == 1 {
		g.ev(1, 1e-6, "trylock M1 busy")
	}
	for t := 1; t <= W; t++ {
		g.ev(t, 3e-6, "exit")
	}
	for t := 1; t <= W; t++ {
		g.ev(0, 1e-6, "join T%d", t)
	}
	g.ev(0, 5e-6, "exit")
	if g.n != *events {
		fmt.Fprintf(os.Stderr, "threadsgen: wrote %d events, wanted %d\n", g.n, *events)
		os.Exit(1)
	}
}

type gen struct {
	w   *bufio.Writer
	now float64
	cpu []float64
	n   int
}

// ev writes an event of thread t after it computed for work seconds (on
// one processor, the clock advances by exactly that).
func (g *gen) ev(t int, work float64, format string, args ...any) {
	g.now += work
	g.cpu[t] += work
	fmt.Fprintf(g.w, "%.9f T%d ", g.now, t)
	fmt.Fprintf(g.w, format, args...)
	fmt.Fprintf(g.w, " cpu=%.9f\n", g.cpu[t])
	g.n++
}
