// Package sweepout writes what augur sweep prints: a line per point as
// it comes, then the summary, as text for people or as JSON lines or CSV
// for programs (docs/output.md).
package sweepout

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/tabwriter"

	"augur/internal/results"
	"augur/internal/run/sweep"
)

// Writer prints a sweep: a line per point as it comes, then the summary,
// as text for people, or JSON lines or CSV for programs (docs/output.md).
type Writer struct {
	w      io.Writer
	format string
	spec   *sweep.Spec
	names  []string
	varied map[string]bool
	total  int
	csv    *csv.Writer
	err    error
}

// NewWriter makes a writer for format text, json or csv.
func NewWriter(w io.Writer, format string, s *sweep.Spec) (*Writer, error) {
	switch format {
	case "text", "json", "csv":
	default:
		return nil, fmt.Errorf("format %q: use text, json or csv", format)
	}
	out := &Writer{w: w, format: format, spec: s, names: s.AxisNames(), varied: s.VariedAxes(), total: len(s.Points())}
	if format == "csv" {
		out.csv = csv.NewWriter(w)
		// The JSON's names: a coordinate is point_AXIS, as point.AXIS
		// flattened (docs/output.md, "CSV").
		head := []string{"record", "index", "version", "machine"}
		for _, n := range out.names {
			head = append(head, "point_"+n)
		}
		out.row(append(head, "status", "time_s", "speedup", "efficiency", "rank", "winner", "error", "text"))
	}
	return out, nil
}

// Header writes the text output's first line; nothing for json and csv.
func (w *Writer) Header() {
	if w.format != "text" {
		return
	}
	s := w.spec
	machines := ""
	if s.Mode != sweep.Simulate {
		machines = fmt.Sprintf(" × %d %s", len(s.Machines), plural(len(s.Machines), map[sweep.Mode]string{sweep.Predict: "machine", sweep.Replay: "platform"}[s.Mode]))
	}
	var fixed []string
	if pts := s.Points(); len(pts) > 0 {
		for i, n := range w.names {
			if !w.varied[n] {
				fixed = append(fixed, n+"="+pts[0].Values[i].Text)
			}
		}
	}
	w.printf("augur sweep %s: %d %s%s, %d runs", s.Mode, len(s.Versions), plural(len(s.Versions), "version"), machines, w.total)
	if len(fixed) > 0 {
		w.printf("; %s at every point", strings.Join(fixed, " "))
	}
	w.printf("\n")
}

func plural(n int, word string) string {
	if n == 1 {
		return word
	}
	return word + "s"
}

func (w *Writer) printf(format string, a ...any) {
	if w.err == nil {
		_, w.err = fmt.Fprintf(w.w, format, a...)
	}
}

func (w *Writer) row(rec []string) {
	if w.err == nil {
		w.err = w.csv.Write(rec)
	}
}

// num writes a time or ratio in full precision for programs.
func num(x float64) string {
	// As encoding/json writes it (1e-7, not strconv's 1e-07), so that the
	// CSV and the JSON lines agree (docs/output.md, "CSV").
	b, err := json.Marshal(x)
	if err != nil {
		return strconv.FormatFloat(x, 'g', -1, 64) // NaN, ±Inf: no JSON form
	}
	return string(b)
}

// Point writes one point's line.
func (w *Writer) Point(r sweep.Result) {
	s := w.spec
	machine := ""
	if r.Machine >= 0 {
		machine = s.Machines[r.Machine].Name
	}
	version := s.Versions[r.Version].Name
	switch w.format {
	case "json":
		pt := map[string]string{}
		for i, n := range w.names {
			pt[n] = r.Values[i].Text
		}
		rec := struct {
			results.Header
			Record  string            `json:"record"`
			Index   int               `json:"index"`
			Version string            `json:"version"`
			Machine string            `json:"machine,omitempty"`
			Point   map[string]string `json:"point"`
			Status  string            `json:"status"`
			Time    float64           `json:"time_s"`
			Error   string            `json:"error,omitempty"`
		}{results.NewHeader(results.CommandSweep), "point", r.Index + 1, version, machine, pt, r.Status, r.Time, r.Error}
		w.json(rec)
	case "csv":
		rec := []string{"point", strconv.Itoa(r.Index + 1), version, machine}
		for _, v := range r.Values {
			rec = append(rec, v.Text)
		}
		t := num(r.Time)
		if r.Status != sweep.StatusOK {
			t = ""
		}
		w.row(append(rec, r.Status, t, "", "", "", "", r.Error, ""))
	default:
		var coords []string
		for i, n := range w.names {
			if w.varied[n] {
				coords = append(coords, n+"="+r.Values[i].Text)
			}
		}
		where := version
		if machine != "" {
			where += " on " + machine
		}
		what := sweep.Seconds(r.Time)
		switch r.Status {
		case sweep.StatusDeadlock:
			what = "deadlock: " + r.Error
		case sweep.StatusError:
			what = "error: " + r.Error
		}
		width := len(strconv.Itoa(w.total))
		w.printf("[%*d/%d] %s  %s  %s\n", width, r.Index+1, w.total, where, strings.Join(coords, " "), what)
	}
}

