// Package sourcefirst is the driver of source-first prediction (augur
// analyze), ChronosMix's path from a C/MPI program to a time: the C front
// end reads the program, package analyze splits it into blocks and counts
// them, the analysis is written as a model, priced on each machine
// (formula (1): operation counts times the machine's operation times) and
// predicted there with package predict. The command only parses flags
// and writes what Run returns.
package sourcefirst

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	"augur/internal/diag"
	"augur/internal/frontend/analyze"
	"augur/internal/frontend/ccline"
	"augur/internal/frontend/cfront"
	"augur/internal/frontend/instrument"
	"augur/internal/machine"
	"augur/internal/results"
	"augur/internal/run/predict"
)

// Machine is a machine to price and predict on, with the name its column
// gets.
type Machine struct {
	Name    string
	Machine *machine.Machine
}

// Request is one source-first prediction.
type Request struct {
	Files []string
	Front cfront.Options
	// Set gives the analysis's parameters; it is not modified.
	Set map[string]float64
	// Counts, if not nil, are the counts of an instrumented run (augur
	// instrument --count): they settle what the analysis cannot know and
	// are compared with the counts it knows.
	Counts instrument.Counts
	// Name is the generated model's name; empty: from the first file.
	Name string
	// ModelFile is where the command writes the model: the name that
	// messages about it give. Empty: NAME.aug.
	ModelFile string
	Procs     int
	Machines  []Machine
	Context   context.Context
	// Warn, if set, is given each warning as it is found, so that a
	// command can print it at once; all are also in Result.Warnings.
	Warn func(*diag.Error)
	// Progress, if set, is told what is being done; Simulated, during a
	// prediction, how far it has gone (simulated seconds, events).
	Progress  func(phase string)
	Simulated func(phase string, simTime float64, events int64)
}

// Result is what augur analyze reports.
type Result struct {
	Model string // the model's name
	// Source is the generated model's text.
	Source string
	Files  []string
	Procs  int
	// CodeGen is what the compile line (the first file's) says about the
	// code the machine executes.
	CodeGen  ccline.CodeGen
	Params   []*analyze.Param
	Unknowns []analyze.Unknown
	Report   *analyze.Report
	// Predicted is the predicted run time on each machine; nil where the
	// prediction failed (Errors says why) or was not reached (Partial).
	Predicted []*float64
	Errors    []string
	Measured  []MeasuredCount // with Request.Counts
	Warnings  diag.List       // the front end's and the analysis's
	// Partial: the context ended while predicting; the predictions
	// finished before are kept.
	Partial bool
}

// MeasuredCount is a block's count in the analysis and in a counted run.
type MeasuredCount struct {
	Block     string
	How       analyze.How
	Static    float64
	Measured  float64
	Disagrees bool // an exact count that the run contradicts
}

// SourceError is a program the C front end or the analysis refuses: a
// problem in the user's input.
type SourceError struct{ Err error }

func (e *SourceError) Error() string { return e.Err.Error() }
func (e *SourceError) Unwrap() error { return e.Err }

// Run analyses and predicts req. It returns the context's error, wrapped,
// when the context ends before the analysis is complete; a *SourceError
// for a program that cannot be analysed; any other error is augur's own
// fault (a generated model that does not parse or check).
func Run(req Request) (*Result, error) {
	ctx := req.Context
	if ctx == nil {
		ctx = context.Background()
	}
	progress := req.Progress
	if progress == nil {
		progress = func(string) {}
	}
	res := &Result{Files: req.Files, Procs: req.Procs}
	warn := func(d *diag.Error) {
		res.Warnings = append(res.Warnings, d)
		if req.Warn != nil {
			req.Warn(d)
		}
	}
	if len(req.Files) > 0 {
		progress("reading " + strings.Join(req.Files, ", "))
	} else {
		progress("reading the files of " + req.Front.CompileCommands)
	}
	prog, err := cfront.Load(ctx, req.Files, req.Front)
	if ctx.Err() != nil {
		return nil, fmt.Errorf("reading the program: %w", ctx.Err())
	}
	if err != nil {
		return nil, &SourceError{err}
	}
	var errs diag.List
	for _, d := range prog.Diags {
		if d.Warning {
			warn(d)
		} else {
			errs = append(errs, d)
		}
	}
	if len(errs) > 0 {
		return nil, &SourceError{errs}
	}
	// With a compile_commands.json and no files, the files are its.
	res.Files = nil
	for _, u := range prog.Units {
		res.Files = append(res.Files, u.File)
	}
	res.CodeGen = prog.Units[0].CodeGen
	set := map[string]float64{}
	for k, v := range req.Set {
		set[k] = v
	}
	progress("analysing blocks and counts")
	a, err := analyze.Run(analyze.Sources(prog), analyze.Options{Set: set, Compiled: res.CodeGen})
	if err != nil {
		return nil, &SourceError{err}
	}
	if ctx.Err() != nil {
		return nil, fmt.Errorf("analysing the program: %w", ctx.Err())
	}
	for _, d := range a.Diags {
		warn(d)
	}
	if req.Counts != nil {
		for k, v := range req.Counts.Measure(a, set) {
			set[k] = v
		}
	}
	res.Model = req.Name
	if res.Model == "" {
		first := res.Files[0]
		res.Model = analyze.ModelName(strings.TrimSuffix(filepath.Base(first), filepath.Ext(first)))
	}
	modelFile := req.ModelFile
	if modelFile == "" {
		modelFile = res.Model + ".aug"
	}
	res.Source = a.Model(res.Model, res.Files)
	// As augur check reads it: at any process count (a peer that
	// exists only at 2 processes is checked when predicting).
	if errs := analyze.Verify(modelFile, res.Source, 0); len(errs) > 0 {
		return nil, &SourceError{errs}
	}
	env := map[string]float64{"pid": 0, "procs": float64(req.Procs)}
	for k, v := range set {
		env[k] = v
	}
	var priced []analyze.Machine
	for _, m := range req.Machines {
		priced = append(priced, analyze.MachineOf(m.Name, m.Machine))
	}
	res.Params, res.Unknowns = a.Params, a.Unknowns
	res.Report = a.Evaluate(env, priced)
	res.Predicted = make([]*float64, len(req.Machines))
	for i, m := range req.Machines {
		if ctx.Err() != nil {
			res.Partial = true
			break
		}
		what := fmt.Sprintf("predicting on %s (machine %d of %d)", m.Name, i+1, len(req.Machines))
		progress(what)
		opts := predict.Options{Filename: modelFile, Source: []byte(res.Source), Machine: m.Machine,
			Procs: req.Procs, Set: set, Context: ctx}
		if req.Simulated != nil {
			opts.Progress = func(_ int, t float64, ev, _ int64) { req.Simulated(what, t, ev) }
		}
		p, err := predict.Run(opts)
		if p != nil && p.Partial {
			// Unfinished: no prediction for this machine.
			res.Partial = true
			break
		}
		if err != nil {
			// The model checked (Verify): what predict refuses is the
			// process count or a value given with --set (a peer of 1
			// at one process), like any other failed prediction.
			var ce *predict.CheckError
			if errors.As(err, &ce) {
				var errs diag.List
				for _, d := range ce.Diags {
					if !d.Warning {
						errs = append(errs, d)
					}
				}
				err = fmt.Errorf("the model does not run at %d processes with these parameters: %v", req.Procs, errs)
			}
			res.Errors = append(res.Errors, fmt.Sprintf("%s: %v", m.Name, err))
			continue
		}
		t := p.Time
		res.Predicted[i] = &t
	}
	if req.Counts != nil {
		res.Measured = compareCounts(res.Report, req.Counts)
	}
	return res, nil
}

