package predict

import (
	"errors"
	"testing"

	"augur/internal/frontend/model"
)

// Params bound to the program's arguments (--args) and params with a
// value per process (a value that reads pid, or --set of an expression of
// pid and procs), also inside a loop summed in closed form: process p
// computes n·w ms, then n actions of w µs, then k s, with w = pid + 1
// unless set.
func TestArgsAndValuesPerProcess(t *testing.T) {
	const src = `model m
param n = 1000 arg 2
param k = 0 arg count
param w = pid + 1
activity main {
  action A cost n * w * 1ms + k * 1s
  loop n {
    action B cost w * 1us
  }
}
`
	m := loadMachine(t, "ideal.yaml")
	twice, err := model.ParseExpr("2 * pid + 1")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		o    Options
		want []float64 // per process
	}{
		{"defaults", Options{}, []float64{1000 * 1e-3 * 1.001, 2000 * 1e-3 * 1.001, 3000 * 1e-3 * 1.001}},
		{"args", Options{Args: []string{"7", "20"}}, []float64{20e-3*1.001 + 2, 40e-3*1.001 + 2, 60e-3*1.001 + 2}},
		{"no args", Options{Args: []string{}}, []float64{1.001, 2.002, 3.003}},
		{"set over args", Options{Args: []string{"7", "20"}, Set: map[string]float64{"n": 10}}, []float64{10e-3*1.001 + 2, 20e-3*1.001 + 2, 30e-3*1.001 + 2}},
		{"per process", Options{Args: []string{"7", "20"}, PerProcess: map[string]model.Expr{"w": twice}}, []float64{20e-3*1.001 + 2, 60e-3*1.001 + 2, 100e-3*1.001 + 2}},
	} {
		c.o.Procs = 3
		p := predictSrc(t, src, m, c.o)
		if c.o.PerProcess != nil && p.PerProcess["w"] != "2 * pid + 1" {
			t.Errorf("%s: the prediction says w = %q", c.name, p.PerProcess["w"])
		}
		for pid, u := range p.Units {
			if !near(u.Finish, c.want[pid]) {
				t.Errorf("%s: process %d ends at %.9g s, want %.9g s", c.name, pid, u.Finish, c.want[pid])
			}
		}
	}
	_, err = Run(Options{Filename: "t.aug", Source: []byte(src), Machine: m, Procs: 1, Args: []string{"7", "many"}})
	var usage *UsageError
	if !errors.As(err, &usage) || err.Error() != `t.aug:2:16: program arguments: param n is argument 2 of the program, which is "many", not a number` {
		t.Errorf("a word for a number: %v", err)
	}
	_, err = Run(Options{Filename: "t.aug", Source: []byte(src), Machine: m, Procs: 1, PerProcess: map[string]model.Expr{"nosuch": twice}})
	var check *CheckError
	if !errors.As(err, &check) {
		t.Errorf("--set of no param: %v", err)
	}
}
