package calib

import (
	"math"
	"runtime"
	"time"
)

// flopsPerIter is what one iteration of flopsBody computes: 8 multiply-adds.
const flopsPerIter = 16

// flopsBody is the flop-rate kernel: 8 independent multiply-add chains,
// so that one core's floating-point units stay busy (MTC's "flops").
func flopsBody(n int) uint64 {
	a := [8]float64{1, 2, 3, 4, 5, 6, 7, 8}
	for i := 0; i < n; i++ {
		for k := range a {
			a[k] = a[k]*0.9999999 + 1e-7
		}
	}
	return math.Float64bits(a[0] + a[7])
}

// Flops measures the flop rate of one core with the kernel and the
// estimator MTC uses for a machine file's flops, in reps runs of about
// run each (on the thread's CPU clock): what a recording converts its
// measured seconds to flops with when it is given no machine file
// (augur record --mpi, augur instrument --time). Taken alone the kernel
// is measured as in MTC's rounds, so both figures agree within their
// spread on an idle machine.
func Flops(reps int, run time.Duration) float64 {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	timer := timerCost()
	n, sink := calibrate(flopsBody, run)
	per := make([]float64, 0, reps)
	for r := 0; r < reps; r++ {
		sink += flopsBody(n / 2) // as MTC warms up before each timed run
		t0 := threadCPU()
		sink += flopsBody(n)
		d := (threadCPU() - t0).Seconds() - timer
		per = append(per, math.Max(d, 0)/float64(n*unroll))
	}
	f := flopsPerIter / (unroll * estimate(per).Value)
	if sink == 42 { // keep the results alive; never true in practice
		f++
	}
	return f
}
