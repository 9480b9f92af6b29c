package analyze

import (
	"context"
	"os/exec"
	"strings"
	"testing"

	"augur/internal/frontend/cfront"
)

// loadOMP reads C files as augur analyze -fopenmp does (openMP) or
// without the flag.
func loadOMP(t testing.TB, openMP bool, files ...string) []Source {
	t.Helper()
	if _, err := exec.LookPath("cc"); err != nil {
		t.Skip("no C compiler: cannot learn the system headers")
	}
	p, err := cfront.Load(context.Background(), files, cfront.Options{OpenMP: openMP})
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
		want   []string
	}{
		{false, []string{"testdata/omp/pragmas.c:6:1: warning: #pragma omp parallel for reduction(+:s) has no effect without -fopenmp",
			"testdata/omp/pragmas.c:9:1: warning: #pragma GCC unroll 4 is not modelled"}},
	} {
		a, err := Run(loadOMP(t, c.openMP, "testdata/omp/pragmas.c"), Options{OpenMP: c.openMP})
		if err != nil {
			t.Fatal(err)
		}
		got := warnings(a)
		for _, w := range c.want {
			if !strings.Contains(got, w) {
				t.Errorf("OpenMP %v: no %q in\n%s", c.openMP, w, got)
			}
		}
		if strings.Contains(got, "once") {
			t.Errorf("#pragma once warned:\n%s", got)
		}
	}
}
