package sourcefirst

import (
	"context"
	"errors"
	"strings"
	"testing"

	"augur/internal/machine"
	"augur/internal/run/predict"
)

func onens(t *testing.T) Machine {
	t.Helper()
	m, err := machine.Load("../../frontend/analyze/testdata/onens.yaml")
	if err != nil {
		t.Fatal(err)
	}
	return Machine{Name: "onens", Machine: m}
}

// The driver's prediction is the generated model's, predicted on its own:
// the command adds nothing between the analysis and the engine.
func TestPredictionIsTheModels(t *testing.T) {
	m := onens(t)
	res, err := Run(Request{Files: []string{"../../frontend/analyze/testdata/pi.c"}, Set: map[string]float64{"darts": 1000},
		Procs: 2, Machines: []Machine{m}})
	if err != nil {
		t.Fatal(err)
	}
	if res.Model != "pi" || res.Partial || len(res.Errors) > 0 || res.Predicted[0] == nil {
		t.Fatalf("model %q, partial %v, errors %v, predicted %v", res.Model, res.Partial, res.Errors, res.Predicted)
	}
	p, err := predict.Run(predict.Options{Filename: "pi.aug", Source: []byte(res.Source), Machine: m.Machine, Procs: 2,
		Set: map[string]float64{"darts": 1000}})
	if err != nil {
		t.Fatal(err)
	}
	if *res.Predicted[0] != p.Time || p.Time <= 0 {
		t.Errorf("driver predicted %g s, the model on its own %g s", *res.Predicted[0], p.Time)
	}
	if res.Report.Total[0] <= 0 {
		t.Errorf("process 0's computation %g s", res.Report.Total[0])
	}
}

func TestErrors(t *testing.T) {
	_, err := Run(Request{Files: []string{"../../frontend/cfront/testdata/broken.c"}, Procs: 1})
	var src *SourceError
	if !errors.As(err, &src) {
		t.Errorf("broken.c: %v, want a SourceError", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err = Run(Request{Files: []string{"../../frontend/analyze/testdata/pi.c"}, Procs: 1, Context: ctx})
	if !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v, want context.Canceled", err)
	}
}

// A value for a name the model does not have (--set) is the user's error, which
// lists the parameters it has; --args gives the program's arguments.
func TestSetAndArgs(t *testing.T) {
	const pi = "../../frontend/analyze/testdata/pi.c"
	_, err := Run(Request{Files: []string{pi}, Set: map[string]float64{"nosuch": 1}, Procs: 1})
	var src *SourceError
	if !errors.As(err, &src) || !strings.HasPrefix(err.Error(), "parameter nosuch: the model has no parameter nosuch (its parameters: ") ||
		!strings.Contains(err.Error(), "darts") {
		t.Errorf("--set nosuch: %v", err)
	}
	m := onens(t)
	byArgs, err := Run(Request{Files: []string{pi}, Args: []string{"1000"}, Procs: 2, Machines: []Machine{m}})
	if err != nil {
		t.Fatal(err)
	}
	bySet, err := Run(Request{Files: []string{pi}, Set: map[string]float64{"darts": 1000}, Procs: 2, Machines: []Machine{m}})
	if err != nil {
		t.Fatal(err)
	}
	if *byArgs.Predicted[0] != *bySet.Predicted[0] || !strings.Contains(byArgs.Source, "param darts = 1000 arg 1 //") {
		t.Errorf("--args 1000: %g s, --set darts=1000: %g s\n%s", *byArgs.Predicted[0], *bySet.Predicted[0], byArgs.Source)
	}
}
