package text

import (
	"strings"
	"testing"

	"augur/internal/engine"
	"augur/internal/frontend/analyze"
	"augur/internal/run/sourcefirst"
)

func TestAnalysis(t *testing.T) {
	pred := 0.5
	r := &sourcefirst.Result{Model: "jacobi", Files: []string{"jacobi.c"}, Procs: 2,
		Report: &analyze.Report{Machines: []string{"vm"}, Total: []float64{0.25},
			Rows: []analyze.Row{{Block: "main.1", Kind: analyze.Loop, Pos: analyze.Position{Line: 3}, End: analyze.Position{Line: 5},
				CountValue: 100, How: analyze.Exact, Seconds: []float64{0.25}}},
			ByFunc: map[string][]float64{"main": {0.25}}, ByClass: map[string][]float64{"fp_add": {0.25}},
			Missing: [][]string{nil}, Substituted: [][]string{nil}},
		Predicted: []*float64{&pred}, Deadlocks: make([]*engine.Deadlock, 1)}
	var b strings.Builder
	Analysis(&b, r, "jacobi.aug")
	want := `model:   jacobi (jacobi.c), written to jacobi.aug
flags:   none (gcc's default, -O0)
procs:   2 (times below are process 0's)
machine: vm               computation 250.000 ms, predicted run time 500.000 ms

   block  kind  lines  count  provenance          vm    share
  main.1  loop    3-5    100       exact  250.000 ms  100.0 %

  function          vm    share
      main  250.000 ms  100.0 %

  operation          vm    share
     fp_add  250.000 ms  100.0 %
`
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
}
