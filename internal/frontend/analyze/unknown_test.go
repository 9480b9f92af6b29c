package analyze

import (
	"fmt"
	"strings"
	"testing"

	"modernc.org/cc/v4"
)

// countsAt are the executions of every block for process pid of procs,
// by "kind@line", with the parameters that are values of procs computed
// at procs (counts gives every parameter its default).
func countsAt(a *Analysis, pid, procs float64) map[string]float64 {
	env := map[string]float64{"pid": pid, "procs": procs}
	for _, p := range a.Params {
		if p.Value == nil {
			env[p.Name] = p.Default
		}
	}
	out := map[string]float64{}
	for _, r := range a.Evaluate(env, nil).Rows {
		out[fmt.Sprintf("%s@%d", r.Kind, r.Pos.Line)] += r.CountValue
	}
	return out
}

// The interpreter runs ParRes Kernels' factor(): the largest f <= sqrt(r
// + 1) that divides r, and r / f.
func TestRunPure(t *testing.T) {
	srcs := load(t, "testdata/checks/grid.c")
	funcs := map[string]*cc.FunctionDefinition{}
	for l := srcs[0].AST.TranslationUnit; l != nil; l = l.TranslationUnit {
		if ed := l.ExternalDeclaration; ed != nil && ed.Case == cc.ExternalDeclarationFuncDef {
			funcs[ed.FunctionDefinition.Declarator.Name()] = ed.FunctionDefinition
		}
	}
	for _, c := range []struct{ r, f1, f2 float64 }{{1, 1, 1}, {2, 1, 2}, {4, 2, 2}, {6, 2, 3}, {7, 1, 7}, {12, 3, 4}, {16, 4, 4}, {1000, 25, 40}} {
		a, b := &cval{}, &cval{}
		if _, err := runPure(funcs, funcs["factor"], []cval{{num: c.r}, {ref: a}, {ref: b}}); err != nil {
			t.Fatalf("factor(%v): %v", c.r, err)
		}
		if a.num != c.f1 || b.num != c.f2 {
			t.Errorf("factor(%v) = %v × %v, want %v × %v", c.r, a.num, b.num, c.f1, c.f2)
		}
	}
	// main reads a global-free but MPI-calling body: not run.
	if _, err := runPure(funcs, funcs["main"], []cval{{num: 1}, {num: 0}}); err == nil {
		t.Error("main ran as a pure function")
	}
}

// A grid of processes from a function the analysis cannot follow (a
// loop that stops at a break, results written through pointers): its
// sides are computed for every process count, the same on every process,
// and the halo exchange on the grid's coordinates is exact, no branch
// drawn per process.
func TestGridOfProcs(t *testing.T) {
	a, text := checked(t, "grid.c")
	for _, s := range []string{"param npy = floor(procs / npx) //", "if floor(pid / npx) < npy - 1 {", "if pid % npx > 0 {"} {
		if !strings.Contains(text, s) {
			t.Errorf("the model has no %q", s)
		}
	}
	if strings.Contains(text, "choose") {
		t.Errorf("a branch drawn per process:\n%s", text)
	}
	npx := a.lookup("npx")
	if npx == nil || npx.Value == nil {
		t.Fatalf("no parameter npx with a value of procs: %+v", a.Params)
	}
	// factor's first side at 1 .. 12 processes, and beyond the table the
	// default, procs.
	for procs, want := range map[float64]float64{1: 1, 2: 1, 3: 1, 4: 2, 5: 1, 6: 2, 8: 2, 9: 3, 12: 3, 1024: 32, 1025: 1025} {
		if got, ok := eval(npx.Value, map[string]float64{"procs": procs}); !ok || got != want {
			t.Errorf("npx at %v processes: %v, want %v", procs, got, want)
		}
	}
	// At 6 processes (2 × 3): process 3 is (1, 1), with a neighbour above,
	// below and left, none right; process 0 one above and one right.
	got := countsAt(a, 3, 6)
	wantCounts(t, "grid.c, process 3 of 6", got, map[string]float64{"mpi@28": 10, "mpi@33": 10, "mpi@38": 0, "mpi@43": 10})
	got = countsAt(a, 0, 6)
	wantCounts(t, "grid.c, process 0 of 6", got, map[string]float64{"mpi@28": 10, "mpi@33": 0, "mpi@38": 10, "mpi@43": 0})
	for _, d := range a.Diags {
		if strings.Contains(d.Msg, "npx") {
			t.Errorf("a warning about npx, which is computed: %v", d)
		}
	}
}

