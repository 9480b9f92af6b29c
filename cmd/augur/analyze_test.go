package main

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"augur/internal/results"
)

// opsMachine prices every operation at 1 ns but divisions at 4 ns and
// loads and stores per level, with a free network.
const opsMachine = "../../internal/frontend/analyze/testdata/onens.yaml"

// augur analyze on the dartboard program: the model it writes checks and
// predicts, the JSON gives every block with its count and time, and the
// predicted time with 2 processes is the dartboard loop of one rank.
func TestAnalyzePi(t *testing.T) {
	if _, err := exec.LookPath("cc"); err != nil {
		t.Skip("no C compiler")
	}
	dir := t.TempDir()
	out := filepath.Join(dir, "pi.aug")
	code, stdout, errs := augur(t, "analyze", "../../internal/frontend/analyze/testdata/pi.c", "--machine", opsMachine, "--procs", "2", "--model", out, "--set", "darts=1000", "--format", "json")
	if code != exitOK {
		t.Fatalf("exit %d\n%s", code, errs)
	}
	var r struct {
		Machines []struct {
			Name      string   `json:"name"`
			Predicted *float64 `json:"time_s"`
			Compute   float64  `json:"compute_time_s"`
		} `json:"machines"`
		Blocks []struct {
			Name  string    `json:"name"`
			Kind  string    `json:"kind"`
			Value float64   `json:"count_value"`
			How   string    `json:"provenance"`
			Time  []float64 `json:"time_s"`
		} `json:"blocks"`
		Unknowns []struct {
			What string `json:"what"`
			How  string `json:"provenance"`
		} `json:"unknowns"`
	}
	if err := json.Unmarshal([]byte(stdout), &r); err != nil {
		t.Fatalf("%v\n%s", err, stdout)
	}
	// The document is the result schema's: its header, and nothing the
	// typed form does not name.
	var doc results.Analysis
	dec := json.NewDecoder(strings.NewReader(stdout))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&doc); err != nil {
		t.Fatalf("not a results.Analysis: %v", err)
	}
	if doc.Command != results.CommandAnalyze || doc.SchemaVersion != results.SchemaVersion || doc.ModelFile != out {
		t.Errorf("header %+v, model file %q", doc.Header, doc.ModelFile)
	}
	if _, err := results.Decode("pi.json", []byte(stdout)); err == nil || !strings.Contains(err.Error(), "augur analyze's result") {
		t.Errorf("results.Decode of an analysis: %v", err)
	}
	if len(r.Machines) != 1 || r.Machines[0].Predicted == nil || !(*r.Machines[0].Predicted > 0) {
		t.Fatalf("machines: %s", stdout)
	}
	counts := map[string]float64{}
	for _, b := range r.Blocks {
		counts[b.Name] = b.Value
	}
	// 10 rounds of darts/procs = 500 darts: the loop's test runs 5000
	// times, the hit counter 0.785398 of them (PIC_proba).
	if counts["dboard_L13"] != 5000 || counts["dboard_L14"] != 5000 || math.Abs(counts["dboard_L19"]-0.785398*5000) > 1e-9 || counts["main_L31"] != 10 {
		t.Errorf("counts %v", counts)
	}
	if len(r.Unknowns) != 1 || r.Unknowns[0].How != "annotated" {
		t.Errorf("unknowns %+v", r.Unknowns)
	}
	if code, _, errs := augur(t, "check", out); code != exitOK {
		t.Errorf("check of the written model: exit %d\n%s", code, errs)
	}
	code, stdout, errs = augur(t, "predict", out, "--machine", opsMachine, "--procs", "2", "--set", "darts=1000", "--format", "json")
	var p struct {
		Time float64 `json:"time_s"`
	}
	if code != exitOK || json.Unmarshal([]byte(stdout), &p) != nil || p.Time != *r.Machines[0].Predicted {
		t.Errorf("predict of the written model: exit %d, %g s against analyze's %g s\n%s", code, p.Time, *r.Machines[0].Predicted, errs)
	}
	// Text output names the blocks and the operation classes.
	code, stdout, _ = augur(t, "analyze", "../../internal/frontend/analyze/testdata/pi.c", "--machine", opsMachine, "--procs", "2")
	for _, want := range []string{"dboard_L14", "fp_div", "predicted run time", "not known statically"} {
		if code != exitOK || !strings.Contains(stdout, want) {
			t.Errorf("text output lacks %q (exit %d):\n%s", want, code, stdout)
		}
	}
}

