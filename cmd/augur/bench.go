package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"strings"
	"time"

	"augur/internal/run/calib"
)

// benchWords are bench's benchmarks, as its first argument names them.
var benchWords = []string{"machine", "network", "block"}

func benchCommand() *command {
	c := &command{
		define:  defineBenchFlags,
		name:    "bench",
		words:   benchWords,
		summary: "benchmark this machine (MTC/CTC), the network between hosts, or a code block",
		usage:   "machine [-o FILE] [--quick] [--combine A.json,B.json] | network --listen ADDR:PORT | --peer HOST:PORT | --mpi [flags] | block FILE.c -n N [flags]",
		help: `augur bench machine characterises this machine (ChronosMix's MTC and CTC):
microbenchmarks of an instruction set (integer and floating-point
arithmetic, sqrt, exp, log, branches, calls, random numbers, loads and
stores by working-set size) in seconds per operation, the C library's calls
(glibc's exp, log, pow, sin, tan, atan, sqrt, floor, rand, drand48,
malloc/free, memcpy and memset, timed by a C kernel that the system's
compiler builds: libm_*, libc_*, which augur analyze prices calls with),
the flop rate of one
core, the working sets of the memory levels and how much the cores compete
for the last cache level (levels shared, 0 to 1), and a ping-pong between two processes (MPI when mpicc and mpirun are
installed, loopback TCP otherwise) from 1 B to 16 MiB, fitted to a
piecewise latency/bandwidth model (with MPI, SMPI's, as bench network
--mpi fits it). With MPI it also measures this host's MPI: the reduction
operators' time per element (MPI_Reduce_local; the node group's reduce:,
which replay charges to the ranks that combine), Open MPI's shared-memory
eager limit (network.eager_threshold) and Open MPI's collectives on 2
processes, plain and MPI_IN_PLACE, up to 128 MiB (the node group's
collectives:, which replay and predict charge to a collective over 2
processes of the node); without MPI it says what it left out. Each operation is timed as a dependent
chain of 8 an iteration, so nothing is subtracted; the clock cycle is the
latency of an integer add, and an operation measured faster than one
cycle is written as one cycle and flagged (docs/bench.md). It writes a machine file that predict
uses directly (the ping-pong goes to network.intra: two processes on one
machine talk within a node). --profile keeps the measurements as JSON;
--combine joins profiles of several machines into one heterogeneous
machine file. --quick takes 12 to 20 s on a 2-core machine with little else
running (some 10 s of CPU time, and MPI's start-ups), longer on a loaded
one: 33 to 47 s with a load average of 16; its progress report counts the
steps (27 with MPI) and says the time left.

augur bench network measures the network between two hosts and writes a
machine file for it (docs/bench.md). TCP needs only augur on both: run
'augur bench network --listen ADDR:PORT' on one host and
'augur bench network --peer HOST:PORT -o net.yaml' on the other; the peer
times a ping-pong of every power of two from 1 B to --max-size (--reps
rounds, minimum and median) and fits it to SMPI's piecewise model: per
message-size range a latency and a bandwidth, the ranges' breakpoints
found by exhaustive search (up to --segments ranges). The file gives the
network's latency, bandwidth and segments (the constant model uses them),
and the same curve as smpi/lat-factor and smpi/bw-factor strings for
--cfg under --network-model SMPI; --base M.yaml puts them into a machine
file of yours instead (one from bench machine). --mpi does it with MPI
(mpicc, mpirun and ompi_info installed): the ping-pong between the first
two of --hosts, then the collectives SkaMPI's way, per OpenMPI algorithm
(coll_tuned_<coll>_algorithm), per size and per process count (--np).
Every wait is bounded by --timeout.

augur bench block times a C block with dPerf's threshold iteration rule:
FILE.c defines void block_init(void) and double block(long i); the block
runs for 1, 2, 4, ... iterations until the time per iteration settles
within --eps, and the loop of -n iterations is predicted as
t_th / th × n. --full also times the whole loop (in a fresh process) and
reports the prediction's error and the time saved. See docs/bench.md.

Both say what they measure on standard error when it is a terminal
(--progress elsewhere, --no-progress never). Ctrl-C or SIGTERM stops them
with exit status 130: bench machine writes nothing; bench block, stopped
while --full times the whole loop, prints the prediction it has, marked
partial.`,
	}
	c.run = func(e *env, args []string) int { return runBench(e, c, args) }
	return c
}

