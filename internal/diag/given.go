package diag

import "fmt"

// Given is a value a caller gave by name rather than in a file: a
// parameter's value, a network setting, the program's arguments, a loop
// to sample. A library's problem with one begins with it in the
// library's own words ("parameter nb: ..."); a command, which knows the
// flag the value came from, names the flag there instead (cmd/augur's
// errorText), and the workbench, which has no flags, shows the words.
type Given struct {
	What string // the kind of value, as the library calls it: "parameter", "setting"
	Name string // which one; empty for a kind of one value (the program's arguments)
}

// String is how a message about g begins: "parameter nb".
func (g Given) String() string {
	if g.Name == "" {
		return g.What
	}
	return g.What + " " + g.Name
}

// GivenError is a problem with a given value.
type GivenError struct {
	Given
	Err error
}

func (e *GivenError) Error() string { return e.Given.String() + ": " + e.Err.Error() }

func (e *GivenError) Unwrap() error { return e.Err }

// Givenf makes a GivenError about the value name of kind what, with a
// formatted message.
func Givenf(what, name, format string, args ...any) *GivenError {
	return &GivenError{Given: Given{What: what, Name: name}, Err: fmt.Errorf(format, args...)}
}

// GivenAt makes an Error at file:line:col about a given value: its
// message begins with g.
func GivenAt(file string, line, col int, g Given, format string, args ...any) *Error {
	e := At(file, line, col, "%s: %s", g, fmt.Sprintf(format, args...))
	e.Given = &g
	return e
}

// Givens lists every given value the problems in err's tree are about,
// outermost first.
func Givens(err error) []Given {
	var out []Given
	var walk func(error)
	walk = func(err error) {
		switch e := err.(type) {
		case *GivenError:
			out = append(out, e.Given)
		case *Error:
			if e.Given != nil {
				out = append(out, *e.Given)
			}
		case List:
			for _, d := range e {
				walk(d)
			}
		}
		switch u := err.(type) {
		case interface{ Unwrap() error }:
			if w := u.Unwrap(); w != nil {
				walk(w)
			}
		case interface{ Unwrap() []error }:
			for _, w := range u.Unwrap() {
				walk(w)
			}
		}
	}
	walk(err)
	return out
}