func TestAnalyzeErrors(t *testing.T) {
	if _, err := exec.LookPath("cc"); err != nil {
		t.Skip("no C compiler")
	}
	for _, args := range [][]string{{"analyze"}, {"analyze", "x.c", "--format", "xml"}, {"analyze", "x.c", "--procs", "0"}} {
		if code, _, _ := augur(t, args...); code != exitUsage {
			t.Errorf("%v: exit %d, want %d", args, code, exitUsage)
		}
	}
	code, _, errs := augur(t, "analyze", "../../internal/frontend/cfront/testdata/broken.c")
	if code != exitInput || !strings.Contains(errs, "broken.c:2:11: unexpected ';', expected unary expression\n") {
		t.Errorf("broken source: exit %d\n%s", code, errs)
	}
	code, _, errs = augur(t, "analyze", "nonexistent.c")
	if code != exitInput || !strings.Contains(errs, "nonexistent.c") {
		t.Errorf("missing file: exit %d\n%s", code, errs)
	}
}

// A warning is printed as every reader prints one, and the CSV has it in
// the summary's warnings, as the JSON lists it.
func TestAnalyzeWarnings(t *testing.T) {
	if _, err := exec.LookPath("cc"); err != nil {
		t.Skip("no C compiler")
	}
	const pi = "../../examples/analyze/pi.c"
	const msg = "library function atol is priced as one call; its own work is not counted"
	code, out, errs := augur(t, "analyze", pi, "-I", "../../examples/analyze", "--format", "csv")
	if code != exitOK || !strings.Contains(errs, pi+":48:") || !strings.Contains(errs, ": warning: "+msg+"\n") ||
		!strings.Contains(csvRecords(t, out)[0]["warnings"], `"`+pi+`:48:25: warning: `+msg+`"`) {
		t.Errorf("exit %d\n%s\n%s", code, errs, out)
	}
}

// --report writes the source view: the program's lines with its blocks,
// each with its count and time on the machine.
func TestAnalyzeReport(t *testing.T) {
	if _, err := exec.LookPath("cc"); err != nil {
		t.Skip("no C compiler")
	}
	dir := t.TempDir()
	page := filepath.Join(dir, "pi.html")
	code, stdout, errs := augur(t, "analyze", "../../internal/frontend/analyze/testdata/pi.c", "--machine", opsMachine, "--procs", "2", "--set", "darts=1000", "--format", "json", "--report", page)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var r struct {
		Blocks []struct {
			Name  string    `json:"name"`
			Lines [2]int    `json:"lines"`
			Value float64   `json:"count_value"`
			Time  []float64 `json:"time_s"`
		} `json:"blocks"`
	}
	if err := json.Unmarshal([]byte(stdout), &r); err != nil || len(r.Blocks) == 0 {
		t.Fatalf("json: %v", err)
	}
	html, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	src, err := os.ReadFile("../../internal/frontend/analyze/testdata/pi.c")
	if err != nil {
		t.Fatal(err)
	}
	text := string(html)
	if n := strings.Count(text, `<span class="no">`); n != strings.Count(strings.TrimSuffix(string(src), "\n"), "\n")+1 {
		t.Errorf("%d numbered lines, the source has %d", n, strings.Count(string(src), "\n"))
	}
	for _, b := range r.Blocks {
		for _, want := range []string{"<h2>" + b.Name + " ", fmt.Sprintf("pi.c:%d-%d", b.Lines[0], b.Lines[1]), fmt.Sprintf("runs %.6g times", b.Value)} {
			if !strings.Contains(text, want) {
				t.Errorf("block %s: the page lacks %q", b.Name, want)
			}
		}
	}
}

