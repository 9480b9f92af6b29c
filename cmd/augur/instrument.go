package main

import (
	"errors"
	"flag"
	"fmt"
	"math"
	"path/filepath"
	"strings"

	"augur/internal/frontend/cfront"
	"augur/internal/frontend/instrument"
	"augur/internal/frontend/recorder/mpi"
)

type instrumentFlags struct {
	out         *string
	count, time *bool
	sample      stringList
	tolerance   *float64
	refSpeed    *float64
	machine     *string
	build       *bool
	alignLoops  *int
	progress    *progressFlags
}

func newInstrumentFlags(fs *flag.FlagSet) *instrumentFlags {
	f := &instrumentFlags{}
	f.out = fs.String("out", "", "write the instrumented sources, the runtime and (with --build) the program to `DIR`; required")
	f.count = fs.Bool("count", false, "count the executions of every loop and branch of augur analyze's blocks (ChronosMix's post-mortem counts); this or --time is required")
	f.time = fs.Bool("time", false, "time the blocks on the thread's CPU clock and write every rank's MPI calls and compute bursts as a SimGrid time-independent trace (dPerf's timed run)")
	fs.Var(&f.sample, "sample", "with --time, sample the loop(s) `BLOCK[,BLOCK]` (augur analyze's names) by the threshold iteration rule, as #pragma augur sample above a loop does; repeatable")
	f.tolerance = fs.Float64("tolerance", 0.02, "with --time, the threshold iteration rule's `EPS`: a sampled loop stops being timed when its mean time per iteration moves by less than EPS (relative)")
	f.refSpeed = fs.Float64("ref-speed", 0, "with --time, the `FLOPS` per second that turn measured compute seconds into the trace's flops, stated in the traces as assumed (default: this host's speed, from --machine or measured now)")
	f.machine = fs.String("machine", "", "with --time, the machine `FILE` of the host the program will run on (augur bench machine -o FILE): its flop rate turns measured compute seconds into the trace's flops (default: this host's, measured now)")
	f.build = fs.Bool("build", false, "compile the instrumented program into DIR/PROG with the compile line's compiler and flags (without a compiler named first: mpicc, or cc when the program does not include mpi.h)")
	f.progress = defineProgressFlags(fs)
	f.alignLoops = fs.Int("align-loops", defaultAlignLoops, "with --time, start every loop of the build at a multiple of `BYTES` (-falign-loops; default 0: the build is yours, nothing added): the timers move the code after them, and an inner loop that comes to straddle a cache line of instructions can run 1.7 times slower; aligned, build your own program with the same -falign-loops for the prediction to hold (docs/instrument.md)")
	return f
}

