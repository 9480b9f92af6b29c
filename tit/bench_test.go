package tit

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"augur/ir"
	"augur/tit/gen"
)

// benchSpec is a quarter of bench/replay_speed.sh's default trace (256
// ranks, ~2.6e5 actions): big enough that buffers cycle many times,
// small enough to generate in a second.
var benchSpec = gen.Spec{Pattern: "stencil", NP: 256, Iters: 100, Bytes: 1e4, Flops: 1e6}

// readAll pulls every operation of every rank, one per rank in turn (the
// engine interleaves ranks much like this on a stencil), and returns how
// many there were.
func readAll(tb testing.TB, path string) int {
	tr, err := Open(path, 0, DefaultSettings())
	if err != nil {
		tb.Fatal(err)
	}
	defer tr.Close()
	np := tr.NP()
	streams := make([]ir.Stream, np)
	for r := range streams {
		streams[r] = tr.Stream(r, 1e-9)
	}
	live := make([]int, np)
	for r := range live {
		live[r] = r
	}
	n := 0
	var op ir.Op
	for len(live) > 0 {
		k := 0
		for _, r := range live {
			if err := streams[r].Next(&op); err != nil {
				tb.Fatal(err)
			}
			n++
			if op.Kind != ir.End {
				live[k] = r
				k++
			}
		}
		live = live[:k]
	}
	return n
}

// BenchmarkRead reads a generated stencil trace in both layouts and
// reports the time per trace action (each action of a stencil but init
// and finalize makes one operation, and the end adds two).
func BenchmarkRead(b *testing.B) {
	dir := b.TempDir()
	index, actions, err := gen.WriteIndex(filepath.Join(dir, "idx"), benchSpec)
	if err != nil {
		b.Fatal(err)
	}
	shared := filepath.Join(dir, "shared.txt")
	if err := interleave(index, shared); err != nil {
		b.Fatal(err)
	}
	for _, c := range []struct{ name, path string }{{"index", index}, {"shared", shared}} {
		b.Run(c.name, func(b *testing.B) {
			ops := 0
			for b.Loop() {
				ops += readAll(b, c.path)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(int64(b.N)*actions), "ns/action")
		})
	}
}

// interleave writes the per-rank traces an index names as one shared
// trace, a line of each rank in turn (as ranks progressing together
// would log them), so that the shared reader's queues stay short.
func interleave(index, out string) error {
	files, _, err := Layout(index)
	if err != nil {
		return err
	}
	lines := make([][]string, len(files))
	for r, name := range files {
		b, err := os.ReadFile(name)
		if err != nil {
			return err
		}
		lines[r] = strings.SplitAfter(string(b), "\n")
	}
	var w strings.Builder
	for i, more := 0, true; more; i++ {
		more = false
		for r := range lines {
			if i < len(lines[r]) {
				w.WriteString(lines[r][i])
				more = true
			}
		}
	}
	return os.WriteFile(out, []byte(w.String()), 0o644)
}