// The report's pricing and the written model's agree on memory-bound
// programs, on a machine with levels of its own: one process of each
// example program, where the prediction is the computation.
func TestAnalyzeModelAgreesWithReport(t *testing.T) {
	if _, err := exec.LookPath("cc"); err != nil {
		t.Skip("no C compiler")
	}
	const levels = "../../internal/frontend/analyze/testdata/levels.yaml"
	// Two processes on a node whose last level they half share: the
	// shared() of the model and the report's sharers agree.
	const shared = "../../internal/frontend/analyze/testdata/levels_shared.yaml"
	for _, c := range []struct{ prog, set, machine, procs string }{
		{"../../internal/frontend/analyze/testdata/sum.c", "n=1048576", levels, "1"},
		{"../../internal/frontend/analyze/testdata/sum.c", "n=262144", shared, "2"}, // 2 MiB counts 3 MiB: between l3 and mem
		{"../../examples/analyze/lu.c", "n=300", levels, "1"},
		{"../../examples/analyze/matmul.c", "n=200", levels, "1"},
		{"../../examples/analyze/jacobi.c", "n=600", levels, "1"},
		{"../../examples/analyze/isort.c", "n=1048576", levels, "1"},
		// Library calls, memset and memcpy of 4 MiB (the model's memcpy()
		// and memset()).
		{"../../internal/frontend/analyze/testdata/libcalls.c", "N=524288", levels, "1"},
		// Tiles of a transpose, their lines at the tile's level.
		{"../../internal/frontend/analyze/testdata/tiled.c", "T=32", levels, "1"},
		// Random updates of a 3 MiB table, between the last cache and
		// memory, where the random loads' measured points lie.
		{"../../internal/frontend/analyze/testdata/gups.c", "SIZE=393216", "../../internal/frontend/analyze/testdata/levels_mid.yaml", "1"},
		// Two processes of a node share its memory's bandwidth (the
		// model's transfer()).
		{"../../internal/frontend/analyze/testdata/triad.c", "n=1048576", "../../internal/frontend/analyze/testdata/membw.yaml", "2"},
	} {
		out := filepath.Join(t.TempDir(), "m.aug")
		code, stdout, errs := augur(t, "analyze", c.prog, "-I", "../../examples/analyze", "--machine", c.machine, "--procs", c.procs, "--set", c.set, "--model", out, "--format", "json")
		if code != exitOK {
			t.Fatalf("%s: exit %d\n%s", c.prog, code, errs)
		}
		var r struct {
			Machines []struct {
				Compute float64 `json:"compute_time_s"`
			} `json:"machines"`
		}
		if err := json.Unmarshal([]byte(stdout), &r); err != nil || len(r.Machines) != 1 {
			t.Fatalf("%s: %v\n%s", c.prog, err, stdout)
		}
		code, stdout, errs = augur(t, "predict", out, "--machine", c.machine, "--procs", c.procs, "--set", c.set, "--format", "json")
		var p struct {
			Time float64 `json:"time_s"`
		}
		if code != exitOK || json.Unmarshal([]byte(stdout), &p) != nil {
			t.Fatalf("%s: predict exit %d\n%s", c.prog, code, errs)
		}
		if want := r.Machines[0].Compute; math.Abs(p.Time-want) > 1e-9*want {
			t.Errorf("%s: the model predicts %.9g s, the report computes %.9g s", c.prog, p.Time, want)
		}
	}
}

