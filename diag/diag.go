// Package diag is augur's one positioned error: a problem in a user's
// input (a machine file, a platform, a trace, a measurement file) at a
// file, line and column, printed the same way by every reader as
// compilers print theirs: "file:line:col: message".
package diag

import "fmt"

// Error is a problem at a place in an input file. Line and Col are
// 1-based; 0 means unknown (a column is then left out, and a line too).
type Error struct {
	File      string
	Line, Col int
	Msg       string
}

func (e *Error) Error() string {
	switch {
	case e.Line > 0 && e.Col > 0:
		return fmt.Sprintf("%s:%d:%d: %s", e.File, e.Line, e.Col, e.Msg)
	case e.Line > 0:
		return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Msg)
	}
	return fmt.Sprintf("%s: %s", e.File, e.Msg)
}

// At makes an Error at file:line:col with a formatted message.
func At(file string, line, col int, format string, args ...any) *Error {
	return &Error{File: file, Line: line, Col: col, Msg: fmt.Sprintf(format, args...)}
}
