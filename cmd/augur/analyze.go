package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"augur/internal/base/diag"
	"augur/internal/frontend/analyze"
	"augur/internal/frontend/cfront"
	"augur/internal/frontend/instrument"
	"augur/internal/machine"
	"augur/internal/results"
	"augur/internal/run/sourcefirst"
	"augur/internal/writers/sourceview"
	"augur/internal/writers/table"
	"augur/internal/writers/text"
)

// stringList collects a repeated flag's values in order.
type stringList []string

func (s *stringList) String() string     { return strings.Join(*s, ",") }
func (s *stringList) Set(v string) error { *s = append(*s, v); return nil }

type analyzeFlags struct {
	machines        stringList
	set             *paramFlag
	args            *string
	compileCommands *string
	model           *string
	format          *string
	procs           *int
	threads         *int
	name            *string
	report          *string
	counts          *string
	values          *string
	progress        *progressFlags
}

func newAnalyzeFlags(fs *flag.FlagSet) *analyzeFlags {
	f := &analyzeFlags{set: newParamFlag()}
	f.compileCommands = fs.String("compile-commands", "", "read each file's compile line from `FILE` (a compile_commands.json, as bear writes from a make build); with no C file given, analyse every file it lists")
	fs.Var(&f.machines, "machine", "price the blocks on the machine `FILE` and predict the model there (repeatable: one column per machine)")
	fs.Var(f.set, "set", "set a parameter of the analysis, `NAME=VALUE`, for the report, the predictions and the written model (repeatable; an expression of pid and procs, e.g. peer=1-pid, gives each process its own value)")
	f.args = fs.String("args", "", "the program's command-line `ARGS` after its name, e.g. \"10 4000\": the values it reads from them (atoi(argv[2]), ...) for the report, the predictions and the written model's defaults")
	f.procs = fs.Int("procs", 1, "number of MPI processes `P` for the report and the predictions")
	f.threads = fs.Int("threads", 0, "threads `T` of each process's OpenMP team for the predictions (default OMP_NUM_THREADS, else 1)")
	f.model = fs.String("model", "", "write the generated model to `FILE` (augur check and augur predict read it)")
	f.format = fs.String("format", "text", "output `FORMAT`: text, json or csv")
	f.name = fs.String("name", "", "`NAME` of the generated model (default: the first file's base name)")
	f.counts = fs.String("counts", "", "take the loop counts and branch probabilities the analysis cannot know from `DIR`, the counts of a run of augur instrument --count (process 0's), and compare its other counts with them")
	f.values = fs.String("values", "", "give the parameters the analysis cannot know from `FILE`, lines NAME = EXPR in the model language over the other parameters, pid and procs (docs/analyze.md, \"Values given outside the source\"); the written model keeps the expressions")
	f.progress = defineProgressFlags(fs)
	f.report = fs.String("report", "", "write the source view to `FILE`: a self-contained HTML page with the source, its blocks coloured by their share of the time, and each block's counts and time on every --machine")
	return f
}

