package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"math"
	"sort"
	"strconv"
	"strings"

	"augur/internal/frontend/model"
	"augur/internal/results"
	"augur/internal/tools/fit"
	"augur/internal/tools/measure"
	"augur/internal/writers/table"
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

// fitResult is one model in the JSON output.
type fitResult struct {
	Region      string          `json:"region,omitempty"`
	Metric      string          `json:"metric"`
	Params      []string        `json:"params"`
	Expression  string          `json:"expression"`
	ExtraP      string          `json:"extrap_form"`
	SMAPE       float64         `json:"smape"`
	CVSMAPE     *float64        `json:"cv_smape"`
	AdjR2       *float64        `json:"adj_r2"`
	RSS         float64         `json:"rss"`
	Points      int             `json:"points"`
	Predictions []fitPrediction `json:"predictions"`
}

type fitPrediction struct {
	Point map[string]float64 `json:"point"`
	Value float64            `json:"value"`
}

func fitFinite(v float64) *float64 {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return nil
	}
	return &v
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
	var fits []fitResult
	for i, s := range series {
		data := s.Data()
		pr.fraction(fmt.Sprintf("fitting %s (%d of %d, %s points)", s.Name(), i+1, len(series), count(int64(len(data.Values)))), float64(i)/float64(len(series)))
		m, err := fit.Fit(data, opts)
		if err != nil {
			fmt.Fprintf(e.stderr, "augur fit: %s: %s: %v\n", pos[0], s.Name(), err)
			return exitInput
		}
		// Parameter names become the cost function's arguments: they must
		// be identifiers of the model language.
		m.Params = fitIdentifiers(s.Params)
		r := fitResult{Region: s.Region, Metric: s.Metric, Params: m.Params, Expression: m.Expr(), ExtraP: m.String(),
			SMAPE: m.SMAPE, CVSMAPE: fitFinite(m.CVSMAPE), AdjR2: fitFinite(m.AdjR2), RSS: m.RSS, Points: m.Points,
			Predictions: []fitPrediction{}}
		if _, err := model.ParseExpr(r.Expression); err != nil {
			fmt.Fprintf(e.stderr, "augur fit: internal error: the expression %q does not parse: %v\n", r.Expression, err)
			return exitSim
		}
		for _, pt := range ff.predict {
			x := make([]float64, len(s.Params))
			for k, name := range s.Params {
				v, ok := pt[name]
				if !ok {
					v, ok = pt[m.Params[k]]
				}
				if !ok {
					fmt.Fprintf(e.stderr, "augur fit: --predict %s: no value for parameter %s (the parameters are %s)\n", fitFormatPoint(pt), name, strings.Join(s.Params, ", "))
					return exitUsage
				}
				x[k] = v
			}
			for name := range pt {
				if !fitContains(s.Params, name) && !fitContains(m.Params, name) {
					fmt.Fprintf(e.stderr, "augur fit: --predict: unknown parameter %s (the parameters are %s)\n", name, strings.Join(s.Params, ", "))
					return exitUsage
				}
			}
			r.Predictions = append(r.Predictions, fitPrediction{Point: pt, Value: m.Eval(x)})
		}
		fits = append(fits, r)
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
	writeFitText(e.stdout, fits)
	return exitOK
}

// fitDoc is fit's document: the file fitted and a model per region and
// metric.
type fitDoc struct {
	results.Header
	File   string      `json:"file"`
	Models []fitResult `json:"models"`
}

func fitDocument(file string, fits []fitResult) *fitDoc {
	return &fitDoc{results.NewHeader(results.CommandFit), file, fits}
}

// fitTable is fit's CSV: a row per model, then its predictions, each
// with the region and metric of its model.
var fitTable = results.TableSpec{Summary: "summary", Records: []results.TableRecord{
	{Name: "model", Path: "models"},
	{Name: "prediction", Path: "models[].predictions", Keys: []string{"region", "metric"}},
}}

func fitContains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func fitFormatPoint(pt map[string]float64) string {
	keys := make([]string, 0, len(pt))
	for k := range pt {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = fmt.Sprintf("%s=%g", k, pt[k])
	}
	return strings.Join(parts, ",")
}

// identifiers turns column names into model-language identifiers:
// characters outside [A-Za-z0-9_] become _, a leading digit gets a _
// prefix, keywords get a _ suffix.
func fitIdentifiers(names []string) []string {
	out := make([]string, len(names))
	for i, n := range names {
		var b strings.Builder
		for j, r := range n {
			ok := r == '_' || (r >= 'a' && r <= 'z') || (r >= 'A' && r <= 'Z') || (j > 0 && r >= '0' && r <= '9')
			if j == 0 && r >= '0' && r <= '9' {
				b.WriteByte('_')
				ok = true
			}
			if ok {
				b.WriteRune(r)
			} else {
				b.WriteByte('_')
			}
		}
		s := b.String()
		if s == "" {
			s = "x"
		}
		if model.Keywords[s] {
			s += "_"
		}
		out[i] = s
	}
	return out
}

func writeFitText(w io.Writer, results []fitResult) {
	for i, r := range results {
		if i > 0 {
			fmt.Fprintln(w)
		}
		name := r.Metric
		if r.Region != "" {
			name = r.Region + " / " + r.Metric
		}
		if name == "" {
			name = "(unnamed metric)"
		}
		fmt.Fprintf(w, "%s  (%d points; parameters %s)\n", name, r.Points, strings.Join(r.Params, ", "))
		fmt.Fprintf(w, "  model       %s\n", r.Expression)
		cv := "n/a"
		if r.CVSMAPE != nil {
			cv = fmt.Sprintf("%.3g %%", *r.CVSMAPE)
		}
		fmt.Fprintf(w, "  SMAPE       %.3g %%  (leave-one-out: %s)\n", r.SMAPE, cv)
		if r.AdjR2 != nil {
			fmt.Fprintf(w, "  adj. R²     %.6f\n", *r.AdjR2)
		} else {
			fmt.Fprintf(w, "  adj. R²     n/a (too few points for the terms)\n")
		}
		for _, p := range r.Predictions {
			fmt.Fprintf(w, "  at %-20s %.6g\n", fitFormatPoint(p.Point), p.Value)
		}
	}
}
