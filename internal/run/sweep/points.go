package sweep

import (
	"bytes"
	"encoding/csv"
	"errors"
	"io"
	"strings"

	"augur/internal/base/diag"
)

// maxListed bounds the rows of a points file.
const maxListed = 1_000_000

// ParsePoints reads a points file: CSV whose header names the axes (nodes,
// procs, threads for predict, np for replay, cpus for simulate, a param's
// name, or a --cfg key such as network/model) and whose every other line
// is one point; lines starting with # are comments. Errors are
// file:line:col.
func ParsePoints(m Mode, filename string, data []byte) ([]Axis, [][]Value, error) {
	r := csv.NewReader(bytes.NewReader(data))
	r.Comment = '#'
	r.TrimLeadingSpace = true
	r.ReuseRecord = false
	header, err := r.Read()
	if errors.Is(err, io.EOF) {
		return nil, nil, diag.At(filename, 0, 0, "no header line naming the axes")
	}
	if err != nil {
		return nil, nil, csvErr(filename, err)
	}
	var axes []Axis
	seen := map[string]bool{}
	for i, h := range header {
		line, col := r.FieldPos(i)
		h = strings.TrimSpace(h)
		if h == "" {
			return nil, nil, diag.At(filename, line, col, "empty axis name")
		}
		if seen[h] {
			return nil, nil, diag.At(filename, line, col, "%s named twice", h)
		}
		seen[h] = true
		a, err := NewAxis(m, h, nil)
		if err != nil {
			return nil, nil, diag.At(filename, line, col, "%v", err)
		}
		axes = append(axes, a)
	}
	var rows [][]Value
	for {
		rec, err := r.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, nil, csvErr(filename, err)
		}
		row := make([]Value, len(rec))
		for i, text := range rec {
			v, err := axes[i].value(text)
			if err != nil {
				line, col := r.FieldPos(i)
				return nil, nil, diag.At(filename, line, col, "%v", err)
			}
			row[i] = v
		}
		if len(rows) >= maxListed {
			line, _ := r.FieldPos(0)
			return nil, nil, diag.At(filename, line, 0, "more than %d points", maxListed)
		}
		rows = append(rows, row)
	}
	if len(rows) == 0 {
		return nil, nil, diag.At(filename, 0, 0, "no points after the header")
	}
	return axes, rows, nil
}

// csvErr turns encoding/csv's error into file:line:col.
func csvErr(filename string, err error) error {
	var pe *csv.ParseError
	if errors.As(err, &pe) {
		return diag.At(filename, pe.Line, pe.Column, "%v", pe.Err)
	}
	return diag.At(filename, 0, 0, "%v", err)
}
