package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"augur/internal/frontend/ccline"
)

// compileLineHelp is the part of analyze's and instrument's help that
// says how their command line is read.
const compileLineHelp = `The command line is the program's compile line as its makefile writes it,
with augur's own flags added: every word with one dash is the compiler's
(gcc's: -DNAME[=VALUE], -UNAME, -I DIR, -iquote, -isystem, -idirafter,
-include FILE, -std=, -O0..-O3, -Os, -Ofast, -march=, -mtune=, -f..., -m...,
-W..., -w, -g, -pthread, -fopenmp, -l, -L, -Wl,..., -c, -o FILE), every
word with two dashes is augur's, and the compiler's name may come first
among the compiler's words (mpicc, gcc). Sources and flags mix in any
order; -- ends augur's flags (every word after it is the compile line's).
A compiler flag augur does not know is an error naming it; the table of
the flags it takes, and what each does to the analysis, is in
docs/analyze.md.`

// parseCompileLine reads the command line of a command that takes a
// program's compile line (analyze, instrument): the words with two
// dashes are augur's flags, defined on fs; every other word, and every
// word after "--", is the compile line's. On --help it prints the
// command's help and returns done.
func parseCompileLine(e *env, c *command, fs *flag.FlagSet, args []string) (line *ccline.Line, status int, done bool) {
	fs.SetOutput(io.Discard)
	own, words, err := splitOwnFlags(fs, args)
	if err == nil {
		err = fs.Parse(own)
	}
	if errors.Is(err, flag.ErrHelp) {
		commandHelp(e.stdout, c)
		return nil, exitOK, true
	}
	if err == nil {
		line, err = ccline.Parse(words)
	}
	if err != nil {
		fmt.Fprintf(e.stderr, "augur %s: %v\nRun 'augur %s --help' for its flags.\n", c.name, err, c.name)
		return nil, exitUsage, true
	}
	return line, 0, false
}

// splitOwnFlags separates augur's flags (--name, --name=value, or --name
// value for a flag that takes one) from the compile line's words. -h and
// -help ask for help as --help does: gcc has no such flags.
func splitOwnFlags(fs *flag.FlagSet, args []string) (own, words []string, err error) {
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--":
			return own, append(words, args[i+1:]...), nil
		case a == "-h" || a == "-help" || a == "--help":
			return nil, nil, flag.ErrHelp
		case strings.HasPrefix(a, "--"):
			name, _, hasValue := strings.Cut(a[2:], "=")
			f := fs.Lookup(name)
			if f == nil {
				return nil, nil, fmt.Errorf("unknown flag %s%s (augur's flags are written with two dashes, the compiler's with one)", a,
					flagSuggestion(fs, fmt.Errorf("flag provided but not defined: %s", a)))
			}
			own = append(own, a)
			if hasValue || isBoolFlag(f) {
				continue
			}
			if i+1 >= len(args) {
				return nil, nil, fmt.Errorf("flag needs an argument: %s", a)
			}
			i++
			own = append(own, args[i])
		case strings.HasPrefix(a, "-") && len(a) > 2 && fs.Lookup(strings.SplitN(a[1:], "=", 2)[0]) != nil:
			// -machine would be read as gcc's -m..., -out as -o ut.
			return nil, nil, fmt.Errorf("%s: augur's flags are written with two dashes: -%s", a, a)
		default:
			words = append(words, a)
		}
	}
	return own, words, nil
}

// isBoolFlag tells whether f takes no value (--build, --progress).
func isBoolFlag(f *flag.Flag) bool {
	b, ok := f.Value.(interface{ IsBoolFlag() bool })
	return ok && b.IsBoolFlag()
}
