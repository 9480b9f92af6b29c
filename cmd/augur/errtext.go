package main

import (
	"errors"
	"strings"

	"augur/internal/base/diag"
	"augur/internal/base/infile"
	"augur/internal/base/procbound"
	"augur/internal/engine"
)

// errorText is how command cmd prints err. A problem placed in an input
// (a diag.Error, or a diag.List of them) is printed as it is, so that the
// line starts with file:line:col as docs/cli.md ("Errors and warnings")
// says and editors' error parsers expect; any other error follows
// "augur CMD: ", as the Go tool prefixes its own.
//
// The libraries speak of the values a command line gives by name in
// their own words (diag.Given: "parameter nb: ..."), and of the event
// limit without the flag that raises it: errorText names the flags.
func errorText(cmd string, err error) string {
	text := err.Error()
	var one *diag.Error
	var list diag.List
	var placed *diag.Placed
	placedText := errors.As(err, &one) && one.Error() == text || errors.As(err, &list) && list.Error() == text ||
		errors.As(err, &placed) && placed.Error() == text
	text = withFlags(text, err)
	if placedText {
		return text
	}
	return "augur " + cmd + ": " + text
}

// pointErrorText is a sweep point's error as its result stores it: in
// the words of a single run, with the flags named ("event limit of N
// reached ... (raise it with --max-events)").
func pointErrorText(err error) string { return withFlags(err.Error(), err) }

// givenFlags is the flag each kind of given value (diag.Given.What)
// comes from on the command line; a diag.Option is the flag of its name.
var givenFlags = map[string]string{
	"parameter":         "--set",
	"setting":           "--cfg",
	"program arguments": "--args",
	"loop":              "--sample",
	"procs per node":    "--procs-per-node",
	"parameter columns": "--params",
	"metric column":     "--metric",
}

// withFlags is text, err's message, with every given value it names in
// a library's words named by its flag instead ("--set nb: ...",
// "--map: ..."), and the event limit's flag added.
func withFlags(text string, err error) string {
	for _, g := range diag.Givens(err) {
		if flag, ok := flagOf(g); ok {
			text = replaceWords(text, g.String(), flag)
		}
	}
	var limit *engine.LimitError
	if errors.As(err, &limit) {
		text = strings.Replace(text, limit.Error(), limit.Error()+" (raise it with --max-events)", 1)
	}
	return text
}

// flagOf is the flag that gives g on the command line: an option's is
// its name with dashes ("--map"), another kind's is from givenFlags,
// followed by the value's name ("--set nb").
func flagOf(g diag.Given) (string, bool) {
	if g.What == diag.Option {
		return "--" + g.Name, true
	}
	flag, ok := givenFlags[g.What]
	if ok && g.Name != "" {
		flag += " " + g.Name
	}
	return flag, ok
}

// replaceWords is text with the first words that a colon follows
// replaced by flag or, if none, the first that end a word there: the
// message of an option may go on from its name ("option procs-per-node
// must be ≥ 1") or name it within a sentence ("simulate needs option
// cpus", "(option max-iterations)"), and "option procs" is not the start
// of "option procs-per-node".
func replaceWords(text, words, flag string) string {
	if i := strings.Index(text, words+":"); i >= 0 {
		return text[:i] + flag + text[i+len(words):]
	}
	for from := 0; ; {
		i := strings.Index(text[from:], words)
		if i < 0 {
			return text
		}
		i += from
		end := i + len(words)
		if end == len(text) || !isNameByte(text[end]) {
			return text[:i] + flag + text[end:]
		}
		from = end
	}
}

// isNameByte says whether c may go on an option's name.
func isNameByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_'
}

// statusOf is the exit status of an error a simulation returned
// (docs/cli.md, "Exit status"): 1 for a problem in an input (a place in
// it, a file refused or unreadable, more processes than fit: found while
// reading, before or as the simulation asks for it), else 4, a fault of
// the simulated program. Usage errors are the caller's to tell.
func statusOf(err error) int {
	var one *diag.Error
	var list diag.List
	var pb *procbound.Error
	if infile.IsInputError(err) || errors.As(err, &one) || errors.As(err, &list) || errors.As(err, &pb) {
		return exitInput
	}
	return exitSim
}
