package engine_test

import (
	"os"
	"testing"

	"augur/machine"
	"augur/predict"
)

func TestZZProf(t *testing.T) {
	src, _ := os.ReadFile("../examples/lapw0.aug")
	m, err := machine.Load("../examples/machines/ideal.yaml")
	if err != nil {
		t.Fatal(err)
	}
	procs := 200000
	p, err := predict.Run(predict.Options{Filename: "lapw0.aug", Source: src, Machine: m,
		Nodes: procs / 4, Procs: procs, Set: map[string]float64{"NAT": 64}, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	t.Log(p.Time, p.EvalTime, p.Events, p.Ops)
}