// compareCounts lists the loop and branch blocks whose counts the run
// measured, with the analysis's count for process 0.
func compareCounts(rep *analyze.Report, c instrument.Counts) []MeasuredCount {
	var out []MeasuredCount
	for _, row := range rep.Rows {
		m, ok := c.Executions(row.Block, row.Kind)
		if !ok {
			continue
		}
		out = append(out, MeasuredCount{Block: row.Block, How: row.How, Static: row.CountValue, Measured: m,
			Disagrees: row.How == analyze.Exact && row.CountValue != m})
	}
	return out
}

// Document is the result as augur analyze's JSON document (results
// schema; docs/output.md), modelFile where the model was written.
func (r *Result) Document(modelFile string) *results.Analysis {
	d := &results.Analysis{Header: results.NewHeader(results.CommandAnalyze), Model: r.Model, ModelFile: modelFile,
		Files: r.Files, Procs: r.Procs, CompileFlags: append([]string{}, r.CodeGen.Flags...), ByFunction: r.Report.ByFunc, ByClass: r.Report.ByClass,
		Machines: []results.AnalysisMachine{}, Blocks: []results.AnalysisBlock{}, Params: []results.AnalysisParam{},
		Unknowns: []results.AnalysisUnknown{}, Errors: r.Errors, MeasuredCounts: []results.MeasuredCount{},
		Warnings: []string{}, Partial: r.Partial}
	if d.Errors == nil {
		d.Errors = []string{}
	}
	rep := r.Report
	for i, n := range rep.Machines {
		d.Machines = append(d.Machines, results.AnalysisMachine{Name: n, Predicted: r.Predicted[i], Compute: rep.Total[i], MissingOps: rep.Missing[i]})
	}
	for _, row := range rep.Rows {
		d.Blocks = append(d.Blocks, results.AnalysisBlock{Name: row.Block, Function: row.Func, Kind: string(row.Kind),
			Where: row.Pos.String(), Lines: [2]int{row.Pos.Line, max(row.End.Line, row.Pos.Line)}, Ops: row.Ops,
			Count: row.Count, CountValue: row.CountValue, Provenance: string(row.How), MemoryLevel: row.Level, TimeS: row.Seconds})
	}
	for _, p := range r.Params {
		d.Params = append(d.Params, results.AnalysisParam{Name: p.Name, Default: p.Default, Where: p.Pos.String(), From: p.From})
	}
	for _, u := range r.Unknowns {
		d.Unknowns = append(d.Unknowns, results.AnalysisUnknown{Where: u.Pos.String(), Block: u.Block, What: u.What,
			Param: u.Param, Provenance: string(u.How), Value: u.Value})
	}
	for _, m := range r.Measured {
		d.MeasuredCounts = append(d.MeasuredCounts, results.MeasuredCount{Block: m.Block, Provenance: string(m.How),
			Static: m.Static, Measured: m.Measured, Disagrees: m.Disagrees})
	}
	for _, w := range r.Warnings {
		d.Warnings = append(d.Warnings, w.Error())
	}
	return d
}