// The cores of a node share its memory's bandwidth (the
// Execution-Cache-Memory model): testdata/triad.c, a[i] = b[i] + 3·c[i]
// over n = 2^20 doubles (24 MiB, beyond membw.yaml's memory level of 8
// MiB), on a node of 2 CPUs with mem_byte 0.5 ns and mem_byte_node 0.4 ns,
// every other operation 1 ns. An element streams 32 bytes from memory
// (two loads, a store and its line's read) and takes the busier port (2
// loads at load_tp, 1 ns each: 2 ns) plus their transfer, 32 bytes at
// max(mem_byte, k × mem_byte_node), k the processes and threads streaming
// on the node; the compute (fp_add, fp_mul, 2 int_add_tp at 1 ns) is
// less. The blocks around the loop take 10.5 ns: the mallocs' 8.5 ns
// (branch, 4 int_add_tp, half a call, 3 libc_malloc) and the return's 2
// ns (2 int_add_tp).
//
//   - 1 process: k = 1, 32 × max(0.5, 0.4) = 16 ns, 18 ns an element:
//     2^20 × 18 ns + 10.5 ns = 18 874 378.5 ns.
//   - 2 processes on the node: k = 2, 32 × max(0.5, 0.8) = 25.6 ns,
//     27.6 ns an element: 2^20 × 27.6 + 10.5 = 28 940 708.1 ns.
//   - 2 processes on 2 nodes: one a node, k = 1, as 1 process.
//   - 1 process of 2 OpenMP threads (-fopenmp): k = 2, each thread 2^19
//     elements at 27.6 ns: 14 470 348.8 + 10.5 = 14 470 359.3 ns.
//
// Without mem_byte_node (every machine file before augur bench machine
// measured it) each core has a bandwidth of its own: 2 processes on the
// node take 1 process's time.
func TestAnalyzeSharedMemoryBandwidth(t *testing.T) {
	if _, err := exec.LookPath("cc"); err != nil {
		t.Skip("no C compiler")
	}
	const (
		src     = "../../internal/frontend/analyze/testdata/triad.c"
		machine = "../../internal/frontend/analyze/testdata/membw.yaml"
	)
	dir := t.TempDir()
	model, omp := filepath.Join(dir, "triad.aug"), filepath.Join(dir, "omp.aug")
	for _, args := range [][]string{{src, "--model", model}, {"-fopenmp", src, "--model", omp}} {
		if code, _, errs := augur(t, append([]string{"analyze", "--machine", machine}, args...)...); code != exitOK {
			t.Fatalf("analyze %v: exit %d\n%s", args, code, errs)
		}
	}
	data, err := os.ReadFile(machine)
	if err != nil {
		t.Fatal(err)
	}
	without := filepath.Join(dir, "without.yaml")
	if err := os.WriteFile(without, []byte(strings.Replace(string(data), "mem_byte_node: 0.4ns, ", "", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		what string
		args []string
		want float64
	}{
		{"1 process", []string{model, "--machine", machine, "--procs", "1"}, 18874378.5e-9},
		{"2 processes on the node", []string{model, "--machine", machine, "--procs", "2"}, 28940708.1e-9},
		{"2 processes on 2 nodes", []string{model, "--machine", machine, "--procs", "2", "--nodes", "2"}, 18874378.5e-9},
		{"2 OpenMP threads", []string{omp, "--machine", machine, "--procs", "1", "--threads", "2"}, 14470359.3e-9},
		{"2 processes, no mem_byte_node", []string{model, "--machine", without, "--procs", "2"}, 18874378.5e-9},
	} {
		if got := predicted(t, append([]string{"predict"}, c.args...)...); math.Abs(got-c.want) > 1e-9*c.want {
			t.Errorf("%s: predicted %.10g s, want %.10g s", c.what, got, c.want)
		}
	}
}

// The source-first predictions of the five example programs, at -O2 as
// they were built, against their committed measurements (examples/analyze/measured, bench/analyze_measure.sh)
// on the machine file characterised with them (vm.yaml): the figures of
// docs/analyze.md, which must not get worse with a change to the analysis.
// Nothing is timed here: the measurements are data.
func TestAnalyzeAgainstMeasurements(t *testing.T) {
	const dir = "../../examples/analyze/"
	type point struct{ ts, tm float64 }
	var errs []float64
	for _, prog := range []string{"pi", "jacobi", "matmul", "lu", "isort"} {
		model := filepath.Join(t.TempDir(), prog+".aug")
		// The compile line of the measured builds (mpicc -O2): with no -O
		// the program would be priced as gcc's -O0 makes it.
		if code, _, e := augur(t, "analyze", "-O2", dir+prog+".c", "-I", dir, "--model", model); code != exitOK {
			t.Fatalf("%s: analyze exit %d\n%s", prog, code, e)
		}
		code, out, e := augur(t, "validate", model, dir+"measured/"+prog+".csv", "--machine", dir+"measured/vm.yaml", "--measured", "tm_s", "--format", "csv", "--stable")
		if code != exitOK {
			t.Fatalf("%s: validate exit %d\n%s", prog, code, e)
		}
		var pts []point
		for _, r := range csvOf(csvRecords(t, out), "row") {
			ts, _ := strconv.ParseFloat(r["time_s"], 64)
			tm, _ := strconv.ParseFloat(r["measured_time_s"], 64)
			pct, _ := strconv.ParseFloat(r["error_pct"], 64)
			pts = append(pts, point{ts, tm})
			errs = append(errs, pct)
		}
		if len(pts) != 6 {
			t.Fatalf("%s: %d configurations, want 6\n%s", prog, len(pts), out)
		}
		for i := range pts {
			for j := i + 1; j < len(pts); j++ {
				if (pts[i].ts < pts[j].ts) != (pts[i].tm < pts[j].tm) {
					t.Errorf("%s: configurations %d and %d ranked wrong: predicted %g, %g s, measured %g, %g s", prog, i, j, pts[i].ts, pts[j].ts, pts[i].tm, pts[j].tm)
				}
			}
		}
	}
	var sum, worst float64
	for _, e := range errs {
		sum += e
		worst = max(worst, e)
	}
	// docs/analyze.md's 5.0 % and 17.4 %, with a margin (the targets of
	// the analysis are 10 % and 25 %); the same file with the last level
	// assumed shared (shared: 1) gives 5.8 % and 24.1 %.
	if mean := sum / float64(len(errs)); mean > 5.5 || worst > 20 {
		t.Errorf("mean error %.1f %%, worst %.1f %% over %d configurations; docs/analyze.md says 5.0 %% and 17.4 %%", mean, worst, len(errs))
	}
}

// A model that deadlocks has no run time: analyze ends as predict does,
// with exit status 3 and who waits for whom, at the C calls.
func TestAnalyzeDeadlock(t *testing.T) {
	if _, err := exec.LookPath("cc"); err != nil {
		t.Skip("no C compiler")
	}
	const src = "../../internal/frontend/analyze/testdata/deadlock.c"
	model := filepath.Join(t.TempDir(), "deadlock.aug")
	code, out, errs := augur(t, "analyze", src, "--machine", opsMachine, "--procs", "2", "--model", model)
	for _, want := range []string{"DEADLOCK: no run time",
		"process 0 (node 0) in recv main_L9 at " + src + ":9:5: receive from process 1 (tag 0) that no send matches",
		"process 1 (node 0) in recv main_L9 at " + src + ":9:5: receive from process 0 (tag 0) that no send matches"} {
		if !strings.Contains(out, want) {
			t.Errorf("the text lacks %q", want)
		}
	}
	if code != exitDeadlock || strings.Contains(out, "predicted run time") {
		t.Errorf("exit %d, want %d, and no run time\n%s\n%s", code, exitDeadlock, out, errs)
	}
	code, out, errs = augur(t, "analyze", src, "--machine", opsMachine, "--procs", "2", "--format", "json")
	var doc results.Analysis
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatal(err)
	}
	if m := doc.Machines[0]; code != exitDeadlock || m.Predicted != nil || m.Deadlock == nil || len(m.Deadlock.Blocked) != 2 ||
		m.Deadlock.Blocked[1].Where != src+":9:5" || !strings.Contains(errs, "receive from process 0 (tag 0) that no send matches") {
		t.Errorf("json: exit %d, machine %+v\n%s", code, doc.Machines, errs)
	}
	// The written model deadlocks under predict too.
	if code, _, errs := augur(t, "predict", model, "--machine", opsMachine, "--procs", "2"); code != exitDeadlock {
		t.Errorf("predict of the written model: exit %d\n%s", code, errs)
	}
}

// predicted runs augur with args and returns the predicted time of its
// JSON output (analyze's first machine, or predict's).
func predicted(t *testing.T, args ...string) float64 {
	t.Helper()
	code, out, errs := augur(t, append(args, "--format", "json")...)
	if code != exitOK {
		t.Fatalf("%v: exit %d\n%s", args, code, errs)
	}
	var r struct {
		Time     *float64 `json:"time_s"`
		Machines []struct {
			Time *float64 `json:"time_s"`
		} `json:"machines"`
	}
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatal(err)
	}
	if len(r.Machines) > 0 {
		r.Time = r.Machines[0].Time
	}
	if r.Time == nil {
		t.Fatalf("%v: no predicted time\n%s", args, out)
	}
	return *r.Time
}

