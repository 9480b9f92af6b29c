package main

import (
	"os"
	"runtime/debug"
)

// replayGCPercent is the collector's target during a replay unless GOGC
// says otherwise. A replay allocates little once running (flows, requests
// and trace buffers are reused), so collecting at 25 % growth instead of
// Go's default 100 % costs almost no time and lowers the peak footprint:
// 54 -> 44 MB peak RSS on a 4096-rank trace of collectives
// (bench/replay_speed.sh mix 4096 25).
const replayGCPercent = 25

// gcPercent sets the collector's target to percent for the rest of the
// command, unless GOGC in the environment says otherwise, and returns
// what restores it. replay collects more often (replayGCPercent), sweep
// less (sweepGCPercent).
func gcPercent(percent int) (restore func()) {
	if _, set := os.LookupEnv("GOGC"); set {
		return func() {}
	}
	old := debug.SetGCPercent(percent)
	return func() { debug.SetGCPercent(old) }
}
