package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"runtime"
	"strings"

	"augur/internal/base/diag"
	"augur/internal/run/sweep"
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
	results, err := sweep.Run(ctx, spec, sweep.Options{Jobs: *f.jobs, Done: doneRecs, Store: store, ErrorText: pointErrorText,
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
// or exitInput for the error: an option refused is a usage error.
func buildSpec(f *sweepFlags, pos []string, base string) (*sweep.Spec, int, error) {
	if len(pos) < 2 {
		return nil, exitUsage, errors.New("want a mode (predict, replay or simulate) and at least one VERSION; run 'augur sweep --help'")
	}
	spec, err := sweep.Build(sweep.Request{Mode: pos[0], Versions: pos[1:], Base: base,
		Machines: f.machines, Platforms: f.platforms, Hostfile: *f.hostfile,
		Nodes: *f.nodes, Procs: *f.procs, Threads: *f.threads, NP: *f.np, CPUs: *f.cpus,
		ProcsPerNode: *f.procsPerNode, Sets: f.sets, Cfgs: f.cfgs, Mapping: *f.mapping, SimModel: *f.simModel,
		Points: *f.points, Seed: *f.seed, MaxEvents: *f.maxEvents})
	var ge *diag.GivenError
	var ue *sweep.UsageError
	switch {
	case errors.As(err, &ge) && ge.What == diag.Option:
		return nil, exitUsage, err
	case errors.As(err, &ue):
		return nil, exitUsage, err
	case err != nil:
		return nil, exitInput, err
	}
	return spec, 0, nil
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
