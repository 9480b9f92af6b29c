package main

import (
	"errors"
	"flag"
	"fmt"
	"path/filepath"

	"augur/internal/base/diag"
	"augur/internal/base/infile"
	"augur/internal/base/procbound"
	"augur/internal/machine"
	"augur/internal/results"
	"augur/internal/run/predict"
	"augur/internal/writers/htmlreport"
	"augur/internal/writers/report"
)

type predictFlags struct {
	machine      *string
	nodes        *int
	procs        *int
	threads      *int
	set          *paramFlag
	args         *string
	opSpeed      setFlag
	opTime       setFlag
	mapping      *string
	format       *string
	sort         *string
	trace        *traceFlags
	report       *string
	seed         *uint64
	replications *int
	maxEvents    *int64
	maxIter      *int64
	stepLoops    *bool
	cfg          cfgFlag
	stable       *bool
	progress     *progressFlags
}

func newPredictFlags(fs *flag.FlagSet) *predictFlags {
	p := &predictFlags{set: newParamFlag(), opSpeed: setFlag{}, opTime: setFlag{}}
	p.machine = fs.String("machine", "", "machine `FILE` (YAML, see docs/machines.md); required")
	p.nodes = fs.Int("nodes", 0, "number of nodes `N`, overriding the machine file's count")
	p.procs = fs.Int("procs", 0, "number of processes `P` (default: one per CPU of the machine)")
	p.threads = fs.Int("threads", 0, "default threads per process `T` for parallel regions (default OMP_NUM_THREADS, else 1)")
	fs.Var(p.set, "set", "set a param of the model, `NAME=VALUE` (repeatable; units allowed: 12ms, 8KiB; an expression of pid and procs, e.g. peer=1-pid, gives each process its own value)")
	p.args = fs.String("args", "", "the modelled program's command-line `ARGS` after its name, e.g. \"10 4000\": the params the model binds to them (param n = 1000 arg 2) take their values")
	fs.Var(p.opSpeed, "op-speed", "make the operations matching `PATTERN=FACTOR` FACTOR times faster in ops(...) costs, e.g. fp_*=4 (repeatable; keys in docs/bench.md)")
	fs.Var(p.opTime, "op-time", "set operation `KEY=TIME` on every node for ops(...) costs, e.g. fp_div=4ns (repeatable)")
	fs.Var(&p.cfg, "cfg", "network setting `KEY:VALUE` as SimGrid's --cfg (repeatable): network/model:CM02|LV08|SMPI for link sharing, network/bandwidth-factor:0.5 for half the bandwidth; see docs/cli.md")
	p.mapping = fs.String("map", "block", "place processes on nodes: block, cyclic, or an explicit `LIST` of node ids (0,0,1,1)")
	p.format = fs.String("format", "text", "output `FORMAT`: text, json or csv")
	p.sort = fs.String("sort", "total", "sort the element table by `COLUMN`: name, kind, where, calls, total, mean, share, compute, communication (comm), waiting (wait), min, max (+/- prefix: ascending/descending)")
	p.trace = defineTraceFlags(fs)
	p.report = fs.String("report", "", "write a self-contained HTML report (charts, tables, timeline) to `FILE` (see augur report)")
	p.seed = fs.Uint64("seed", 1, "`SEED` of the random variates")
	p.replications = fs.Int("replications", 1, "run `N` times with seeds SEED, SEED+1, ... and report the mean and its 95% confidence interval")
	p.maxEvents = limitFlag(fs, "max-events", "stop after `N` events and element executions (default 2e10; executions of loops evaluated in closed form do not count)")
	p.maxIter = limitFlag(fs, "max-iterations", "refuse loops of more than `N` iterations (default 1e9)")
	p.stepLoops = fs.Bool("step-loops", false, "run every loop iteration by iteration, never in closed form (slower; the results agree to rounding)")
	p.stable = fs.Bool("stable", false, "leave wall-clock figures out of the output, so that equal inputs give byte-identical output")
	p.progress = defineProgressFlags(fs)
	return p
}

// bigDefault is the process count from which predict says that the
// default of one process per CPU made the run large.
const bigDefault = 10_000

