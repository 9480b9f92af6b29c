package engine

import (
	"context"
	"errors"
	"testing"

	"augur/ir"
)

// endless is a stream of computations that never ends.
type endless struct{}

func (endless) Next(op *ir.Op) error {
	*op = ir.Op{Kind: ir.Compute, Elem: 0, Cost: 1}
	return nil
}

// A cancelled context stops a run that would otherwise go on until the
// event limit, with an error that says why.
func TestContextStopsRun(t *testing.T) {
	m := mustMachine(t, "nodes:\n  - {count: 1, cpus: 1}\n")
	prog := Program{Elements: []ir.Element{{Name: "A"}}, Stream: func(pid, nid int32) (ir.Stream, error) {
		return endless{}, nil
	}}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := Run(Config{Machine: m, Procs: 2, NodeOf: []int32{0, 0}, Context: ctx}, prog)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
	// Without a context the same program runs into the event limit.
	_, err = Run(Config{Machine: m, Procs: 2, NodeOf: []int32{0, 0}, MaxEvents: 1 << 16}, prog)
	if err == nil || errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want the event limit", err)
	}
}
