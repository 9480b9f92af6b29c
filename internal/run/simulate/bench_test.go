package simulate

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"augur/internal/frontend/threadtrace"
)

// benchTrace loads the 350,000-event trace of bench/threads.sh: the file
// $AUGUR_THREADS_TRACE names (so that a run under valgrind, which counts
// instructions, starts no go command), else one bench/threadsgen makes.
func benchTrace(b *testing.B) *threadtrace.Program {
	b.Helper()
	path := os.Getenv("AUGUR_THREADS_TRACE")
	if path == "" {
		path = filepath.Join(b.TempDir(), "radiosity-like.trace")
		out, err := exec.Command("go", "run", "../../../bench/threadsgen", "-events", "350000", "-workers", "8").Output()
		if err != nil {
			b.Skipf("bench/threadsgen: %v", err)
		}
		if err := os.WriteFile(path, out, 0o644); err != nil {
			b.Fatal(err)
		}
	}
	p, err := threadtrace.Load(path)
	if err != nil {
		b.Fatal(err)
	}
	return p
}

// BenchmarkRadiosity runs the speed test of bench/threads.sh (350,000
// events) under each model, on 8 processors and on one (augur simulate
// runs both: the second for the speed-up).
func BenchmarkRadiosity(b *testing.B) {
	p := benchTrace(b)
	for _, m := range []Model{Direct, ClientServer, Strict} {
		for _, cpus := range []int{8, 1} {
			b.Run(fmt.Sprintf("%s/%dcpu", m, cpus), func(b *testing.B) {
				for b.Loop() {
					if _, err := RunModel(p, Config{CPUs: cpus, Model: m}); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
