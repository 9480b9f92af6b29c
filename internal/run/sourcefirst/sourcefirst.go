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

	"augur/internal/base/diag"
	"augur/internal/engine"
	"augur/internal/frontend/analyze"
	"augur/internal/frontend/ccline"
	"augur/internal/frontend/cfront"
	"augur/internal/frontend/instrument"
	"augur/internal/frontend/model"
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
	// PerProcess gives parameters values per process, expressions of pid
	// and procs (--set peer=1-pid).
	PerProcess map[string]model.Expr
	// Args, if not nil, are the program's command-line arguments after
	// its name (--args): the parameters read from them take their values
	// (Set over them).
	Args []string
	// Counts, if not nil, are the counts of an instrumented run (augur
	// instrument --count): they settle what the analysis cannot know and
	// are compared with the counts it knows.
	Counts instrument.Counts
	// Values are parameters' values given outside the source (augur
	// analyze --values).
	Values []analyze.ValueLine
	// Name is the generated model's name; empty: from the first file.
	Name string
	// ModelFile is where the command writes the model: the name that
	// messages about it give. Empty: NAME.aug.
	ModelFile string
	Procs     int
	// Threads is the OpenMP team of each process (0: 1).
	Threads  int
	Machines []Machine
	Context  context.Context
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
	Threads  int // the OpenMP team, as given (0: 1)
	Params   []*analyze.Param
	Unknowns []analyze.Unknown
	Report   *analyze.Report
	// Predicted is the predicted run time on each machine; nil where the
	// prediction failed (Errors says why), deadlocked (Deadlocks) or was
	// not reached (Partial).
	Predicted []*float64
	// Deadlocks are, per machine, who waits for whom when the model
	// deadlocked there (nil where it did not), with the positions of the
	// C calls: a deadlock has no run time.
	Deadlocks []*engine.Deadlock
	Errors    []string
	// InputErrors counts the Errors that are problems placed in an
	// input (a machine without the price of an operation the program
	// performs, a value the model cannot run with) rather than faults of
	// the simulated program.
	InputErrors int
	Measured    []MeasuredCount // with Request.Counts
	Warnings    diag.List       // the front end's and the analysis's
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
// for a program that cannot be analysed, or whose model does not check
// (the error names the C construct).
func Run(req Request) (*Result, error) {
	ctx := req.Context
	if ctx == nil {
		ctx = context.Background()
	}
	progress := req.Progress
	if progress == nil {
		progress = func(string) {}
	}
	res := &Result{Procs: req.Procs, Threads: req.Threads}
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
	// The files read: with a compile_commands.json and none given, its.
	for _, u := range prog.Units {
		res.Files = append(res.Files, u.File)
	}
	res.CodeGen = prog.Units[0].CodeGen
	set := map[string]float64{}
	for k, v := range req.Set {
		set[k] = v
	}
	progress("analysing blocks and counts")
	a, err := analyze.Run(analyze.Sources(prog), analyze.Options{Set: set, Compiled: res.CodeGen, Values: req.Values})
	if err != nil {
		return nil, &SourceError{err}
	}
	if ctx.Err() != nil {
		return nil, fmt.Errorf("analysing the program: %w", ctx.Err())
	}
	for _, d := range a.Diags {
		warn(d)
	}
	// The values given and measured become the written model's defaults,
	// so that the model predicts on its own what the report says.
	if req.Args != nil {
		vals, err := a.ArgValues(req.Args)
		if err != nil {
			return nil, &SourceError{err}
		}
		for k := range vals {
			if _, given := set[k]; given {
				delete(vals, k)
			}
			if _, given := req.PerProcess[k]; given {
				delete(vals, k)
			}
		}
		if err := a.SetDefaults(vals, "given with --args"); err != nil {
			return nil, &SourceError{err}
		}
	}
	if err := a.SetDefaults(set, "given with --set"); err != nil {
		return nil, &SourceError{err}
	}
	if err := a.SetPerProcess(req.PerProcess, map[string]float64{"pid": 0, "procs": float64(req.Procs), "nodes": 1, "threads": 1}); err != nil {
		return nil, &SourceError{err}
	}
	if req.Counts != nil {
		if err := a.SetDefaults(req.Counts.Measure(a, set), "measured by augur instrument --count"); err != nil {
			return nil, err
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
	// Process 0's work, as one thread would do it (an OpenMP thread's id
	// and its team's size read by the program are tid and nthreads).
	env := map[string]float64{"pid": 0, "procs": float64(req.Procs), "tid": 0, "nthreads": 1, "threads": float64(max(1, req.Threads))}
	var priced []analyze.Machine
	for _, m := range req.Machines {
		priced = append(priced, analyze.MachineOf(m.Name, m.Machine))
	}
	res.Params, res.Unknowns = a.Params, a.Unknowns
	res.Report = a.Evaluate(env, priced)
	res.Predicted = make([]*float64, len(req.Machines))
	res.Deadlocks = make([]*engine.Deadlock, len(req.Machines))
	for i, m := range req.Machines {
		if ctx.Err() != nil {
			res.Partial = true
			break
		}
		what := fmt.Sprintf("predicting on %s (machine %d of %d)", m.Name, i+1, len(req.Machines))
		progress(what)
		// The written model as it is: augur predict MODEL --procs P
		// gives the same figure.
		opts := predict.Options{Filename: modelFile, Source: []byte(res.Source), Machine: m.Machine,
			Procs: req.Procs, Threads: req.Threads, Context: ctx}
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
			var placed *diag.Error
			if ce != nil || errors.As(err, &placed) {
				res.InputErrors++
			}
			res.Errors = append(res.Errors, fmt.Sprintf("%s: %v", m.Name, err))
			continue
		}
		if p.Deadlock != nil {
			res.Deadlocks[i] = inSource(p.Deadlock, a.Blocks())
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

// inSource gives each blocked process of a deadlock the position of the
// C call its element stands for (a call split into parts, main_L9_a, is
// the call of main_L9).
func inSource(d *engine.Deadlock, blocks []*analyze.Block) *engine.Deadlock {
	where := map[string]string{}
	for _, b := range blocks {
		where[b.Name] = b.Pos.String()
	}
	out := *d
	out.Blocked = append([]engine.Blocked(nil), d.Blocked...)
	for i := range out.Blocked {
		b := &out.Blocked[i]
		_, name, _ := strings.Cut(b.Element, " ")
		if w, ok := where[name]; ok {
			b.Where = w
		} else if k := strings.LastIndexByte(name, '_'); k > 0 && where[name[:k]] != "" {
			b.Where = where[name[:k]]
		}
	}
	return &out
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
		d.Machines = append(d.Machines, results.AnalysisMachine{Name: n, Predicted: r.Predicted[i], Compute: rep.Total[i], MissingOps: rep.Missing[i], SubstitutedOps: rep.Substituted[i],
			Deadlock: r.Deadlocks[i]})
	}
	for _, row := range rep.Rows {
		d.Blocks = append(d.Blocks, results.AnalysisBlock{Name: row.Block, Function: row.Func, Kind: string(row.Kind),
			Where: row.Pos.String(), Lines: [2]int{row.Pos.Line, max(row.End.Line, row.Pos.Line)}, Ops: row.Ops,
			Count: row.Count, CountValue: row.CountValue, Provenance: string(row.How), MemoryLevel: row.Level, TimeS: row.Seconds})
	}
	for _, p := range r.Params {
		ap := results.AnalysisParam{Name: p.Name, Default: p.Default, Where: p.Pos.String(), From: p.From, Arg: p.Binding()}
		if p.PerProcess != nil {
			ap.PerProcess = model.ExprString(p.PerProcess)
		}
		d.Params = append(d.Params, ap)
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
