//go:build !unix

package tit

import "time"

// cpuTime is unknown here: the CPU-time figures read 0.
func cpuTime() time.Duration { return 0 }
