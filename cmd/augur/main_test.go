package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// augur runs the command in-process and returns its exit status and output.
func augur(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(&env{stdout: &out, stderr: &errb}, args)
	return code, out.String(), errb.String()
}

const ex = "../../examples/"

// opt shows an optional value of the JSON output in a failure message:
// the value, or null (never the pointer).
func opt[T any](p *T) string {
	if p == nil {
		return "null"
	}
	return fmt.Sprint(*p)
}

func TestHelpListsEveryCommand(t *testing.T) {
	code, out, _ := augur(t, "help")
	if code != exitOK {
		t.Fatalf("exit %d", code)
	}
	for _, c := range commands() {
		if !strings.Contains(out, "  "+c.name+" ") {
			t.Errorf("help does not list %s", c.name)
		}
		code, out, _ := augur(t, c.name, "--help")
		if code != exitOK || !strings.Contains(out, "Usage: augur "+c.name) {
			t.Errorf("%s --help: exit %d, output %q", c.name, code, out)
		}
	}
	if _, out, _ := augur(t, "predict", "--help"); !strings.Contains(out, "--machine FILE") || !strings.Contains(out, "--set NAME=VALUE") {
		t.Errorf("predict --help lacks flags:\n%s", out)
	}
}

func TestUsageErrors(t *testing.T) {
	for _, args := range [][]string{
		{},
		{"frobnicate"},
		{"predict", ex + "sample.aug"}, // no --machine
		{"predict", ex + "sample.aug", "--machine", ex + "machines/ideal.yaml", "--format", "xml"},
		{"predict", ex + "sample.aug", "--machine", ex + "machines/ideal.yaml", "--bogus"},
		{"predict", ex + "sample.aug", "--machine", ex + "machines/ideal.yaml", "--set", "P"},
		{"predict", ex + "sample.aug", "--machine", ex + "machines/ideal.yaml", "--sort", "colour"},
		{"predict", ex + "sample.aug", "--machine", ex + "machines/ideal.yaml", "--procs", "-3"},
		{"export", ex + "sample.aug", "--to", "svg"},
	} {
		if code, _, _ := augur(t, args...); code != exitUsage {
			t.Errorf("augur %s: exit %d, want %d", strings.Join(args, " "), code, exitUsage)
		}
	}
}

func TestPredictSampleJSON(t *testing.T) {
	code, out, errs := augur(t, "predict", ex+"sample.aug", "--machine", ex+"machines/ideal.yaml",
		"--nodes", "1", "--procs", "4", "--format", "json")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var s struct {
		Predicted float64 `json:"time_s"`
		Eval      float64 `json:"eval_time_s"`
		Processes []struct {
			Pid   int     `json:"pid"`
			Total float64 `json:"end_s"`
		} `json:"processes"`
		Elements []struct {
			Name  string  `json:"name"`
			Calls int     `json:"calls"`
			Total float64 `json:"total_s"`
			Share float64 `json:"share"`
		} `json:"elements"`
	}
	if err := json.Unmarshal([]byte(out), &s); err != nil {
		t.Fatal(err)
	}
	if math.Abs(s.Predicted-194.184) > 0.0005 {
		t.Errorf("time_s %v, want 194.184", s.Predicted)
	}
	if len(s.Processes) != 4 || len(s.Elements) != 5 {
		t.Fatalf("%d processes, %d elements", len(s.Processes), len(s.Elements))
	}
	// Sorted by total, descending: SA1 (4 × 112) first.
	if s.Elements[0].Name != "SA1" || s.Elements[0].Total != 448 {
		t.Errorf("first element %+v", s.Elements[0])
	}
	var share float64
	for _, e := range s.Elements {
		share += e.Share
	}
	if math.Abs(share-1) > 1e-12 {
		t.Errorf("shares add up to %v", share)
	}
}

func TestPredictIsDeterministic(t *testing.T) {
	args := []string{"predict", ex + "stencil.aug", "--machine", ex + "machines/gescher.yaml",
		"--nodes", "2", "--procs", "4", "--threads", "2", "--set", "ITER=5", "--stable"}
	for _, format := range []string{"text", "json", "csv"} {
		a := append(append([]string{}, args...), "--format", format)
		_, out1, _ := augur(t, a...)
		_, out2, _ := augur(t, a...)
		if out1 != out2 || out1 == "" {
			t.Errorf("%s output differs between two runs", format)
		}
	}
}

