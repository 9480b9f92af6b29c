package predict_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"augur/internal/machine"
	"augur/internal/run/predict"
)

// The models run on eight one-CPU nodes joined by a simple network.
const machineYAML = `
name: coll
nodes:
  - {count: 8, cpus: 1}
network:
  latency: 10us
  bandwidth: 1GB/s
`

func testMachine(t testing.TB) *machine.Machine {
	t.Helper()
	m, err := machine.Parse("m.yaml", []byte(machineYAML))
	if err != nil {
		t.Fatalf("machine: %v", err)
	}
	return m
}

// modelGen writes random models whose loops only compute (and some that
// do not): triangular, min/max and empty ranges, costs constant or affine
// or quadratic in the indices, invariant branches, activity calls, and
// communication around the loops.
type modelGen struct {
	r     *rand.Rand
	b     strings.Builder
	n     int // elements so far
	vars  []string
	depth int
}

func (g *modelGen) bound(lower bool) string {
	pick := []string{"0", "1", "N", "M", "3"}
	if len(g.vars) > 0 {
		v := g.vars[g.r.IntN(len(g.vars))]
		pick = append(pick, v, v+" + 1", v+" + 2", "N - "+v)
	}
	a := pick[g.r.IntN(len(pick))]
	if g.r.IntN(5) == 0 {
		fn := "min"
		if lower {
			fn = "max"
		}
		return fmt.Sprintf("%s(%s, %s)", fn, a, pick[g.r.IntN(len(pick))])
	}
	return a
}

func (g *modelGen) cost() string {
	c := fmt.Sprintf("%dns", 1+g.r.IntN(9))
	if len(g.vars) == 0 {
		return c
	}
	v := g.vars[g.r.IntN(len(g.vars))]
	w := g.vars[g.r.IntN(len(g.vars))]
	switch g.r.IntN(6) {
	case 0:
		return fmt.Sprintf("(%s + 1) * %s", v, c)
	case 1:
		return fmt.Sprintf("(%s + 2 * %s + 3) * %s", v, w, c)
	case 2:
		return fmt.Sprintf("(%s * %s + 1) * %s", v, w, c) // quadratic: the loop steps
	case 3:
		return fmt.Sprintf("f(%s) + %s", v, c)
	}
	return c
}

func (g *modelGen) stmts(indent string, n int) {
	for i := 0; i < n; i++ {
		switch k := g.r.IntN(10); {
		case k < 4 || g.depth >= 3:
			g.n++
			fmt.Fprintf(&g.b, "%saction A%d cost %s\n", indent, g.n, g.cost())
		case k < 7:
			v := fmt.Sprintf("i%d", g.depth)
			vars := g.vars
			if g.r.IntN(4) == 0 {
				fmt.Fprintf(&g.b, "%sloop %s {\n", indent, g.bound(false))
			} else {
				fmt.Fprintf(&g.b, "%sfor %s in %s .. %s {\n", indent, v, g.bound(true), g.bound(false))
				g.vars = append(g.vars, v)
			}
			g.depth++
			g.stmts(indent+"  ", 1+g.r.IntN(3))
			g.depth--
			g.vars = vars
			fmt.Fprintf(&g.b, "%s}\n", indent)
		case k == 7:
			fmt.Fprintf(&g.b, "%sif pid %% 2 == 0 {\n", indent)
			g.stmts(indent+"  ", 1)
			fmt.Fprintf(&g.b, "%s} else if N > 5 {\n", indent)
			g.stmts(indent+"  ", 1)
			fmt.Fprintf(&g.b, "%s}\n", indent)
		case k == 8:
			fmt.Fprintf(&g.b, "%scall Work\n", indent)
		default:
			if g.r.IntN(3) == 0 {
				g.n++
				fmt.Fprintf(&g.b, "%sdelay D%d cost 1ns\n", indent, g.n) // keeps the loop stepping
			} else {
				g.n++
				fmt.Fprintf(&g.b, "%saction A%d cost %s\n", indent, g.n, g.cost())
			}
		}
	}
}

func (g *modelGen) model() string {
	fmt.Fprintf(&g.b, "model random\nparam N = %d\nparam M = %d\n", g.r.IntN(12), g.r.IntN(12))
	g.b.WriteString("cost f(x) = (2 * x + 1) * 1ns\n")
	g.b.WriteString("activity Work {\n  action W cost 3ns\n  for k in 0 .. N { action WK cost 2ns }\n}\n")
	g.b.WriteString("activity main {\n")
	g.stmts("  ", 2+g.r.IntN(3))
	g.b.WriteString("  allreduce R size 8\n")
	g.stmts("  ", 1+g.r.IntN(2))
	g.b.WriteString("}\n")
	return g.b.String()
}

// near says two results agree to rounding: the clock of a stepped run
// accumulates one rounding error per execution.
func near(a, b, scale float64) bool {
	return math.Abs(a-b) <= 1e-12*math.Max(scale, math.Max(math.Abs(a), math.Abs(b)))
}

