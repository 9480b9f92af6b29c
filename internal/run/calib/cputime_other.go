//go:build !linux

package calib

import "time"

var start = time.Now()

// threadCPU falls back to elapsed time where the thread's CPU clock is not
// at hand.
func threadCPU() time.Duration { return time.Since(start) }

const cpuClock = "elapsed time"

// nominalCycle is unknown here.
func nominalCycle() float64 { return 0 }
