package tit

import (
	"context"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"augur/internal/frontend/tit/gen"
	"augur/internal/ir"
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
	return readTrace(tb, tr)
}

// readTrace is readAll of an opened trace.
func readTrace(tb testing.TB, tr *Trace) int {
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
// reports the time per trace action, wall and CPU (each action of a
// stencil but init and finalize makes one operation, and the end adds
// two).
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
			cpu := cpuTime()
			for b.Loop() {
				readAll(b, c.path)
			}
			n := float64(int64(b.N) * actions)
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/n, "ns/action")
			b.ReportMetric(float64(cpuTime()-cpu)/n, "cpu-ns/action")
		})
	}
}

// BenchmarkReadTrace reads the trace named by $AUGUR_REPLAY_TRACE (as
// replay's BenchmarkReplayTrace replays it) without simulating it: what
// reading alone costs of a replay, per action. Skipped without it.
func BenchmarkReadTrace(b *testing.B) {
	path := os.Getenv("AUGUR_REPLAY_TRACE")
	if path == "" {
		b.Skip("set AUGUR_REPLAY_TRACE")
	}
	n := 0
	cpu := cpuTime()
	for b.Loop() {
		n = readAll(b, path)
	}
	ops := float64(int64(b.N) * int64(n))
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/ops, "ns/op-read")
	b.ReportMetric(float64(cpuTime()-cpu)/ops, "cpu-ns/op-read")
}

// BenchmarkRankMemory reports the heap a per-rank (index) trace of 4096
// ranks holds per rank once every rank has handed out its first
// operation (every rank's file open and buffered), beyond what Open
// itself holds (the file names). It reads through the public API only,
// so bench/tit_read.sh can run it against older revisions too.
func BenchmarkRankMemory(b *testing.B) {
	const np = 4096
	index, _, err := gen.WriteIndex(filepath.Join(b.TempDir(), "idx"),
		gen.Spec{Pattern: "stencil", NP: np, Iters: 2, Bytes: 1e4, Flops: 1e6})
	if err != nil {
		b.Fatal(err)
	}
	var perRank float64
	for b.Loop() {
		tr, err := Open(index, 0, DefaultSettings())
		if err != nil {
			b.Fatal(err)
		}
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		streams := make([]ir.Stream, np)
		var op ir.Op
		for r := range streams {
			streams[r] = tr.Stream(r, 1e-9)
			if err := streams[r].Next(&op); err != nil {
				b.Fatal(err)
			}
		}
		runtime.GC()
		runtime.ReadMemStats(&after)
		perRank = float64(after.HeapAlloc-before.HeapAlloc) / np
		runtime.KeepAlive(streams)
		tr.Close()
	}
	b.ReportMetric(perRank, "B/rank")
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

// BenchmarkReadVarying reads a ring whose compute amounts vary line to
// line (gen's spread, as recorded amounts vary: the memo finds nothing)
// from its text, per-rank files and shared, and from its compiled form;
// and times the compile.
func BenchmarkReadVarying(b *testing.B) {
	dir := b.TempDir()
	spec := gen.Spec{Pattern: "ring", NP: 256, Iters: 250, Bytes: 1e4, Flops: 1e6, Spread: 0.5, Seed: 1}
	index, actions, err := gen.WriteIndex(filepath.Join(dir, "idx"), spec)
	if err != nil {
		b.Fatal(err)
	}
	shared := filepath.Join(dir, "shared.txt")
	if err := interleave(index, shared); err != nil {
		b.Fatal(err)
	}
	per := func(b *testing.B, cpu time.Duration) {
		n := float64(int64(b.N) * actions)
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/n, "ns/action")
		b.ReportMetric(float64(cpuTime()-cpu)/n, "cpu-ns/action")
	}
	for _, c := range []struct{ name, path string }{{"text-index", index}, {"text-shared", shared}} {
		b.Run(c.name, func(b *testing.B) {
			cpu := cpuTime()
			for b.Loop() {
				readAll(b, c.path)
			}
			per(b, cpu)
		})
	}
	src, err := Resolve(index, 0)
	if err != nil {
		b.Fatal(err)
	}
	out := filepath.Join(dir, "compiled")
	compile := func(b *testing.B) {
		f, err := os.Create(out)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := Compile(context.Background(), src, f); err != nil {
			b.Fatal(err)
		}
		f.Close()
	}
	b.Run("compile", func(b *testing.B) {
		cpu := cpuTime()
		for b.Loop() {
			compile(b)
		}
		per(b, cpu)
	})
	compile(b)
	img, err := os.ReadFile(out)
	if err != nil {
		b.Fatal(err)
	}
	b.Run("compiled", func(b *testing.B) {
		cpu := cpuTime()
		for b.Loop() {
			c, err := ParseCompiled(img)
			if err != nil {
				b.Fatal(err)
			}
			readTrace(b, OpenCompiled(c, src.Files, false, DefaultSettings()))
		}
		per(b, cpu)
		b.ReportMetric(float64(len(img))/float64(actions), "bytes/action")
	})
}
