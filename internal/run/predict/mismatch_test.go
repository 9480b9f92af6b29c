package predict

import (
	"strings"
	"testing"

	"augur/internal/machine"
)

// A collective that some processes give a cost and others not cannot
// complete (the cost replaces the algorithm's messages): a clear error, not
// a deadlock report.
func TestCollectiveCostMismatch(t *testing.T) {
	m, err := machine.Load("../../../examples/machines/ideal.yaml")
	if err != nil {
		t.Fatal(err)
	}
	src := "model m\nactivity main {\n  if pid == 0 {\n    allreduce A size 8 cost 1\n  } else {\n    allreduce B size 8\n  }\n}\n"
	_, err = Run(Options{Filename: "m.aug", Source: []byte(src), Machine: m, Procs: 3})
	if err == nil || !strings.Contains(err.Error(), "does not match") || !strings.Contains(err.Error(), "cost") {
		t.Fatalf("got %v", err)
	}
}
