package analyze

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"augur/internal/frontend/model"
)

// checked analyses a program of testdata/checks, asserts that its model
// parses and checks at 1, 2 and 3 processes, and returns the analysis
// and the model's text.
func checked(t *testing.T, name string) (*Analysis, string) {
	t.Helper()
	a, err := Run(load(t, "testdata/checks/"+name), Options{})
	if err != nil {
		t.Fatal(err)
	}
	text := a.Model(strings.TrimSuffix(name, ".c"), []string{name})
	f, diags := model.Parse("m.aug", []byte(text))
	if diags.HasErrors() {
		t.Fatalf("the model does not parse: %v\n%s", diags, text)
	}
	for _, procs := range []int{1, 2, 3} {
		for _, d := range model.Check(f, model.CheckOptions{Procs: procs}) {
			if !d.Warning {
				t.Errorf("at %d processes: %v", procs, d)
			}
		}
	}
	if t.Failed() {
		t.Logf("the model:\n%s", text)
	}
	return a, text
}

// counts are the executions of every block for process pid of procs,
// at the parameters' defaults, by "kind@line".
func counts(a *Analysis, pid, procs float64) map[string]float64 {
	env := map[string]float64{"pid": pid, "procs": procs}
	for _, p := range a.Params {
		env[p.Name] = p.Default
	}
	out := map[string]float64{}
	for _, r := range a.Evaluate(env, nil).Rows {
		out[fmt.Sprintf("%s@%d", r.Kind, r.Pos.Line)] += r.CountValue
	}
	return out
}

// wantCounts compares the counts of blocks, by "kind@line", with the
// hand-computed ones in the programs' comments (a block the report leaves
// out because it never runs counts 0).
func wantCounts(t *testing.T, name string, got, want map[string]float64) {
	t.Helper()
	for k, w := range want {
		if g := got[k]; math.Abs(g-w) > 1e-9 {
			t.Errorf("%s: %s runs %v times, want %v", name, k, g, w)
		}
	}
}

// C truthiness: integers, chars and pointers as conditions of if, ?:, !,
// && and ||, and as a loop's test.
func TestTruthiness(t *testing.T) {
	a, text := checked(t, "truth.c")
	wantCounts(t, "truth.c at process 0 of 3", counts(a, 0, 3), map[string]float64{
		"compute@15": 8, "compute@17": 3, "compute@19": 4, "compute@21": 10, "compute@23": 4,
		"compute@26": 1, "compute@28": 1, "loop@29": 12, "compute@32": 1, "compute@34": 0, "mpi@39": 2,
	})
	wantCounts(t, "truth.c at process 1 of 2", counts(a, 1, 2), map[string]float64{
		"compute@26": 0, "compute@28": 0, "mpi@36": 1, "mpi@39": 0,
	})
	for _, s := range []string{"if pid != 0 {", "(pid == 0 && N != 83 ? 1 : 0)", "(i % 2 != 0 && i % 3 != 0 ? 1 : 0)"} {
		if !strings.Contains(text, s) {
			t.Errorf("the model has no %q", s)
		}
	}
}

// Tiled nests, MIN- and MAX-bounded nests over outer indices.
func TestTiledNests(t *testing.T) {
	a, _ := checked(t, "tile.c")
	wantCounts(t, "tile.c", counts(a, 0, 1), map[string]float64{
		"compute@17": 10000, "compute@20": 100, "compute@23": 494,
		"loop@13": 7, "loop@14": 49, // ceil(100 / 16) tiles a side
	})
	for _, p := range a.Params {
		if p.Name == "t" && p.Default != 16 {
			t.Errorf("the tile size t defaults to %v, want 16", p.Default)
		}
	}
}

