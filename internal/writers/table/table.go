// Package table writes a result document as CSV: the document's JSON
// flattened into one table by its results.TableSpec (docs/output.md,
// "CSV").
package table

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"augur/internal/results"
)

// Write writes doc, a value that encodes as a JSON object, as CSV by
// spec: the rules are results.TableSpec's.
func Write(w io.Writer, doc any, spec results.TableSpec) error {
	data, err := json.Marshal(doc)
	if err != nil {
		return fmt.Errorf("writing CSV: %w", err)
	}
	root, err := parseOrdered(data)
	if err != nil {
		return fmt.Errorf("writing CSV: %w", err)
	}
	t := &table{index: map[string]int{"record": 0}, cols: []string{"record"}}
	skip := map[string]bool{}
	for _, p := range spec.JSONOnly {
		skip[p] = true
	}
	for _, r := range spec.Records {
		skip[r.Path] = true
	}
	if spec.Summary != "" {
		row := t.row(spec.Summary)
		flatten(root, "", "", skip, row)
	}
	for _, r := range spec.Records {
		parent, field, nested := strings.Cut(r.Path, "[].")
		if !nested {
			for _, item := range root.at(r.Path).list() {
				row := t.row(r.Name)
				flatten(item, "", r.Path+"[]", skip, row)
			}
			continue
		}
		for _, p := range root.at(parent).list() {
			for _, item := range p.at(field).list() {
				row := t.row(r.Name)
				for _, k := range r.Keys {
					flatten(p.at(k), k, parent+"[]."+k, skip, row)
				}
				flatten(item, "", r.Path+"[]", skip, row)
			}
		}
	}
	cw := csv.NewWriter(w)
	if err := cw.Write(t.cols); err != nil {
		return fmt.Errorf("writing CSV: %w", err)
	}
	line := make([]string, len(t.cols))
	for _, r := range t.rows {
		clear(line)
		for _, c := range r.cells {
			line[t.index[c.col]] = c.val
		}
		if err := cw.Write(line); err != nil {
			return fmt.Errorf("writing CSV: %w", err)
		}
	}
	cw.Flush()
	if err := cw.Error(); err != nil {
		return fmt.Errorf("writing CSV: %w", err)
	}
	return nil
}

type cell struct{ col, val string }

type tableRow struct{ cells []cell }

type table struct {
	cols  []string
	index map[string]int
	rows  []*tableRow
}

// row starts a row of record name; its cells are added by set.
func (t *table) row(name string) func(col, val string) {
	r := &tableRow{cells: []cell{{"record", name}}}
	t.rows = append(t.rows, r)
	return func(col, val string) {
		if _, ok := t.index[col]; !ok {
			t.index[col] = len(t.cols)
			t.cols = append(t.cols, col)
		}
		r.cells = append(r.cells, cell{col, val})
	}
}

// flatten adds n's cells to row: n's own value in column col, or its
// fields under col's prefix; path is n's place in the document, to skip
// the lists that are records or JSON only.
func flatten(n *node, col, path string, skip map[string]bool, set func(col, val string)) {
	if n == nil || skip[path] {
		return
	}
	switch n.kind {
	case kindObject:
		for i, k := range n.keys {
			c, p := k, k
			if col != "" {
				c = col + "_" + k
			}
			if path != "" {
				p = path + "." + k
			}
			flatten(n.vals[i], c, p, skip, set)
		}
	case kindArray:
		set(col, string(n.raw))
	case kindNull:
		set(col, "")
	default:
		set(col, n.text)
	}
}

type nodeKind int

const (
	kindScalar nodeKind = iota
	kindNull
	kindObject
	kindArray
)

// node is a JSON value that keeps its object's keys in order.
type node struct {
	kind  nodeKind
	keys  []string
	vals  []*node
	items []*node
	text  string          // a scalar's text: a string's value, a number as written
	raw   json.RawMessage // an array's JSON text
}

// list is an array's elements; none for anything else or nil.
func (n *node) list() []*node {
	if n == nil {
		return nil
	}
	return n.items
}

// at is the value at a dotted path of object fields, nil if there is
// none.
func (n *node) at(path string) *node {
	for _, k := range strings.Split(path, ".") {
		if n == nil || n.kind != kindObject {
			return nil
		}
		var next *node
		for i, key := range n.keys {
			if key == k {
				next = n.vals[i]
				break
			}
		}
		n = next
	}
	return n
}

func parseOrdered(data []byte) (*node, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	return parseValue(dec, data)
}

func parseValue(dec *json.Decoder, data []byte) (*node, error) {
	start := dec.InputOffset()
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	switch v := tok.(type) {
	case json.Delim:
		switch v {
		case '{':
			n := &node{kind: kindObject}
			for dec.More() {
				kt, err := dec.Token()
				if err != nil {
					return nil, err
				}
				val, err := parseValue(dec, data)
				if err != nil {
					return nil, err
				}
				n.keys = append(n.keys, kt.(string))
				n.vals = append(n.vals, val)
			}
			_, err := dec.Token()
			return n, err
		case '[':
			n := &node{kind: kindArray}
			for dec.More() {
				val, err := parseValue(dec, data)
				if err != nil {
					return nil, err
				}
				n.items = append(n.items, val)
			}
			if _, err := dec.Token(); err != nil {
				return nil, err
			}
			n.raw = bytes.TrimLeft(data[start:dec.InputOffset()], " ,:\n\t")
			return n, nil
		}
	case nil:
		return &node{kind: kindNull}, nil
	case string:
		return &node{text: v}, nil
	case json.Number:
		return &node{text: v.String()}, nil
	case bool:
		return &node{text: fmt.Sprint(v)}, nil
	}
	return nil, fmt.Errorf("unexpected JSON token %v", tok)
}