// The program's own arguments: what argv.c reads with atoi, strtol,
// sscanf and atol, and its argc checks, are parameters the model binds to
// the arguments' positions, so --args runs the model as the program would
// run. On onens.yaml with 2 processes, an iteration of the inner loop
// costs 2 ns (its loop-carried multiply-add) and the outer loop's own
// test and step 2 ns: 10 iterations of 4000/2 against 5 differ by
// 5 × (2000 × 2 + 2) ns = 20.01 µs; a 4001st element gives process 0 one
// more inner iteration each time, 20 ns; SHIFT 5 instead of 3 runs the
// second loop 32 times instead of 8 at 3 ns (its increment, compare and
// its index's int work), 72 ns, and the SCALE given takes the sscanf
// branch, one call, 1 ns more.
func TestAnalyzeArgs(t *testing.T) {
	if _, err := exec.LookPath("cc"); err != nil {
		t.Skip("no C compiler")
	}
	const src = "../../internal/frontend/analyze/testdata/argv.c"
	model := filepath.Join(t.TempDir(), "argv.aug")
	code, _, errs := augur(t, "analyze", src, "--machine", opsMachine, "--procs", "2", "--model", model)
	if code != exitOK {
		t.Fatalf("exit %d\n%s", code, errs)
	}
	text, err := os.ReadFile(model)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"param nargs = 5 arg count //", "param iters = 1 arg 1 //", "param n = 1 arg 2 //", "param shift = 3 arg 5 //", "(nargs + 1 < 4 ? 1 : 0)"} {
		if !strings.Contains(string(text), want) {
			t.Errorf("the model lacks %q:\n%s", want, text)
		}
	}
	// SEED (argv[3]) changes no figure: no parameter, and no warning
	// names one the model lacks.
	if strings.Contains(string(text), "seed") || strings.Contains(errs, "seed") {
		t.Errorf("seed in the model or the warnings:\n%s\n%s", text, errs)
	}
	run := func(args string) float64 {
		return predicted(t, "predict", model, "--machine", opsMachine, "--procs", "2", "--args", args)
	}
	base := run("10 4000 7")
	for _, c := range []struct {
		args string
		diff float64
	}{
		{"5 4000 7", -20.01e-6},
		{"10 4001 7", 20e-9},
		{"10 4000 7 0.25 5", 73e-9},
	} {
		if got := run(c.args) - base; math.Abs(got-c.diff) > 1e-15 {
			t.Errorf("--args %q: %.6g s more than with \"10 4000 7\", want %.6g s", c.args, got, c.diff)
		}
	}
	// analyze --args reports what predict --args predicts, and writes the
	// arguments' values into the model as its defaults.
	again := filepath.Join(t.TempDir(), "again.aug")
	if got := predicted(t, "analyze", src, "--machine", opsMachine, "--procs", "2", "--args", "10 4000 7", "--model", again); got != base {
		t.Errorf("analyze --args: %.9g s, predict --args %.9g s", got, base)
	}
	if got := predicted(t, "predict", again, "--machine", opsMachine, "--procs", "2"); got != base {
		t.Errorf("the model analyze --args wrote: %.9g s, want %.9g s", got, base)
	}
	// --set over --args.
	if got := predicted(t, "predict", model, "--machine", opsMachine, "--procs", "2", "--args", "5 4000 7", "--set", "iters=10"); got != base {
		t.Errorf("--set iters=10 over --args 5: %.9g s, want %.9g s", got, base)
	}
	code, _, errs = augur(t, "analyze", src, "--args", "10 many 7")
	if code != exitInput || !strings.Contains(errs, src+`:14:10: --args: n is argument 2 of the program (argv[2]), which is "many", not a number`) {
		t.Errorf("a word for a number: exit %d\n%s", code, errs)
	}
	code, _, errs = augur(t, "predict", model, "--machine", opsMachine, "--args", "10 many 7")
	if code != exitUsage || !strings.Contains(errs, `argv.aug:7:13: --args: param n is argument 2 of the program, which is "many", not a number`) {
		t.Errorf("predict, a word for a number: exit %d\n%s", code, errs)
	}
}

