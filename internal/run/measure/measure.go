// Package measure reads performance measurements for fitting and
// validation: CSV with a header, and Extra-P's text, JSON and JSON Lines
// formats. Every problem is reported with the file, line (row) and column
// or field it concerns.
package measure

import (
	"bytes"
	"fmt"
	"math"
	"path/filepath"
	"sort"
	"strings"

	"augur/internal/base/diag"
	"augur/internal/base/infile"

	"augur/internal/base/fit"
)

// Series is the measurements of one metric of one region: a point per
// configuration, with its repetitions.
type Series struct {
	Region string // "" when the file has none
	Metric string
	Params []string
	X      [][]float64 // X[i][p]
	Values [][]float64 // repetitions at X[i]
	Where  []string    // "file:line" of each point, for messages
}

// Name is "region/metric", or the part that is set.
func (s *Series) Name() string {
	switch {
	case s.Region == "":
		return s.Metric
	case s.Metric == "":
		return s.Region
	}
	return s.Region + "/" + s.Metric
}

// Data converts s for fit.Fit.
func (s *Series) Data() fit.Data {
	return fit.Data{Params: s.Params, X: s.X, Values: s.Values}
}

// Options select the columns of a CSV file (other formats name their
// parameters and metrics themselves; Metrics then filters).
type Options struct {
	Params  []string // parameter columns; default: every numeric column but the metrics
	Metrics []string // metric columns; default: the last column, or every non-parameter column when Params is given
}

// Error is a problem in the input at a position: augur's one positioned
// error (package diag), printed as file:line:col: message.
type Error = diag.Error

// ReadFile reads path in the format its content shows: Extra-P text
// (starts with PARAMETER, possibly after comments), JSON ({), JSON Lines
// (several objects, one a line), else CSV.
func ReadFile(path string, o Options) ([]Series, error) {
	data, err := infile.ReadFile(path, infile.Measurements)
	if err != nil {
		return nil, err
	}
	return Read(path, data, o)
}

// Read parses data (named name in messages), detecting its format.
func Read(name string, data []byte, o Options) ([]Series, error) {
	var out []Series
	var err error
	switch detect(name, data) {
	case "text":
		out, err = ReadExtraPText(name, data)
	case "json":
		out, err = ReadExtraPJSON(name, data)
	case "jsonl":
		out, err = ReadExtraPJSONLines(name, data)
	default:
		return ReadCSV(name, data, o)
	}
	if err != nil {
		return nil, err
	}
	if len(o.Metrics) > 0 {
		var kept []Series
		for _, s := range out {
			for _, m := range o.Metrics {
				if s.Metric == m {
					kept = append(kept, s)
				}
			}
		}
		if len(kept) == 0 {
			return nil, &Error{File: name, Msg: fmt.Sprintf("no metric %s in the file (it has %s)", strings.Join(o.Metrics, ", "), metricNames(out))}
		}
		out = kept
	}
	return out, nil
}

func metricNames(ss []Series) string {
	seen := map[string]bool{}
	var names []string
	for _, s := range ss {
		if !seen[s.Metric] {
			seen[s.Metric] = true
			names = append(names, fmt.Sprintf("%q", s.Metric))
		}
	}
	return strings.Join(names, ", ")
}

func detect(name string, data []byte) string {
	t := bytes.TrimLeft(data, " \t\r\n\ufeff")
	t = bytes.TrimPrefix(t, []byte("\xef\xbb\xbf"))
	switch ext := strings.ToLower(filepath.Ext(name)); {
	case ext == ".jsonl":
		return "jsonl"
	case ext == ".csv":
		return "csv"
	}
	for bytes.HasPrefix(t, []byte("#")) {
		i := bytes.IndexByte(t, '\n')
		if i < 0 {
			return "csv"
		}
		t = bytes.TrimLeft(t[i+1:], " \t\r\n")
	}
	if bytes.HasPrefix(t, []byte("PARAMETER")) {
		return "text"
	}
	if bytes.HasPrefix(t, []byte("{")) {
		// One object, or one object per line?
		dec := jsonObjects(t)
		if dec > 1 {
			return "jsonl"
		}
		return "json"
	}
	return "csv"
}

// check validates a series for fitting: enough distinct values per
// parameter, no constant parameter, positive finite parameters, finite
// values. Messages name the place of the offending point.
func check(file string, s *Series) error {
	if len(s.X) == 0 {
		return &Error{File: file, Msg: fmt.Sprintf("%s: no measurements", s.Name())}
	}
	for p, name := range s.Params {
		distinct := map[float64]bool{}
		for i, x := range s.X {
			v := x[p]
			if math.IsNaN(v) || math.IsInf(v, 0) || v <= 0 {
				return whereErr(file, s.Where[i], fmt.Sprintf("parameter %s: value %g must be positive and finite (the PMNF takes powers and logarithms of it)", name, v))
			}
			distinct[v] = true
		}
		if len(distinct) == 1 {
			return &Error{File: file, Msg: fmt.Sprintf("%s: parameter %s is constant (%g in every row): a model cannot depend on it; leave it out of the parameters", s.Name(), name, s.X[0][p])}
		}
		if len(distinct) < fit.MinPoints {
			return &Error{File: file, Msg: fmt.Sprintf("%s: too few points: parameter %s takes %d distinct values, at least %d are needed (5 or more recommended)", s.Name(), name, len(distinct), fit.MinPoints)}
		}
	}
	for i, vs := range s.Values {
		for _, v := range vs {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return whereErr(file, s.Where[i], fmt.Sprintf("%s: value %g is not a measurement", s.Name(), v))
			}
			if math.Abs(v) > fit.MaxValue {
				return whereErr(file, s.Where[i], fmt.Sprintf("%s: value %g is beyond ±%g, too large to fit (its square overflows): give the metric in a larger unit", s.Name(), v, fit.MaxValue))
			}
		}
	}
	return nil
}

// whereErr builds an error from a "file:line[:col]: detail" place.
func whereErr(file, where, msg string) error {
	if where == "" {
		return &Error{File: file, Msg: msg}
	}
	return fmt.Errorf("%s: %s", where, msg)
}

// sortSeries orders series by region then metric, keeping files'
// first-appearance order within equal names stable.
func sortSeries(ss []Series) {
	sort.SliceStable(ss, func(i, j int) bool {
		if ss[i].Region != ss[j].Region {
			return ss[i].Region < ss[j].Region
		}
		return ss[i].Metric < ss[j].Metric
	})
}