func instrumentCommand() *command {
	c := &command{
		define:  func(fs *flag.FlagSet) { newInstrumentFlags(fs) },
		name:    "instrument",
		summary: "write a C/MPI program that counts or times its blocks when run (ChronosMix's counts, dPerf's traces)",
		usage:   "--count|--time --out DIR [--sample LOOP] [--build] [flags] [--] [COMPILER] [COMPILER FLAGS] PROG.c [more.c ...]",
		help: `Writes the program again into DIR, instrumented on augur analyze's blocks,
with their names. Every line keeps its number, so compiler messages point at
your code. --build compiles it into DIR/PROG with the compile line's
compiler and flags (mpicc when it names none, cc when the program does not
include mpi.h); without it, the command to use is printed.

` + compileLineHelp + `

instrument --build gives the compile line's flags to the compiler as they
are, its link flags, objects and libraries after the sources; -c, -S, -E and -o FILE are left
out (the program is built as DIR/PROG). Without -O the build is gcc's -O0:
give the flags the program is built with.

--count (ChronosMix's post-mortem counts): a counter on every loop (its
entries and iterations) and every if (its executions and each arm's);
augur_count.c writes DIR/augur-counts.RANK.txt when each process exits
(into $AUGUR_COUNT_DIR when set: a directory per run, e.g. per problem size,
whose counts augur fit can turn into formulas of the size; docs/instrument.md).

  augur instrument --count --out cnt --build mpicc -O2 -I examples/analyze examples/analyze/isort.c
  mpirun -np 2 cnt/isort 1048576
  augur analyze --counts cnt --set n=1048576 --procs 2 -I examples/analyze examples/analyze/isort.c

augur analyze then takes the loop counts and branch probabilities it could
not know from the run (provenance "measured"), and prints static against
measured counts where it has both.

--time (dPerf's timed run): augur's PMPI recorder is linked in; each rank
writes DIR/rank-R.txt, a SimGrid time-independent trace of its MPI calls and
of the compute between them (the thread's CPU seconds x this host's flop rate,
from --machine FILE or measured when the program is instrumented, and
stated in each trace's header),
rank 0 DIR/index.txt, and each rank DIR/augur-times.RANK.txt, the CPU time of
every loop without MPI calls that is not inside another. Loops marked
#pragma augur sample (on the line above the loop, or above its
#pragma augur loop) or named by --sample run dPerf's threshold iteration
rule: timed until the mean time of an iteration moves by less than
--tolerance between checkpoints, then skipped and charged at that mean. In a
marked loop that makes MPI calls, the MPI calls all run and the loops
without MPI calls inside it are what is sampled. Skipping changes what the
program computes: mark only loops whose results decide neither control flow
nor message sizes (docs/instrument.md).

  augur instrument --time --sample main_L64 --out tj --build mpicc -O2 -I examples/analyze examples/analyze/jacobi.c
  mpirun -np 2 tj/jacobi 1024 100
  augur replay tj/index.txt --platform examples/mpi/localhost.xml

Exit status 1 when the program cannot be read, analysed, written or built,
2 for a wrong command line.`,
	}
	c.run = func(e *env, args []string) int { return runInstrument(e, c, args) }
	return c
}

