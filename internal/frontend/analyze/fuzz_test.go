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
func FuzzAnalyze(f *testing.F) {
	if _, err := exec.LookPath("cc"); err != nil {
		f.Skip("no C compiler")
	}
	omp, _ := filepath.Glob("testdata/omp/*.c")
	for _, name := range append([]string{"testdata/pi.c", "testdata/nests.c", "testdata/ops.c"}, omp...) {
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
	f.Fuzz(func(t *testing.T, src []byte) {
		if len(src) > 1<<14 {
			return
		}
		path := filepath.Join(t.TempDir(), "f.c")
		if err := os.WriteFile(path, src, 0o644); err != nil {
			t.Fatal(err)
		}
		p, err := l.Load(context.Background(), []string{path}, cfront.Options{Flags: []string{"-fopenmp"}})
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