type benchFlags struct {
	out      *string
	quick    *bool
	name     *string
	profile  *string
	combine  *string
	n        *int64
	eps      *float64
	full     *bool
	cflags   *string
	format   *string
	minTime  *float64
	clock    *string
	reps     *int
	fullRuns *int
	quantile *float64
	confirm  *int
	budget   *float64
	net      netFlags
	progress *progressFlags
}

func newBenchFlags(fs *flag.FlagSet) *benchFlags {
	b := &benchFlags{}
	b.out = fs.String("o", "", "machine, network: write the machine file to `FILE` (machine's default: standard output)")
	b.quick = fs.Bool("quick", false, "machine: fewer repetitions and sizes (12 to 20 s on an idle 2-core machine)")
	b.name = fs.String("name", "", "machine, network: `NAME` of this machine's node group (default: the host name)")
	b.profile = fs.String("profile", "", "machine: also save the measurements as JSON to `FILE`, for --combine")
	b.combine = fs.String("combine", "", "machine: combine saved profiles `A.json,B.json` into one machine file instead of measuring")
	b.n = fs.Int64("n", 0, "block: iteration count `N` of the loop to predict (required)")
	b.eps = fs.Float64("eps", 0.02, "block: relative tolerance `E` within which the time per iteration must settle")
	b.full = fs.Bool("full", false, "block: also time the full loop and report the error and the time saved")
	b.cflags = fs.String("cflags", "-O2", "block: gcc `FLAGS`")
	b.format = fs.String("format", "text", "block, network: output `FORMAT`, text, json or csv")
	b.minTime = fs.Float64("min-time", 0.0005, "block: a count settles only once its run lasts `SECONDS` (past the clock's resolution)")
	b.clock = fs.String("clock", "cpu", "block: time runs in `CLOCK` cpu (the process's CPU time, dPerf's virtual time) or wall")
	b.reps = fs.Int("reps", 5, "block: interleaved repetitions `R` per count (more when their spread is wide); network: rounds over every size")
	b.quantile = fs.Float64("quantile", -1, "block: estimator over the repetitions, the `Q`-quantile (0: minimum, 0.5: median; default: median on the cpu clock, minimum on the wall clock)")
	b.confirm = fs.Int("confirm", 8, "block: time the threshold count up to `K` more times (20 ms in all), 25 ms apart, for t_th")
	b.budget = fs.Float64("budget", 0.5, "block: give up settling once the search has cost `F` times the predicted loop (0: never)")
	b.fullRuns = fs.Int("full-runs", 3, "block: with --full, time the loop in up to `K` fresh processes (while short) and keep the minimum")
	b.net.define(fs)
	b.progress = defineProgressFlags(fs)
	return b
}

func defineBenchFlags(fs *flag.FlagSet) { newBenchFlags(fs) }

func runBench(e *env, c *command, args []string) int {
	fs := flag.NewFlagSet(c.name, flag.ContinueOnError)
	bf := newBenchFlags(fs)
	pos, status, done := parseFlags(e, c, fs, args)
	if done {
		return status
	}
	if len(pos) == 0 {
		fmt.Fprintf(e.stderr, "augur bench: want machine, network or block\nRun 'augur bench --help'.\n")
		return exitUsage
	}
	switch pos[0] {
	case "machine":
		if len(pos) != 1 {
			fmt.Fprintf(e.stderr, "augur bench machine: unexpected arguments %v\n", pos[1:])
			return exitUsage
		}
		return benchMachine(e, bf)
	case "block":
		if len(pos) != 2 {
			fmt.Fprintf(e.stderr, "augur bench block: want one FILE.c, got %d\n", len(pos)-1)
			return exitUsage
		}
		return benchBlock(e, bf, pos[1])
	case "network":
		if len(pos) != 1 {
			fmt.Fprintf(e.stderr, "augur bench network: unexpected arguments %v\n", pos[1:])
			return exitUsage
		}
		return benchNetwork(e, bf)
	}
	fmt.Fprintf(e.stderr, "augur bench: unknown benchmark %q: want %s\n", pos[0], strings.Join(benchWords, ", "))
	return exitUsage
}

