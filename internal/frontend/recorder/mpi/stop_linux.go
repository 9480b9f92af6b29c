package mpi

import (
	"os/exec"
	"syscall"
)

// endWithUs makes mpirun get SIGTERM when augur dies, however it dies (a
// test binary killed by its timeout, kill -9): mpirun then ends the ranks
// it started, which would otherwise go on spinning in their MPI calls.
func endWithUs(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGTERM}
}
