package main

import (
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// The team is --threads, else OMP_NUM_THREADS as libgomp reads it (the
// first number of a list), else 0 (the command's default); a bad
// OMP_NUM_THREADS is an error that names it.
func TestTeamSize(t *testing.T) {
	for _, c := range []struct {
		flag int
		env  string
		want int
		err  bool
	}{{3, "5", 3, false}, {0, "5", 5, false}, {0, " 4,2", 4, false}, {0, "", 0, false}, {0, "many", 0, true}, {0, "0", 0, true}} {
		t.Setenv("OMP_NUM_THREADS", c.env)
		got, err := teamSize(c.flag)
		if got != c.want || (err != nil) != c.err {
			t.Errorf("--threads %d, OMP_NUM_THREADS=%q: %d, %v; want %d, error %v", c.flag, c.env, got, err, c.want, c.err)
		}
		if err != nil && !strings.Contains(err.Error(), "OMP_NUM_THREADS") {
			t.Errorf("error %q does not name OMP_NUM_THREADS", err)
		}
	}
}

// augur analyze -fopenmp predicts the reduction of testdata/omp/reduce.c
// (1200 iterations of 2 ns, then a 1 ns call) at the team of --threads or
// OMP_NUM_THREADS, and the model it writes says the same under augur
// predict with OMP_NUM_THREADS; without -fopenmp the loop is sequential.
func TestAnalyzeOpenMPTeam(t *testing.T) {
	if _, err := exec.LookPath("cc"); err != nil {
		t.Skip("no C compiler")
	}
	const prog, m = "../../internal/frontend/analyze/testdata/omp/reduce.c", "../../internal/frontend/analyze/testdata/omp/machine.yaml"
	out := filepath.Join(t.TempDir(), "reduce.aug")
	for _, c := range []struct {
		args []string
		env  string
		want string
	}{
		{[]string{"-fopenmp", "--threads", "4"}, "", "predicted run time 0.60 µs"},
		{[]string{"-fopenmp"}, "2", "predicted run time 1.20 µs"},
		{[]string{"-fopenmp"}, "", "predicted run time 2.40 µs"},
		{nil, "4", "predicted run time 2.40 µs"},
	} {
		t.Setenv("OMP_NUM_THREADS", c.env)
		code, stdout, errs := augur(t, append([]string{"analyze", prog, "--machine", m, "--model", out + c.env}, c.args...)...)
		if code != exitOK || !strings.Contains(stdout, c.want) {
			t.Errorf("analyze %v, OMP_NUM_THREADS=%q: exit %d, want %q in\n%s%s", c.args, c.env, code, c.want, stdout, errs)
		}
	}
	t.Setenv("OMP_NUM_THREADS", "3")
	code, stdout, errs := augur(t, "predict", out+"2", "--machine", m, "--procs", "1")
	if code != exitOK || !strings.Contains(stdout, "801 ns") {
		t.Errorf("predict with OMP_NUM_THREADS=3: exit %d\n%s%s", code, stdout, errs)
	}
}