func analyzeCommand() *command {
	c := &command{
		define:  func(fs *flag.FlagSet) { newAnalyzeFlags(fs) },
		name:    "analyze",
		summary: "read a C/MPI program and predict it without running it (ChronosMix)",
		usage:   "[--machine M.yaml]... [--set NAME=VALUE]... [--model MODEL.aug] [flags] [--] [COMPILER] [COMPILER FLAGS] PROG.c [more.c ...]",
		help: `Reads a C/MPI program with its real headers, as its compiler would, and does
what ChronosMix's PIC does: splits every function into blocks at loops,
branches, calls of the program's own functions and MPI calls; counts each
block's operations by class (the keys of a machine file's ops: integer and
floating-point add, multiply, divide, sqrt, exp, log, branches, calls,
random numbers, loads and stores); and counts how often each block runs
without running it — numbers for constant bounds, formulas in the
program's parameters (its macros, command-line arguments and the options
its getopt table registers) for symbolic ones, exact sums for nested loops
whose bounds depend on outer indices. What cannot be known statically
(while loops, data-dependent branches) becomes a parameter with a default,
set in the source with #pragma augur loop(COUNT), #pragma augur proba(P)
or PIC_proba(P), with --set, or as expressions of the other parameters in
a values file (--values FILE: lines NAME = EXPR); every such unknown is
listed with its position.

The generated model (--model) prices every block by formula (1): its operation
counts times the operation times of the machine the process runs on, and
its MPI calls become communication elements, so augur predict runs it on
any characterised machine (augur bench machine), heterogeneous ones
included. With --machine, analyze prints the time of every block, function
and operation class on each machine side by side (for process 0, at the
parameters given) and the predicted run time there at --procs processes.

Warnings go to standard error and into the output (JSON warnings, CSV
warning rows). Progress (reading, analysing, predicting on each machine)
goes to standard error on a terminal (--progress elsewhere, --no-progress
never). Ctrl-C or SIGTERM while predicting prints the analysis with the
predictions finished so far, marked partial, exit status 130.

` + compileLineHelp + `

analyze reads the preprocessing flags and the files as gcc does; the
code-generation and dialect flags (-O, -ffast-math, -march, -fopenmp,
-std, ...) are checked by the system's compiler, given to it for its
predefined macros (_OPENMP, __OPTIMIZE__) and shown in the report's
header (flags:); warnings, -g, link flags, -c and -o FILE are ignored
(-o MODEL.aug is an error: the model is written with --model). With --compile-commands and no C file,
every file of a make build that bear recorded is read with its own line.

  augur analyze --machine examples/analyze/measured/vm.yaml --procs 4 \
      mpicc -O2 -I examples/analyze examples/analyze/jacobi.c -lm
  augur analyze --model jacobi.aug -- mpicc -O2 examples/analyze/jacobi.c
  bear -- make && augur analyze --compile-commands compile_commands.json

See docs/analyze.md.`,
	}
	c.run = func(e *env, args []string) int { return runAnalyze(e, c, args) }
	return c
}