func (w *Writer) json(v any) {
	if w.err != nil {
		return
	}
	b, err := json.Marshal(v)
	if err != nil {
		w.err = err
		return
	}
	_, w.err = w.w.Write(append(b, '\n'))
}

// Summary writes the summary and returns the first write error.
func (w *Writer) Summary(sum *sweep.Summary) error {
	switch w.format {
	case "json":
		w.jsonSummary(sum)
	case "csv":
		w.csvSummary(sum)
		w.csv.Flush()
		if w.err == nil {
			w.err = w.csv.Error()
		}
	default:
		w.textSummary(sum)
	}
	return w.err
}

// jsonCell is a version's figures at a coordinate.
type jsonCell struct {
	Version    string   `json:"version"`
	Status     string   `json:"status"`
	Time       *float64 `json:"time_s"`
	Speedup    *float64 `json:"speedup,omitempty"`
	Efficiency *float64 `json:"efficiency,omitempty"`
	Rank       int      `json:"rank,omitempty"`
	Error      string   `json:"error,omitempty"`
}

type jsonRow struct {
	Machine string            `json:"machine,omitempty"`
	Point   map[string]string `json:"point"`
	Results []jsonCell        `json:"results"`
	Winner  string            `json:"winner,omitempty"`
}

type jsonChange struct {
	Machine  string            `json:"machine,omitempty"`
	Point    map[string]string `json:"point"`
	Axis     string            `json:"axis"`
	From     string            `json:"from"`
	To       string            `json:"to"`
	ToEnd    bool              `json:"to_end"`
	Winner   string            `json:"winner"`
	Previous string            `json:"previous"`
	Text     string            `json:"text"`
}

func (w *Writer) pointMap(vals []sweep.Value, skip string) map[string]string {
	pt := map[string]string{}
	for i, n := range w.names {
		if n != skip && vals[i].Text != "" {
			pt[n] = vals[i].Text
		}
	}
	return pt
}

func (w *Writer) jsonSummary(sum *sweep.Summary) {
	out := struct {
		results.Header
		Record   string       `json:"record"`
		Mode     sweep.Mode   `json:"mode"`
		Axes     []string     `json:"axes"`
		Versions []string     `json:"versions"`
		Scaling  string       `json:"scaling_axis,omitempty"`
		X        string       `json:"ranking_axis,omitempty"`
		Points   int          `json:"points"`
		Failed   int          `json:"failed"`
		Missing  int          `json:"missing"`
		Rows     []jsonRow    `json:"rows"`
		Changes  []jsonChange `json:"changes"`
	}{Header: results.NewHeader(results.CommandSweep), Record: "summary", Mode: sum.Mode, Axes: sum.Axes, Versions: sum.Versions, Scaling: sum.Scaling, X: sum.X,
		Points: sum.Points, Failed: sum.Failed, Missing: sum.Missing, Rows: []jsonRow{}, Changes: []jsonChange{}}
	for _, r := range sum.Rows {
		jr := jsonRow{Machine: r.Machine, Point: w.pointMap(r.Values, ""), Winner: r.Winner}
		for _, c := range r.Cells {
			jc := jsonCell{Version: c.Version, Status: c.Status, Speedup: c.Speedup, Efficiency: c.Efficiency, Rank: c.Rank, Error: c.Error}
			if c.Status == "" {
				jc.Status = "missing"
			}
			if c.Status == sweep.StatusOK {
				t := c.Time
				jc.Time = &t
			}
			jr.Results = append(jr.Results, jc)
		}
		out.Rows = append(out.Rows, jr)
	}
	for _, c := range sum.Changes {
		out.Changes = append(out.Changes, jsonChange{Machine: c.Machine, Point: w.pointMap(c.Group, sum.X), Axis: sum.X,
			From: c.From.Text, To: c.To.Text, ToEnd: c.ToEnd, Winner: c.Winner, Previous: c.Previous, Text: c.Text})
	}
	w.json(out)
}

