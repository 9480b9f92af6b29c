package predict

import (
	"math"
	"os"
	"testing"

	"augur/internal/machine"
)

func loadMachine(t *testing.T, name string) *machine.Machine {
	t.Helper()
	m, err := machine.Load("../../../examples/machines/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func predictSrc(t *testing.T, src string, m *machine.Machine, o Options) *Prediction {
	t.Helper()
	o.Filename, o.Source, o.Machine = "t.aug", []byte(src), m
	p, err := Run(o)
	if err != nil {
		t.Fatalf("predict: %v", err)
	}
	return p
}

func near(a, b float64) bool { return math.Abs(a-b) <= 1e-9*math.Max(1, math.Abs(b)) }

// the model transformation paper's sample model on one 4-CPU node of the ideal machine: A1 =
// 121/3.14, SA1 = 112, the allreduce completes at the last arrival and then
// pid 0 spends FSA2(0) = 32, A4 = 3.14 + 2.71*3.14.
func TestSampleModel(t *testing.T) {
	src, err := os.ReadFile("../../../examples/sample.aug")
	if err != nil {
		t.Fatal(err)
	}
	p := predictSrc(t, string(src), loadMachine(t, "ideal.yaml"), Options{Nodes: 1, Procs: 4})
	want := 121/3.14 + 112 + 32 + 3.14 + 2.71*3.14
	if !near(p.Time, want) {
		t.Fatalf("predicted %.6f, want %.6f", p.Time, want)
	}
	if math.Abs(p.Time-194.184) > 0.0005 {
		t.Fatalf("predicted %.4f, the issue says 194.184", p.Time)
	}
	for pid, u := range p.Units {
		fsa2 := 32 / float64(pid+1)
		if !near(u.Finish, 121/3.14+112+fsa2+3.14+2.71*3.14) {
			t.Errorf("pid %d finishes at %v", pid, u.Finish)
		}
		if !near(u.Compute, 121/3.14+112+3.14+2.71*3.14) || !near(u.Comm, fsa2) || !near(u.Wait, 0) {
			t.Errorf("pid %d budget compute %v comm %v wait %v", pid, u.Compute, u.Comm, u.Wait)
		}
	}
	byName := map[string]int{}
	for i, e := range p.Elements {
		byName[e.Name] = i
	}
	if _, ok := byName["A2"]; !ok {
		t.Fatal("A2 must be an element even though it never runs")
	}
	if c := p.Result.Elements[byName["A2"]].Calls; c != 0 {
		t.Errorf("A2 ran %d times", c)
	}
	sa2 := p.Result.Elements[byName["SA2"]]
	if sa2.Calls != 4 || !near(sa2.Total, 32+16+32.0/3+8) {
		t.Errorf("SA2 calls %d total %v", sa2.Calls, sa2.Total)
	}
}
