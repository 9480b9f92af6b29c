package main

// augur sweep --on slurm and the commands that follow a submitted sweep
// (--run-task, --status, --collect).

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"time"

	"augur/internal/run/sweep"
	"augur/internal/writers/sweepout"
)

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
func jobSpec(e *env, c *command, dir string) (*sweep.Job, *sweep.Spec, int) {
	job, err := sweep.ReadJob(dir)
	if err != nil {
		fmt.Fprintln(e.stderr, errorText("sweep", err))
		return nil, nil, exitInput
	}
	fs := flag.NewFlagSet(c.name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	f := newSweepFlags(fs)
	pos, err := parseInterleaved(fs, job.Args)
	if err != nil {
		fmt.Fprintf(e.stderr, "augur sweep: %s: %v\n", dir, err)
		return nil, nil, exitInput
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
		fmt.Fprintf(e.stderr, "augur sweep: %s: %s\n", dir, withFlags(err.Error(), err))
		return nil, nil, code
	}
	return job, spec, 0
}

// sweepTask runs one array task's share (SLURM_ARRAY_TASK_ID) on the
// CPUs Slurm gave it (SLURM_CPUS_PER_TASK, else one).
func sweepTask(ctx context.Context, e *env, c *command, dir string) int {
	job, spec, code := jobSpec(e, c, dir)
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
	results, err := sweep.Run(ctx, spec, sweep.Options{Jobs: jobs, Done: doneRecs, Store: store, Only: share, ErrorText: pointErrorText,
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

// jobDone rebuilds a submitted sweep and reads its finished points.
func jobDone(e *env, c *command, dir string) (*sweep.Job, *sweep.Spec, map[string]sweep.Record, int) {
	job, spec, code := jobSpec(e, c, dir)
	if code != 0 {
		return nil, nil, nil, code
	}
	doneRecs, err := sweep.ReadDir(dir)
	if err != nil {
		fmt.Fprintln(e.stderr, errorText("sweep", err))
		return nil, nil, nil, exitInput
	}
	return job, spec, doneRecs, 0
}

// sweepStatus says how far a submitted sweep is.
func sweepStatus(ctx context.Context, e *env, dir string) int {
	job, spec, doneRecs, code := jobDone(e, sweepCommand(), dir)
	if code != 0 {
		return code
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
	_, spec, doneRecs, code := jobDone(e, c, dir)
	if code != 0 {
		return code
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