func runInstrument(e *env, c *command, args []string) int {
	fs := flag.NewFlagSet("instrument", flag.ContinueOnError)
	f := newInstrumentFlags(fs)
	line, status, done := parseCompileLine(e, c, fs, args)
	if done {
		return status
	}
	files := line.Sources
	fail := func(code int, format string, a ...any) int {
		fmt.Fprintln(e.stderr, errorText("instrument", fmt.Errorf(format, a...)))
		return code
	}
	switch {
	case len(files) == 0:
		return fail(exitUsage, "no C file given")
	case *f.count == *f.time:
		return fail(exitUsage, "say what to instrument: --count (the executions of every block) or --time (the time of the blocks and a trace of the MPI calls), one of them")
	case !*f.time && (len(f.sample) > 0 || isSet(fs, "tolerance") || isSet(fs, "ref-speed") || isSet(fs, "machine") || isSet(fs, "align-loops")):
		return fail(exitUsage, "--sample, --tolerance, --ref-speed, --machine and --align-loops go with --time")
	case *f.alignLoops < 0 || *f.alignLoops > 4096 || *f.alignLoops&(*f.alignLoops-1) != 0:
		return fail(exitUsage, "--align-loops %d: want 0 or a power of two up to 4096 (bytes)", *f.alignLoops)
	case !(*f.tolerance > 0 && *f.tolerance < 1):
		return fail(exitUsage, "--tolerance %g: want a number between 0 and 1", *f.tolerance)
	case isSet(fs, "ref-speed") && (!(*f.refSpeed > 0) || math.IsInf(*f.refSpeed, 0)):
		return fail(exitUsage, "--ref-speed %g: want a positive number of flop/s", *f.refSpeed)
	case *f.out == "" && line.Output != "":
		return fail(exitUsage, "--out DIR is required (-o %s is the compiler's output file, which instrument leaves out: it builds DIR/PROG)", line.Output)
	case *f.out == "":
		return fail(exitUsage, "--out DIR is required")
	}
	dir, err := filepath.Abs(*f.out)
	if err != nil {
		return fail(exitInput, "%w", err)
	}
	pr, err := f.progress.reporter(e, "augur instrument")
	if err != nil {
		return fail(exitUsage, "%w", err)
	}
	var ref mpi.Reference
	if *f.time {
		if *f.machine == "" && *f.refSpeed == 0 {
			pr.phase("measuring this host's flop rate")
		}
		if ref, err = recordingReference(*f.machine, *f.refSpeed); err != nil {
			return fail(exitInput, "%w", err)
		}
	}
	var sample []string
	for _, v := range f.sample {
		sample = append(sample, strings.Split(v, ",")...)
	}
	req := instrument.Request{Files: files, Front: cfront.Options{Flags: line.Compile},
		Time: *f.time, Sample: sample, Tolerance: *f.tolerance, Ref: ref, AlignLoops: *f.alignLoops,
		Dir: dir, Compiler: line.Compiler, LinkFlags: line.Link}
	pr.phase(fmt.Sprintf("reading and instrumenting %s", strings.Join(files, ", ")))
	b, err := instrument.Prepare(e.context(), req)
	var sampleErr *instrument.SampleError
	var flagErr *cfront.FlagError
	switch {
	case errors.As(err, &sampleErr), errors.As(err, &flagErr):
		return fail(exitUsage, "%w", err)
	case err != nil:
		return fail(exitInput, "%w", err)
	}
	for _, n := range b.Notes {
		fmt.Fprintf(e.stderr, "augur instrument: %s\n", n)
	}
	for _, w := range b.Warnings {
		fmt.Fprintln(e.stderr, w)
	}
	var compileErr error
	if *f.build {
		pr.phase(fmt.Sprintf("compiling %s with %s", b.Binary, b.Compiler))
		compileErr = b.Compile(e.context(), e.stderr)
	}
	// The report's line is erased before standard output.
	if compileErr != nil {
		pr.finish("stopped")
	} else {
		pr.finish("done")
	}
	fmt.Fprintf(e.stdout, "wrote %d instrumented file(s), %s, and %s to %s\n", len(b.Sources), b.Summary, strings.Join(b.Link, ", "), dir)
	if !*f.build {
		fmt.Fprintf(e.stdout, "build: %s %s\n", b.Compiler, shellWords(b.Args))
		return exitOK
	}
	if compileErr != nil {
		return fail(exitInput, "%w", compileErr)
	}
	fmt.Fprintf(e.stdout, "built %s\n", b.Binary)
	if *f.time {
		// A program that reads no mpi.h (however included) makes no MPI
		// call the recorder could see: it has block times, no trace.
		where := "DIR/augur-times.0.txt (no MPI trace: the program does not include mpi.h)"
		if b.MPI {
			where = "the traces in " + filepath.Join(dir, "index.txt") + " (replay: augur replay " + filepath.Join(dir, "index.txt") + " --platform PLATFORM.xml), the block times in augur-times.RANK.txt"
		}
		fmt.Fprintf(e.stdout, "run it as usual; it writes %s\n", strings.Replace(where, "DIR", dir, 1))
		if b.MPI {
			fmt.Fprintf(e.stdout, "its traces convert compute seconds to flops at %.4g flop/s (%s)\n", ref.Speed, refText(ref))
		}
	}
	return exitOK
}

// defaultAlignLoops is --align-loops' default: none. A timed run predicts
// the program built the user's way, so nothing is added to their flags;
// aligned loops (64: the line of the instruction and micro-op caches of
// current x86 processors) made a blocked matmul 28 % faster than its plain
// build, and every prediction of it as much too low.
const defaultAlignLoops = 0

// isSet tells whether the command line gave flag name.
func isSet(fs *flag.FlagSet, name string) bool {
	set := false
	fs.Visit(func(f *flag.Flag) { set = set || f.Name == name })
	return set
}

// shellWords joins args for sh: an argument with characters the shell
// would read (the recorder's -D strings have quotes and spaces) goes in
// single quotes, so that the printed build command runs as printed.
func shellWords(args []string) string {
	out := make([]string, len(args))
	for i, a := range args {
		out[i] = a
		if strings.ContainsAny(a, " \t\n\"'\\$`()&;|<>*?[]#~!{}") {
			out[i] = "'" + strings.ReplaceAll(a, "'", `'\''`) + "'"
		}
	}
	return strings.Join(out, " ")
}
