package predict

import (
	"context"
	"errors"
	"strings"
	"testing"

	"augur/internal/base/procbound"
)

// Setting up many processes reports its progress and stops when the
// context is done (issue 33: --procs 50000000 ignored Ctrl-C for over
// 54 s of set-up and showed no progress); a count past the process bound
// is refused before anything is set up, as a usage error.
func TestSetUpInterruptibleAndBounded(t *testing.T) {
	const src = "model m\nactivity main {\n  action A cost 1\n}\n"
	m := loadMachine(t, "ideal.yaml")
	ctx, cancel := context.WithCancel(context.Background())
	var reports []int
	_, err := Run(Options{Filename: "t.aug", Source: []byte(src), Machine: m, Procs: 20000, Context: ctx,
		Starting: func(done, total int) {
			reports = append(reports, done)
			if total != 20000 {
				t.Errorf("total %d, want 20000", total)
			}
			if done >= 8192 {
				cancel()
			}
		}})
	// Reports every 4096 processes; cancelled at the second, seen at the third.
	if !errors.Is(err, context.Canceled) || len(reports) != 2 || reports[0] != 4096 || reports[1] != 8192 {
		t.Errorf("got %v after reports %v; want context.Canceled after 4096, 8192", err, reports)
	}
	_, err = Run(Options{Filename: "t.aug", Source: []byte(src), Machine: m, Procs: procbound.Max + 1})
	var usage *UsageError
	if !errors.As(err, &usage) || !strings.Contains(err.Error(), "processes are more than the 67108864 augur simulates") {
		t.Errorf("past the bound: %v", err)
	}
}
