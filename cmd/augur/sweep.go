package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"

	"augur/internal/diag"
	"augur/internal/frontend/model"
	"augur/internal/infile"
	"augur/internal/machine"
	"augur/internal/netmodel"
	"augur/internal/run/simulate"
	"augur/internal/tools/sweep"
	"augur/internal/writers/sweephtml"
	"augur/internal/writers/sweepout"
)

// listFlag collects a repeatable flag's values in order.
type listFlag []string

func (l *listFlag) String() string     { return strings.Join(*l, " ") }
func (l *listFlag) Set(v string) error { *l = append(*l, v); return nil }

type sweepFlags struct {
	machines, platforms, sets, cfgs, sbatchArgs listFlag
	nodes, procs, threads, np, cpus             *string
	procsPerNode                                *int
	points, hostfile, mapping, simModel         *string
	seed                                        *uint64
	maxEvents                                   *int64
	jobs                                        *int
	out, format, report                         *string
	progress                                    *progressFlags
	on, partition, timeLimit, augur             *string
	tasks                                       *int
	status, collect, runTask                    *string
	noCache                                     *bool
}

func newSweepFlags(fs *flag.FlagSet) *sweepFlags {
	f := &sweepFlags{}
	f.noCache = defineCacheFlag(fs)
	fs.Var(&f.machines, "machine", "predict: a machine `FILE` or NAME=FILE (repeatable: one curve per machine)")
	fs.Var(&f.platforms, "platform", "replay: a SimGrid platform or augur machine, `FILE` or NAME=FILE (repeatable)")
	f.nodes = fs.String("nodes", "", "predict: node counts, a `LIST` such as 1,2,4 or 1..8*2")
	f.procs = fs.String("procs", "", "predict: process counts, a `LIST` such as 4,8,16..1024*2")
	f.threads = fs.String("threads", "", "predict: threads per parallel region, a `LIST`")
	f.procsPerNode = fs.Int("procs-per-node", 0, "predict: set nodes = ⌈procs/`K`⌉ at each point (a cluster that grows with the job)")
	fs.Var(&f.sets, "set", "predict: a param's values, `NAME=LIST` (repeatable; units allowed: T=1ms..8ms*2)")
	fs.Var(&f.cfgs, "cfg", "predict, replay: a network setting's values, `KEY:V1,V2,...` as SimGrid's --cfg (repeatable), e.g. network/model:SMPI,CM02")
	f.np = fs.String("np", "", "replay: rank counts, a `LIST` (default: the trace's own)")
	f.hostfile = fs.String("hostfile", "", "replay: `FILE` naming a host per line, as smpirun takes it (default: the platform's hosts in order)")
	f.cpus = fs.String("cpus", "", "simulate: processor counts, a `LIST` such as 1..16; required for simulate")
	f.simModel = fs.String("sim-model", "auto", "simulate: `MODEL` direct, client-server, strict or auto")
	f.mapping = fs.String("map", "block", "predict: `HOW` to place processes on nodes, block or cyclic")
	f.points = fs.String("points", "", "listed points: a CSV `FILE` whose header names axes (nodes, procs, np, cpus, a param, a --cfg key) and whose rows are points; crossed with the list flags")
	f.seed = fs.Uint64("seed", 1, "the sweep's `SEED`; each point's own seed is derived from it and the point")
	f.maxEvents = limitFlag(fs, "max-events", "stop a point after `N` events (its result is then an error; default: each command's own)")
	f.jobs = fs.Int("j", runtime.GOMAXPROCS(0), "run `N` points at once (default: one per core)")
	f.out = fs.String("out", "augur-sweep", "`DIR` of the results files: finished points are kept there and never run again")
	f.format = fs.String("format", "text", "output `FORMAT`: text, json (JSON lines) or csv")
	f.report = fs.String("report", "", "write an HTML report (time, speed-up and efficiency curves, version against version) to `FILE`")
	f.progress = defineProgressFlags(fs)
	f.on = fs.String("on", "local", "`WHERE` to run: local (this machine's cores) or slurm (a job array; see docs/sweep.md)")
	f.tasks = fs.Int("tasks", 0, "slurm: array tasks `N` to spread the points over (default: one per 100 points, at most 1000)")
	f.partition = fs.String("partition", "", "slurm: the `PARTITION` (default: the cluster's default)")
	f.timeLimit = fs.String("time", "", "slurm: time limit `T` of each array task, as sbatch --time takes it (default: the partition's)")
	f.augur = fs.String("augur", "", "slurm: the augur binary as the nodes see it, an absolute `PATH` (default: this binary)")
	fs.Var(&f.sbatchArgs, "sbatch-arg", "slurm: one more sbatch argument, e.g. --sbatch-arg=--account=proj (`ARG`, repeatable)")
	f.status = fs.String("status", "", "report how far the Slurm sweep in `DIR` is, then exit")
	f.collect = fs.String("collect", "", "print the results of the Slurm sweep in `DIR` (as the sweep itself would), then exit")
	f.runTask = fs.String("run-task", "", "internal: run this Slurm array task's share of the sweep in `DIR` (job.sh does)")
	return f
}

