// Package validate compares predictions with measurements in the layout of
// Performance Prophet's Table 2 — configuration, Ts (simulated), Tm (measured), Te
// (evaluation time), Tm/Te, Error % = |Ts − Tm| / Tm · 100 — with the mean
// error, as text, CSV and JSON, and draws predicted against measured time
// as SVG and PNG (Performance Prophet, Fig. 15).
package validate

import (
	"fmt"
	"math"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"augur/internal/base/diag"
	"augur/internal/base/procbound"
	"augur/internal/run/measure"
)

// Config is one configuration to predict: the system parameters and the
// model parameters to set.
type Config struct {
	Nodes, Procs, Threads int
	Set                   map[string]float64
	// Text holds the text columns asked for (Columns.Text), e.g. the
	// trace file of each configuration.
	Text map[string]string
}

// Label names a configuration the seed's way (N2P8), model parameters first.
func (c Config) Label() string {
	var parts []string
	keys := make([]string, 0, len(c.Set))
	for k := range c.Set {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		parts = append(parts, fmt.Sprintf("%s=%g", k, c.Set[k]))
	}
	tkeys := make([]string, 0, len(c.Text))
	for k := range c.Text {
		if c.Text[k] != "" {
			tkeys = append(tkeys, k)
		}
	}
	sort.Strings(tkeys)
	for _, k := range tkeys {
		v := c.Text[k]
		if k == "trace" {
			// The trace file's name says which run it is.
			v = path.Base(filepath.ToSlash(v))
			v = strings.TrimSuffix(v, path.Ext(v))
			parts = append(parts, v)
			continue
		}
		parts = append(parts, k+"="+v)
	}
	var sys string
	if c.Nodes > 0 {
		sys += fmt.Sprintf("N%d", c.Nodes)
	}
	if c.Procs > 0 {
		sys += fmt.Sprintf("P%d", c.Procs)
	}
	if c.Threads > 0 {
		sys += fmt.Sprintf("T%d", c.Threads)
	}
	if sys != "" {
		parts = append(parts, sys)
	}
	return strings.Join(parts, " ")
}

// Row is one configuration's result.
type Row struct {
	Config    Config
	Measured  float64       // Tm, seconds
	Predicted float64       // Ts, seconds
	Eval      time.Duration // Te: wall time of the prediction
	Reference *float64      // another tool's prediction for the same configuration (optional)
	Where     string        // file:line of the measurement
}

// Error is |Ts − Tm| / Tm · 100.
func (r Row) Error() float64 { return relErr(r.Predicted, r.Measured) }

// RefError is the reference's error, NaN without one.
func (r Row) RefError() float64 {
	if r.Reference == nil {
		return math.NaN()
	}
	return relErr(*r.Reference, r.Measured)
}

func relErr(pred, meas float64) float64 { return math.Abs(pred-meas) / meas * 100 }

// Table is a validation: the rows and what produced them.
type Table struct {
	Model, Machine string
	RefName        string // name of the reference column, "" without one
	Rows           []Row
	// Partial: the run was interrupted; Rows are the configurations
	// predicted before, Of how many there were.
	Partial bool
	Of      int
	// Warnings are the model checker's (file:line:col: warning: ...).
	Warnings []string
}

// MeanError is the mean of the rows' errors (%).
func (t *Table) MeanError() float64 {
	var s float64
	for _, r := range t.Rows {
		s += r.Error()
	}
	return s / float64(len(t.Rows))
}

// MeanRefError is the mean error of the reference (%), NaN without one.
func (t *Table) MeanRefError() float64 {
	if t.RefName == "" {
		return math.NaN()
	}
	var s float64
	for _, r := range t.Rows {
		s += r.RefError()
	}
	return s / float64(len(t.Rows))
}

// Columns tell ReadMeasurements what the CSV columns mean.
type Columns struct {
	Measured  string   // column of the measured time; "" finds tm, tm_s, measured, time
	Reference string   // optional column of another prediction
	Params    []string // the model's parameters: columns with these names (any case) are --set
	// Text: columns (any case) kept as text in Config.Text under the
	// name given here, e.g. "trace"; a cell may be empty.
	Text []string
	// NoConfigOK accepts a CSV without configuration columns (a trace
	// replayed as it is, row by row from its own trace column).
	NoConfigOK bool
}