// A grid from a function that can be neither followed nor run (an
// array): its sides are parameters, the same on every process, whose
// defaults are a grid of procs × 1; the warning names them and the call.
func TestGridDefault(t *testing.T) {
	a, text := checked(t, "gridarray.c")
	if !strings.Contains(text, "param npx = procs //") {
		t.Errorf("the model has no npx = procs:\n%s", text)
	}
	wantCounts(t, "gridarray.c, process 1 of 3", countsAt(a, 1, 3), map[string]float64{"mpi@25": 1, "mpi@27": 1})
	wantCounts(t, "gridarray.c, process 2 of 3", countsAt(a, 2, 3), map[string]float64{"mpi@25": 0, "mpi@27": 1})
	var warned bool
	for _, d := range a.Diags {
		if d.Line == 22 && strings.Contains(d.Msg, "the value decompose writes into npx") && strings.Contains(d.Msg, "--set npx=VALUE, which may be an expression of procs") {
			warned = true
		}
	}
	if !warned {
		t.Errorf("no warning naming npx and decompose: %v", a.Diags)
	}
}

// What an MPI_Allreduce gives is the same on every process: a branch on
// it is a shared parameter, default 1, with a warning.
func TestAgreedValue(t *testing.T) {
	a, text := checked(t, "agreed.c")
	if !strings.Contains(text, "if anybad != 0 {") || strings.Contains(text, "choose") {
		t.Errorf("the branch on anybad is not a shared parameter:\n%s", text)
	}
	wantCounts(t, "agreed.c, process 1 of 2", counts(a, 1, 2), map[string]float64{"mpi@15": 1, "mpi@16": 1})
	var warned bool
	for _, d := range a.Diags {
		warned = warned || d.Line == 14 && strings.Contains(d.Msg, "is the same on every process: it is the parameter anybad")
	}
	if !warned {
		t.Errorf("no warning naming anybad: %v", a.Diags)
	}
}

// tabulate merges runs of equal values and falls back beyond the table.
func TestTabulate(t *testing.T) {
	e := tabulate([]float64{1, 1, 2, 2, 2, 3}, Name{"procs"})
	for procs, want := range map[float64]float64{1: 1, 2: 1, 3: 2, 5: 2, 6: 3, 7: 7} {
		if got, ok := eval(e, map[string]float64{"procs": procs}); !ok || got != want {
			t.Errorf("at %v: %v, want %v (%s)", procs, got, want, String(e))
		}
	}
	if got := String(tabulate([]float64{4, 4}, Name{"procs"})); got != "4" {
		t.Errorf("a constant table: %s", got)
	}
}

// copies.c: n = 7 and m = n cost nothing, and still set the values the
// loop's bound reads.
func TestFreeAssignments(t *testing.T) {
	a, _ := checked(t, "copies.c")
	wantCounts(t, "copies.c", counts(a, 0, 1), map[string]float64{"compute@11": 7})
}

// peerarg.c: a peer read from an array is the process itself, passed to
// a function (exchange's dest and src) or in the call (a parameter whose
// default is pid), each warned about.
func TestUnknownPeers(t *testing.T) {
	a, text := checked(t, "peerarg.c")
	for _, s := range []string{"exchange_dest = pid", "exchange_src = pid", "param main_L13_peer = pid //", "param main_L13_peer_2 = pid //"} {
		if !strings.Contains(text, s) {
			t.Errorf("the model has no %q:\n%s", s, text)
		}
	}
	var warned int
	for _, d := range a.Diags {
		if d.Line == 12 && strings.Contains(d.Msg, "is a message's peer that the analysis cannot follow: the process itself (pid)") {
			warned++
		}
	}
	if warned != 2 {
		t.Errorf("%d warnings at the call of exchange, want 2 (dest, src): %v", warned, a.Diags)
	}
}
