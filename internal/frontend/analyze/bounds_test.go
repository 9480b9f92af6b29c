package analyze

import (
	"fmt"
	"strings"
	"testing"
)

// blockCounts are the counts of the compute blocks of a program, by line.
func blockCounts(t *testing.T, file string) map[int]*Block {
	t.Helper()
	a, err := Run(load(t, file), Options{})
	if err != nil {
		t.Fatal(err)
	}
	out := map[int]*Block{}
	for _, b := range a.Blocks() {
		if b.Kind == Compute {
			out[b.Pos.Line] = b
		}
	}
	return out
}

// The values an if's arms leave are joined: each rank's block of columns
// (n / procs, one more on the first n % procs ranks) and the clamped,
// broadcast step are known, so the loops over them count exactly.
func TestValuesJoinedThroughBranches(t *testing.T) {
	blocks := blockCounts(t, "testdata/blocks.c")
	cols, grouped := blocks[39], blocks[43]
	if cols == nil || grouped == nil {
		t.Fatalf("no blocks at lines 39 and 43: %v", blocks)
	}
	if cols.CountHow != Symbolic {
		t.Errorf("line 39: count %s is %s, want symbolic", String(cols.Count), cols.CountHow)
	}
	for _, c := range []struct {
		n, procs, pid, nargs, grp float64
		cols                      float64 // columns of this rank
		// The groups' loop, whose step is not a constant, is a factor
		// of the inner count (symbolicStep): its trips times the first
		// group's size.
		group float64
	}{
		{100, 3, 0, 2, 7, 34, 15 * 7}, // 100 = 34 + 33 + 33; ceil(99 / 7) groups
		{100, 3, 1, 2, 7, 33, 15 * 7},
		{100, 3, 2, 2, 7, 33, 15 * 7},
		{10, 4, 1, 2, 7, 3, 2 * 7}, // 10 = 3 + 3 + 2 + 2
		{10, 4, 2, 2, 7, 2, 2 * 7},
		{10, 1, 0, 2, 0, 10, 9 * 1},  // a step below 1 is 1
		{10, 1, 0, 2, 50, 10, 1 * 9}, // a step of n or more is n - 1
		{10, 1, 0, 1, 50, 10, 9 * 1}, // without the argument, 1
	} {
		env := map[string]float64{"n": c.n, "procs": c.procs, "pid": c.pid, "nargs": c.nargs, "grp": c.grp, "j": 1}
		if v, ok := eval(cols.Count, env); !ok || v != c.cols {
			t.Errorf("%v: columns %s = %v, want %v", c, String(cols.Count), v, c.cols)
		}
		if v, ok := eval(grouped.Count, env); !ok || v != c.group {
			t.Errorf("%v: groups %s = %v, want %v", c, String(grouped.Count), v, c.group)
		}
	}
}

// Globals written once hold their value in every function; a global
// written twice stays an unknown parameter; the histogram is priced at
// its declared size; the first-call guard's arm is not charged per call.
func TestGlobalsWrittenOnce(t *testing.T) {
	a, err := Run(load(t, "testdata/globals.c"), Options{})
	if err != nil {
		t.Fatal(err)
	}
	at := map[int]*Block{}
	for _, b := range a.Blocks() {
		if b.Kind != Loop {
			at[b.Pos.Line] = b
		}
	}
	env := map[string]float64{"LOG2": 12, "procs": 4}
	for _, c := range []struct {
		line int
		want float64
	}{
		{42, 1024},         // (1 << 12) / 4 keys
		{44, 3 * 1024 * 2}, // scale * chunk = 6 times as many calls of gen
	} {
		b := at[c.line]
		if b == nil {
			t.Fatalf("no block at line %d", c.line)
		}
		if v, ok := eval(b.Count, env); !ok || v != c.want {
			t.Errorf("line %d: count %s = %v, want %v", c.line, String(b.Count), v, c.want)
		}
	}
	// hist is 69 ints: 276 bytes, in L1 whatever nkeys is.
	found := false
	for k := range at[42].Ops {
		found = found || k == "load@276"
	}
	if !found {
		t.Errorf("the histogram's load is not priced at its 276 bytes: %v", at[42].Ops)
	}
	if b := at[46]; b == nil || String(b.Count) != "max(0, twice)" {
		t.Errorf("line 46: a global written twice must be the parameter twice, got %+v", b)
	}
	if p, err := a.given("twice"); err != nil || p.From != "unknown" || p.Default != 1 {
		t.Errorf("twice: want an unknown parameter of default 1, got %+v (%v)", p, err)
	}
	if b := at[30]; b == nil || b.Kind != Branch || b.Prob == nil || String(b.Prob) != "0" || !b.FirstCall {
		t.Errorf("line 30: the first-call guard must have probability 0, got %+v", b)
	}
}

