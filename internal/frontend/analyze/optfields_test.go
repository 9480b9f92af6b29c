package analyze

import (
	"fmt"
	"sort"
	"strings"
	"testing"

	"augur/internal/frontend/model"
)

// testdata/options.c: its option table gives parameters bound to the
// options, the flag -f chooses the kernel the pointer calls, and a values
// file gives the counts its data make, as expressions of the options.
func TestOptionTablesAndValues(t *testing.T) {
	values, err := ParseValues("o.values", []byte("# cells: the grid is nx / 2 a side\nnCells = floor(nx / 2) * floor(nx / 2) * floor(nx / 2)\nslowForce_L51_2_iters = 4 // atoms a cell\n"))
	if err != nil {
		t.Fatal(err)
	}
	a, err := Run(load(t, "testdata/options.c"), Options{Values: values})
	if err != nil {
		t.Fatal(err)
	}
	bound := boundOptions(a)
	// dt is a double the kernels do not read; nx only the values read.
	if want := "fast = 0 arg -f --fast; nSteps = 100 arg -N --steps; nx = 10 arg -x --nx"; strings.Join(bound, "; ") != want {
		t.Errorf("params bound to options: %q, want %q", bound, want)
	}
	callee := a.lookup("main_L84_callee")
	if callee == nil || callee.Value == nil || String(callee.Value) != "fast != 0 ? 0 : 1" || callee.Default != 1 {
		t.Fatalf("the callee at line 84: %+v, want fast != 0 ? 0 : 1, default 1 (slowForce)", callee)
	}
	if p := a.lookup("nCells"); p == nil || p.Default != 125 {
		t.Errorf("nCells: %+v, want 125 at nx = 10", p)
	}
	// The kernels' statements at the defaults, and with -f -x 6 -N 20.
	run := func(args []string) map[string]float64 {
		vals, err := a.ArgValues(args)
		if err != nil {
			t.Fatal(err)
		}
		env := map[string]float64{"pid": 0, "procs": 1}
		for _, p := range a.Params {
			if p.Value == nil {
				env[p.Name] = p.Default
			}
		}
		for k, v := range vals {
			env[k] = v
		}
		out := map[string]float64{}
		for _, r := range a.Evaluate(env, nil).Rows {
			out[fmt.Sprintf("%s@%d", r.Kind, r.Pos.Line)] += r.CountValue
		}
		return out
	}
	// slowForce: 100 steps * 125 cells * 4 atoms; fastForce not called.
	wantCounts(t, "options.c at its defaults", run(nil), map[string]float64{"compute@52": 50000, "compute@58": 0})
	// -f: fastForce, 20 steps * 27 cells (6 / 2 a side).
	wantCounts(t, "options.c -f -x 6 -N 20", run([]string{"-f", "-x", "6", "-N", "20"}), map[string]float64{"compute@52": 0, "compute@58": 540})
	// The written model keeps the expressions and the bindings: it checks,
	// and its params take the options' values.
	text := a.Model("options", []string{"options.c"})
	f, diags := model.Parse("m.aug", []byte(text))
	if diags.HasErrors() {
		t.Fatalf("the model does not parse: %v\n%s", diags, text)
	}
	for _, d := range model.Check(f, model.CheckOptions{Procs: 1}) {
		if !d.Warning {
			t.Errorf("%v", d)
		}
	}
	for _, line := range []string{
		"param nx = 10 arg -x --nx //",
		"param main_L84_callee = fast != 0 ? 0 : 1 //",
		"param nCells = floor(nx / 2) * floor(nx / 2) * floor(nx / 2) //",
	} {
		if !strings.Contains(text, line) {
			t.Errorf("the model has no line %q:\n%s", line, text)
		}
	}
	got, err := model.ArgValues(f, []string{"--steps=7", "-x12", "-f"})
	if err != nil || got["nSteps"] != 7 || got["nx"] != 12 || got["fast"] != 1 {
		t.Errorf("the model's params for --steps=7 -x12 -f: %v, %v", got, err)
	}
}

// A values file's mistakes are errors at their lines, and so are places
// (FILE:LINE) where no parameter was made.
func TestValuesErrors(t *testing.T) {
	_, err := ParseValues("v.values", []byte("n = 4\nnothing here\n  2x = 1\nn = 5\nm = 3 +\n"))
	want := "v.values:2:1: expected NAME = EXPR, found \"nothing here\"\n" +
		"v.values:3:3: \"2x\" is not a parameter's name or a place FILE:LINE (NAME = EXPR)\n" +
		"v.values:4:1: n is already given at line 1\n" +
		"v.values:5:8: the value of m: expected expression, found end of file"
	if err == nil || err.Error() != want {
		t.Errorf("error:\n%v\nwant:\n%s", err, want)
	}
	for src, want := range map[string]string{
		"nosuch = 1\n":                "v.values:1:1: nosuch is not a parameter of the analysis (its warnings name the parameters it made)",
		"nCells = cells * 2\n":        "v.values:1:1: the value of nCells: cells is not a variable with a known value, a loop index or a parameter here",
		"nCells = nCells + 1\n":       "v.values:1:1: the value of nCells: nCells is not a variable with a known value, a loop index or a parameter here",
		"nCells = 1\nnCells = 2":      "v.values:2:1: nCells is already given at line 1",
		"options.c:3 = 1\n":           "v.values:1:1: no parameter was made at options.c:3 (its warnings give the places)",
		"options.c:51:nowhere = 1\n":  "v.values:1:1: no parameter was made at options.c:51:nowhere (its warnings give the places)",
		"options.c:0 = 1\n":           "v.values:1:1: \"options.c:0\" is not a parameter's name or a place FILE:LINE (NAME = EXPR)",
		"options.c:51:2:3 = 1\n":      "v.values:1:1: \"options.c:51:2:3\" is not a parameter's name or a place FILE:LINE (NAME = EXPR)",
		"elsewhere.c:51 = 1\n":        "v.values:1:1: no parameter was made at elsewhere.c:51 (its warnings give the places)",
		"options.c:51 = nosuch + 1\n": "v.values:1:1: the value of options.c:51: nosuch is not a variable with a known value, a loop index or a parameter here",
	} {
		values, err := ParseValues("v.values", []byte(src))
		if err == nil {
			_, err = Run(load(t, "testdata/options.c"), Options{Values: values})
		}
		if err == nil || err.Error() != want {
			t.Errorf("%q: %v, want %s", src, err, want)
		}
	}
}

