package calib

import (
	"fmt"
	"os/exec"
	"reflect"
	"testing"
)

// The measurements of Characterise are counted as steps: the MTC's
// benchmarks' calibration is one, each of its rounds one, each later
// measurement one (a message repeated is the same step), and a step not
// planned does not make the report reach its end.
func TestSteps(t *testing.T) {
	var got []string
	s := &steps{total: 6, report: func(msg string, done, total int) { got = append(got, fmt.Sprintf("%d/%d %s", done, total, msg)) }}
	s.mtc("int_add")
	s.mtc("fp_mul")
	s.mtc("round 1 of 2")
	s.mtc("round 2 of 2")
	s.start("C library calls")
	s.start("C library calls")
	s.start("ping-pong")
	s.start("MPI ping-pong failed (no slots); using loopback TCP")
	s.start("ping-pong")
	want := []string{"0/6 int_add", "0/6 fp_mul", "1/6 round 1 of 2", "2/6 round 2 of 2", "3/6 C library calls", "4/6 ping-pong",
		"5/6 MPI ping-pong failed (no slots); using loopback TCP", "5/6 ping-pong"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("reported\n%q\nwant\n%q", got, want)
	}
	// Planned: the calibration, the rounds and three measurements; with
	// MPI, its two and the collectives.
	want6 := 1 + 11 + 3 // --quick's 11 rounds
	_, errCC := exec.LookPath("mpicc")
	_, errRun := exec.LookPath("mpirun")
	if errCC == nil && errRun == nil {
		want6 += 2 + 10 // the reduction operators, the ping-pong, 10 collectives (8, and 2 in place)
	}
	if n := newSteps(true, nil).total; n != want6 {
		t.Errorf("%d steps planned with --quick, want %d", n, want6)
	}
	if n := newSteps(false, nil).total; n != want6+4 {
		t.Errorf("%d steps planned, want %d (15 rounds)", n, want6+4)
	}
}
