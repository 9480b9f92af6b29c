package main

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"augur/internal/base/infile"
	"augur/internal/frontend/model"
	"augur/internal/machine"
	"augur/internal/run/predict"
	"augur/internal/run/validate"
	"augur/internal/writers/validation"
)

type validateFlags struct {
	machine   *string
	measured  *string
	reference *string
	format    *string
	svg       *string
	png       *string
	title     *string
	stable    *bool
	seed      *uint64
	mapping   *string
	kind      *string
	hostfile  *string
	cfg       cfgFlag
	thModel   *string
	progress  *progressFlags
}

func newValidateFlags(fs *flag.FlagSet) *validateFlags {
	v := &validateFlags{}
	v.machine = fs.String("machine", "", "machine `FILE`: augur YAML, or a SimGrid platform (.xml) for MPI traces; required except for thread traces with a cpus column")
	v.measured = fs.String("measured", "", "`COLUMN` of the measured time (default: tm, tm_s, measured or time)")
	v.reference = fs.String("reference", "", "`COLUMN` of another prediction to show side by side (e.g. the seed's Ts)")
	v.format = fs.String("format", "text", "output `FORMAT`: text, csv or json")
	v.svg = fs.String("svg", "", "draw predicted against measured time as SVG into `FILE`")
	v.png = fs.String("png", "", "draw predicted against measured time as PNG into `FILE`")
	v.title = fs.String("title", "", "chart `TITLE` (default: model on machine)")
	v.stable = fs.Bool("stable", false, "leave the wall-clock columns (Te, Tm/Te) out, so that equal inputs give identical output")
	v.seed = fs.Uint64("seed", 1, "`SEED` of the random variates")
	v.mapping = fs.String("map", "block", "model: place processes on nodes: block, cyclic or an explicit `LIST`")
	v.kind = fs.String("kind", "auto", "what INPUT is: model, mpi (a SimGrid time-independent trace), threads (an augur thread trace) or `auto` (.aug: model, .trace: threads, else mpi)")
	v.hostfile = fs.String("hostfile", "", "mpi: `FILE` naming a host per line; rank r runs on line r mod lines (default: round robin over the platform's hosts, or its first nodes ones)")
	fs.Var(&v.cfg, "cfg", "mpi: SimGrid setting `KEY:VALUE` (repeatable), as for augur replay")
	v.thModel = fs.String("thread-model", "auto", "threads: simulation `MODEL` direct, client-server, strict or auto")
	v.progress = defineProgressFlags(fs)
	return v
}

func validateCommand() *command {
	c := &command{
		define:  func(fs *flag.FlagSet) { newValidateFlags(fs) },
		name:    "validate",
		summary: "compare predictions with measurements (Performance Prophet Table 2)",
		usage:   "MODEL|TRACE MEASUREMENTS.csv --machine FILE [flags]",
		help: `Predicts MODEL on the machine for every configuration in MEASUREMENTS.csv
and prints Performance Prophet's Table 2: configuration, Ts (predicted), Tm (measured),
Te (evaluation time), Tm/Te and Error % = |Ts − Tm| / Tm · 100, with the
mean error. --svg and --png draw predicted against measured time (Performance Prophet,
Fig. 15). See docs/validate.md.

MEASUREMENTS.csv has a header; the columns nodes, procs and threads are the
system parameters, a column named like a param of the model sets it, and
the measured-time column is Tm. Example (Performance Prophet's LAPW0 table):
  augur validate examples/lapw0.aug examples/lapw0/table2.csv \
    --machine examples/machines/gescher.yaml --measured tm_s --reference ts_s

The input may also be a trace: an MPI trace (SimGrid time-independent,
replayed as augur replay does, on --machine: a .xml platform or a .yaml
machine; columns procs/np set the ranks, nodes the first hosts used) or a
thread trace (simulated as augur simulate does; the column cpus/procs sets
the processors, else the machine's CPUs). A column named trace gives each
row its own trace file (relative to the CSV), since a trace is recorded
for one configuration.

Progress (the configuration being predicted, the share done and the time
left) goes to standard error on a terminal (--progress elsewhere,
--no-progress never). Ctrl-C or SIGTERM prints the table of the
configurations predicted so far, marked partial, with exit status 130.`,
	}
	c.run = func(e *env, args []string) int { return runValidate(e, c, args) }
	return c
}

