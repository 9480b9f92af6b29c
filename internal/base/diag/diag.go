// Package diag is augur's one positioned problem report: something wrong
// in a user's input (a model, a C source, a machine file, a platform, a
// trace, a measurement file, a list of points) at a file, line and column.
// Every reader returns it and every command prints it the same way, in the
// form the Go toolchain and editors' error parsers know:
//
//	file:line:col: message            an error
//	file:line:col: warning: message   a warning (the run goes on)
package diag

import (
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"sort"
	"strings"
)

// Error is a problem at a place in an input file. Line and Col are
// 1-based; 0 means unknown (a column is then left out, and a line too).
// Warning marks a problem that does not stop the run (an unused
// definition, a header read as empty); its zero value is an error, which
// is what every reader that stops at the first problem returns.
type Error struct {
	File      string
	Line, Col int
	Msg       string
	Warning   bool
	// Limit marks an input that goes past a bound augur sets on what it
	// reads (an expression of more operators, or blocks nested deeper,
	// than it takes), not a mistake in it: a service answers the request
	// as too large rather than as a program with errors.
	Limit bool
	// Given, if set, is the value given by name (not in the file) the
	// problem is about; the message begins with it (GivenAt).
	Given *Given
}

func (e *Error) Error() string {
	msg := e.Msg
	if e.Warning {
		msg = "warning: " + msg
	}
	switch {
	case e.Line > 0 && e.Col > 0:
		return fmt.Sprintf("%s:%d:%d: %s", e.File, e.Line, e.Col, msg)
	case e.Line > 0:
		return fmt.Sprintf("%s:%d: %s", e.File, e.Line, msg)
	}
	return fmt.Sprintf("%s: %s", e.File, msg)
}

// Severity is "error" or "warning", the word JSON and CSV outputs carry.
func (e *Error) Severity() string {
	if e.Warning {
		return "warning"
	}
	return "error"
}

// HasLimit reports whether any problem of l is past one of augur's
// bounds (Error.Limit).
func (l List) HasLimit() bool {
	for _, e := range l {
		if e.Limit {
			return true
		}
	}
	return false
}

// At makes an Error at file:line:col with a formatted message.
func At(file string, line, col int, format string, args ...any) *Error {
	return &Error{File: file, Line: line, Col: col, Msg: fmt.Sprintf(format, args...)}
}

// WarnAt makes a warning at file:line:col with a formatted message.
func WarnAt(file string, line, col int, format string, args ...any) *Error {
	return &Error{File: file, Line: line, Col: col, Msg: fmt.Sprintf(format, args...), Warning: true}
}

// List is every problem a reader found at once (the model checker, the C
// front end): as an error it prints one per line.
type List []*Error

func (l List) Error() string {
	var b strings.Builder
	for i, e := range l {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(e.Error())
	}
	return b.String()
}

// HasErrors reports whether any problem is an error (not a warning).
func (l List) HasErrors() bool {
	for _, e := range l {
		if !e.Warning {
			return true
		}
	}
	return false
}

// Sort orders the list by file, line and column, keeping the order of
// problems at one place, so that output does not depend on the order in
// which a reader found them.
func (l List) Sort() {
	sort.SliceStable(l, func(i, j int) bool {
		a, b := l[i], l[j]
		if a.File != b.File {
			return a.File < b.File
		}
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		return a.Col < b.Col
	})
}

// Record is a problem as augur's JSON and CSV outputs carry it
// (docs/cli.md, "Errors and warnings"): the same fields in `augur check
// --format json|csv` and the workbench's diagnostics.
type Record struct {
	File     string `json:"file"`
	Line     int    `json:"line"`
	Col      int    `json:"col"`
	Severity string `json:"severity"` // "error" or "warning"
	Message  string `json:"message"`
}

// Record is e as a JSON or CSV record.
func (e *Error) Record() Record {
	return Record{File: e.File, Line: e.Line, Col: e.Col, Severity: e.Severity(), Message: e.Msg}
}

// JSON positions an error of encoding/json's decoder in data, the
// contents of file: a syntax error or a value of the wrong type becomes an
// Error at the offending byte's line and column. Any other error (an
// unknown field, which the decoder does not place) is kept, under the
// file's name.
func JSON(file string, data []byte, err error) *Error {
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	off := int64(-1)
	msg := strings.TrimPrefix(err.Error(), "json: ") // the prefix says JSON already
	switch {
	case errors.As(err, &se):
		// The offset is just after the offending byte, or at the end of
		// an input cut short, where the problem is.
		off = se.Offset
		if strings.HasPrefix(msg, "invalid character") {
			off--
		}
	case errors.As(err, &te):
		off = valueStart(data, te.Offset)
		msg = fmt.Sprintf("want %s, got %s", jsonKind(te.Type), te.Value)
		if te.Field != "" {
			msg = te.Field + ": " + msg
		}
	}
	if off < 0 || off > int64(len(data)) {
		return &Error{File: file, Msg: "JSON: " + msg}
	}
	line, col := 1, 1
	for _, b := range data[:off] {
		if b == '\n' {
			line, col = line+1, 1
		} else {
			col++
		}
	}
	return &Error{File: file, Line: line, Col: col, Msg: "JSON: " + msg}
}

// valueStart is where the JSON value that encoding/json's type error
// places at off begins: the decoder gives the offset just after a literal
// (a number, string, true, false, null) and just after the opening
// bracket of an array or object, and a user looks for the value itself.
func valueStart(data []byte, off int64) int64 {
	if off <= 0 || off > int64(len(data)) {
		return off
	}
	switch c := data[off-1]; {
	case c == '[' || c == '{':
		return off - 1
	case c == '"':
		for i := off - 2; i >= 0; i-- {
			if data[i] == '"' && !escaped(data, i) {
				return i
			}
		}
		return off
	}
	i := off
	for i > 0 && isLiteralByte(data[i-1]) {
		i--
	}
	return i
}

// escaped reports whether the byte at i follows an odd number of
// backslashes.
func escaped(data []byte, i int64) bool {
	n := 0
	for j := i - 1; j >= 0 && data[j] == '\\'; j-- {
		n++
	}
	return n%2 == 1
}

// jsonKind names what JSON value a Go type is decoded from, in JSON's
// words: a user wrote JSON, not Go.
func jsonKind(t reflect.Type) string {
	if t == nil {
		return "a value"
	}
	switch t.Kind() {
	case reflect.Slice, reflect.Array:
		return "array"
	case reflect.Struct, reflect.Map:
		return "object"
	case reflect.String:
		return "string"
	case reflect.Bool:
		return "bool"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return "integer"
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return "integer ≥ 0"
	case reflect.Float32, reflect.Float64:
		return "number"
	case reflect.Pointer:
		return jsonKind(t.Elem())
	}
	return t.String()
}

func isLiteralByte(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '.' || c == '+' || c == '-'
}

// Placed is a problem at a place known only as text, "file:line:col" (as
// a simulated program's element records where it is defined): printed
// with the place first, as an Error is.
type Placed struct {
	Place string
	Err   error
}

func (p *Placed) Error() string { return p.Place + ": " + p.Err.Error() }

func (p *Placed) Unwrap() error { return p.Err }