// A value the analysis cannot know that differs per process: peer.c's
// partner is rank ^ 1. By default the parameter is 1, and process 1 waits
// for itself: a deadlock. With --set peer=1-pid each process has its own;
// on onens_net.yaml (1 µs, 1 GB/s) the ping-pong of N doubles then takes
// two messages of 1 µs + 8N B / 1 GB/s: 2000 doubles take 16 µs more than
// 1000.
func TestAnalyzeValuesPerProcess(t *testing.T) {
	if _, err := exec.LookPath("cc"); err != nil {
		t.Skip("no C compiler")
	}
	const src = "../../internal/frontend/analyze/testdata/peer.c"
	const net = "../../internal/frontend/analyze/testdata/onens_net.yaml"
	dir := t.TempDir()
	plain, set := filepath.Join(dir, "plain.aug"), filepath.Join(dir, "set.aug")
	code, out, errs := augur(t, "analyze", src, "--machine", net, "--procs", "2", "--model", plain)
	if code != exitDeadlock || !strings.Contains(out, "process 1 (node 0) in recv main_L19 at "+src+":19:9: receive from process 1 (tag 0)") {
		t.Errorf("peer 1 for every process: exit %d\n%s\n%s", code, out, errs)
	}
	p1 := predicted(t, "analyze", src, "--machine", net, "--procs", "2", "--args", "1000", "--set", "peer=1-pid", "--model", set)
	text, err := os.ReadFile(set)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(text), "param peer = 1 - pid //") || !strings.Contains(string(text), "param n = 1000 arg 1 //") {
		t.Errorf("the model:\n%s", text)
	}
	if got := predicted(t, "predict", set, "--machine", net, "--procs", "2"); got != p1 {
		t.Errorf("the written model: %.9g s, analyze %.9g s", got, p1)
	}
	if p1 < 18e-6 || p1 > 18.1e-6 {
		t.Errorf("1000 doubles there and back: %.9g s, want 18 µs and a few ns", p1)
	}
	p2 := predicted(t, "predict", plain, "--machine", net, "--procs", "2", "--args", "2000", "--set", "peer=1-pid")
	if math.Abs(p2-p1-16e-6) > 1e-15 {
		t.Errorf("2000 doubles: %.9g s, 1000: %.9g s; want 16 µs more", p2, p1)
	}
	for _, bad := range []string{"peer=1-n", "peer=pid==1", "peer=uniform(0,pid)"} {
		if code, _, errs := augur(t, "predict", plain, "--machine", net, "--set", bad); code != exitUsage {
			t.Errorf("--set %s: exit %d\n%s", bad, code, errs)
		}
	}
}

