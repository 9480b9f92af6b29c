// Command cpus measures the parallel speed-up this machine offers right
// now to N threads of pure computation (no memory traffic, no locks): the
// wall time of one fixed loop, then of N copies at once. On a shared
// machine it tells how much of a parallel program's speed-up the other
// jobs leave (bench/sweep.sh prints it next to the sweep's).
//
//	go run ./bench/cpus [-n N]
package main

import (
	"flag"
	"fmt"
	"runtime"
	"sync"
	"time"
)

// spin is the fixed work: a loop the compiler cannot remove.
func spin() uint64 {
	x := uint64(1)
	for i := 0; i < 1_500_000_000; i++ {
		x = x*6364136223846793005 + 1442695040888963407
	}
	return x
}

func run(n int) time.Duration {
	var wg sync.WaitGroup
	sink := make([]uint64, n)
	t0 := time.Now()
	for i := 0; i < n; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sink[i] = spin()
		}()
	}
	wg.Wait()
	return time.Since(t0)
}

func main() {
	n := flag.Int("n", runtime.GOMAXPROCS(0), "threads")
	flag.Parse()
	one := run(1)
	all := run(*n)
	fmt.Printf("pure computation: 1 thread %.2f s, %d threads %.2f s: %.2fx speed-up available\n",
		one.Seconds(), *n, all.Seconds(), float64(*n)*one.Seconds()/all.Seconds())
}