var measuredNames = []string{"tm", "tm_s", "measured", "measured_s", "time", "time_s"}

// ReadMeasurements reads a CSV of configurations and measured times: the
// columns nodes, procs (or cpus, np) and threads (any case) are the system parameters,
// columns named like a model parameter set it, the measured column is Tm.
// Other columns are ignored. Errors name the row and column.
func ReadMeasurements(name string, data []byte, cols Columns) ([]Row, error) {
	t, err := measure.ReadTable(name, data)
	if err != nil {
		return nil, err
	}
	mcol := -1
	if cols.Measured != "" {
		if mcol, err = t.Column(cols.Measured); err != nil {
			return nil, err
		}
	} else {
		for _, n := range measuredNames {
			if i, err := t.Column(n); err == nil {
				mcol = i
				break
			}
		}
		if mcol < 0 {
			return nil, &measure.Error{File: name, Line: 1, Msg: fmt.Sprintf("no measured-time column (looked for %s; name it with option measured)", strings.Join(measuredNames, ", ")),
				Given: &diag.Given{What: diag.Option, Name: "measured"}}
		}
	}
	rcol := -1
	if cols.Reference != "" {
		if rcol, err = t.Column(cols.Reference); err != nil {
			return nil, err
		}
	}
	sys := map[string]int{}
	params := map[int]string{}
	for i, h := range t.Header {
		switch k := strings.ToLower(h); k {
		case "nodes", "procs", "threads":
			sys[k] = i
			continue
		case "cpus", "np":
			// Processors of a thread simulation, ranks of an MPI replay.
			sys["procs"] = i
			continue
		}
		for _, p := range cols.Params {
			if strings.EqualFold(h, p) {
				params[i] = p
			}
		}
	}
	if len(sys) == 0 && len(params) == 0 && !cols.NoConfigOK {
		return nil, &measure.Error{File: name, Line: 1, Msg: fmt.Sprintf("no configuration columns: want nodes, procs, threads or a model parameter (%s) among %s", strings.Join(cols.Params, ", "), strings.Join(t.Header, ", "))}
	}
	text := map[string]int{}
	for _, name := range cols.Text {
		for i, h := range t.Header {
			if strings.EqualFold(h, name) {
				text[name] = i
			}
		}
	}
	var rows []Row
	for r := range t.Rows {
		row := Row{Where: t.Where(r), Config: Config{Set: map[string]float64{}, Text: map[string]string{}}}
		for name, c := range text {
			if c < len(t.Rows[r]) {
				row.Config.Text[name] = strings.TrimSpace(t.Rows[r][c])
			}
		}
		for key, c := range sys {
			v, err := t.Float(r, c)
			if err != nil {
				return nil, err
			}
			if v < 1 || v != math.Trunc(v) || v > procbound.Max {
				return nil, t.Errorf(r, c, "want a whole number from 1 to %d, got %g", procbound.Max, v)
			}
			switch key {
			case "nodes":
				row.Config.Nodes = int(v)
			case "procs":
				row.Config.Procs = int(v)
			case "threads":
				row.Config.Threads = int(v)
			}
		}
		for c, p := range params {
			v, err := t.Float(r, c)
			if err != nil {
				return nil, err
			}
			row.Config.Set[p] = v
		}
		v, err := t.Float(r, mcol)
		if err != nil {
			return nil, err
		}
		if v <= 0 {
			return nil, t.Errorf(r, mcol, "a measured time must be positive, got %g", v)
		}
		row.Measured = v
		if rcol >= 0 {
			ref, err := t.Float(r, rcol)
			if err != nil {
				return nil, err
			}
			row.Reference = &ref
		}
		rows = append(rows, row)
	}
	return rows, nil
}

// Predictor predicts one configuration: the predicted time and how long
// the prediction took.
type Predictor func(Config) (float64, time.Duration, error)

// Predict fills in every row's prediction; an error names the row.
func Predict(rows []Row, p Predictor) error {
	for i := range rows {
		ts, te, err := p(rows[i].Config)
		if err != nil {
			return fmt.Errorf("%s: %s: %w", rows[i].Where, rows[i].Config.Label(), err)
		}
		rows[i].Predicted, rows[i].Eval = ts, te
	}
	return nil
}