// A grid of processes from a function the analysis cannot follow
// (grid.c's factor(), ParRes Kernels' decomposition) gives a model that
// runs at any process count without deadlock, the grid computed as the
// program does. On onens_net.yaml (1 µs, 1 GB/s) a halo of 1000 doubles
// is 1 µs + 8000 B / 1 GB/s = 9 µs each way, both ways at once: at 2
// processes (1 × 2) each of the 10 iterations exchanges with one
// neighbour, 90 µs; at 4 (2 × 2) with two, one after the other, 180 µs;
// at 1 none. The computation adds well under a microsecond.
func TestAnalyzeGridOfProcs(t *testing.T) {
	if _, err := exec.LookPath("cc"); err != nil {
		t.Skip("no C compiler")
	}
	const src = "../../internal/frontend/analyze/testdata/checks/grid.c"
	const net = "../../internal/frontend/analyze/testdata/onens_net.yaml"
	model := filepath.Join(t.TempDir(), "grid.aug")
	if got := predicted(t, "analyze", src, "--machine", net, "--procs", "4", "--model", model); got < 180e-6 || got > 181e-6 {
		t.Errorf("analyze at 4 processes: %.9g s, want 180 µs and a few ns", got)
	}
	for procs, want := range map[string]float64{"1": 0, "2": 90e-6, "4": 180e-6} {
		if got := predicted(t, "predict", model, "--machine", net, "--procs", procs); got < want || got > want+1e-6 {
			t.Errorf("at %s processes: %.9g s, want %.9g s and a few ns", procs, got, want)
		}
	}
	// --set gives a side of the grid, the other following it (npy =
	// procs / npx): at 2 processes, 2 × 1, each exchanging with its
	// neighbour in x only, 90 µs (with npy still 2, twice that).
	if got := predicted(t, "predict", model, "--machine", net, "--procs", "2", "--set", "npx=procs"); got < 90e-6 || got > 91e-6 {
		t.Errorf("--set npx=procs at 2 processes: %.9g s, want 90 µs and a few ns", got)
	}
}