func benchMachine(e *env, bf *benchFlags) int {
	var profiles []*calib.Profile
	name := *bf.name
	if *bf.combine != "" {
		var err error
		profiles, err = calib.LoadProfiles(fitSplitList(*bf.combine))
		var dup *calib.DuplicateError
		switch {
		case errors.As(err, &dup):
			fmt.Fprintf(e.stderr, "augur bench machine: %v: measure them with different --name\n", dup)
			return exitInput
		case err != nil:
			fmt.Fprintln(e.stderr, errorText("bench machine", err))
			return exitInput
		}
		if name == "" {
			name = "combined"
		}
	} else {
		if name == "" {
			h, err := os.Hostname()
			if err != nil || h == "" {
				h = "thishost"
			}
			name = calib.GroupName(h)
		}
		pr, err := bf.progress.reporter(e, "augur bench machine")
		if err != nil {
			fmt.Fprintln(e.stderr, errorText("bench machine", err))
			return exitUsage
		}
		ctx, cancel := context.WithTimeout(e.context(), 10*time.Minute)
		defer cancel()
		// The instruction benchmarks cannot be stopped midway: say at
		// once that the Ctrl-C was heard.
		go func() {
			<-ctx.Done()
			if e.interrupted() {
				fmt.Fprintln(e.stderr, "\naugur bench machine: interrupted; stopping after the current measurement (Ctrl-C again quits at once)")
			}
		}()
		var progress func(string, int, int)
		if pr != nil {
			// Every step is reported: they come seconds apart.
			pr.eachStep()
			progress = func(s string, done, total int) {
				pr.fraction(fmt.Sprintf("step %d of %d: measuring %s", done+1, total, s), float64(done)/float64(total))
			}
		}
		p, err := calib.Characterise(ctx, name, *bf.quick, progress)
		if e.interrupted() {
			pr.finish("interrupted")
			fmt.Fprintln(e.stderr, "augur bench machine: interrupted; nothing written")
			return exitInterrupted
		}
		if err != nil {
			pr.finish("stopped")
			fmt.Fprintln(e.stderr, errorText("bench machine", err))
			return exitSim
		}
		pr.finish("done")
		for _, l := range p.Left {
			fmt.Fprintf(e.stderr, "augur bench machine: not measured: %s\n", l)
		}
		profiles = []*calib.Profile{p}
		floored := p.Floored()
		if len(floored) > 0 {
			fmt.Fprintf(e.stderr, "augur bench machine: %s measured faster than one clock cycle (%.3g ns): reported as one cycle, flagged in the file\n", strings.Join(floored, ", "), p.Cycle*1e9)
		}
		if *bf.profile != "" {
			if err := calib.SaveProfile(*bf.profile, p); err != nil {
				fmt.Fprintln(e.stderr, errorText("bench machine", err))
				return exitInput
			}
		}
	}
	var buf bytes.Buffer
	if err := calib.WriteMachine(&buf, name, profiles); err != nil {
		fmt.Fprintln(e.stderr, errorText("bench machine", err))
		return exitSim
	}
	if *bf.out == "" {
		e.stdout.Write(buf.Bytes())
		return exitOK
	}
	if err := os.WriteFile(*bf.out, buf.Bytes(), 0o644); err != nil {
		fmt.Fprintln(e.stderr, errorText("bench machine", err))
		return exitInput
	}
	fmt.Fprintf(e.stdout, "wrote %s\n", *bf.out)
	return exitOK
}
