package measure

import (
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"augur/internal/base/diag"
)

// Table is a CSV file with a header: named columns of text cells, each
// with its line and column for messages. Blank lines and lines starting
// with # are skipped.
type Table struct {
	File   string
	Header []string
	Rows   [][]string
	pos    [][][2]int // line, col of each cell
}

// ReadTable parses CSV text with a header row.
func ReadTable(name string, data []byte) (*Table, error) {
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	r := csv.NewReader(bytes.NewReader(data))
	r.Comment = '#'
	r.FieldsPerRecord = -1
	r.TrimLeadingSpace = true
	t := &Table{File: name}
	for {
		rec, err := r.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			var pe *csv.ParseError
			if errors.As(err, &pe) {
				return nil, &Error{File: name, Line: pe.Line, Col: pe.Column, Msg: "CSV: " + pe.Err.Error()}
			}
			return nil, &Error{File: name, Msg: err.Error()}
		}
		pos := make([][2]int, len(rec))
		for i := range rec {
			l, c := r.FieldPos(i)
			pos[i] = [2]int{l, c}
			rec[i] = strings.TrimSpace(rec[i])
		}
		if t.Header == nil {
			seen := map[string]int{}
			for i, h := range rec {
				if h == "" {
					return nil, &Error{File: name, Line: pos[i][0], Col: pos[i][1], Msg: fmt.Sprintf("header: column %d has no name", i+1)}
				}
				if j, dup := seen[h]; dup {
					return nil, &Error{File: name, Line: pos[i][0], Col: pos[i][1], Msg: fmt.Sprintf("header: column %q appears twice (columns %d and %d)", h, j+1, i+1)}
				}
				seen[h] = i
			}
			t.Header = rec
			continue
		}
		if len(rec) != len(t.Header) {
			return nil, &Error{File: name, Line: pos[0][0], Msg: fmt.Sprintf("row has %d cells, the header %d", len(rec), len(t.Header))}
		}
		t.Rows = append(t.Rows, rec)
		t.pos = append(t.pos, pos)
	}
	if t.Header == nil {
		return nil, &Error{File: name, Msg: "empty file: want a header row and measurements"}
	}
	if len(t.Rows) == 0 {
		return nil, &Error{File: name, Msg: "no rows after the header"}
	}
	return t, nil
}

// Column returns the index of the column named name (case-insensitive
// when there is no exact match), or an error listing the columns.
func (t *Table) Column(name string) (int, error) {
	for i, h := range t.Header {
		if h == name {
			return i, nil
		}
	}
	for i, h := range t.Header {
		if strings.EqualFold(h, name) {
			return i, nil
		}
	}
	return -1, &Error{File: t.File, Line: t.pos0(), Msg: fmt.Sprintf("no column %q; the columns are %s", name, strings.Join(quoteAll(t.Header), ", "))}
}

func (t *Table) pos0() int {
	if len(t.pos) > 0 {
		return t.pos[0][0][0] - 1
	}
	return 1
}

func quoteAll(ss []string) []string {
	out := make([]string, len(ss))
	for i, s := range ss {
		out[i] = strconv.Quote(s)
	}
	return out
}

// Where is "file:line" of a row.
func (t *Table) Where(row int) string {
	return fmt.Sprintf("%s:%d", t.File, t.pos[row][0][0])
}

// Errorf is an error at the cell at row, col, naming the column and the
// row number: "file:line:col: row 3, column "tm_s": message".
func (t *Table) Errorf(row, col int, format string, args ...any) error {
	p := t.pos[row][col]
	return &Error{File: t.File, Line: p[0], Col: p[1], Msg: fmt.Sprintf("row %d, column %q: %s", row+1, t.Header[col], fmt.Sprintf(format, args...))}
}

