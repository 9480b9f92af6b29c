package main

import (
	"encoding/csv"
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
			Predicted *float64 `json:"predicted_time_s"`
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
		Time float64 `json:"predicted_time_s"`
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

// A warning is printed as every reader prints one, and in the CSV it is a
// row of kind warning with its file and line.
func TestAnalyzeWarnings(t *testing.T) {
	if _, err := exec.LookPath("cc"); err != nil {
		t.Skip("no C compiler")
	}
	const pi = "../../examples/analyze/pi.c"
	const msg = "library function atol is priced as one call; its own work is not counted"
	code, out, errs := augur(t, "analyze", pi, "-I", "../../examples/analyze", "--format", "csv")
	if code != exitOK || !strings.Contains(errs, pi+":48:") || !strings.Contains(errs, ": warning: "+msg+"\n") ||
		!strings.Contains(out, msg+",,warning,"+pi+",48,48,") {
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
			Time float64 `json:"predicted_time_s"`
		}
		if code != exitOK || json.Unmarshal([]byte(stdout), &p) != nil {
			t.Fatalf("%s: predict exit %d\n%s", c.prog, code, errs)
		}
		if want := r.Machines[0].Compute; math.Abs(p.Time-want) > 1e-9*want {
			t.Errorf("%s: the model predicts %.9g s, the report computes %.9g s", c.prog, p.Time, want)
		}
	}
}

// The source-first predictions of the five example programs against their
// committed measurements (examples/analyze/measured, bench/analyze_measure.sh)
// on the machine file characterised with them (vm.yaml): the figures of
// docs/analyze.md, which must not get worse with a change to the analysis.
// Nothing is timed here: the measurements are data.
func TestAnalyzeAgainstMeasurements(t *testing.T) {
	const dir = "../../examples/analyze/"
	type point struct{ ts, tm float64 }
	var errs []float64
	for _, prog := range []string{"pi", "jacobi", "matmul", "lu", "isort"} {
		model := filepath.Join(t.TempDir(), prog+".aug")
		if code, _, e := augur(t, "analyze", dir+prog+".c", "-I", dir, "--model", model); code != exitOK {
			t.Fatalf("%s: analyze exit %d\n%s", prog, code, e)
		}
		code, out, e := augur(t, "validate", model, dir+"measured/"+prog+".csv", "--machine", dir+"measured/vm.yaml", "--measured", "tm_s", "--format", "csv", "--stable")
		if code != exitOK {
			t.Fatalf("%s: validate exit %d\n%s", prog, code, e)
		}
		rows, err := csv.NewReader(strings.NewReader(out)).ReadAll()
		if err != nil {
			t.Fatal(err)
		}
		var pts []point
		for _, r := range rows[1:] {
			if len(r) != 7 || r[0] == "mean" || r[4] == "" {
				continue // the mean and warnings
			}
			ts, _ := strconv.ParseFloat(r[4], 64)
			tm, _ := strconv.ParseFloat(r[5], 64)
			pct, _ := strconv.ParseFloat(r[6], 64)
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
