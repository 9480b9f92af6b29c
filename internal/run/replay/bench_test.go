package replay

import (
	"os"
	"testing"

	"augur/internal/frontend/tracecache"
	"augur/internal/machine/platform"
)

// BenchmarkReplayTrace replays the trace named by $AUGUR_REPLAY_TRACE on
// $AUGUR_REPLAY_PLATFORM with $AUGUR_REPLAY_HOSTFILE (bench/gentit writes
// all three), for profiling: go test ./internal/run/replay -run - -bench ReplayTrace
// -cpuprofile cpu.out. Skipped without them. With $AUGUR_REPLAY_CACHE (a
// directory), the trace is read through a trace cache there: compiled
// by the first replay, read from its compiled form by the others.
func BenchmarkReplayTrace(b *testing.B) {
	trace, plat, hfile := os.Getenv("AUGUR_REPLAY_TRACE"), os.Getenv("AUGUR_REPLAY_PLATFORM"), os.Getenv("AUGUR_REPLAY_HOSTFILE")
	if trace == "" || plat == "" || hfile == "" {
		b.Skip("set AUGUR_REPLAY_TRACE, AUGUR_REPLAY_PLATFORM and AUGUR_REPLAY_HOSTFILE")
	}
	m, err := platform.Load(plat)
	if err != nil {
		b.Fatal(err)
	}
	hf, err := platform.ReadHostfile(hfile)
	if err != nil {
		b.Fatal(err)
	}
	var cache *tracecache.Cache
	if dir := os.Getenv("AUGUR_REPLAY_CACHE"); dir != "" {
		cache = &tracecache.Cache{Dir: dir, RacyWindow: tracecache.DefaultRacyWindow}
	}
	b.ReportAllocs()
	for b.Loop() {
		res, err := Run(Options{Trace: trace, NP: len(hf.Names), Machine: m, Hostfile: hf, Cache: cache})
		if err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(float64(res.Events), "events")
		b.ReportMetric(res.SimulationTime, "simtime")
	}
}
