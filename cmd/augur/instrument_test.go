package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// augur instrument --count on a program with triangular, strided and
// guarded nests, a while loop and branches: the instrumented program
// keeps every line's number, builds with cc, and its counts equal the
// analysis's wherever the analysis derived them; the while loop's count,
// which it could not, comes from the run (50 steps of the Collatz walk
// from 12345) and is marked measured.
func TestInstrumentCount(t *testing.T) {
	if _, err := exec.LookPath("cc"); err != nil {
		t.Skip("no C compiler")
	}
	src := "../../instrument/testdata/nests.c"
	dir := t.TempDir()
	code, out, errs := augur(t, "instrument", src, "--count", "-o", dir, "--build")
	if code != exitOK {
		t.Fatalf("instrument: exit %d: %s%s", code, out, errs)
	}
	orig, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	inst, err := os.ReadFile(filepath.Join(dir, "nests.c"))
	if err != nil {
		t.Fatal(err)
	}
	// Two lines of runtime declaration and #line, then the program line for line.
	if strings.Count(string(inst), "\n") != strings.Count(string(orig), "\n")+2 || !strings.Contains(string(inst), "#line 1 ") {
		t.Errorf("the instrumented source does not keep the line numbers:\n%s", inst)
	}
	run := exec.Command(filepath.Join(dir, "nests"), "30")
	run.Dir = dir
	if b, err := run.CombinedOutput(); err != nil || !strings.HasSuffix(strings.TrimSpace(string(b)), " 50") {
		t.Fatalf("instrumented run: %v: %s", err, b)
	}
	code, out, errs = augur(t, "analyze", src, "--counts", dir, "--set", "m=30", "--format", "json")
	if code != exitOK {
		t.Fatalf("analyze --counts: exit %d: %s", code, errs)
	}
	var r struct {
		Unknowns []struct {
			What  string `json:"what"`
			How   string `json:"provenance"`
			Value string `json:"value"`
		} `json:"unknowns"`
		Measured []struct {
			Block     string  `json:"block"`
			How       string  `json:"provenance"`
			Static    float64 `json:"static"`
			Measured  float64 `json:"measured"`
			Disagrees bool    `json:"disagrees"`
		} `json:"measured_counts"`
	}
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatal(err)
	}
	if len(r.Measured) < 8 {
		t.Fatalf("%d counts compared, want every loop and branch: %s", len(r.Measured), out)
	}
	for _, m := range r.Measured {
		if m.Disagrees || m.Static != m.Measured {
			t.Errorf("%s (%s): static %v, measured %v", m.Block, m.How, m.Static, m.Measured)
		}
	}
	if len(r.Unknowns) != 1 || r.Unknowns[0].What != "loop count" || r.Unknowns[0].How != "measured" || r.Unknowns[0].Value != "50" {
		t.Errorf("unknowns: %+v, want the while loop's count measured as 50", r.Unknowns)
	}
}

func TestInstrumentUsage(t *testing.T) {
	for _, args := range [][]string{
		{"instrument"},
		{"instrument", "x.c", "-o", "d"}, // no --count
		{"instrument", "x.c", "--count"}, // no -o
	} {
		if code, _, _ := augur(t, args...); code != exitUsage {
			t.Errorf("augur %s: exit %d, want %d", strings.Join(args, " "), code, exitUsage)
		}
	}
	if code, _, _ := augur(t, "instrument", "no-such.c", "--count", "-o", t.TempDir()); code != exitInput {
		t.Errorf("a missing file: exit %d, want %d", code, exitInput)
	}
}