// TestAnalyzeMachineWithoutPrices: a machine without the price of an
// operation the program runs (the ideal machine has no ops: table) is a
// problem of that input, exit status 1, not a fault of the simulated
// program; the report says which operation.
func TestAnalyzeMachineWithoutPrices(t *testing.T) {
	code, out, _ := augur(t, "analyze", "../../examples/analyze/pi.c", "--machine", "../../examples/machines/ideal.yaml")
	if code != exitInput || !strings.Contains(out, "no time for operation branch") {
		t.Errorf("exit %d, want %d, and the missing operation in the report:\n%s", code, exitInput, out)
	}
}

// A stream between the third level's working set and memory's is priced
// off the triad augur bench machine times there (mem_byte_mid1 … 3,
// smid()): testdata/triad.c over 2^18 doubles, 6 MiB, is 0.79 of the way
// from membw.yaml's l3 (2 MiB) to its mem (8 MiB). Points at k/4 of
// mem_byte are how a file without them prices it, so the prediction must
// not move; points of 0 (a last cache that streams for free up to three
// quarters of the way) must make it faster; and the written model and
// analyze's report must agree on each file.
func TestAnalyzeStreamBetweenCacheAndMemory(t *testing.T) {
	if _, err := exec.LookPath("cc"); err != nil {
		t.Skip("no C compiler")
	}
	const (
		src     = "../../internal/frontend/analyze/testdata/triad.c"
		machine = "../../internal/frontend/analyze/testdata/membw.yaml"
	)
	dir := t.TempDir()
	data, err := os.ReadFile(machine)
	if err != nil {
		t.Fatal(err)
	}
	variant := func(name, mids string) string {
		p := filepath.Join(dir, name+".yaml")
		text := strings.Replace(string(data), "mem_byte: 0.5ns, ", "mem_byte: 0.5ns, "+mids, 1)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	fallback := variant("fallback", "mem_byte_mid1: 0.125ns, mem_byte_mid2: 0.25ns, mem_byte_mid3: 0.375ns, ")
	free := variant("free", "mem_byte_mid1: 0, mem_byte_mid2: 0, mem_byte_mid3: 0, ")
	model := filepath.Join(dir, "triad.aug")
	if code, _, errs := augur(t, "analyze", "--machine", machine, src, "--model", model); code != exitOK {
		t.Fatalf("analyze: exit %d\n%s", code, errs)
	}
	times := map[string]float64{}
	for _, m := range []string{machine, fallback, free} {
		report := predicted(t, "analyze", "--machine", m, "--args", "262144", src)
		written := predicted(t, "predict", model, "--machine", m, "--procs", "1", "--args", "262144")
		if math.Abs(report-written) > 1e-9*written {
			t.Errorf("%s: analyze's report %.10g s, the written model %.10g s", m, report, written)
		}
		times[m] = written
	}
	if base, fb := times[machine], times[fallback]; math.Abs(base-fb) > 1e-9*base {
		t.Errorf("points at k/4 of mem_byte: %.10g s, without points %.10g s", fb, base)
	}
	if times[free] >= times[machine] {
		t.Errorf("points of 0: %.10g s, not below %.10g s without them", times[free], times[machine])
	}
}