func runAnalyze(e *env, c *command, args []string) int {
	fs := flag.NewFlagSet(c.name, flag.ContinueOnError)
	f := newAnalyzeFlags(fs)
	line, status, done := parseCompileLine(e, c, fs, args)
	if done {
		return status
	}
	fail := func(code int, format string, a ...any) int {
		fmt.Fprintln(e.stderr, errorText("analyze", fmt.Errorf(format, a...)))
		return code
	}
	files := line.Sources
	switch {
	case strings.HasSuffix(line.Output, ".aug"):
		return fail(exitUsage, "-o %s is the compiler's output file, which analyze ignores; write the model with --model %s", line.Output, line.Output)
	case len(files) == 0 && *f.compileCommands == "":
		return fail(exitUsage, "no C file given")
	}
	if *f.format != "text" && *f.format != "json" && *f.format != "csv" {
		return fail(exitUsage, "--format must be text, json or csv, got %q", *f.format)
	}
	if *f.procs < 1 {
		return fail(exitUsage, "--procs must be at least 1, got %d", *f.procs)
	}
	if *f.threads < 0 {
		return fail(exitUsage, "--threads must be at least 1, got %d", *f.threads)
	}
	threads, err := teamSize(*f.threads)
	if err != nil {
		return fail(exitUsage, "%w", err)
	}
	pr, err := f.progress.reporter(e, "augur analyze")
	if err != nil {
		return fail(exitUsage, "%w", err)
	}
	// interrupted ends the command when Ctrl-C came before there is
	// anything to print.
	interrupted := func() int {
		pr.finish("interrupted")
		return fail(exitInterrupted, "interrupted before the analysis was complete; nothing to print")
	}
	var machines []sourcefirst.Machine
	for _, path := range f.machines {
		m, err := machine.Load(path)
		if err != nil {
			return fail(exitInput, "%w", err)
		}
		machines = append(machines, sourcefirst.Machine{Name: machineName(m, path), Machine: m})
	}
	var counts instrument.Counts
	if *f.counts != "" {
		var err error
		if counts, err = instrument.ReadCounts(*f.counts, 0); err != nil {
			return fail(exitInput, "--counts: %v", err)
		}
	}
	var values []analyze.ValueLine
	if *f.values != "" {
		src, err := os.ReadFile(*f.values)
		if err != nil {
			return fail(exitInput, "--values: %w", err)
		}
		if values, err = analyze.ParseValues(*f.values, src); err != nil {
			return fail(exitInput, "--values: %w", err)
		}
	}
	req := sourcefirst.Request{Values: values, Files: files, Set: f.set.vals, PerProcess: f.set.perProcess, Args: programArgs(fs, *f.args), Counts: counts, Name: *f.name, ModelFile: *f.model, Procs: *f.procs, Threads: threads, Machines: machines,
		Front:   cfront.Options{Flags: line.Compile, CompileCommands: *f.compileCommands},
		Context: e.context(), Warn: func(d *diag.Error) { fmt.Fprintln(e.stderr, d) }}
	if pr != nil {
		req.Progress = pr.phase
		req.Simulated = func(what string, t float64, ev int64) {
			pr.update(fmt.Sprintf("%s: simulated %s, %s events", what, results.Seconds(t), count(ev)))
		}
	}
	res, err := sourcefirst.Run(req)
	var source *sourcefirst.SourceError
	var flagErr *cfront.FlagError
	switch {
	case err != nil && e.interrupted():
		return interrupted()
	case errors.As(err, &flagErr):
		return fail(exitUsage, "%w", flagErr)
	case errors.As(err, &source):
		fmt.Fprintln(e.stderr, errorText("analyze", source.Err))
		return exitInput
	case err != nil:
		return fail(statusOf(err), "%w", err)
	}
	if *f.model != "" {
		if err := os.WriteFile(*f.model, []byte(res.Source), 0o644); err != nil {
			return fail(exitInput, "%w", err)
		}
	}
	if res.Partial {
		pr.finish("interrupted")
		fmt.Fprintln(e.stderr, "augur analyze: interrupted while predicting; the output has the predictions finished, marked partial")
	} else {
		pr.finish("done")
	}
	if *f.report != "" {
		if err := sourceview.WriteFile(*f.report, "augur analyze: "+res.Model, res.Files, res.Report, res.Predicted); err != nil {
			return fail(exitInput, "--report: %v", err)
		}
	}
	switch *f.format {
	case "json":
		enc := json.NewEncoder(e.stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(res.Document(*f.model)); err != nil {
			return fail(exitInput, "%w", err)
		}
	case "csv":
		if err := table.Write(e.stdout, res.Document(*f.model), results.AnalysisTable); err != nil {
			return fail(exitInput, "%w", err)
		}
	default:
		text.Analysis(e.stdout, res, *f.model)
	}
	if res.Partial {
		return exitInterrupted
	}
	// A deadlock ends analyze as it ends predict: the report says who
	// waits for whom (standard error, when standard output is not text).
	deadlocked := false
	for i, d := range res.Deadlocks {
		if d == nil {
			continue
		}
		deadlocked = true
		if *f.format != "text" {
			fmt.Fprintf(e.stderr, "augur analyze: on %s: %s\n", res.Report.Machines[i], d.Error())
		}
	}
	switch {
	case deadlocked:
		return exitDeadlock
	case res.InputErrors > 0:
		return exitInput // a machine or a value the program cannot be priced or run with
	case len(res.Errors) > 0:
		return exitSim
	}
	return exitOK
}

func machineName(m *machine.Machine, path string) string {
	if m.Name != "" {
		return m.Name
	}
	return strings.TrimSuffix(filepath.Base(path), filepath.Ext(path))
}