func sweepCommand() *command {
	c := &command{
		define:  func(fs *flag.FlagSet) { newSweepFlags(fs) },
		name:    "sweep",
		summary: "run a design-space sweep: versions × machines × parameters, locally or on Slurm",
		words:   []string{string(sweep.Predict), string(sweep.Replay), string(sweep.Simulate)},
		usage:   "predict|replay|simulate VERSION... [--machine|--platform FILE]... [LIST flags] [flags]\n       augur sweep --status DIR | --collect DIR",
		help: `Runs every version (models for predict, MPI traces for replay, thread traces
for simulate) on every machine at every point of the parameter grid, and
says which version is faster where. A VERSION or machine is FILE or
NAME=FILE; outputs use NAME (default: the file's name without extension).

A LIST is comma-separated numbers and ranges: 4,8,16..1024*2 is 4, 8, 16,
32, ..., 1024; 1..16 steps by 1; 0.5..2+0.5 by 0.5. Every list flag is an
axis of a full grid; --points FILE lists points one by one instead.

  augur sweep predict A=examples/sample.aug B=b.aug --machine examples/machines/ideal.yaml --procs 1..64*2
  augur sweep predict examples/lapw0/lapw0-fitted.aug --machine examples/machines/gescher.yaml \
        --set NAT=32,64 --procs 4..32*2 --procs-per-node 4
  augur sweep replay t.txt --platform a.xml --platform b.xml --np 4,8 --cfg network/model:SMPI,CM02
  augur sweep simulate prog.trace --cpus 1..16

A line is printed per point as soon as it and the points before it are
done (so the output is the same for any -j), then the summary: each
version's time, speed-up and efficiency against the smallest procs, np or
cpus of its curve, the winner at each point, and where the winner changes.
Points run on -j workers; a progress bar and the time left go to standard
error on a terminal (or with --progress). Each finished point is appended
to DIR/results.jsonl at once, keyed by its inputs' content and
coordinates: an interrupted sweep re-run the same way computes only the
missing points. A point that fails is reported with its error; the
others go on. Each point's seed is derived from --seed and the point.

--on slurm submits the points left as a Slurm job array (sbatch --array);
each task writes DIR/results-task-K.jsonl. --status DIR says how far it
is; --collect DIR, or the same command re-run, prints the results. DIR
and the inputs must be on a file system the nodes share. See docs/sweep.md.

Exit status 0 when every point has a result that is not an error
(deadlocks are results), 1 when an input cannot be read, a point failed or
points are missing (--collect), 2 for a wrong command line, 130 when
interrupted (finished points are kept).`,
	}
	c.run = func(e *env, args []string) int { return runSweep(e, c, args) }
	return c
}