// switch: fall-through, default, break; a break in a loop of a case
// leaves the loop. A switch on a variable nothing changes reads it as a
// parameter; on a value the analysis cannot know it takes each entry as
// equally likely, or, when its cases communicate, a parameter says which
// entry every process takes; the warnings say so.
func TestSwitch(t *testing.T) {
	a, text := checked(t, "switch.c")
	wantCounts(t, "switch.c", counts(a, 0, 2), map[string]float64{
		"compute@12": 3, "compute@14": 6, "loop@17": 9, "compute@25": 3,
		"compute@31": 1, "compute@34": 0,
		"compute@39": 0.5, "compute@42": 0.25,
		"mpi@46": 1, "mpi@49": 0,
	})
	for _, s := range []string{"if main_L45_case == 0 {", "if main_L45_case == 1 {"} {
		if !strings.Contains(text, s) {
			t.Errorf("the model has no %q", s)
		}
	}
	warned := map[int]bool{}
	for _, d := range a.Diags {
		if strings.Contains(d.Msg, "outside a switch") || strings.Contains(d.Msg, "inside a branch of a switch case") {
			t.Errorf("a case label warned as outside a switch: %v", d)
		}
		switch {
		case d.Line == 36 && strings.Contains(d.Msg, "each of its 4 entries"),
			d.Line == 44 && strings.Contains(d.Msg, "the parameter main_L45_case"):
			warned[d.Line] = true
		}
	}
	if len(warned) != 2 {
		t.Errorf("warnings at lines 36 and 44 wanted, got those at %v: %v", warned, a.Diags)
	}
}

// The variables MPI_Comm_rank and MPI_Comm_size write are pid and procs
// in every function: globals, struct fields, a local set through a
// pointer parameter. No parameter stands for them.
func TestRankVariables(t *testing.T) {
	a, text := checked(t, "rank.c")
	if len(a.Params) != 0 {
		for _, p := range a.Params {
			t.Errorf("parameter %s (%s): the rank and size should be pid and procs", p.Name, p.Doc)
		}
	}
	for _, s := range []string{"send ring_L13 to pid + 1", "recv ring_L15 from pid - 1", "if pid == 0 {", "send fields_L19 to procs - 1", "if pid == procs - 1 {"} {
		if !strings.Contains(text, s) {
			t.Errorf("the model has no %q", s)
		}
	}
	wantCounts(t, "rank.c at process 0 of 3", counts(a, 0, 3), map[string]float64{"mpi@13": 1, "mpi@19": 1, "mpi@34": 1})
	wantCounts(t, "rank.c at process 2 of 3", counts(a, 2, 3), map[string]float64{"mpi@15": 1, "mpi@21": 1, "mpi@34": 0})
}

// A function defined in a header of the program's is followed like the
// sources' functions, and its macros are parameters.
func TestHeaderFunctions(t *testing.T) {
	a, _ := checked(t, "header.c")
	dot := a.Func("dot")
	if dot == nil {
		t.Fatal("dot, defined in kernels.h, was not analysed")
	}
	if v, ok := eval(dot.Calls, nil); !ok || v != 10 {
		t.Errorf("dot runs %s times, want 10", String(dot.Calls))
	}
	wantCounts(t, "header.c", counts(a, 0, 1), map[string]float64{"loop@6": 10000, "call@8": 10})
	for _, f := range a.Funcs {
		if f.Name != "main" && f.Name != "dot" {
			t.Errorf("function %s at %s analysed: only the program's own (main, dot) should be", f.Name, f.Pos)
		}
	}
	if len(a.Params) != 1 || a.Params[0].Name != "LEN" || a.Params[0].Default != 1000 {
		t.Errorf("parameters %v, want LEN = 1000 from kernels.h", a.Params)
	}
}

// Values the analysis cannot know: parameters whose defaults keep the
// model valid at any process count, each warned about with its C name.
func TestUnknownValues(t *testing.T) {
	a, text := checked(t, "unknown.c")
	for _, s := range []string{"ceil(n / max(1, step_))", "to min(max(partner, 0), procs - 1)"} {
		if !strings.Contains(text, s) {
			t.Errorf("the model has no %q", s)
		}
	}
	var named bool
	for _, d := range a.Diags {
		if d.Line == 17 && strings.Contains(d.Msg, "the C variable partner (declared at testdata/checks/unknown.c:7:5)") && strings.Contains(d.Msg, "parameter partner") {
			named = true
		}
	}
	if !named {
		t.Errorf("no warning naming partner and where it is declared: %v", a.Diags)
	}
	for _, u := range a.Unknowns {
		if u.Param == "" || !strings.Contains(u.What, " ") {
			t.Errorf("unknown %+v: it should name its parameter and what it stands for", u)
		}
	}
}

