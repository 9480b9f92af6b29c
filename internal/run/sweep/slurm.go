package sweep

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"augur/internal/base/diag"
)

// Slurm distributes a sweep; augur only splits and collects. A submitted
// sweep is a directory shared by the submitting host and the nodes:
// job.json says what to run (the sweep's own command line, the directory
// it ran in, the points left to do and how many array tasks share them),
// job.sh is the batch script every task of the array runs, and each task
// K appends its results to results-task-K.jsonl, which a collect reads
// with the local results.

// Job is a submitted sweep (job.json).
type Job struct {
	Args  []string `json:"args"`  // augur sweep's arguments
	Dir   string   `json:"cwd"`   // where it was run: relative paths start there
	Todo  []int    `json:"todo"`  // indices of the points to compute
	Tasks int      `json:"tasks"` // array tasks; task k computes Todo[i] for i mod Tasks = k
	ID    string   `json:"job_id,omitempty"`
}

// Share is task k's points.
func (j *Job) Share(k int) []int {
	var out []int
	for i := k; i < len(j.Todo); i += j.Tasks {
		out = append(out, j.Todo[i])
	}
	return out
}

func jobFile(dir string) string { return filepath.Join(dir, "job.json") }

// ReadJob reads a sweep directory's job.json.
func ReadJob(dir string) (*Job, error) {
	data, err := os.ReadFile(jobFile(dir))
	if err != nil {
		if errors.Is(err, os.ErrNotExist) {
			return nil, fmt.Errorf("%s: no job.json: not a sweep submitted with %w slurm", dir, diag.OptionName("on"))
		}
		return nil, err
	}
	var j Job
	if err := json.Unmarshal(data, &j); err != nil {
		return nil, diag.JSON(jobFile(dir), data, err)
	}
	if j.Tasks < 1 || len(j.Args) == 0 || j.Dir == "" {
		return nil, fmt.Errorf("%s: incomplete (args, cwd and tasks are needed)", jobFile(dir))
	}
	return &j, nil
}

func writeJob(dir string, j *Job) error {
	data, err := json.MarshalIndent(j, "", "  ")
	if err != nil {
		return err
	}
	tmp := jobFile(dir) + ".tmp"
	if err := os.WriteFile(tmp, append(data, '\n'), 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, jobFile(dir))
}

// SlurmOptions say how to submit.
type SlurmOptions struct {
	Augur     string   // the augur binary as the nodes see it (absolute)
	Partition string   // sbatch --partition; "" for the cluster's default
	Time      string   // sbatch --time per task; "" for the partition's default
	Extra     []string // further sbatch arguments, as given
}

// shellQuote quotes s for sh.
func shellQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// Submit writes job.json and job.sh in dir (absolute) and submits the
// array with sbatch, returning the job's id. Each task runs
// `augur sweep --run-task DIR` in the sweep's directory.
func Submit(ctx context.Context, dir string, j *Job, o SlurmOptions) (string, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	if err := writeJob(dir, j); err != nil {
		return "", err
	}
	script := fmt.Sprintf("#!/bin/sh\n# augur sweep: one task of the array computes its share of the points.\ncd %s || exit 1\nexec %s sweep --run-task %s\n",
		shellQuote(j.Dir), shellQuote(o.Augur), shellQuote(dir))
	scriptPath := filepath.Join(dir, "job.sh")
	if err := os.WriteFile(scriptPath, []byte(script), 0o755); err != nil {
		return "", err
	}
	args := []string{"--parsable", "--job-name=augur-sweep", fmt.Sprintf("--array=0-%d", j.Tasks-1),
		"--output=" + filepath.Join(dir, "slurm-%A_%a.out")}
	if o.Partition != "" {
		args = append(args, "--partition="+o.Partition)
	}
	if o.Time != "" {
		args = append(args, "--time="+o.Time)
	}
	args = append(append(args, o.Extra...), scriptPath)
	cmd := exec.CommandContext(ctx, "sbatch", args...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return "", fmt.Errorf("sbatch: %v: %s", err, strings.TrimSpace(stderr.String()))
	}
	// --parsable prints "jobid" or "jobid;cluster".
	id, _, _ := strings.Cut(strings.TrimSpace(stdout.String()), ";")
	if _, err := strconv.Atoi(id); err != nil {
		return "", fmt.Errorf("sbatch printed %q, not a job id", stdout.String())
	}
	j.ID = id
	return id, writeJob(dir, j)
}

// QueueStates counts the job's array tasks still in Slurm's queue by
// state (PENDING, RUNNING, ...): squeue forgets tasks once they end, so
// an empty map means none is left.
func QueueStates(ctx context.Context, jobID string) (map[string]int, error) {
	out, err := exec.CommandContext(ctx, "squeue", "--noheader", "--array", "--jobs="+jobID, "--format=%i %T").Output()
	if err != nil {
		var ee *exec.ExitError
		if errors.As(err, &ee) && strings.Contains(string(ee.Stderr), "Invalid job id") {
			return map[string]int{}, nil
		}
		return nil, fmt.Errorf("squeue: %v", err)
	}
	states := map[string]int{}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		if f := strings.Fields(line); len(f) == 2 {
			states[f[1]]++
		}
	}
	return states, nil
}

// StatesText writes queue states as "2 RUNNING, 1 PENDING".
func StatesText(states map[string]int) string {
	var names []string
	for s := range states {
		names = append(names, s)
	}
	sort.Strings(names)
	var parts []string
	for _, s := range names {
		parts = append(parts, fmt.Sprintf("%d %s", states[s], s))
	}
	return strings.Join(parts, ", ")
}
