package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"math"
	"strconv"
	"strings"

	"augur/internal/base/fit"
	"augur/internal/results"
	"augur/internal/run/measure"
	"augur/internal/writers/table"
	"augur/internal/writers/text"
)

// pointsFlag collects repeated --predict p=1024,n=64.
type pointsFlag []map[string]float64

func (p *pointsFlag) String() string { return "" }

func (p *pointsFlag) Set(v string) error {
	pt := map[string]float64{}
	for _, part := range strings.Split(v, ",") {
		name, val, ok := strings.Cut(strings.TrimSpace(part), "=")
		if !ok || strings.TrimSpace(name) == "" {
			return fmt.Errorf("want NAME=VALUE[,NAME=VALUE...], got %q", v)
		}
		f, err := strconv.ParseFloat(strings.TrimSpace(val), 64)
		if err != nil || math.IsNaN(f) || math.IsInf(f, 0) {
			return fmt.Errorf("%s: %q is not a finite number", name, val)
		}
		pt[strings.TrimSpace(name)] = f
	}
	*p = append(*p, pt)
	return nil
}

type fitFlags struct {
	params   *string
	metric   *string
	format   *string
	predict  pointsFlag
	extrap   *bool
	terms    *int
	median   *bool
	progress *progressFlags
}

func newFitFlags(fs *flag.FlagSet) *fitFlags {
	f := &fitFlags{}
	f.params = fs.String("params", "", "parameter columns of a CSV file, comma-separated `p,n` (default: every column but the last)")
	f.metric = fs.String("metric", "", "metric column(s) to model, comma-separated `NAMES` (default: every non-parameter column of a CSV with --params, else the last; every metric of Extra-P files)")
	f.format = fs.String("format", "text", "output `FORMAT`: text, json or csv")
	fs.Var(&f.predict, "predict", "also evaluate the model at `p=1024,n=64` (repeatable)")
	f.extrap = fs.Bool("extrap", false, "search exactly like Extra-P's default modelers (one term per parameter, no negative exponents, plain least squares)")
	f.terms = fs.Int("terms", 2, "at most `N` PMNF terms per parameter (1-3)")
	f.median = fs.Bool("median", false, "aggregate repeated measurements by their median instead of the mean")
	f.progress = defineProgressFlags(fs)
	return f
}

func fitCommand() *command {
	c := &command{
		define:  func(fs *flag.FlagSet) { newFitFlags(fs) },
		name:    "fit",
		summary: "fit cost functions (Extra-P PMNF) to measurements",
		usage:   "DATA [--params p,n] [--metric time] [--predict p=1024,n=64]... [flags]",
		help: `Fits a performance model in Extra-P's Performance Model Normal Form
(constant + sums of c·p^i·log2(p)^j, products for several parameters) to
the measurements in DATA and prints it as an expression of augur's model
language, ready to paste as a cost function, with its SMAPE, adjusted R²
and the predictions asked for with --predict. See docs/fit.md.

DATA is CSV with a header (parameter and metric columns, one row per run;
rows with equal parameters are repetitions; a "region" column separates
regions), or Extra-P's text, JSON or JSON Lines input. Every metric of
every region gets its own model.

Example:
  augur fit runs.csv --params p --predict p=1024`,
	}
	c.run = func(e *env, args []string) int { return runFit(e, c, args) }
	return c
}

func fitSplitList(s string) []string {
	var out []string
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

func runFit(e *env, c *command, args []string) int {
	fs := flag.NewFlagSet(c.name, flag.ContinueOnError)
	ff := newFitFlags(fs)
	pos, status, done := parseFlags(e, c, fs, args)
	if done {
		return status
	}
	if len(pos) != 1 {
		fmt.Fprintf(e.stderr, "augur fit: want one DATA file, got %d arguments\nRun 'augur fit --help'.\n", len(pos))
		return exitUsage
	}
	if *ff.format != "text" && *ff.format != "json" && *ff.format != "csv" {
		fmt.Fprintf(e.stderr, "augur fit: --format %q: use text, json or csv\n", *ff.format)
		return exitUsage
	}
	if *ff.terms < 1 || *ff.terms > 3 {
		fmt.Fprintf(e.stderr, "augur fit: --terms %d: use 1, 2 or 3\n", *ff.terms)
		return exitUsage
	}
	pr, err := ff.progress.reporter(e, "augur fit")
	if err != nil {
		fmt.Fprintln(e.stderr, errorText("fit", err))
		return exitUsage
	}
	pr.phase("reading " + pos[0])
	series, err := measure.ReadFile(pos[0], measure.Options{Params: fitSplitList(*ff.params), Metrics: fitSplitList(*ff.metric)})
	if err != nil {
		fmt.Fprintln(e.stderr, errorText("fit", err))
		return exitInput
	}
	opts := fit.Options{MaxTerms: *ff.terms, Median: *ff.median, ExtraP: *ff.extrap}
	var fits []*measure.Model
	for i := range series {
		s := &series[i]
		pr.fraction(fmt.Sprintf("fitting %s (%d of %d, %s points)", s.Name(), i+1, len(series), count(int64(len(s.Values)))), float64(i)/float64(len(series)))
		m, err := measure.FitSeries(s, opts, ff.predict)
		var pe *measure.PointError
		var xe *measure.ExprError
		switch {
		case errors.As(err, &pe) && pe.Point != "":
			fmt.Fprintf(e.stderr, "augur fit: --predict %s: %v\n", pe.Point, pe)
			return exitUsage
		case errors.As(err, &pe):
			fmt.Fprintf(e.stderr, "augur fit: --predict: %v\n", pe)
			return exitUsage
		case errors.As(err, &xe):
			fmt.Fprintf(e.stderr, "augur fit: %v\n", xe)
			return exitSim
		case err != nil:
			fmt.Fprintf(e.stderr, "augur fit: %s: %v\n", pos[0], err)
			return exitInput
		}
		fits = append(fits, m)
	}
	pr.finish(fmt.Sprintf("done: %d model(s)", len(fits)))
	if *ff.format == "csv" {
		if err := table.Write(e.stdout, fitDocument(pos[0], fits), fitTable); err != nil {
			fmt.Fprintln(e.stderr, errorText("fit", err))
			return exitInput
		}
		return exitOK
	}
	if *ff.format == "json" {
		enc := json.NewEncoder(e.stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(fitDocument(pos[0], fits)); err != nil {
			fmt.Fprintln(e.stderr, errorText("fit", err))
			return exitInput
		}
		return exitOK
	}
	text.Fit(e.stdout, fits)
	return exitOK
}

// fitDoc is fit's document: the file fitted and a model per region and
// metric.
type fitDoc struct {
	results.Header
	File   string           `json:"file"`
	Models []*measure.Model `json:"models"`
}

func fitDocument(file string, fits []*measure.Model) *fitDoc {
	return &fitDoc{results.NewHeader(results.CommandFit), file, fits}
}

// fitTable is fit's CSV: a row per model, then its predictions, each
// with the region and metric of its model.
var fitTable = results.TableSpec{Summary: "summary", Records: []results.TableRecord{
	{Name: "model", Path: "models"},
	{Name: "prediction", Path: "models[].predictions", Keys: []string{"region", "metric"}},
}}