func opt(p *float64) string {
	if p == nil {
		return ""
	}
	return num(*p)
}

func (w *Writer) csvSummary(sum *sweep.Summary) {
	for _, r := range sum.Rows {
		base := func(record, version string, vals []sweep.Value) []string {
			rec := []string{record, "", version, r.Machine}
			for _, v := range vals {
				rec = append(rec, v.Text)
			}
			return rec
		}
		for _, c := range r.Cells {
			st, t, rk := c.Status, "", ""
			if st == "" {
				st = "missing"
			}
			if c.Status == sweep.StatusOK {
				t, rk = num(c.Time), strconv.Itoa(c.Rank)
			}
			w.row(append(base("result", c.Version, r.Values), st, t, opt(c.Speedup), opt(c.Efficiency), rk, "", c.Error, ""))
		}
		if r.Winner != "" {
			w.row(append(base("row", "", r.Values), "", "", "", "", "", r.Winner, "", ""))
		}
	}
	for _, c := range sum.Changes {
		vals := append([]sweep.Value(nil), c.Group...)
		vals[sum.XIndex()] = c.From
		rec := []string{"change", "", "", c.Machine}
		for _, v := range vals {
			rec = append(rec, v.Text)
		}
		w.row(append(rec, "", "", "", "", "", c.Winner, "", c.Text))
	}
}

func (w *Writer) textSummary(sum *sweep.Summary) {
	w.printf("\n")
	if sum.Missing > 0 {
		w.printf("%d of %d runs have no result yet.\n", sum.Missing, sum.Missing+sum.Points)
	}
	if len(sum.Rows) == 0 {
		return
	}
	title := "Time"
	if sum.Scaling != "" {
		title = fmt.Sprintf("Time, speed-up and efficiency against the smallest %s of each curve", sum.Scaling)
	}
	w.printf("%s:\n", title)
	tw := tabwriter.NewWriter(w.w, 0, 0, 2, ' ', tabwriter.AlignRight)
	var head []string
	if sum.Mode != sweep.Simulate {
		head = append(head, "machine")
	}
	var cols []int
	for i, n := range sum.Axes {
		if w.varied[n] {
			cols = append(cols, i)
			head = append(head, n)
		}
	}
	multi := len(sum.Versions) > 1
	for _, v := range sum.Versions {
		prefix := ""
		if multi {
			prefix = v + " "
		}
		head = append(head, prefix+"time")
		if sum.Scaling != "" {
			head = append(head, "speed-up", "efficiency")
		}
	}
	if multi {
		head = append(head, "winner")
	}
	fmt.Fprintln(tw, strings.Join(head, "\t")+"\t")
	for _, r := range sum.Rows {
		var cells []string
		if sum.Mode != sweep.Simulate {
			cells = append(cells, r.Machine)
		}
		for _, i := range cols {
			cells = append(cells, r.Values[i].Text)
		}
		for _, c := range r.Cells {
			switch c.Status {
			case sweep.StatusOK:
				cells = append(cells, sweep.Seconds(c.Time))
			case "":
				cells = append(cells, "-")
			default:
				cells = append(cells, c.Status)
			}
			if sum.Scaling != "" {
				sp, eff := "-", "-"
				if c.Speedup != nil {
					sp, eff = fmt.Sprintf("%.3f", *c.Speedup), fmt.Sprintf("%.3f", *c.Efficiency)
				}
				cells = append(cells, sp, eff)
			}
		}
		if multi {
			cells = append(cells, r.Winner)
		}
		fmt.Fprintln(tw, strings.Join(cells, "\t")+"\t")
	}
	if w.err == nil {
		w.err = tw.Flush()
	}
	if multi {
		w.printf("\n")
		switch {
		case len(sum.Changes) > 0:
			w.printf("Ranking changes along %s:\n", sum.X)
			for _, c := range sum.Changes {
				w.printf("  %s\n", c.Text)
			}
		case sum.X != "":
			if win := sum.SoleWinner(); win != "" {
				w.printf("%s is the fastest at every point.\n", win)
			} else {
				w.printf("The fastest version does not change along %s; it depends on the rest: %s.\n", sum.X, strings.Join(sum.CurveWinners(), ", "))
			}
		default:
			if win := sum.SoleWinner(); win != "" {
				w.printf("%s is the fastest.\n", win)
			}
		}
	}
	if sum.Failed > 0 {
		w.printf("%d of %d runs failed (status error); their lines above say why.\n", sum.Failed, sum.Points)
	}
}
