package calib

import (
	"os/exec"
	"strings"
)

// mtcRounds is how many rounds the MTC times every operation in.
func mtcRounds(quick bool) int {
	if quick {
		return 11
	}
	return 15
}

// steps counts Characterise's measurements for its progress report, so
// that it can say how many are done of how many: the calibration of the
// MTC's benchmarks (one step, its benchmarks take a few milliseconds
// each), each of its rounds, the sharing of the last cache level, the C
// library calls and the ping-pong; then, where MPI is installed, the
// reduction operators, MPI's ping-pong and each collective.
type steps struct {
	report      func(msg string, done, total int)
	done, total int
	started     bool
	last        string
}

func newSteps(quick bool, report func(string, int, int)) *steps {
	total := 1 + mtcRounds(quick) + 3
	if _, err := exec.LookPath("mpicc"); err == nil {
		if _, err := exec.LookPath("mpirun"); err == nil {
			total += 2 + len(hostColls())
		}
	}
	return &steps{report: report, total: total}
}

// start begins a step named msg; a message repeated is the same step.
func (s *steps) start(msg string) {
	if s.started && msg == s.last {
		return
	}
	if s.started {
		s.done++
	}
	s.started, s.last = true, msg
	s.show(msg)
}

// show reports msg within the current step. A step not planned (MPI
// failing, then TCP) does not make the share reach its end early.
func (s *steps) show(msg string) {
	if s.report != nil {
		s.report(msg, min(s.done, s.total-1), s.total)
	}
}

// mtc is the MTC's progress: its benchmarks' calibration is one step,
// each round another.
func (s *steps) mtc(msg string) {
	if strings.HasPrefix(msg, "round ") || !s.started {
		s.start(msg)
		return
	}
	s.show(msg)
}
