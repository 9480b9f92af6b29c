package replay

import (
	"os"
	"testing"

	"augur/internal/machine/platform"
)

// BenchmarkReplayTrace replays the trace named by $AUGUR_REPLAY_TRACE on
// $AUGUR_REPLAY_PLATFORM with $AUGUR_REPLAY_HOSTFILE (bench/gentit writes
// all three), for profiling: go test ./internal/run/replay -run - -bench ReplayTrace
// -cpuprofile cpu.out. Skipped without them.
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
	b.ReportAllocs()
	for b.Loop() {
		res, err := Run(Options{Trace: trace, NP: len(hf.Names), Machine: m, Hostfile: hf})
		if err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(float64(res.Events), "events")
		b.ReportMetric(res.SimulationTime, "simtime")
	}
}