func predictCommand() *command {
	c := &command{
		define:  func(fs *flag.FlagSet) { newPredictFlags(fs) },
		name:    "predict",
		summary: "predict a model's run time on a machine",
		usage:   "MODEL --machine FILE [flags]",
		help: `Simulates the performance model MODEL (see docs/language.md) on the machine
described by FILE (docs/machines.md) and prints the predicted time, the
evaluation time, a table per process (node, end, compute, communication,
waiting) and a table per element (kind, calls, total, mean, share).

--nodes, --procs and --threads set the system parameters of the model
(nodes, procs, threads) and override the machine's node count, so one
machine file serves every configuration, e.g.
  augur predict examples/lapw0.aug --machine examples/machines/gescher.yaml --nodes 8 --procs 32 --set NAT=64

Long runs report the simulated time reached and the events so far on
standard error when it is a terminal (--progress elsewhere, --no-progress
never). Ctrl-C (SIGINT) or SIGTERM stops the simulation cleanly: the
report of what was simulated is printed, marked partial (text: PARTIAL
RESULT; JSON: "partial": true and simulated_time_reached_s; CSV: a
partial record), and the exit status is 130.

Exit status 3 when the simulated program deadlocks (the report names every
blocked process, its element and what it waits for).`,
	}
	c.run = func(e *env, args []string) int { return runPredict(e, c, args) }
	return c
}

