package threadtrace

import (
	"os"
	"testing"
)

// BenchmarkLoad reads and builds the thread trace named by
// $AUGUR_THREADS_TRACE (bench/threadsgen writes one: bench/threads.sh's
// speed test reads the same), as augur simulate does before simulating.
// Skipped without it.
func BenchmarkLoad(b *testing.B) {
	path := os.Getenv("AUGUR_THREADS_TRACE")
	if path == "" {
		b.Skip("set AUGUR_THREADS_TRACE")
	}
	var events int
	for b.Loop() {
		p, err := Load(path)
		if err != nil {
			b.Fatal(err)
		}
		events = p.Events
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(int64(b.N)*int64(events)), "ns/event")
}
