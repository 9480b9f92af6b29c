package analyze

import (
	"context"
	"os/exec"
	"strings"
	"testing"

	"augur/internal/frontend/ccline"
	"augur/internal/frontend/cfront"
)

// loadOMP reads C files as augur analyze -fopenmp does (openMP) or
// without the flag.
func loadOMP(t testing.TB, openMP bool, files ...string) []Source {
	t.Helper()
	if _, err := exec.LookPath("cc"); err != nil {
		t.Skip("no C compiler: cannot learn the system headers")
	}
	p, err := cfront.Load(context.Background(), files, cfront.Options{Flags: ompFlags(openMP)})
	if err != nil {
		t.Fatal(err)
	}
	if p.Diags.HasErrors() {
		t.Fatalf("%v", p.Diags)
	}
	return Sources(p)
}

func warnings(a *Analysis) string {
	var b strings.Builder
	for _, d := range a.Diags {
		b.WriteString(d.Error() + "\n")
	}
	return b.String()
}

// A pragma augur does not model is a warning at its position, never
// dropped silently; without -fopenmp an omp pragma is said to have no
// effect, as with gcc; #pragma once changes nothing the program does.
func TestUnmodelledPragmasWarn(t *testing.T) {
	for _, c := range []struct {
		openMP bool
		file   string
		want   []string
	}{
		{false, "pragmas.c", []string{"testdata/omp/pragmas.c:6:1: warning: #pragma omp parallel for reduction(+:s) has no effect without -fopenmp",
			"testdata/omp/pragmas.c:9:1: warning: #pragma GCC unroll 4 is not modelled"}},
		{true, "warnings.c", []string{
			"warnings.c:6:1: warning: #pragma omp for outside a parallel region of this function (an orphaned loop)",
			"warnings.c:13:1: warning: #pragma omp for nowait collapse(3): nowait is not modelled",
			"warnings.c:13:1: warning: #pragma omp for nowait collapse(3): collapse(3) is modelled as the outermost loop",
			"warnings.c:17:1: warning: #pragma omp task is not modelled: the code it applies to is analysed as sequential",
			"warnings.c:19:1: warning: #pragma omp taskwait is not modelled: the program is analysed as if it were absent",
			"warnings.c:21:1: warning: #pragma omp parallel for if(100 > 10) schedule(weird): clause if is not modelled",
			`warnings.c:21:1: warning: #pragma omp parallel for if(100 > 10) schedule(weird): schedule "weird" is not known`,
			"warnings.c:24:1: warning: #pragma omp parallel for is not followed by a for loop",
			"warnings.c:27:1: warning: #pragma GCC ivdep is not modelled",
			"warnings.c:38:1: warning: #pragma omp declare simd is not modelled",
		}},
	} {
		a, err := Run(loadOMP(t, c.openMP, "testdata/omp/"+c.file), Options{Compiled: ccline.CodeGen{OpenMP: c.openMP}})
		if err != nil {
			t.Fatal(err)
		}
		got := warnings(a)
		for _, w := range c.want {
			if !strings.Contains(got, w) {
				t.Errorf("OpenMP %v: no %q in\n%s", c.openMP, w, got)
			}
		}
		if strings.Contains(got, "once") || strings.Contains(got, ":32:1") {
			t.Errorf("#pragma once or the barrier at the end of a region's block warned:\n%s", got)
		}
	}
}

// ompFlags is the compile line with or without -fopenmp.
func ompFlags(on bool) []string {
	if on {
		return []string{"-fopenmp"}
	}
	return nil
}
