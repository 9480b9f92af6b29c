package diag

import (
	"errors"
	"fmt"
)

// Given is a value a caller gave by name rather than in a file: a
// parameter's value, a network setting, the program's arguments, a loop
// to sample. A library's problem with one begins with it in the
// library's own words ("parameter nb: ..."); a command, which knows the
// flag the value came from, names the flag there instead (cmd/augur's
// errorText), and the workbench, which has no flags, shows the words.
type Given struct {
	What string // the kind of value, as the library calls it: "parameter", "setting", Option
	Name string // which one; empty for a kind of one value (the program's arguments)
}

// Option is the kind of a setting of a call into a library that a
// command line gives as the option of the same name (map, op-speed,
// max-size): "option map: ...", which a command turns into "--map: ...".
const Option = "option"

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
	// Named says Err's text begins with Name and goes on as one sentence
	// ("procs-per-node must be ≥ 1"), so that the message is What and
	// then Err's text ("option procs-per-node must be ≥ 1") rather than
	// the value, a colon and Err's text.
	Named bool
}

func (e *GivenError) Error() string {
	if e.Named {
		return e.What + " " + e.Err.Error()
	}
	return e.Given.String() + ": " + e.Err.Error()
}

func (e *GivenError) Unwrap() error { return e.Err }

// Givenf makes a GivenError about the value name of kind what, with a
// formatted message.
func Givenf(what, name, format string, args ...any) *GivenError {
	return &GivenError{Given: Given{What: what, Name: name}, Err: fmt.Errorf(format, args...)}
}

// Optionf makes a GivenError about the option name whose message goes
// on from the name with a formatted text: Optionf("np", "%q: want at
// least 2", "1") says `option np "1": want at least 2`. An option whose
// message has a colon after its name is Givenf(Option, name, ...).
func Optionf(name, format string, args ...any) *GivenError {
	return &GivenError{Given: Given{What: Option, Name: name}, Err: errors.New(name + " " + fmt.Sprintf(format, args...)), Named: true}
}

// OptionName is the option name as an error that says only "option
// name", for a message that names it within a sentence:
// fmt.Errorf("no machine: give %w at least once", OptionName("machine"))
// says "no machine: give option machine at least once", and a command
// names its flag there ("give --machine at least once").
func OptionName(name string) *GivenError {
	return &GivenError{Given: Given{What: Option, Name: name}, Err: errors.New(name), Named: true}
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