// LU without pivoting (the triangular nest inside a loop over k), and a
// back substitution whose loop counts down.
func TestLUAndDownwardLoops(t *testing.T) {
	a, _ := checked(t, "lu.c")
	wantCounts(t, "lu.c", counts(a, 0, 1), map[string]float64{
		"compute@10": 28, "compute@12": 140, "compute@16": 28, "compute@17": 8,
	})
}

// A loop with an annotated count whose body reads its index (upward and
// downward): the index is bound in the model.
func TestAnnotatedLoopIndex(t *testing.T) {
	a, text := checked(t, "annotated.c")
	wantCounts(t, "annotated.c", counts(a, 0, 2), map[string]float64{"mpi@11": 1, "mpi@16": 1, "loop@9": 10, "loop@14": 4})
	for _, s := range []string{"for i in 0 .. 10 step 1 {", "for i_2 in (-9) .. 3 step 3 {", "if 0 - i_2 == 3 {"} {
		if !strings.Contains(text, s) {
			t.Errorf("the model has no %q", s)
		}
	}
}

// A value rank 0 computes in a branch of its own and then broadcasts is
// every rank's after the broadcast: the per-rank length total / procs.
func TestBroadcastRootValue(t *testing.T) {
	a, _ := checked(t, "bcast.c")
	wantCounts(t, "bcast.c", counts(a, 1, 2), map[string]float64{"compute@26": 5000, "loop@24": 10})
	for _, p := range a.Params {
		if p.Name == "length" {
			t.Errorf("length is a parameter (%s): the broadcast value was not followed", p.Doc)
		}
	}
}

// A reduction called with MPI_IN_PLACE is marked in_place in the model
// (augur's mpi.h and Open MPI's define it differently); the others are not.
func TestInPlaceReductions(t *testing.T) {
	_, text := checked(t, "inplace.c")
	for _, want := range []string{"root 0 size 8000 in_place // MPI_Reduce at testdata/checks/inplace.c:15:", "root 0 size 8000 // MPI_Reduce at testdata/checks/inplace.c:17:",
		"size 32 in_place // MPI_Allreduce at testdata/checks/inplace.c:18:", "size 32 // MPI_Allreduce at testdata/checks/inplace.c:19:"} {
		if !strings.Contains(text, want) {
			t.Errorf("the model lacks %q:\n%s", want, text)
		}
	}
}

// testdata/checks/names.c: a parameter made of a C global takes neither a
// function's name nor a cost function's, and neither does a loop index.
func TestNamesAvoidFunctionsAndCosts(t *testing.T) {
	a, text := checked(t, "names.c")
	for _, p := range a.Params {
		if p.Name == "stencil_7" || p.Name == "level" {
			t.Errorf("a parameter named %s, the name of a function of the program or of the model", p.Name)
		}
	}
	if strings.Contains(text, "for level in") {
		t.Errorf("a loop index named level, the cost function's name:\n%s", text)
	}
	// 4 levels, each calling one of the three kernels.
	wantCounts(t, "names.c", counts(a, 0, 1), map[string]float64{"loop@16": 4})
}

