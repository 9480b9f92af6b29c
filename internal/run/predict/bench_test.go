package predict

import (
	"os"
	"testing"

	"augur/internal/machine"
)

// benchLAPW0 predicts the LAPW0 example (NAT=64, 4 processes per node) for
// procs processes on the ideal machine and reports element executions per
// second, parsing and compiling included.
func benchLAPW0(b *testing.B, procs int) {
	src, err := os.ReadFile("../../../examples/lapw0.aug")
	if err != nil {
		b.Fatal(err)
	}
	m, err := machine.Load("../../../examples/machines/ideal.yaml")
	if err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	var ops int64
	for i := 0; i < b.N; i++ {
		p, err := Run(Options{Filename: "lapw0.aug", Source: src, Machine: m,
			Nodes: (procs + 3) / 4, Procs: procs, Set: map[string]float64{"NAT": 64}})
		if err != nil {
			b.Fatal(err)
		}
		ops += p.Ops
	}
	b.ReportMetric(float64(ops)/b.Elapsed().Seconds(), "exec/s")
}

func BenchmarkLAPW0_32(b *testing.B)    { benchLAPW0(b, 32) }
func BenchmarkLAPW0_10000(b *testing.B) { benchLAPW0(b, 10000) }

// BenchmarkLAPW0_1000000 takes one to two seconds an iteration and about
// 700 MB: the 10^6 processes.
func BenchmarkLAPW0_1000000(b *testing.B) { benchLAPW0(b, 1000000) }

// BenchmarkSample is the sample model of Pllana et al.'s model transformation paper on four processes: mostly
// the fixed cost of parsing, checking and compiling.
func BenchmarkSample(b *testing.B) {
	src, err := os.ReadFile("../../../examples/sample.aug")
	if err != nil {
		b.Fatal(err)
	}
	m, err := machine.Load("../../../examples/machines/ideal.yaml")
	if err != nil {
		b.Fatal(err)
	}
	for i := 0; i < b.N; i++ {
		if _, err := Run(Options{Filename: "sample.aug", Source: src, Machine: m, Nodes: 1, Procs: 4}); err != nil {
			b.Fatal(err)
		}
	}
}

// benchTriangle predicts a triangular nest of N(N+1)/2 iterations on one
// process; step says whether every iteration runs (--step-loops) or the
// nest is summed in closed form when reached.
func benchTriangle(b *testing.B, n int, step bool) {
	src := []byte("model tri\nparam N = 1000\nactivity main {\n  for i in 0 .. N {\n    for j in i .. N { action Inner cost (j - i + 1) * 1ns }\n  }\n}\n")
	m, err := machine.Load("../../../examples/machines/ideal.yaml")
	if err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	var ops int64
	for i := 0; i < b.N; i++ {
		p, err := Run(Options{Filename: "tri.aug", Source: src, Machine: m, Procs: 1,
			Set: map[string]float64{"N": float64(n)}, StepLoops: step})
		if err != nil {
			b.Fatal(err)
		}
		ops += p.Ops
	}
	b.ReportMetric(float64(ops)/b.Elapsed().Seconds(), "exec/s")
}

func BenchmarkTriangleStepped_1000(b *testing.B)      { benchTriangle(b, 1000, true) }
func BenchmarkTriangleClosedForm_1000(b *testing.B)   { benchTriangle(b, 1000, false) }
func BenchmarkTriangleClosedForm_100000(b *testing.B) { benchTriangle(b, 100000, false) }