func runSweep(e *env, c *command, args []string) int {
	fs := flag.NewFlagSet(c.name, flag.ContinueOnError)
	f := newSweepFlags(fs)
	pos, status, done := parseFlags(e, c, fs, args)
	if done {
		return status
	}
	fail := func(code int, format string, a ...any) int {
		fmt.Fprintln(e.stderr, errorText("sweep", fmt.Errorf(format, a...)))
		return code
	}
	// Ctrl-C or SIGTERM (main wires them) stops the sweep with
	// exitInterrupted; its finished points are kept for the re-run.
	ctx := e.context()
	switch {
	case *f.status != "":
		return sweepStatus(ctx, e, *f.status)
	case *f.collect != "":
		return sweepCollect(e, c, *f.collect, *f.format, *f.report)
	case *f.runTask != "":
		return sweepTask(ctx, e, c, *f.runTask)
	}
	if *f.format != "text" && *f.format != "json" && *f.format != "csv" {
		return fail(exitUsage, "--format %q: use text, json or csv", *f.format)
	}
	if *f.jobs < 1 {
		return fail(exitUsage, "-j %d: want at least 1 worker", *f.jobs)
	}
	if *f.on != "local" && *f.on != "slurm" {
		return fail(exitUsage, "--on %q: use local or slurm", *f.on)
	}
	pr, err := f.progress.reporter(e, "augur sweep")
	if err != nil {
		return fail(exitUsage, "%w", err)
	}
	pr.phase("reading the versions and machines")
	spec, code, err := buildSpec(f, pos, "")
	if err != nil {
		return fail(code, "%w", err)
	}
	dir := *f.out
	if *f.on == "slurm" {
		pr.stop()
		return sweepSubmit(ctx, e, f, spec, args)
	}
	pr.phase("reading the finished points in " + dir)
	doneRecs, err := sweep.ReadDir(dir)
	if err != nil {
		return fail(exitInput, "%w", err)
	}
	store, err := sweep.OpenStore(sweep.LocalFile(dir))
	if err != nil {
		return fail(exitInput, "%w", err)
	}
	defer store.Close()
	w, err := sweepout.NewWriter(e.stdout, *f.format, spec)
	if err != nil {
		return fail(exitUsage, "%w", err)
	}
	w.Header()
	defer gcPercent(sweepGCPercent)()
	pr.phase("setting up the points")
	results, err := sweep.Run(ctx, spec, sweep.Options{Jobs: *f.jobs, Done: doneRecs, Store: store,
		Cache: traceCache(*f.noCache), OnResult: w.Point, OnProgress: func(p sweep.Progress) { pr.update(sweepProgress(p)) }})
	switch {
	case errors.Is(err, context.Canceled):
		pr.finish("interrupted")
	case err == nil:
		pr.finish(fmt.Sprintf("done: %d points", len(results)))
	}
	if errors.Is(err, context.Canceled) {
		fmt.Fprintf(e.stderr, "augur sweep: interrupted; the finished points are in %s: run the same command to resume\n", sweep.LocalFile(dir))
		return exitInterrupted
	}
	if err != nil {
		return fail(exitInput, "%w", err)
	}
	return finishSweep(e, spec, w, results, *f.report)
}

// finishSweep writes the summary and the report and gives the exit status.
func finishSweep(e *env, spec *sweep.Spec, w *sweepout.Writer, results []sweep.Result, report string) int {
	sum := sweep.Summarize(spec, results)
	if err := w.Summary(sum); err != nil {
		fmt.Fprintln(e.stderr, errorText("sweep", err))
		return exitInput
	}
	if report != "" {
		if err := writeSweepReport(report, sum); err != nil {
			fmt.Fprintf(e.stderr, "augur sweep: --report: %v\n", err)
			return exitInput
		}
	}
	if sum.Failed > 0 || sum.Missing > 0 {
		return exitInput
	}
	return exitOK
}

