package main

import (
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"time"

	"augur/internal/base/infile"
	"augur/internal/frontend/threadtrace"
	"augur/internal/machine"
	"augur/internal/run/replay"
	"augur/internal/run/simulate"
	"augur/internal/run/validate"
)

// validateTrace validates a trace against measurements: every row of the
// CSV is replayed (MPI, through the replay pipeline) or simulated
// (threads, through simulate on the engine), with the row's own trace when the CSV has
// a trace column.
func validateTrace(e *env, vf *validateFlags, pr *progress, kind, trace, csvPath string, fail func(int, string, ...any) int) int {
	data, err := infile.ReadFile(csvPath, infile.Measurements)
	if err != nil {
		return fail(exitInput, "%w", err)
	}
	rows, err := validate.ReadMeasurements(csvPath, data, validate.Columns{Measured: *vf.measured, Reference: *vf.reference,
		Text: []string{"trace"}, NoConfigOK: true})
	if err != nil {
		return fail(exitInput, "%w", err)
	}
	// A row's trace: its trace cell relative to the CSV's directory, or
	// the TRACE argument.
	traceOf := func(cfg validate.Config) string {
		if p := cfg.Text["trace"]; p != "" {
			if filepath.IsAbs(p) {
				return p
			}
			return filepath.Join(filepath.Dir(csvPath), p)
		}
		return trace
	}
	machineName := ""
	var predictor validate.Predictor
	var inputErr error // an error in the user's input, not the simulation
	switch kind {
	case "mpi":
		if *vf.machine == "" {
			return fail(exitUsage, "--machine FILE is required: a SimGrid platform (.xml) or an augur machine (.yaml)")
		}
		machineName = filepath.Base(*vf.machine)
		predictor = func(cfg validate.Config) (float64, time.Duration, error) {
			start := time.Now()
			tr := traceOf(cfg)
			m, hf, err := loadPlatform(*vf.machine, *vf.hostfile)
			if err != nil {
				inputErr = err
				return 0, 0, err
			}
			// Without a hostfile, the configuration's nodes: round robin
			// over the first ones.
			res, err := replay.Run(replay.Options{Trace: tr, NP: cfg.Procs, Machine: m, Hostfile: hf, Nodes: cfg.Nodes, Cfg: vf.cfg, Context: e.context()})
			var se *replay.SettingError
			if errors.As(err, &se) {
				inputErr = err
			}
			if err != nil {
				return 0, 0, err
			}
			if res.Deadlock != nil {
				return 0, 0, fmt.Errorf("the replay deadlocks: %v", res.Deadlock)
			}
			return res.SimulationTime, time.Since(start), nil
		}
	case "threads":
		if simulate.CheckModel(*vf.thModel) != nil {
			return fail(exitUsage, "--thread-model %q: use direct, client-server, strict or auto", *vf.thModel)
		}
		cpus := 0
		if *vf.machine != "" {
			m, err := machine.Load(*vf.machine)
			if err != nil {
				return fail(exitInput, "%w", err)
			}
			cpus, machineName = m.TotalCPUs(), m.Name
		}
		progs := map[string]*threadtrace.Program{}
		predictor = func(cfg validate.Config) (float64, time.Duration, error) {
			start := time.Now()
			tr := traceOf(cfg)
			p := progs[tr]
			if p == nil {
				var err error
				if p, err = threadtrace.Load(tr); err != nil {
					inputErr = err
					return 0, 0, err
				}
				progs[tr] = p
			}
			c := cfg.Procs
			if c == 0 {
				c = cpus
			}
			if c < 1 {
				inputErr = fmt.Errorf("no processor count: give the CSV a cpus column or --machine")
				return 0, 0, inputErr
			}
			res, _, _, err := simulate.Result(p, simulate.Options{Model: *vf.thModel, Config: simulate.Config{CPUs: c, Context: e.context()}})
			if err != nil {
				return 0, 0, err
			}
			if res.Deadlock != nil {
				return 0, 0, fmt.Errorf("the simulation deadlocks: %v", res.Deadlock)
			}
			return res.Completion, time.Since(start), nil
		}
	}
	done, err := predictRows(pr, rows, predictor)
	if err != nil && !e.interrupted() {
		pr.finish("stopped")
		if inputErr != nil {
			return fail(exitInput, "%w", err)
		}
		return fail(statusOf(err), "%w", err)
	}
	if machineName == "" {
		machineName = "cpus column"
	}
	name := filepath.Base(trace)
	if trace == "-" || trace == "" {
		name = "traces of " + filepath.Base(csvPath)
	}
	t := &validate.Table{Model: strings.TrimSuffix(name, filepath.Ext(name)), Machine: machineName, Rows: rows}
	if err != nil {
		return writePartialValidation(e, vf, pr, t, done, fail)
	}
	pr.finish(fmt.Sprintf("done: %d configurations", len(rows)))
	return writeValidation(e, vf, t, fail)
}