func runValidate(e *env, c *command, args []string) int {
	fs := flag.NewFlagSet(c.name, flag.ContinueOnError)
	vf := newValidateFlags(fs)
	pos, status, done := parseFlags(e, c, fs, args)
	if done {
		return status
	}
	fail := func(code int, format string, a ...any) int {
		fmt.Fprintln(e.stderr, errorText("validate", fmt.Errorf(format, a...)))
		return code
	}
	if len(pos) != 2 {
		return fail(exitUsage, "want a MODEL and a MEASUREMENTS file, got %d arguments\nRun 'augur validate --help'.", len(pos))
	}
	switch *vf.format {
	case "text", "csv", "json":
	default:
		return fail(exitUsage, "--format %q: use text, csv or json", *vf.format)
	}
	pr, err := vf.progress.reporter(e, "augur validate")
	if err != nil {
		return fail(exitUsage, "%w", err)
	}
	how, explicit, err := machine.ParseMapping(*vf.mapping)
	if err != nil {
		return fail(exitUsage, "--map: %v", err)
	}
	kind := *vf.kind
	if kind == "auto" {
		switch strings.ToLower(filepath.Ext(pos[0])) {
		case ".aug":
			kind = "model"
		case ".trace":
			kind = "threads"
		default:
			kind = "mpi"
		}
	}
	switch kind {
	case "model":
	case "mpi", "threads":
		return validateTrace(e, vf, pr, kind, pos[0], pos[1], fail)
	default:
		return fail(exitUsage, "--kind %q: use model, mpi, threads or auto", *vf.kind)
	}
	src, err := infile.ReadFile(pos[0], infile.Model)
	if err != nil {
		return fail(exitInput, "%w", err)
	}
	f, diags := model.Parse(pos[0], src)
	if diags.HasErrors() {
		fmt.Fprintln(e.stderr, diags.Error())
		return exitInput
	}
	var params []string
	for _, d := range f.Decls {
		if v, ok := d.(*model.VarDecl); ok && v.Kind == model.Param {
			params = append(params, v.Name.Name)
		}
	}
	data, err := infile.ReadFile(pos[1], infile.Measurements)
	if err != nil {
		return fail(exitInput, "%w", err)
	}
	rows, err := validate.ReadMeasurements(pos[1], data, validate.Columns{Measured: *vf.measured, Reference: *vf.reference, Params: params})
	if err != nil {
		return fail(exitInput, "%w", err)
	}
	if *vf.machine == "" {
		return fail(exitUsage, "--machine FILE is required")
	}
	m, err := machine.Load(*vf.machine)
	if err != nil {
		return fail(exitInput, "%w", err)
	}
	var checkErr error
	var warnings []string
	seen := map[string]bool{}
	predicted, err := predictRows(pr, rows, func(cfg validate.Config) (float64, time.Duration, error) {
		start := time.Now()
		p, err := predict.Run(predict.Options{Filename: pos[0], Source: src, Machine: m,
			Nodes: cfg.Nodes, Procs: cfg.Procs, Threads: cfg.Threads, Set: cfg.Set,
			Mapping: how, Explicit: explicit, Seed: *vf.seed, Context: e.context()})
		if err != nil {
			var ce *predict.CheckError
			if errors.As(err, &ce) {
				checkErr = ce
			}
			return 0, 0, err
		}
		for _, d := range p.Warnings {
			if w := d.Error(); d.Warning && !seen[w] {
				seen[w] = true
				warnings = append(warnings, w)
			}
		}
		if p.Deadlock != nil {
			return 0, 0, fmt.Errorf("the model deadlocks: %v", p.Deadlock)
		}
		return p.Time, time.Since(start), nil
	})
	t := &validate.Table{Model: f.Name, Machine: m.Name, Rows: rows, Warnings: warnings}
	if err != nil && e.interrupted() {
		return writePartialValidation(e, vf, pr, t, predicted, fail)
	}
	if err != nil {
		pr.finish("stopped")
		if checkErr != nil {
			fmt.Fprintln(e.stderr, withFlags(checkErr.Error(), checkErr))
			return exitInput
		}
		return fail(statusOf(err), "%w", err)
	}
	pr.finish(fmt.Sprintf("done: %d configurations", len(rows)))
	return writeValidation(e, vf, t, fail)
}

// predictRows predicts every row in turn, showing which on pr, and
// returns how many were predicted before an error (or all of them).
func predictRows(pr *progress, rows []validate.Row, pred validate.Predictor) (int, error) {
	done := 0
	err := validate.Predict(rows, func(cfg validate.Config) (float64, time.Duration, error) {
		pr.fraction(fmt.Sprintf("configuration %d of %d (%s)", done+1, len(rows), cfg.Label()), float64(done)/float64(len(rows)))
		ts, te, err := pred(cfg)
		if err == nil {
			done++
		}
		return ts, te, err
	})
	return done, err
}

// writePartialValidation prints the table of the done rows predicted
// before the user interrupted, marked partial, and returns 130.
func writePartialValidation(e *env, vf *validateFlags, pr *progress, t *validate.Table, done int, fail func(int, string, ...any) int) int {
	pr.finish(fmt.Sprintf("interrupted after %d of %d configurations", done, len(t.Rows)))
	if done == 0 {
		return fail(exitInterrupted, "interrupted before the first configuration was predicted; nothing to print")
	}
	fmt.Fprintf(e.stderr, "augur validate: interrupted after %d of %d configurations; the table is partial\n", done, len(t.Rows))
	t.Partial, t.Of, t.Rows = true, len(t.Rows), t.Rows[:done]
	if status := writeValidation(e, vf, t, fail); status != exitOK {
		return status
	}
	return exitInterrupted
}

// writeValidation prints the table and draws the charts.
func writeValidation(e *env, vf *validateFlags, t *validate.Table, fail func(int, string, ...any) int) int {
	var err error
	if *vf.reference != "" {
		t.RefName = *vf.reference
	}
	switch *vf.format {
	case "json":
		err = validation.WriteJSON(e.stdout, t, *vf.stable)
	case "csv":
		err = validation.WriteCSV(e.stdout, t, *vf.stable)
	default:
		err = validation.WriteText(e.stdout, t, *vf.stable)
	}
	if err != nil {
		return fail(exitInput, "%w", err)
	}
	title := *vf.title
	if title == "" {
		title = fmt.Sprintf("%s on %s: predicted and measured time", t.Model, t.Machine)
	}
	for _, out := range []struct {
		path  string
		write func(*os.File) error
	}{
		{*vf.svg, func(w *os.File) error { return validation.WriteSVG(w, t, title) }},
		{*vf.png, func(w *os.File) error { return validation.WritePNG(w, t, title) }},
	} {
		if out.path == "" {
			continue
		}
		w, err := os.Create(out.path)
		if err != nil {
			return fail(exitInput, "%w", err)
		}
		err = out.write(w)
		if cerr := w.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			return fail(exitInput, "writing %s: %v", filepath.Clean(out.path), err)
		}
	}
	return exitOK
}
