package engine

import (
	"context"
	"errors"
	"testing"

	"augur/internal/ir"
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

// stopAfter is a context cancelled once its Err has been asked polls
// times: the run stops at a known operation.
type stopAfter struct {
	context.Context
	polls int
}

func (s *stopAfter) Err() error {
	if s.polls <= 0 {
		return context.Canceled
	}
	s.polls--
	return nil
}

// A stopped run returns what it had simulated. One process computes 1 s
// at a time on its own CPU (folded, running ahead of the queue); the
// context is polled at operation 2^14, which is not yet complete, so the
// run holds 16 383 s of computation and reached 16 383 s. Progress is
// reported at each poll, with the same figures.
func TestStoppedRunKeepsResult(t *testing.T) {
	m := mustMachine(t, "nodes:\n  - {count: 1, cpus: 1}\n")
	prog := Program{Elements: []ir.Element{{Name: "A"}}, Stream: func(pid, nid int32) (ir.Stream, error) {
		return endless{}, nil
	}}
	var calls int
	var lastOps int64
	res, err := Run(Config{Machine: m, Procs: 1, NodeOf: []int32{0}, Context: &stopAfter{context.Background(), 0},
		Progress: func(t float64, ev, ops int64) { calls, lastOps = calls+1, ops }}, prog)
	if !errors.Is(err, context.Canceled) || res == nil {
		t.Fatalf("err = %v, result %v; want context.Canceled and a result", err, res)
	}
	if res.Reached != 16383 || res.Elements[0].Calls != 16383 || res.Units[0].Compute != 16383 || res.Units[0].Finish != 0 {
		t.Errorf("reached %g, calls %d, compute %g, finish %g; want 16383, 16383, 16383, 0",
			res.Reached, res.Elements[0].Calls, res.Units[0].Compute, res.Units[0].Finish)
	}
	if calls != 1 || lastOps != 1<<14 {
		t.Errorf("progress called %d times, last at %d operations; want once at 16384", calls, lastOps)
	}
}
