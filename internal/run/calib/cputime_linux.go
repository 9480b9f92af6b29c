package calib

import (
	"os"
	"strconv"
	"strings"
	"syscall"
	"time"
	"unsafe"
)

// threadCPU is the calling thread's CPU time (CLOCK_THREAD_CPUTIME_ID): on
// a shared machine, time the thread spent waiting for a core does not
// count. The caller locks its goroutine to the thread.
func threadCPU() time.Duration {
	var ts syscall.Timespec
	const clockThreadCPUTimeID = 3
	if _, _, e := syscall.Syscall(syscall.SYS_CLOCK_GETTIME, clockThreadCPUTimeID, uintptr(unsafe.Pointer(&ts)), 0); e != 0 {
		return 0
	}
	return time.Duration(ts.Nano())
}

const cpuClock = "thread CPU time"

// nominalCycle is one cycle of the clock Linux reports for the first
// processor in /proc/cpuinfo ("cpu MHz"), in seconds; 0 if it reports none.
func nominalCycle() float64 {
	data, err := os.ReadFile("/proc/cpuinfo")
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(data), "\n") {
		k, v, ok := strings.Cut(line, ":")
		if !ok || strings.TrimSpace(k) != "cpu MHz" {
			continue
		}
		mhz, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
		if err != nil || !(mhz > 0) {
			return 0
		}
		return 1 / (mhz * 1e6)
	}
	return 0
}
