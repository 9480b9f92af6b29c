package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"augur/internal/base/diag"
)

// parseInterleaved parses flags that may come before, between or after
// positional arguments (augur predict MODEL --machine M), as people type.
// Everything after a "--" is positional, flags or not: the command line of
// the program augur record runs (augur record -o T -- ./app -o out -s 15).
func parseInterleaved(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		rest := fs.Args()
		if endedAtDashes(fs, args[:len(args)-len(rest)]) {
			// flag.Parse consumed the "--" itself: what it left is
			// the program's.
			return append(pos, rest...), nil
		}
		if len(rest) == 0 {
			return pos, nil
		}
		pos = append(pos, rest[0])
		args = rest[1:]
	}
}

// endedAtDashes reports whether the arguments flag.Parse consumed ended
// with the "--" that stops it, rather than with a flag or a flag's value
// that happens to be "--" (-o --). It reads them as flag.Parse does.
func endedAtDashes(fs *flag.FlagSet, consumed []string) bool {
	for i := 0; i < len(consumed); i++ {
		a := consumed[i]
		if a == "--" {
			return i == len(consumed)-1
		}
		name := strings.TrimPrefix(strings.TrimPrefix(a, "-"), "-")
		if strings.Contains(name, "=") {
			continue
		}
		f := fs.Lookup(name)
		if f == nil {
			continue
		}
		if b, ok := f.Value.(interface{ IsBoolFlag() bool }); ok && b.IsBoolFlag() {
			continue
		}
		i++ // the flag's value, whatever it is
	}
	return false
}

// parseFlags parses a command's flags; on --help it prints the command's
// help and returns done. Errors name the command and point to its help.
func parseFlags(e *env, c *command, fs *flag.FlagSet, args []string) (pos []string, status int, done bool) {
	fs.SetOutput(io.Discard)
	pos, err := parseInterleaved(fs, args)
	if errors.Is(err, flag.ErrHelp) {
		commandHelp(e.stdout, c)
		return nil, exitOK, true
	}
	if err != nil {
		fmt.Fprintf(e.stderr, "augur %s: %v%s\nRun 'augur %s --help' for its flags.\n", c.name, err, flagSuggestion(fs, err), c.name)
		return nil, exitUsage, true
	}
	return pos, 0, false
}

// flagSuggestion is "; did you mean --NAME?" when err is the flag
// package's unknown flag and one of fs's flags is a plausible typo of
// it (--proc for --procs), else "".
func flagSuggestion(fs *flag.FlagSet, err error) string {
	name, ok := strings.CutPrefix(err.Error(), "flag provided but not defined: ")
	if !ok {
		return ""
	}
	name = strings.TrimLeft(name, "-")
	var names []string
	fs.VisitAll(func(f *flag.Flag) { names = append(names, f.Name) })
	near := diag.Suggest(name, names)
	if near == "" {
		return ""
	}
	if len(near) == 1 {
		return fmt.Sprintf("; did you mean -%s?", near)
	}
	return fmt.Sprintf("; did you mean --%s?", near)
}

// programArgs splits --args at white space; nil when the flag was not
// given (the model's defaults), empty when it was given empty (a program
// run with no arguments).
func programArgs(fs *flag.FlagSet, text string) []string {
	given := false
	fs.Visit(func(f *flag.Flag) { given = given || f.Name == "args" })
	if !given {
		return nil
	}
	return append([]string{}, strings.Fields(text)...)
}