// TestClosedFormEqualsStepping: on random models, loops evaluated in
// closed form give the step-by-step run's results: the same counts and
// events exactly, the same times to rounding. (Not to the last bit: a
// stepped clock rounds once per execution, so that it gives 10.034999..µs
// where the closed form gives 10.035 µs.)
func TestClosedFormEqualsStepping(t *testing.T) {
	m := testMachine(t)
	r := rand.New(rand.NewPCG(3, 4))
	batched := 0
	for k := 0; k < 300; k++ {
		g := &modelGen{r: r}
		src := g.model()
		procs := 1 + r.IntN(3)
		run := func(step bool) (*predict.Prediction, error) {
			return predict.Run(predict.Options{Filename: "r.aug", Source: []byte(src), Machine: m, Procs: procs, StepLoops: step})
		}
		a, errA := run(true)
		b, errB := run(false)
		if errA != nil || errB != nil {
			// A negative cost: the same error, at the same execution.
			if errA == nil || errB == nil || errA.Error() != errB.Error() {
				t.Fatalf("model %d: %v stepping, %v closed form\n%s", k, errA, errB, src)
			}
			continue
		}
		if b.ClosedForm > 0 {
			batched++
		}
		where := fmt.Sprintf("model %d, %d processes:\n%s", k, procs, src)
		if a.Ops != b.Ops || a.Events != b.Events {
			t.Fatalf("%s\nexecutions %d / %d, events %d / %d (stepping / closed form)", where, a.Ops, b.Ops, a.Events, b.Events)
		}
		if !near(a.Time, b.Time, a.Time) {
			t.Fatalf("%s\ntime %v stepping, %v closed form", where, a.Time, b.Time)
		}
		for i := range a.Units {
			x, y := a.Units[i], b.Units[i]
			if !near(x.Finish, y.Finish, a.Time) || !near(x.Compute, y.Compute, a.Time) || !near(x.Wait, y.Wait, a.Time) || !near(x.Comm, y.Comm, a.Time) {
				t.Fatalf("%s\nunit %d: %+v stepping, %+v closed form", where, i, x, y)
			}
		}
		for i := range a.Result.Elements {
			x, y := a.Result.Elements[i], b.Result.Elements[i]
			if x.Calls != y.Calls || !near(x.Total, y.Total, a.Time) || !near(x.Compute, y.Compute, a.Time) ||
				(x.Calls > 0 && (!near(x.Min, y.Min, a.Time) || !near(x.Max, y.Max, a.Time))) {
				t.Fatalf("%s\nelement %s: %+v stepping, %+v closed form", where, a.Elements[i].Name, x, y)
			}
		}
	}
	if batched < 150 {
		t.Errorf("only %d of 300 models had a loop in closed form", batched)
	}
	t.Logf("%d of 300 models had loops evaluated in closed form", batched)
}

// TestClosedFormTriangle: a triangular nest of 5·10^9 iterations (Pllana
// et al.'s kernel 6 at scale) is evaluated in closed form, exactly.
func TestClosedFormTriangle(t *testing.T) {
	m := testMachine(t)
	src := "model tri\nparam N = 100000\nactivity main {\n  for i in 0 .. N {\n    for j in i .. N { action Inner cost 1ns }\n    action Outer cost (N - i) * 2ns\n  }\n}\n"
	p, err := predict.Run(predict.Options{Filename: "t.aug", Source: []byte(src), Machine: m, Procs: 2})
	if err != nil {
		t.Fatal(err)
	}
	n := 100000.0
	inner := n * (n + 1) / 2
	if p.Elements[0].Name != "Inner" || p.Result.Elements[0].Calls != 2*int64(inner) || p.Result.Elements[1].Calls != 2*int64(n) {
		t.Fatalf("calls %d and %d, want %v and %v", p.Result.Elements[0].Calls, p.Result.Elements[1].Calls, 2*inner, 2*n)
	}
	want := inner*1e-9 + 2e-9*inner // Σ_i (N − i)·2ns = 2ns·N(N+1)/2
	if !near(p.Time, want, want) {
		t.Errorf("time %v, want %v", p.Time, want)
	}
	if o := p.Result.Elements[1]; !near(o.Min, 2e-9, 2e-4) || !near(o.Max, 2e-4, 2e-4) {
		t.Errorf("Outer per execution %v to %v, want 2e-9 to 2e-4", o.Min, o.Max)
	}
	if p.ClosedForm != p.Ops-2 {
		t.Errorf("%d of %d executions in closed form, want all but the two ends", p.ClosedForm, p.Ops)
	}
}

// A loop count that depends on the process and comes out negative runs
// the body zero times there (docs/language.md); one the checker can
// evaluate must not be negative (model's check tests).
func TestNegativeProcessCountRunsZeroTimes(t *testing.T) {
	src := "model neg\nactivity main {\n  loop 1 - pid { action A cost 1 }\n}\n"
	p, err := predict.Run(predict.Options{Filename: "n.aug", Source: []byte(src), Machine: testMachine(t), Procs: 3})
	if err != nil {
		t.Fatal(err)
	}
	if got := p.Result.Elements[0].Calls; got != 1 || p.Time != 1 {
		t.Errorf("A ran %d times in %v s, want once (pid 0) in 1 s", got, p.Time)
	}
}
