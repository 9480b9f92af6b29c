package main

import (
	"io"
	"os"
	"strconv"
)

// isTerminal reports whether w is a character device (a terminal).
func isTerminal(w io.Writer) bool {
	if pw, ok := w.(*progressWriter); ok {
		w = pw.p.w
	}
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// terminalWidth gives a function that reads the width of the terminal
// that w writes to: the terminal's own (TIOCGWINSZ), else $COLUMNS (a
// shell's, when exported), else 0 (80 columns).
func terminalWidth(w io.Writer) func() int {
	if pw, ok := w.(*progressWriter); ok {
		w = pw.p.w
	}
	f, _ := w.(*os.File)
	return func() int {
		if f != nil {
			if c := ttyColumns(f); c > 0 {
				return c
			}
		}
		c, _ := strconv.Atoi(os.Getenv("COLUMNS"))
		return c
	}
}
