package analyze

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"augur/internal/frontend/ccline"
	"augur/internal/frontend/cfront"
	"augur/internal/frontend/model"
)

// Mutated versions of the test programs never make the analysis panic or
// hang, and whenever it succeeds the model it writes parses and checks.
// They are read with -fopenmp: the OpenMP test programs are seeds too.
// Each input is read with the system's headers, which costs a few tenths
// of a second; FuzzAnalyzeStubs explores the same analysis many times
// faster.
func FuzzAnalyze(f *testing.F) {
	omp, _ := filepath.Glob("testdata/omp/*.c")
	fuzzAnalyze(f, append([]string{"testdata/pi.c", "testdata/nests.c", "testdata/ops.c"}, omp...))
}

// FuzzAnalyzeStubs is FuzzAnalyze with the C front end's few prototypes
// for the C library (../cfront/testdata/stubs, -nostdinc -isystem) and
// augur's own declarations of MPI, seeded with every test program: an
// input parses a few hundred lines of headers instead of tens of
// thousands.
func FuzzAnalyzeStubs(f *testing.F) {
	var seeds []string
	for _, dir := range []string{"testdata", "testdata/omp", "testdata/checks"} {
		m, _ := filepath.Glob(dir + "/*.c")
		seeds = append(seeds, m...)
	}
	fuzzAnalyze(f, seeds, "-nostdinc", "-isystem", "../cfront/testdata/stubs")
}

func fuzzAnalyze(f *testing.F, seeds []string, flags ...string) {
	if _, err := exec.LookPath("cc"); err != nil {
		f.Skip("no C compiler")
	}
	for _, name := range seeds {
		src, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(src)
	}
	l, err := cfront.NewLoader()
	if err != nil {
		f.Skip(err)
	}
	flags = append([]string{"-fopenmp"}, flags...)
	f.Fuzz(func(t *testing.T, src []byte) {
		if len(src) > 1<<14 {
			return
		}
		path := filepath.Join(t.TempDir(), "f.c")
		if err := os.WriteFile(path, src, 0o644); err != nil {
			t.Fatal(err)
		}
		p, err := l.Load(context.Background(), []string{path}, cfront.Options{Flags: flags})
		if err != nil || p.Diags.HasErrors() {
			return
		}
		a, err := Run(Sources(p), Options{Compiled: ccline.CodeGen{OpenMP: true}})
		if err != nil {
			return
		}
		text := a.Model("fuzz", []string{path})
		file, diags := model.Parse("fuzz.aug", []byte(text))
		if diags.HasErrors() {
			t.Fatalf("the generated model does not parse: %v\n%s", diags, text)
		}
		if cd := model.Check(file, model.CheckOptions{Procs: 2}); cd.HasErrors() {
			t.Fatalf("the generated model does not check: %v\n%s", cd, text)
		}
		a.Evaluate(map[string]float64{"pid": 0, "procs": 2}, []Machine{{Name: "m", Ops: map[string]float64{"int_add": 1e-9}}})
	})
}
