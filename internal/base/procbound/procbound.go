// Package procbound is augur's one bound on the number of simulated
// processes (MPI ranks, model processes, their threads): the most that
// fit in this machine's memory, and never more than Max. A run past it
// is refused before anything is allocated, with an estimate of the
// memory it would need, rather than growing until the kernel kills it.
package procbound

import (
	"fmt"
	"os"
	"strconv"
	"strings"
)

// Max is the most processes augur simulates on any machine: ranks are
// 32-bit in the trace readers and the engine's tables, and past it the
// set-up alone takes minutes.
const Max = 1 << 26

// BytesPerProcess is the memory a simulated process takes, measured at a
// million processes and rounded up: 660 MB for `augur predict
// examples/sample.aug --procs 1000000`, 1.23 GB for the replay of a
// shared trace of a million ranks with --format json (docs/cli.md,
// "Input files"). Models whose processes hold more state take more.
const BytesPerProcess = 1536

// share is the part of the machine's memory a run may plan to use: the
// rest is left to the operating system and the output.
const share = 0.8

// Error is a number of processes past the bound.
type Error struct {
	N    int64
	What string // what asked for them: "--procs 50000000", "the trace's ranks"
	Msg  string
}

func (e *Error) Error() string { return e.What + ": " + e.Msg }

// Check says whether n processes fit, what naming what asked for them.
func Check(n int64, what string) error { return check(n, what, memory()) }

// Limit is the most processes that fit on this machine.
func Limit() int64 { return limit(memory()) }

func limit(mem int64) int64 {
	if mem <= 0 {
		return Max
	}
	return min(Max, int64(float64(mem)*share)/BytesPerProcess)
}

func check(n int64, what string, mem int64) error {
	if n <= limit(mem) {
		return nil
	}
	need := n * BytesPerProcess
	if n > Max || mem <= 0 {
		return &Error{n, what, fmt.Sprintf("%d processes are more than the %d augur simulates (they would need about %s of memory)", n, int64(Max), gib(need))}
	}
	return &Error{n, what, fmt.Sprintf("%d processes would need about %s of memory, more than the %s this machine has for a run (%.0f %% of its %s): at most %d processes fit",
		n, gib(need), gib(int64(float64(mem)*share)), share*100, gib(mem), limit(mem))}
}

func gib(b int64) string { return strconv.FormatFloat(float64(b)/(1<<30), 'f', 1, 64) + " GiB" }

// memory is this machine's memory in bytes, as the smaller of the
// physical memory and the control group's limit; 0 if unknown.
func memory() int64 {
	mem := physical()
	if data, err := os.ReadFile("/sys/fs/cgroup/memory.max"); err == nil {
		if v, err := strconv.ParseInt(strings.TrimSpace(string(data)), 10, 64); err == nil && v > 0 && (mem <= 0 || v < mem) {
			mem = v
		}
	}
	return mem
}
