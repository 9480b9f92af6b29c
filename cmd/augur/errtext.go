package main

import (
	"errors"

	"augur/internal/diag"
)

// errorText is how command cmd prints err. A problem placed in an input
// (a diag.Error, or a diag.List of them) is printed as it is, so that the
// line starts with file:line:col as docs/cli.md ("Errors and warnings")
// says and editors' error parsers expect; any other error follows
// "augur CMD: ", as the Go tool prefixes its own.
func errorText(cmd string, err error) string {
	text := err.Error()
	var one *diag.Error
	var list diag.List
	if errors.As(err, &one) && one.Error() == text || errors.As(err, &list) && list.Error() == text {
		return text
	}
	return "augur " + cmd + ": " + text
}
