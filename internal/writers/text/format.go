// Package text writes the documents of augur's commands for people to
// read: one function per kind of document (a replay, a thread
// simulation, an analysis, a block or network benchmark, a fit). The
// JSON and CSV forms of the same documents are in package results.
package text

import "strconv"

// Duration prints seconds in the unit that suits them: µs below a
// millisecond, ms below a second, else s.
func Duration(s float64) string {
	switch {
	case s < 1e-3:
		return strconv.FormatFloat(s*1e6, 'f', 2, 64) + " µs"
	case s < 1:
		return strconv.FormatFloat(s*1e3, 'f', 3, 64) + " ms"
	}
	return strconv.FormatFloat(s, 'f', 3, 64) + " s"
}

// Sig6 prints a time with six significant digits.
func Sig6(v float64) string { return strconv.FormatFloat(v, 'g', 6, 64) }
