package simulate

import (
	"strings"
	"testing"

	"augur/internal/frontend/threadtrace"
	"augur/internal/results"
)

func load(t *testing.T, name string) *threadtrace.Program {
	t.Helper()
	p, err := threadtrace.Load("../../frontend/threadtrace/testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// VPPB's program Q on two processors (VPPB Fig. 14): Direct deadlocks at
// 7, so auto takes Client-Server, which ends at 11; on one processor the
// same model takes 21, a speed-up of 21/11.
func TestAutoChoosesAndComputesSpeedup(t *testing.T) {
	d, res, err := Run(load(t, "vppb-Q.trace"), Options{Trace: "Q", Model: Auto, Config: Config{CPUs: 2}, Speedup: true})
	if err != nil {
		t.Fatal(err)
	}
	if d.Header != results.NewHeader(results.CommandSimulate) || d.Model != "client-server" || d.ModelAsked != Auto || d.Completion != 11 || res.Completion != 11 {
		t.Fatalf("document %+v", d)
	}
	if len(d.Attempts) != 2 || d.Attempts[0].Report == nil || d.Attempts[0].Completion != 7 || d.Attempts[1].Report != nil {
		t.Errorf("attempts %+v", d.Attempts)
	}
	if !strings.Contains(d.Reason, "direct deadlocks at 7") {
		t.Errorf("reason %q", d.Reason)
	}
	if d.OneCPU == nil || d.Speedup == nil || *d.OneCPU != 21 || *d.Speedup != 21.0/11 {
		t.Errorf("one processor %v, speed-up %v, want 21 and 21/11", d.OneCPU, d.Speedup)
	}
	if len(d.Threads) != len(res.Threads) || d.Threads[0].Name != res.Threads[0].Name {
		t.Errorf("threads %+v", d.Threads)
	}
}

// A deadlocking model gives its document, marked, and no speed-up; a
// model name that does not exist is refused.
func TestDeadlockAndBadModel(t *testing.T) {
	d, _, err := Run(load(t, "vppb-Q.trace"), Options{Model: "direct", Config: Config{CPUs: 2}, Speedup: true})
	if err != nil {
		t.Fatal(err)
	}
	if d.DeadlockReport == nil || d.Completion != 7 || d.Speedup != nil {
		t.Errorf("document %+v", d)
	}
	if _, _, err := Run(load(t, "vppb-Q.trace"), Options{Model: "fifo", Config: Config{CPUs: 2}}); err == nil || !strings.Contains(err.Error(), `no simulation model "fifo"`) {
		t.Errorf("bad model: %v", err)
	}
}