func runPredict(e *env, c *command, args []string) int {
	fs := flag.NewFlagSet(c.name, flag.ContinueOnError)
	pf := newPredictFlags(fs)
	pos, status, done := parseFlags(e, c, fs, args)
	if done {
		return status
	}
	if len(pos) != 1 {
		fmt.Fprintf(e.stderr, "augur predict: want one MODEL file, got %d arguments\nRun 'augur predict --help'.\n", len(pos))
		return exitUsage
	}
	if *pf.machine == "" {
		fmt.Fprintf(e.stderr, "augur predict: --machine FILE is required (bundled machines are in examples/machines/)\n")
		return exitUsage
	}
	switch *pf.format {
	case "text", "json", "csv":
	default:
		fmt.Fprintf(e.stderr, "augur predict: --format %q: use text, json or csv\n", *pf.format)
		return exitUsage
	}
	how, explicit, err := predict.CheckSettings(predict.Settings{Nodes: *pf.nodes, Procs: *pf.procs, Threads: *pf.threads,
		Replications: *pf.replications, Mapping: *pf.mapping})
	if err != nil {
		fmt.Fprintf(e.stderr, "augur predict: %s\n", predictOptionText(err))
		return exitUsage
	}
	threads, err := teamSize(*pf.threads)
	if err != nil {
		fmt.Fprintf(e.stderr, "augur predict: %v\n", err)
		return exitUsage
	}
	if err := procbound.Check(int64(*pf.procs)*int64(max(threads, 1)), procsFlag(*pf.procs, threads)); err != nil {
		fmt.Fprintf(e.stderr, "augur predict: %v\n", err)
		return exitUsage
	}
	src, err := infile.ReadFile(pos[0], infile.Model)
	if err != nil {
		fmt.Fprintln(e.stderr, errorText("predict", err))
		return exitInput
	}
	m, err := machine.Load(*pf.machine)
	if err != nil {
		fmt.Fprintln(e.stderr, errorText("predict", err))
		return exitInput
	}
	if *pf.procs == 0 {
		// One process per CPU is the default; say so when that is a lot,
		// so that a machine of many CPUs does not start a huge run
		// silently.
		cpus := m.TotalCPUs()
		if *pf.nodes > 0 && *pf.nodes != m.NumNodes() {
			if mm, err := m.WithNodes(*pf.nodes); err == nil {
				cpus = mm.TotalCPUs()
			}
		}
		if cpus >= bigDefault {
			fmt.Fprintf(e.stderr, "augur predict: no --procs: simulating one process per CPU of %s, %d processes\n", m.Name, cpus)
		}
	}
	if err := predict.CheckOpOverrides(pf.opSpeed, pf.opTime); err != nil {
		fmt.Fprintf(e.stderr, "augur predict: %s\n", predictOptionText(err))
		return exitUsage
	}
	cfgWarnings := noteIgnored(e, "predict", pf.cfg)
	opts := predict.Options{
		Filename: pos[0], Source: src, Machine: m,
		Nodes: *pf.nodes, Procs: *pf.procs, Threads: threads, Set: pf.set.vals, PerProcess: pf.set.perProcess,
		Args:    programArgs(fs, *pf.args),
		Mapping: how, Explicit: explicit, Seed: *pf.seed, Replications: *pf.replications,
		MaxEvents: *pf.maxEvents, MaxIterations: float64(*pf.maxIter), StepLoops: *pf.stepLoops,
		OpSpeed: pf.opSpeed, OpTime: pf.opTime, Cfg: pf.cfg,
		// Each process's own element table, for programs and reports.
		UnitElements: *pf.format == "json" || *pf.report != "",
	}
	prog, err := pf.progress.reporter(e, "augur predict")
	if err != nil {
		fmt.Fprintln(e.stderr, errorText("predict", err))
		return exitUsage
	}
	opts.Context = e.context()
	prog.predicting(&opts, *pf.replications)
	// The trace files' timeline has the flags' window and limit; the
	// report's has the whole run.
	var tl, reportTL *results.Timeline
	if pf.trace.wanted() {
		if tl, err = pf.trace.timeline(); err != nil {
			fmt.Fprintln(e.stderr, errorText("predict", err))
			return exitUsage
		}
		opts.Timelines = append(opts.Timelines, tl)
	}
	if *pf.report != "" {
		reportTL = results.NewTimeline(nil, nil)
		// The report draws a sample of the messages as arrows.
		reportTL.SampleMessages(htmlreport.MaxArrows)
		opts.Timelines = append(opts.Timelines, reportTL)
	}
	prog.phase("checking and compiling " + pos[0])
	p, err := predict.Run(opts)
	partial := p != nil && p.Partial
	if partial && len(p.Times) > 0 {
		prog.finish(fmt.Sprintf("interrupted after %d complete replication(s)", len(p.Times)))
		fmt.Fprintf(e.stderr, "augur predict: interrupted after %d complete replication(s); the result is partial\n", len(p.Times))
	} else {
		var reached, simulated float64
		var events int64
		if p != nil {
			reached, simulated, events = p.Reached, p.Time, p.Events
		}
		prog.ended(e, "augur predict", partial, err, reached, simulated, events)
	}
	if err != nil && !partial && e.interrupted() {
		// Stopped before the simulation began (setting up millions of
		// processes): nothing was simulated to print.
		fmt.Fprintln(e.stderr, "augur predict: interrupted while setting up the processes, before the simulation began")
		return exitInterrupted
	}
	if err != nil && !partial {
		var ce *predict.CheckError
		if errors.As(err, &ce) {
			fmt.Fprintln(e.stderr, withFlags(ce.Diags.Error(), ce.Diags))
			return exitInput
		}
		fmt.Fprintln(e.stderr, errorText("predict", err))
		var usageErr *predict.UsageError
		if errors.As(err, &usageErr) {
			return exitUsage
		}
		return statusOf(err)
	}
	if tl != nil {
		if err := pf.trace.write(e, "predict", tl); err != nil {
			fmt.Fprintln(e.stderr, errorText("predict", err))
			return exitInput
		}
	}
	s := report.Summarize(p, *pf.stable)
	for _, w := range cfgWarnings {
		s.Warnings = append(s.Warnings, "warning: "+w)
	}
	if err := report.SortElements(s.Elements, *pf.sort); err != nil {
		fmt.Fprintf(e.stderr, "augur predict: --sort: %v\n", err)
		return exitUsage
	}
	if reportTL != nil {
		r := results.FromPrediction(s)
		r.AttachTimeline(reportTL)
		if err := writeResultReport(*pf.report, r, filepath.Base(pos[0])); err != nil {
			fmt.Fprintf(e.stderr, "augur predict: --report: %v\n", err)
			return exitInput
		}
	}
	switch *pf.format {
	case "json":
		err = report.WriteJSON(e.stdout, s)
	case "csv":
		err = report.WriteCSV(e.stdout, s)
	default:
		err = report.WriteText(e.stdout, s)
	}
	if err != nil {
		fmt.Fprintln(e.stderr, errorText("predict", err))
		return exitInput
	}
	if partial {
		return exitInterrupted
	}
	if p.Deadlock != nil {
		if *pf.format != "text" {
			fmt.Fprintln(e.stderr, p.Deadlock.Error())
		}
		return exitDeadlock
	}
	return exitOK
}

// procsFlag names the flags that ask for procs processes of threads
// threads each, for the process bound's message.
func procsFlag(procs, threads int) string {
	if threads > 1 {
		return fmt.Sprintf("--procs %d × --threads %d", procs, threads)
	}
	return fmt.Sprintf("--procs %d", procs)
}

// predictOptionText names the flag of an option predict refused.
func predictOptionText(err error) string {
	var ge *diag.GivenError
	if errors.As(err, &ge) && ge.Given == (diag.Given{What: diag.Option, Name: "counts"}) {
		return fmt.Sprintf("--nodes, --procs and --threads must be ≥ 0 and --replications 1..%d", predict.MaxReplications)
	}
	return withFlags(err.Error(), err)
}