// A call through a pointer that the program sets to one function is a
// call of it, with its arguments; one set to two functions stays a call
// priced as one, with a warning naming both.
func TestCallsThroughFunctionPointers(t *testing.T) {
	a, err := Run(load(t, "testdata/fptr.c"), Options{})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, b := range a.Blocks() {
		if b.Kind == CallK && b.Func == "main" {
			args := ""
			for _, v := range b.Args {
				args += String(v)
			}
			got = append(got, b.Callee+"("+args+")")
		}
	}
	// make(), b->kernel(100) through Derived's field, g(7) and (*g)(8)
	// through a local initialised to cube, either(9) one of two.
	if want := "make() square(100) cube(7) cube(8) cube(9) square(9)"; strings.Join(got, " ") != want {
		t.Errorf("calls of main: %q, want %q", strings.Join(got, " "), want)
	}
	warned := false
	for _, d := range a.Diags {
		warned = warned || (d.Line == 52 && strings.Contains(d.Msg, "2 of its functions (0 cube, 1 square): which one it calls is the parameter main_L52_callee"))
	}
	if !warned {
		t.Errorf("no warning at line 52 naming both functions: %v", a.Diags)
	}
	// Each is a branch on the parameter, the same on every process.
	conds := 0
	for _, b := range a.Blocks() {
		if b.Kind == Branch && b.Pos.Line == 52 && b.Cond != nil && len(b.Then) == 1 {
			if want := fmt.Sprintf("main_L52_callee == %d", conds); String(b.Cond) != want || b.Then[0].Callee != []string{"cube", "square"}[conds] {
				t.Errorf("choice %d: if %s calls %s, want if %s", conds, String(b.Cond), b.Then[0].Callee, want)
			}
			conds++
		}
	}
	if conds != 2 {
		t.Errorf("%d branches choose the callee at line 52, want 2", conds)
	}
}

// while (i < n) { ...; i++; } runs n - i0 times; for (; k < n;) { ...;
// k += s; } ceil((n - k0) / s); a loop stepping its index twice is not
// counted.
func TestWhileLoopsCounted(t *testing.T) {
	blocks := blockCounts(t, "testdata/while.c")
	for _, c := range []struct {
		line int
		n, s float64
		want float64
	}{
		{11, 10, 3, 10}, {11, 0, 3, 0},
		{15, 10, 3, 3}, {15, 11, 3, 3}, {15, 12, 3, 3}, {15, 13, 4, 3}, {15, 2, 3, 0},
		{23, 10, 0, 5}, {23, 11, 0, 5}, {23, 1, 0, 0}, // for (; j < n; j += 2) from j = 1
	} {
		b := blocks[c.line]
		if b == nil {
			t.Fatalf("no block at line %d", c.line)
		}
		env := map[string]float64{"n": c.n, "s": c.s}
		if v, ok := eval(b.Count, env); !ok || v != c.want {
			t.Errorf("line %d, n=%v s=%v: count %s = %v, want %v", c.line, c.n, c.s, String(b.Count), v, c.want)
		}
	}
	if b := blocks[20]; b == nil || b.CountHow != Default {
		t.Errorf("line 20: a loop stepping its index twice must be a parameter, got %+v", b)
	}
}

// Fields whose value is not known become parameters named after them,
// with the program's default where it sets one (through a copy into
// another struct's field): steps 100, rate 10; n, set from rand(), 1.
func TestFieldsBecomeParameters(t *testing.T) {
	a, err := Run(load(t, "testdata/fields.c"), Options{})
	if err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]float64{"steps": 100, "rate": 10, "n": 1} {
		p, err := a.given(name)
		if err != nil || p.Default != want || p.From != "unknown" {
			t.Errorf("parameter %s: got %+v (%v), want default %v", name, p, err, want)
		}
	}
	at := map[int]*Block{}
	for _, b := range a.Blocks() {
		if b.Kind == Compute {
			at[b.Pos.Line] = b
		}
	}
	for _, c := range []struct {
		line           int
		steps, rate, n float64
		want           float64
	}{
		{41, 100, 10, 1, 100}, // ceil(100 / 10) steps of 10
		{41, 25, 10, 1, 30},   // ceil(25 / 10) = 3 steps of 10
		{43, 25, 10, 4, 12},
	} {
		env := map[string]float64{"steps": c.steps, "rate": c.rate, "n": c.n}
		if v, ok := eval(at[c.line].Count, env); !ok || v != c.want {
			t.Errorf("line %d %v: count %s = %v, want %v", c.line, env, String(at[c.line].Count), v, c.want)
		}
	}
}

// A loop that starts and steps two indices is counted by the one its test
// reads, and the other runs beside it: a tile of 4 from i0 (min(4, n -
// i0) for the tile at i0, which the model steps through, times the
// tiles), k from 2 with
// j from 0 (n - 2), and r < p with p = q + 1 for q < 5 (1 + 2 + 3 + 4 + 5
// = 15).
func TestLoopsWithTwoIndices(t *testing.T) {
	blocks := blockCounts(t, "testdata/coindex.c")
	for _, c := range []struct {
		line        int
		n, i0, want float64
	}{
		{10, 100, 0, 100}, {10, 7, 4, 6}, {12, 10, 0, 8}, {15, 10, 0, 15},
	} {
		b := blocks[c.line]
		if b == nil {
			t.Fatalf("no block at line %d", c.line)
		}
		env := map[string]float64{"n": c.n, "i0": c.i0}
		if v, ok := eval(b.Count, env); !ok || v != c.want {
			t.Errorf("line %d, n=%v i0=%v: count %s = %v, want %v", c.line, c.n, c.i0, String(b.Count), v, c.want)
		}
	}
}