// A function of many branches that are each a loop nest over other
// bounds, all of one array (miniAMR's pack_face: 96 cases), made one
// action whose cost summed every branch with the working set of all of
// them repeated in each: 3 MB on one line, past the 10,000 operators the
// model language reads (40 cases of two nests pass maxCostOps)
// model language reads. Now past maxCostOps the subtree is written as
// statements, the cases actions of their own, and the model checks.
func TestManyBranchesCheck(t *testing.T) {
	var b strings.Builder
	b.WriteString("double a[64][64][64], buf[1 << 20], c2[64][64], d2[64][64];\n")
	b.WriteString("void pack(int c, int n) {\n  int k = 0;\n")
	const cases = 40
	for c := 0; c < cases; c++ {
		fmt.Fprintf(&b, "  %sif (c == %d) {\n", map[bool]string{true: "", false: "else "}[c == 0], c)
		fmt.Fprintf(&b, "    for (int i = %d; i < n - %d; i++)\n      for (int j = %d; j < n / %d; j++)\n        buf[k++] = a[i][j][%d] + c2[j][i] * d2[i][j];\n", c%5, c%7, c%3, 1+c%4, c%64)
		fmt.Fprintf(&b, "    for (int i = %d; i < n / %d; i++)\n      c2[i][%d] = d2[%d][i] * 0.5 + buf[i + %d];\n", c%3, 1+c%5, c%64, c%64, c)
		b.WriteString("  }\n")
	}
	fmt.Fprintf(&b, "}\nint main(void) {\n  for (int c = 0; c < %d; c++) pack(c, 64);\n  return 0;\n}\n", cases)
	dir := t.TempDir()
	src := filepath.Join(dir, "cases.c")
	if err := os.WriteFile(src, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	a, err := Run(load(t, src), Options{})
	if err != nil {
		t.Fatal(err)
	}
	text := a.Model("cases", []string{"cases.c"})
	if errs := Verify("cases.aug", text, 1); len(errs) > 0 {
		t.Fatalf("the model does not check: %v", errs[0])
	}
	for i, line := range strings.Split(text, "\n") {
		if tooLong(line) {
			t.Errorf("model line %d has more than %d operators", i+1, maxCostOps)
		}
	}
	// The first cases are actions of their own (the last ones, a subtree
	// small enough, may still be one).
	for c := 0; c < 4; c++ {
		if !strings.Contains(text, fmt.Sprintf("loop nest %s:%d:5-", src, 5+7*c)) {
			t.Errorf("case %d (its loop at line %d) is not an action of its own", c, 5+7*c)
		}
	}
}

// testdata/checks/procnull.c: a call whose partner is MPI_PROC_NULL is no
// message (graph500's primed requests made the model refuse "peer -2"),
// and a partner that is MPI_PROC_NULL at the edges sends where it is a
// rank; the model checks at 1 to 3 processes.
func TestProcNull(t *testing.T) {
	_, text := checked(t, "procnull.c")
	for _, want := range []string{
		"// MPI_Isend at testdata/checks/procnull.c:13:3: to or from MPI_PROC_NULL, no message",
		"// MPI_Recv at testdata/checks/procnull.c:21:3: to or from MPI_PROC_NULL, no message",
		"if (pid == procs - 1 ? (-2) : pid + 1) >= 0 { // MPI_Sendrecv at testdata/checks/procnull.c:18:5 (no message to MPI_PROC_NULL)",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("the model has no %q:\n%s", want, text)
		}
	}
	if strings.Contains(text, "from any") {
		t.Errorf("a receive from MPI_PROC_NULL taken for one from MPI_ANY_SOURCE:\n%s", text)
	}
}

// testdata/checks/clampedparam.c: the parameter made for a function's
// parameter whose value the data change is not the local its callers set
// (the model said the name was declared twice: hpgmg-fv).
func TestClampedParameterHasItsOwnName(t *testing.T) {
	a, text := checked(t, "clampedparam.c")
	if !strings.Contains(text, "local work_colors = 0") {
		t.Errorf("no local for work's parameter:\n%s", text)
	}
	for _, p := range a.Params {
		if p.Name == "work_colors" {
			t.Errorf("a parameter named work_colors, the local's name")
		}
	}
}

// testdata/checks/boundguard.c: a test of a loop's own bound, a field of
// the data, reads the loop's parameter (drawn at 0.5 on its own, the
// receives' test and the sends' went apart and the model deadlocked);
// a test that also reads the data keeps its probability.
func TestBoundGuardsReadTheLoopsParameter(t *testing.T) {
	a, text := checked(t, "boundguard.c")
	for _, want := range []string{"if num_recvs > 0 {", "if num_sends > 0 {", "if num_recvs + num_sends > 0 {"} {
		if !strings.Contains(text, want) {
			t.Errorf("the model has no %q:\n%s", want, text)
		}
	}
	if a.lookup("exchange_L22_p") == nil {
		t.Errorf("the test of the data at line 22 has no probability of its own:\n%s", text)
	}
}