func TestPredictTextAndCSV(t *testing.T) {
	_, out, _ := augur(t, "predict", ex+"sample.aug", "--machine", ex+"machines/ideal.yaml", "--procs", "4", "--sort", "name")
	for _, want := range []string{"Predicted time    194.184 s", "Evaluation time", "Processes", "Elements", "SA2   allreduce"} {
		if !strings.Contains(out, want) {
			t.Errorf("text output lacks %q:\n%s", want, out)
		}
	}
	if strings.Index(out, "A1 ") > strings.Index(out, "SA1 ") {
		t.Errorf("--sort name did not sort by name:\n%s", out)
	}
	_, csv, _ := augur(t, "predict", ex+"sample.aug", "--machine", ex+"machines/ideal.yaml", "--procs", "4", "--format", "csv")
	recs := csvRecords(t, csv)
	if len(recs) != 1+4+5 || recs[0]["record"] != "summary" || recs[0]["model"] != "sample" || recs[0]["time_s"] != "194.18443184713374" ||
		len(csvOf(recs, "process")) != 4 || len(csvOf(recs, "element")) != 5 || csvOf(recs, "process")[0]["end_s"] != "194.18443184713374" {
		t.Errorf("csv:\n%s", csv)
	}
}

func TestPredictDeadlockExit3(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "dead.aug")
	os.WriteFile(path, []byte("model dead\nactivity main {\n  recv R from 1 - pid size 8\n  send S to 1 - pid size 8\n}\n"), 0o644)
	code, out, _ := augur(t, "predict", path, "--machine", ex+"machines/ideal.yaml", "--procs", "2")
	if code != exitDeadlock {
		t.Fatalf("exit %d, want %d", code, exitDeadlock)
	}
	for _, want := range []string{"deadlock", "process 0 (node 0) in recv R at " + path + ":3:3", "process 1"} {
		if !strings.Contains(out, want) {
			t.Errorf("deadlock report lacks %q:\n%s", want, out)
		}
	}
}

func TestCheckReportsPositions(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "bad.aug")
	os.WriteFile(path, []byte("model bad\nactivity main {\n  action A cost undefinedThing\n  call Nowhere\n}\n"), 0o644)
	code, _, errs := augur(t, "check", path)
	if code != exitInput {
		t.Fatalf("exit %d", code)
	}
	if !strings.Contains(errs, path+`:3:17: undefined: "undefinedThing"`+"\n") || !strings.Contains(errs, path+`:4:8: undefined activity "Nowhere"`+"\n") {
		t.Errorf("diagnostics:\n%s", errs)
	}
	code, _, errs = augur(t, "predict", path, "--machine", ex+"machines/ideal.yaml", "--procs", "2")
	if code != exitInput || !strings.Contains(errs, path+":3:17") {
		t.Errorf("predict on a bad model: exit %d\n%s", code, errs)
	}
	code, _, errs = augur(t, "check", ex+"sample.aug", filepath.Join(dir, "missing.aug"))
	if code != exitInput || !strings.Contains(errs, "augur check:") || !strings.Contains(errs, "missing.aug") {
		t.Errorf("a missing file: exit %d, %q", code, errs)
	}
	if code, _, _ := augur(t, "fmt"); code != exitUsage {
		t.Errorf("fmt without files: exit %d", code)
	}
	if code, _, _ := augur(t, "check", ex+"sample.aug", ex+"lapw0.aug"); code != exitOK {
		t.Errorf("examples do not check: exit %d", code)
	}
}

func TestBadMachineFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "m.yaml")
	os.WriteFile(path, []byte("name: m\nnodes:\n  - count: 2\n    cpus: 0\n"), 0o644)
	code, _, errs := augur(t, "predict", ex+"sample.aug", "--machine", path, "--procs", "2")
	if code != exitInput || !strings.Contains(errs, path+":4:") {
		t.Errorf("exit %d, stderr %q", code, errs)
	}
}