// Float parses the cell at row, col as a finite number; errors name the
// file, line and column, the column's name and the row number.
func (t *Table) Float(row, col int) (float64, error) {
	s := t.Rows[row][col]
	fail := func(why string) error { return t.Errorf(row, col, "%s", why) }
	if s == "" {
		return 0, fail("empty cell, want a number")
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil {
		var ne *strconv.NumError
		if errors.As(err, &ne) && errors.Is(ne.Err, strconv.ErrRange) {
			return 0, fail(fmt.Sprintf("%q is out of range", s))
		}
		return 0, fail(fmt.Sprintf("%q is not a number", s))
	}
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return 0, fail(fmt.Sprintf("%s is not a measurement (want a finite number)", s))
	}
	return v, nil
}

// regionColumns are column names that hold a region (call path) name
// rather than a number.
var regionColumns = []string{"region", "callpath", "kernel", "function"}

// ReadCSV reads measurements from CSV: one row per run, parameter columns
// and metric columns; rows with equal parameters are repetitions. A column
// named region (or callpath, kernel, function) groups rows into regions.
func ReadCSV(name string, data []byte, o Options) ([]Series, error) {
	t, err := ReadTable(name, data)
	if err != nil {
		return nil, err
	}
	regionCol := -1
	for i, h := range t.Header {
		for _, rc := range regionColumns {
			if strings.EqualFold(h, rc) {
				regionCol = i
			}
		}
	}
	var params, metrics []int
	isUsed := map[int]bool{regionCol: true}
	for _, p := range o.Params {
		i, err := t.Column(p)
		if err != nil {
			return nil, &diag.GivenError{Given: diag.Given{What: "parameter columns"}, Err: err}
		}
		params = append(params, i)
		isUsed[i] = true
	}
	for _, m := range o.Metrics {
		i, err := t.Column(m)
		if err != nil {
			return nil, &diag.GivenError{Given: diag.Given{What: "metric column"}, Err: err}
		}
		if isUsed[i] {
			return nil, &Error{File: name, Msg: fmt.Sprintf("column %q cannot be both a parameter and a metric", m)}
		}
		metrics = append(metrics, i)
		isUsed[i] = true
	}
	var rest []int
	for i := range t.Header {
		if !isUsed[i] {
			rest = append(rest, i)
		}
	}
	switch {
	case len(params) == 0 && len(metrics) == 0:
		if len(rest) < 2 {
			return nil, &Error{File: name, Line: t.pos0(), Msg: "want at least one parameter column and one metric column"}
		}
		params, metrics = rest[:len(rest)-1], rest[len(rest)-1:]
	case len(params) == 0:
		params = rest
	case len(metrics) == 0:
		metrics = rest
	}
	if len(params) == 0 {
		return nil, &Error{File: name, Line: t.pos0(), Msg: "no parameter columns left"}
	}
	if len(metrics) == 0 {
		return nil, &Error{File: name, Line: t.pos0(), Msg: "no metric columns left (every column is a parameter)"}
	}
	pnames := make([]string, len(params))
	for k, i := range params {
		pnames[k] = t.Header[i]
	}
	// Regions in order of first appearance.
	var regions []string
	seen := map[string]bool{}
	for r := range t.Rows {
		reg := ""
		if regionCol >= 0 {
			reg = t.Rows[r][regionCol]
		}
		if !seen[reg] {
			seen[reg] = true
			regions = append(regions, reg)
		}
	}
	var out []Series
	for _, reg := range regions {
		for _, mc := range metrics {
			s := Series{Region: reg, Metric: t.Header[mc], Params: pnames}
			idx := map[string]int{}
			for r, row := range t.Rows {
				if regionCol >= 0 && row[regionCol] != reg {
					continue
				}
				x := make([]float64, len(params))
				for k, c := range params {
					v, err := t.Float(r, c)
					if err != nil {
						return nil, err
					}
					x[k] = v
				}
				v, err := t.Float(r, mc)
				if err != nil {
					return nil, err
				}
				key := fmt.Sprint(x)
				j, ok := idx[key]
				if !ok {
					j = len(s.X)
					idx[key] = j
					s.X = append(s.X, x)
					s.Values = append(s.Values, nil)
					s.Where = append(s.Where, t.Where(r))
				}
				s.Values[j] = append(s.Values[j], v)
			}
			if err := check(name, &s); err != nil {
				return nil, err
			}
			out = append(out, s)
		}
	}
	return out, nil
}
