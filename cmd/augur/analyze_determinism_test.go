package main

import (
	"os/exec"
	"testing"
)

// augur analyze --format json is the same every run: float sums over
// maps were taken in Go's random map order, so the last bit of
// compute_time_s, by_function_s and blocks' time_s changed from run to
// run (lu.c and isort.c showed 4-5 different documents in 5 runs).
func TestAnalyzeJSONIsDeterministic(t *testing.T) {
	if _, err := exec.LookPath("cc"); err != nil {
		t.Skip("no C compiler")
	}
	for _, prog := range []string{"lu.c", "isort.c", "matmul.c"} {
		var first string
		for run := 0; run < 6; run++ {
			code, out, errs := augur(t, "analyze", "--machine", ex+"analyze/measured/vm.yaml", "--format", "json", "--", "cc", "-O2", ex+"analyze/"+prog)
			if code != exitOK {
				t.Fatalf("%s: exit %d\n%s", prog, code, errs)
			}
			if run == 0 {
				first = out
			} else if out != first {
				t.Fatalf("%s: run %d printed another document than run 1", prog, run+1)
			}
		}
	}
}