func writeSweepReport(path string, sum *sweep.Summary) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := sweephtml.Write(f, sum, "augur "+version); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// buildSpec turns the flags and arguments into a sweep; relative paths
// start at base ("" for the current directory). The status is exitUsage
// or exitInput for the error.
func buildSpec(f *sweepFlags, pos []string, base string) (*sweep.Spec, int, error) {
	if len(pos) < 2 {
		return nil, exitUsage, errors.New("want a mode (predict, replay or simulate) and at least one VERSION; run 'augur sweep --help'")
	}
	mode, err := sweep.ParseMode(pos[0])
	if err != nil {
		return nil, exitUsage, err
	}
	resolve := func(arg string) string {
		name, path, ok := strings.Cut(arg, "=")
		if base == "" {
			return arg
		}
		if ok && !strings.ContainsAny(name, `/\`) {
			if !filepath.IsAbs(path) {
				path = filepath.Join(base, path)
			}
			return name + "=" + path
		}
		if !filepath.IsAbs(arg) {
			return filepath.Join(base, arg)
		}
		return arg
	}
	s := &sweep.Spec{Mode: mode, Seed: *f.seed, MaxEvents: *f.maxEvents}
	// Flags that belong to another mode are a usage error, not ignored.
	only := map[string][]string{
		"predict":  {"machine", "nodes", "procs", "threads", "procs-per-node", "set", "map"},
		"replay":   {"platform", "np", "hostfile"},
		"simulate": {"cpus", "sim-model"},
	}
	given := map[string]bool{}
	fsSeen(f, given)
	for m, names := range only {
		if sweep.Mode(m) == mode {
			continue
		}
		for _, n := range names {
			if given[n] {
				return nil, exitUsage, fmt.Errorf("--%s is for augur sweep %s, not %s", n, m, mode)
			}
		}
	}
	if mode == sweep.Simulate && len(f.cfgs) > 0 {
		return nil, exitUsage, errors.New("--cfg is for predict and replay, not simulate")
	}
	versionKind := map[sweep.Mode]infile.Kind{sweep.Predict: infile.Model, sweep.Replay: infile.MPITrace, sweep.Simulate: infile.ThreadTrace}[mode]
	for _, v := range pos[1:] {
		in, err := sweep.LoadInput(resolve(v), versionKind, mode == sweep.Predict)
		if err != nil {
			return nil, exitInput, err
		}
		s.Versions = append(s.Versions, in)
	}
	machines := f.machines
	if mode == sweep.Replay {
		machines = f.platforms
	}
	for _, m := range machines {
		in, err := sweep.LoadInput(resolve(m), infile.Platform, true)
		if err != nil {
			return nil, exitInput, err
		}
		s.Machines = append(s.Machines, in)
	}
	if *f.hostfile != "" {
		in, err := sweep.LoadInput(resolve(*f.hostfile), infile.Hostfile, true)
		if err != nil {
			return nil, exitInput, err
		}
		s.Hostfile = &in
	}
	if mode == sweep.Predict {
		if _, _, err := machine.ParseMapping(*f.mapping); err != nil {
			return nil, exitUsage, fmt.Errorf("--map: %v", err)
		}
		s.Mapping = *f.mapping
		if *f.procsPerNode < 0 {
			return nil, exitUsage, errors.New("--procs-per-node must be ≥ 1")
		}
		s.ProcsPerNode = *f.procsPerNode
	}
	if mode == sweep.Simulate {
		if _, ok := simulate.ParseModel(*f.simModel); !ok && *f.simModel != "auto" {
			return nil, exitUsage, fmt.Errorf("--sim-model %q: use direct, client-server, strict or auto", *f.simModel)
		}
		s.SimModel = *f.simModel
	}
	for _, ax := range []struct{ name, list string }{{"nodes", *f.nodes}, {"procs", *f.procs}, {"threads", *f.threads}, {"np", *f.np}, {"cpus", *f.cpus}} {
		if ax.list == "" {
			continue
		}
		a, err := sweep.NumAxis(mode, ax.name, ax.list)
		if err != nil {
			return nil, exitUsage, fmt.Errorf("--%v", err)
		}
		s.Axes = append(s.Axes, a)
	}
	for _, set := range f.sets {
		name, list, ok := strings.Cut(set, "=")
		name = strings.TrimSpace(name)
		if !ok || name == "" || strings.Contains(name, "/") {
			return nil, exitUsage, fmt.Errorf("--set %q: want NAME=LIST", set)
		}
		a, err := sweep.NumAxis(mode, name, list)
		if err != nil {
			return nil, exitUsage, fmt.Errorf("--set %v", err)
		}
		s.Axes = append(s.Axes, a)
	}
	for _, cfg := range f.cfgs {
		key, list, ok := strings.Cut(cfg, ":")
		if !ok || !strings.Contains(key, "/") {
			return nil, exitUsage, fmt.Errorf("--cfg %q: want KEY:V1,V2,... with a SimGrid key such as network/model", cfg)
		}
		a, err := sweep.TextAxis(mode, strings.TrimSpace(key), list)
		if err != nil {
			return nil, exitUsage, fmt.Errorf("--cfg %v", err)
		}
		// The model's name is checked here; other keys are checked by
		// each point against its machine, as predict and replay do.
		for _, v := range a.Values {
			if a.Name != "network/model" {
				break
			}
			if _, err := netmodel.ParseKind(v.Text); err != nil {
				return nil, exitUsage, fmt.Errorf("--cfg %s:%s: %v", a.Name, v.Text, err)
			}
		}
		s.Axes = append(s.Axes, a)
	}
	if *f.points != "" {
		path := resolve(*f.points)
		data, err := infile.ReadFile(path, infile.Points)
		if err != nil {
			return nil, exitInput, err
		}
		if s.ListedAxes, s.Listed, err = sweep.ParsePoints(mode, *f.points, data); err != nil {
			return nil, exitInput, err
		}
	}
	if err := s.Check(); err != nil {
		return nil, exitUsage, err
	}
	if err := checkParamAxes(s, *f.points); err != nil {
		var d *diag.Error
		if errors.As(err, &d) {
			return nil, exitInput, err // a column of the points file
		}
		return nil, exitUsage, err
	}
	return s, 0, nil
}

// checkParamAxes refuses, once and before any point runs, a param axis
// (--set NAME=L, a points file's column) that a version does not
// declare, suggesting the name nearest to it: a typo would otherwise fail
// every point alike.
func checkParamAxes(s *sweep.Spec, points string) error {
	if s.Mode != sweep.Predict {
		return nil
	}
	for _, in := range s.Versions {
		f, diags := model.Parse(in.Path, in.Data)
		if diags.HasErrors() {
			continue // each point reports the model's errors
		}
		var names []string
		for _, d := range f.Decls {
			if v, ok := d.(*model.VarDecl); ok && v.Kind == model.Param {
				names = append(names, v.Name.Name)
			}
		}
		for i, a := range append(append([]sweep.Axis(nil), s.ListedAxes...), s.Axes...) {
			if !a.IsParam() || slices.Contains(names, a.Name) {
				continue
			}
			msg := fmt.Sprintf("no param %q in %s (%s)", a.Name, in.Name, in.Path)
			if near := diag.Suggest(a.Name, append(names, "nodes", "procs", "threads")); near != "" {
				msg += fmt.Sprintf("; did you mean %q?", near)
			} else if len(names) > 0 {
				msg += "; its params: " + strings.Join(names, ", ")
			}
			if i < len(s.ListedAxes) {
				return diag.At(points, 1, 0, "column %s: %s", a.Name, msg)
			}
			return fmt.Errorf("--set %s: %s", a.Name, msg)
		}
	}
	return nil
}

// fsSeen marks the flags of f given a value other than their default.
func fsSeen(f *sweepFlags, given map[string]bool) {
	given["machine"] = len(f.machines) > 0
	given["platform"] = len(f.platforms) > 0
	given["set"] = len(f.sets) > 0
	given["nodes"], given["procs"], given["threads"] = *f.nodes != "", *f.procs != "", *f.threads != ""
	given["np"], given["cpus"], given["hostfile"] = *f.np != "", *f.cpus != "", *f.hostfile != ""
	given["procs-per-node"] = *f.procsPerNode != 0
	given["map"] = *f.mapping != "block"
	given["sim-model"] = *f.simModel != "auto"
}

// sweepSubmit runs --on slurm: the points left go to a job array; when
// none is left, the results are printed as a collect would.
func sweepSubmit(ctx context.Context, e *env, f *sweepFlags, spec *sweep.Spec, args []string) int {
	dir, err := filepath.Abs(*f.out)
	if err != nil {
		fmt.Fprintln(e.stderr, errorText("sweep", err))
		return exitInput
	}
	doneRecs, err := sweep.ReadDir(dir)
	if err != nil {
		fmt.Fprintln(e.stderr, errorText("sweep", err))
		return exitInput
	}
	var todo []int
	for _, p := range spec.Points() {
		if _, ok := doneRecs[spec.Key(p)]; !ok {
			todo = append(todo, p.Index)
		}
	}
	if len(todo) == 0 {
		return printCollected(e, spec, doneRecs, *f.format, *f.report)
	}
	if old, err := sweep.ReadJob(dir); err == nil && old.ID != "" {
		if states, err := sweep.QueueStates(ctx, old.ID); err == nil && len(states) > 0 {
			fmt.Fprintf(e.stderr, "augur sweep: job %s is still in Slurm's queue (%s); %d of %d points done. See augur sweep --status %s\n",
				old.ID, sweep.StatesText(states), len(spec.Points())-len(todo), len(spec.Points()), *f.out)
			return exitOK
		}
	}
	tasks := *f.tasks
	if tasks <= 0 {
		tasks = min(1000, (len(todo)+99)/100)
	}
	tasks = min(tasks, len(todo))
	bin := *f.augur
	if bin == "" {
		if bin, err = os.Executable(); err != nil {
			fmt.Fprintf(e.stderr, "augur sweep: cannot find this binary for the nodes (%v): give --augur PATH\n", err)
			return exitUsage
		}
	}
	if !filepath.IsAbs(bin) {
		fmt.Fprintf(e.stderr, "augur sweep: --augur %s: want an absolute path, as the nodes see it\n", bin)
		return exitUsage
	}
	cwd, err := os.Getwd()
	if err != nil {
		fmt.Fprintln(e.stderr, errorText("sweep", err))
		return exitInput
	}
	job := &sweep.Job{Args: args, Dir: cwd, Todo: todo, Tasks: tasks}
	id, err := sweep.Submit(ctx, dir, job, sweep.SlurmOptions{Augur: bin, Partition: *f.partition, Time: *f.timeLimit, Extra: f.sbatchArgs})
	if err != nil {
		fmt.Fprintln(e.stderr, errorText("sweep", err))
		return exitInput
	}
	fmt.Fprintf(e.stdout, "submitted Slurm job %s: %d points (of %d) over %d array tasks, results in %s\n", id, len(todo), len(spec.Points()), tasks, *f.out)
	fmt.Fprintf(e.stdout, "follow it with: augur sweep --status %s; then: augur sweep --collect %s\n", *f.out, *f.out)
	return exitOK
}

// jobSpec rebuilds a submitted sweep from its job.json.
func jobSpec(e *env, c *command, dir string) (*sweep.Job, *sweep.Spec, *sweepFlags, int) {
	job, err := sweep.ReadJob(dir)
	if err != nil {
		fmt.Fprintln(e.stderr, errorText("sweep", err))
		return nil, nil, nil, exitInput
	}
	fs := flag.NewFlagSet(c.name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	f := newSweepFlags(fs)
	pos, err := parseInterleaved(fs, job.Args)
	if err != nil {
		fmt.Fprintf(e.stderr, "augur sweep: %s: %v\n", dir, err)
		return nil, nil, nil, exitInput
	}
	// Relative paths start at the submitting directory; a task, which
	// job.sh starts there, keeps them relative so that its messages name
	// the files as a local run does.
	base := job.Dir
	if wd, err := os.Getwd(); err == nil && wd == job.Dir {
		base = ""
	}
	spec, code, err := buildSpec(f, pos, base)
	if err != nil {
		fmt.Fprintf(e.stderr, "augur sweep: %s: %v\n", dir, err)
		return nil, nil, nil, code
	}
	return job, spec, f, 0
}

// sweepTask runs one array task's share (SLURM_ARRAY_TASK_ID) on the
// CPUs Slurm gave it (SLURM_CPUS_PER_TASK, else one).
func sweepTask(ctx context.Context, e *env, c *command, dir string) int {
	job, spec, _, code := jobSpec(e, c, dir)
	if code != 0 {
		return code
	}
	k, err := strconv.Atoi(os.Getenv("SLURM_ARRAY_TASK_ID"))
	if err != nil || k < 0 || k >= job.Tasks {
		fmt.Fprintf(e.stderr, "augur sweep: --run-task: SLURM_ARRAY_TASK_ID %q is not a task of 0..%d\n", os.Getenv("SLURM_ARRAY_TASK_ID"), job.Tasks-1)
		return exitUsage
	}
	jobs := 1
	if n, err := strconv.Atoi(os.Getenv("SLURM_CPUS_PER_TASK")); err == nil && n > 0 {
		jobs = n
	}
	doneRecs, err := sweep.ReadDir(dir)
	if err != nil {
		fmt.Fprintln(e.stderr, errorText("sweep", err))
		return exitInput
	}
	store, err := sweep.OpenStore(sweep.TaskFile(dir, k))
	if err != nil {
		fmt.Fprintln(e.stderr, errorText("sweep", err))
		return exitInput
	}
	defer store.Close()
	share := job.Share(k)
	t0 := time.Now()
	defer gcPercent(sweepGCPercent)()
	results, err := sweep.Run(ctx, spec, sweep.Options{Jobs: jobs, Done: doneRecs, Store: store, Only: share,
		Cache: traceCache(false)})
	if err != nil {
		fmt.Fprintf(e.stderr, "augur sweep: task %d: %v\n", k, err)
		return exitInterrupted
	}
	failed := 0
	for _, r := range results {
		if r.Status == sweep.StatusError {
			failed++
		}
	}
	fmt.Fprintf(e.stdout, "task %d: %d points in %.1f s, %d failed\n", k, len(results), time.Since(t0).Seconds(), failed)
	return exitOK
}

// sweepStatus says how far a submitted sweep is.
func sweepStatus(ctx context.Context, e *env, dir string) int {
	job, spec, _, code := jobSpec(e, sweepCommand(), dir)
	if code != 0 {
		return code
	}
	doneRecs, err := sweep.ReadDir(dir)
	if err != nil {
		fmt.Fprintln(e.stderr, errorText("sweep", err))
		return exitInput
	}
	done, failed := 0, 0
	pts := spec.Points()
	for _, p := range pts {
		if r, ok := doneRecs[spec.Key(p)]; ok {
			done++
			if r.Status == sweep.StatusError {
				failed++
			}
		}
	}
	queue := "no job id recorded"
	if job.ID != "" {
		states, err := sweep.QueueStates(ctx, job.ID)
		switch {
		case err != nil:
			queue = fmt.Sprintf("job %s: %v", job.ID, err)
		case len(states) == 0:
			queue = fmt.Sprintf("job %s: no task left in Slurm's queue", job.ID)
		default:
			queue = fmt.Sprintf("job %s: %s", job.ID, sweep.StatesText(states))
		}
	}
	fmt.Fprintf(e.stdout, "%s (%d array tasks)\n%d of %d points done, %d failed\n", queue, job.Tasks, done, len(pts), failed)
	if done == len(pts) {
		fmt.Fprintf(e.stdout, "complete: augur sweep --collect %s\n", dir)
	}
	return exitOK
}

// sweepCollect prints a submitted sweep's results.
func sweepCollect(e *env, c *command, dir, format, report string) int {
	_, spec, _, code := jobSpec(e, c, dir)
	if code != 0 {
		return code
	}
	doneRecs, err := sweep.ReadDir(dir)
	if err != nil {
		fmt.Fprintln(e.stderr, errorText("sweep", err))
		return exitInput
	}
	return printCollected(e, spec, doneRecs, format, report)
}

func printCollected(e *env, spec *sweep.Spec, doneRecs map[string]sweep.Record, format, report string) int {
	w, err := sweepout.NewWriter(e.stdout, format, spec)
	if err != nil {
		fmt.Fprintln(e.stderr, errorText("sweep", err))
		return exitUsage
	}
	w.Header()
	results := sweep.Collect(spec, doneRecs)
	for _, r := range results {
		w.Point(r)
	}
	return finishSweep(e, spec, w, results, report)
}

// sweepProgress is the progress line of a sweep: "412 of 10000 points,
// 3 failed, about 4m31s left". The time left is the sweep's own estimate
// (from the points' times, those of a resumed run's stored points too),
// not the share done of the time elapsed: stored points take no time.
func sweepProgress(p sweep.Progress) string {
	msg := fmt.Sprintf("%s of %s points", count(int64(p.Done)), count(int64(p.Total)))
	if p.Failed > 0 {
		msg += fmt.Sprintf(", %d failed", p.Failed)
	}
	if p.Total > 0 && p.Done < p.Total {
		msg += ", " + percent(float64(p.Done)/float64(p.Total)) + " done"
		if p.Computed > 0 || p.Left > 0 {
			msg += leftText(p.Left)
		}
	}
	return msg
}

// sweepGCPercent is the collector's target while a sweep runs: a point
// allocates a little and keeps nothing, so collecting a quarter as often
// leaves the workers computing (on two cores a 10,000-point sweep went
// from 1.71x to 1.90x the speed of one worker, bench/sweep.sh).
const sweepGCPercent = 400