func TestFmtIsIdempotentAndWrites(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "m.aug")
	os.WriteFile(path, []byte("model m\nactivity main{action A cost 1+2*3}\n"), 0o644)
	code, out, _ := augur(t, "fmt", path)
	if code != exitOK || out != "model m\n\nactivity main {\n  action A cost 1 + 2 * 3\n}\n" {
		t.Fatalf("fmt: exit %d\n%q", code, out)
	}
	if code, _, _ := augur(t, "fmt", "-w", path); code != exitOK {
		t.Fatal("fmt -w failed")
	}
	got, _ := os.ReadFile(path)
	if string(got) != out {
		t.Errorf("fmt -w wrote %q", got)
	}
	for _, m := range []string{"sample", "lapw0", "kernel6", "pingpong", "stencil"} {
		src, _ := os.ReadFile(ex + m + ".aug")
		_, out, _ := augur(t, "fmt", ex+m+".aug")
		if out != string(src) {
			t.Errorf("examples/%s.aug is not in canonical form", m)
		}
	}
}

func TestExportFormats(t *testing.T) {
	for _, to := range []string{"dot", "plantuml", "json"} {
		code, out, errs := augur(t, "export", ex+"sample.aug", "--to", to)
		if code != exitOK || !strings.Contains(out, "SA2") {
			t.Errorf("export --to %s: exit %d %s", to, code, errs)
		}
	}
}

func TestTraceIsChromeJSON(t *testing.T) {
	path := filepath.Join(t.TempDir(), "t.json")
	code, _, errs := augur(t, "predict", ex+"sample.aug", "--machine", ex+"machines/ideal.yaml", "--procs", "4", "--trace", path)
	if code != exitOK {
		t.Fatal(errs)
	}
	data, _ := os.ReadFile(path)
	var tr struct {
		TraceEvents []struct {
			Ph   string  `json:"ph"`
			Name string  `json:"name"`
			Pid  int     `json:"pid"`
			Ts   float64 `json:"ts"`
			Dur  float64 `json:"dur"`
		} `json:"traceEvents"`
	}
	if err := json.Unmarshal(data, &tr); err != nil {
		t.Fatal(err)
	}
	var slices int
	for _, e := range tr.TraceEvents {
		if e.Ph == "X" {
			slices++
			if e.Name == "SA1" && e.Dur != 112e6 {
				t.Errorf("SA1 lasts %v us", e.Dur)
			}
		}
	}
	if slices != 16 { // A1, SA1, SA2, A4 for each of 4 processes
		t.Errorf("%d slices, want 16", slices)
	}
}

func TestEveryExamplePredicts(t *testing.T) {
	for _, c := range [][]string{
		{"kernel6.aug", "ideal.yaml", "--procs", "1"},
		{"pingpong.aug", "gescher.yaml", "--nodes", "2", "--procs", "2"},
		{"lapw0.aug", "gescher.yaml", "--nodes", "8", "--procs", "32", "--set", "NAT=64"},
		{"stencil.aug", "dperf-hetero.yaml", "--procs", "16", "--threads", "2", "--set", "ITER=3"},
	} {
		args := append([]string{"predict", ex + c[0], "--machine", ex + "machines/" + c[1], "--format", "json"}, c[2:]...)
		if code, _, errs := augur(t, args...); code != exitOK {
			t.Errorf("%v: exit %d %s", c, code, errs)
		}
	}
}

// A problem placed in an input starts its line with file:line:col, the
// same for every reader (docs/cli.md, "Errors and warnings"); an error
// with no place follows "augur CMD: ".
func TestPositionedErrorsStartTheLine(t *testing.T) {
	machine := writeTemp(t, "m.yaml", "name: x\nnodes:\n  - { count: 1, cpus: zero }\n")
	points := writeTemp(t, "p.csv", "procs\n0\n")
	result := writeTemp(t, "r.json", "{\"a\":\n]")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"predict", ex + "sample.aug", "--machine", machine}, machine + `:3:23: cpus: want an integer, got "zero"` + "\n"},
		{[]string{"sweep", "predict", ex + "sample.aug", "--machine", ex + "machines/ideal.yaml", "--points", points}, points + ":2:1: procs: 0 is not a whole number from 1 to 67108864\n"},
		{[]string{"report", result, "-o", filepath.Join(t.TempDir(), "r.html")}, result + ":2:1: not a result file: JSON: invalid character ']' looking for beginning of value\n"},
		{[]string{"predict", ex + "sample.aug", "--machine", "no-such.yaml"}, "augur predict: "},
	} {
		code, _, errs := augur(t, c.args...)
		if code != exitInput || !strings.HasPrefix(errs, c.want) {
			t.Errorf("augur %s: exit %d\n%s\nwant it to start with %q", strings.Join(c.args, " "), code, errs, c.want)
		}
	}
}
