package main

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"time"

	"augur/internal/frontend/recorder/pthread"
	"augur/internal/frontend/threadtrace"
)

type recordFlags struct {
	cpu      *int
	out      *string
	mpi      *bool
	np       *int
	refSpeed *float64
	machine  *string
	runs     *int
	progress *progressFlags
}

func newRecordFlags(fs *flag.FlagSet) *recordFlags {
	return &recordFlags{
		cpu:      fs.Int("cpu", -1, "pin the recorded run to processor `K` (VPPB records on one processor); default: not pinned"),
		out:      fs.String("o", "", "write the trace to `FILE` (default: PROGRAM.trace; with --mpi, see docs)"),
		mpi:      fs.Bool("mpi", false, "record an MPI program with the PMPI recorder instead of a pthread program"),
		np:       fs.Int("np", 0, "with --mpi: number of ranks `N`"),
		refSpeed: fs.Float64("ref-speed", 0, "with --mpi: `FLOPS` (flop/s) that convert measured compute time to flops, stated in the trace as assumed (default: this host's speed, from --machine or measured at start)"),
		machine:  fs.String("machine", "", "with --mpi: this host's machine `FILE` (augur bench machine -o FILE): its flop rate converts measured compute time to flops (default: measured at start)"),
		progress: defineProgressFlags(fs),
		runs:     fs.Int("runs", 1, "with --mpi: record the program `N` times and keep the traces of the quickest run (the least span from MPI_Init to MPI_Finalize), as a measured time is the least of several runs"),
	}
}

func recordCommand() *command {
	c := &command{
		define:  func(fs *flag.FlagSet) { newRecordFlags(fs) },
		name:    "record",
		summary: "record a pthread or MPI program's trace",
		usage:   "[--cpu K] [-o TRACE] [--progress|--no-progress] -- PROGRAM ARGS...   |   --mpi --np N [--machine FILE | --ref-speed FLOPS] [--runs N] [-o OUT] [--progress|--no-progress] -- PROGRAM ARGS...",
		help: `Runs an unmodified, dynamically linked pthread program under augur's
LD_PRELOAD recorder (recorder/pthread/csrc/recorder.c, built on first use with
the system C compiler into the user cache directory, or taken from
$AUGUR_PTHREAD_RECORDER) and writes its thread trace: every create, exit,
join, mutex lock/trylock/unlock, condition wait/timedwait/signal/broadcast,
barrier and semaphore call, with the thread's CPU time at each. Then
simulate it with ` + "`augur simulate TRACE --cpus N`" + `. See docs/traces.md.

  augur record --cpu 0 -o stencil.trace -- ./stencil 2 100

--cpu K pins the whole run to processor K, as VPPB records on a
uni-processor. Put -- before the program so its own flags are not read as
augur's. With --mpi, records an MPI program (see docs/cli.md).`,
	}
	c.run = func(e *env, args []string) int { return runRecord(e, c, args) }
	return c
}

func runRecord(e *env, c *command, args []string) int {
	fs := flag.NewFlagSet(c.name, flag.ContinueOnError)
	rf := newRecordFlags(fs)
	argv, status, done := parseFlags(e, c, fs, args)
	if done {
		return status
	}
	usageErr := func(format string, a ...any) int {
		fmt.Fprintln(e.stderr, errorText("record", fmt.Errorf(format, a...)))
		return exitUsage
	}
	if len(argv) == 0 {
		return usageErr("no program to record: augur record [flags] -- PROGRAM ARGS...")
	}
	pr, err := rf.progress.reporter(e, "augur record")
	if err != nil {
		return usageErr("%v", err)
	}
	if *rf.mpi {
		if *rf.cpu >= 0 {
			return usageErr("--cpu applies to pthread recordings, not with --mpi")
		}
		if *rf.np < 1 {
			return usageErr("--mpi needs --np N (N ≥ 1 ranks)")
		}
		if *rf.refSpeed < 0 {
			return usageErr("--ref-speed must be ≥ 0")
		}
		if *rf.runs < 1 || *rf.runs > 100 {
			return usageErr("--runs N: N must be 1 to 100, got %d", *rf.runs)
		}
		return recordMPI(e, pr, mpiRecord{NP: *rf.np, RefSpeed: *rf.refSpeed, Machine: *rf.machine, Out: *rf.out, Argv: argv, Runs: *rf.runs})
	}
	if *rf.np != 0 || *rf.refSpeed != 0 || *rf.machine != "" || *rf.runs != 1 {
		return usageErr("--np, --machine, --ref-speed and --runs need --mpi")
	}
	if *rf.cpu < -1 {
		return usageErr("--cpu K: K must be a processor number ≥ 0")
	}
	out := *rf.out
	if out == "" {
		out = filepath.Base(argv[0]) + ".trace"
	}
	abs, err := filepath.Abs(out)
	if err != nil {
		return usageErr("-o %s: %v", out, err)
	}
	prog, err := exec.LookPath(argv[0])
	if err != nil {
		fmt.Fprintln(e.stderr, errorText("record", err))
		return exitInput
	}
	pr.phase("building the pthread recorder (once; cached)")
	lib, err := pthread.Library(pthread.CacheDir())
	if err != nil {
		fmt.Fprintln(e.stderr, errorText("record", err))
		return exitInput
	}
	if err := os.Remove(abs); err != nil && !errors.Is(err, os.ErrNotExist) {
		fmt.Fprintf(e.stderr, "augur record: -o %s: %v\n", out, err)
		return exitInput
	}
	cmd := exec.Command(prog, argv[1:]...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, e.stdout, e.stderr
	preload := lib
	if old := os.Getenv("LD_PRELOAD"); old != "" {
		preload = lib + ":" + old
	}
	cmd.Env = append(os.Environ(), "LD_PRELOAD="+preload, "AUGUR_RECORD_OUT="+abs)
	if *rf.cpu >= 0 {
		cmd.Env = append(cmd.Env, fmt.Sprintf("AUGUR_RECORD_CPU=%d", *rf.cpu))
	}
	pr.announce("running " + argv[0] + " under the recorder")
	start := time.Now()
	runErr := cmd.Run()
	wall := time.Since(start)
	if runErr != nil {
		var ee *exec.ExitError
		if !errors.As(runErr, &ee) {
			fmt.Fprintf(e.stderr, "augur record: running %s: %v\n", argv[0], runErr)
			return exitInput
		}
		fmt.Fprintf(e.stderr, "augur record: %s exited with %v\n", argv[0], runErr)
	}
	if _, err := os.Stat(abs); err != nil {
		fmt.Fprintf(e.stderr, "augur record: %s wrote no trace: is it a dynamically linked program that returns from main or calls exit()? (a static binary, or one ended by a signal or _exit, is not recorded)\n", argv[0])
		return exitInput
	}
	pr.phase("reading the trace " + out)
	p, err := threadtrace.Load(abs)
	if err != nil {
		fmt.Fprintf(e.stderr, "augur record: the trace is not usable: %v\n", err)
		return exitInput
	}
	pinned := "not pinned"
	if *rf.cpu >= 0 {
		pinned = fmt.Sprintf("pinned to CPU %d", *rf.cpu)
	}
	fmt.Fprintf(e.stderr, "augur record: %d events of %d threads in %.3f s (%s) written to %s\n", p.Events, len(p.Threads), wall.Seconds(), pinned, out)
	if runErr != nil {
		return exitInput
	}
	return exitOK
}