// testdata/checks/skip.c: the statements after `if (c) continue;` run
// when the test is false: exactly for a remainder test, 1 - p for a test
// of data, p a parameter of default 0.
func TestContinueGuards(t *testing.T) {
	a, _ := checked(t, "skip.c")
	wantCounts(t, "skip.c", counts(a, 0, 1), map[string]float64{"compute@9": 75, "compute@16": 100})
	p := a.lookup("main_L13_p")
	if p == nil || p.Default != 0 {
		t.Fatalf("the test at line 13: %+v, want a parameter main_L13_p of default 0", p)
	}
	p.Default = 0.25
	wantCounts(t, "skip.c with main_L13_p = 0.25", counts(a, 0, 1), map[string]float64{"compute@16": 75})
	var warned []int
	for _, d := range a.Diags {
		if strings.Contains(d.Msg, "continue: the loop's count assumes") {
			warned = append(warned, d.Line)
		}
	}
	if fmt.Sprint(warned) != "[22]" {
		t.Errorf("continue warned at lines %v, want [22] (the one in a switch)", warned)
	}
}

// A values line may name a parameter by the place of the warning that made
// it (FILE:LINE, FILE:LINE:COL, FILE:LINE:VARIABLE) instead of its name,
// which depends on what else the analysis made: the same counts
// (TestValuesErrors has the places that are errors).
func TestValuesByPlace(t *testing.T) {
	byName := "nCells = floor(nx / 2) * floor(nx / 2) * floor(nx / 2)\nslowForce_L51_2_iters = 4\n"
	byPlace := "options.c:50:nCells = floor(nx / 2) * floor(nx / 2) * floor(nx / 2)\noptions.c:51 = 4\n"
	var got []map[string]float64
	for _, src := range []string{byName, byPlace} {
		values, err := ParseValues("o.values", []byte(src))
		if err != nil {
			t.Fatal(err)
		}
		a, err := Run(load(t, "testdata/options.c"), Options{Values: values})
		if err != nil {
			t.Fatalf("%q: %v", src, err)
		}
		got = append(got, counts(a, 0, 1))
	}
	// slowForce: 100 steps * 125 cells * 4 atoms.
	wantCounts(t, "options.c, values by place", got[1], map[string]float64{"compute@52": 50000})
	if fmt.Sprint(got[0]) != fmt.Sprint(got[1]) {
		t.Errorf("by name %v, by place %v", got[0], got[1])
	}
}

// testdata/strcmpopts.c: options compared by name and converted (strcmp
// == 0, !strcmp, 0 == strcmp, two names joined by ||): the fields become
// parameters bound to their options with the program's defaults, and so
// does a variable; --args reaches the counts. A field an option sets to a
// constant holds its default constant otherwise.
func TestStrcmpOptions(t *testing.T) {
	a, err := Run(load(t, "testdata/strcmpopts.c"), Options{})
	if err != nil {
		t.Fatal(err)
	}
	bound := boundOptions(a)
	if want := "cells = 1000 arg -c --cells; lookups = 34 arg -l; steps = 5 arg -s"; strings.Join(bound, "; ") != want {
		t.Errorf("bound options: %v, want %s", bound, want)
	}
	// At the defaults: 5 steps, 34 lookups, 1000 cells; method is 0 unless
	// -m event sets it, so the doubling does not run (not a test of
	// probability 0.5).
	wantCounts(t, "strcmpopts.c", counts(a, 0, 1), map[string]float64{"compute@40": 5 * 34 * 1000, "compute@43": 0})
	vals, err := a.ArgValues([]string{"-l", "10", "--cells", "200", "-s", "2"})
	if err != nil {
		t.Fatal(err)
	}
	for name, v := range vals {
		if p := a.lookup(name); p != nil {
			p.Default = v
		}
	}
	wantCounts(t, "strcmpopts.c -l 10 --cells 200 -s 2", counts(a, 0, 1), map[string]float64{"compute@40": 2 * 10 * 200})
	for _, d := range a.Diags {
		if strings.Contains(d.Msg, "cannot follow") {
			t.Errorf("warned as not followed: %v", d)
		}
	}
}

// boundOptions lists the parameters bound to the program's options, as
// "name = default arg -x --long", sorted.
func boundOptions(a *Analysis) []string {
	var bound []string
	for _, p := range a.Params {
		if b := p.Binding(); strings.HasPrefix(b, "arg -") {
			bound = append(bound, p.Name+" = "+numText(p.Default)+" "+b)
		}
	}
	sort.Strings(bound)
	return bound
}
