package main

import (
	"flag"
	"fmt"
	"io"
	"sort"
	"strings"
)

// usage is augur help's text: the commands and their summaries.
func usage(w io.Writer) {
	fmt.Fprint(w, `augur predicts how long a parallel or distributed program takes on a machine
you may not have: more nodes, other CPUs, another network.

Usage:
  augur COMMAND [arguments] [flags]

Commands:
`)
	width := 0
	for _, c := range commands() {
		width = max(width, len(c.name))
	}
	for _, c := range commands() {
		fmt.Fprintf(w, "  %-*s  %s\n", width, c.name, c.summary)
	}
	fmt.Fprint(w, `
Run 'augur help COMMAND' or 'augur COMMAND --help' for a command's flags.
Shell completion: source <(augur completion bash) (or zsh).
Documentation: docs/ (tutorial.md to start; cli.md for every command and flag).

Problems in an input are printed as file:line:col: message, warnings as
file:line:col: warning: message (docs/cli.md, "Errors and warnings").

Exit status: 0 success, 1 errors in the input (model, machine, files),
2 wrong command line, 3 the simulated program deadlocked, 4 the simulation
stopped on a fault (a limit reached, an invalid cost), 130 interrupted
(Ctrl-C: what was finished is printed, marked partial).
`)
}

// commandHelp prints augur NAME --help: the synopsis, the help text and
// the flags.
func commandHelp(w io.Writer, c *command) {
	fmt.Fprintf(w, "Usage: augur %s %s\n\n%s\n", c.name, c.usage, strings.TrimSpace(c.help))
	fs := c.flags()
	if fs != nil {
		fmt.Fprint(w, "\nFlags:\n")
		fs.SetOutput(w)
		printDefaults(w, fs)
	}
}

// flags returns the command's flag set, for help; nil if it has none.
func (c *command) flags() *flag.FlagSet {
	if c.define == nil {
		return nil
	}
	fs := flag.NewFlagSet(c.name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	c.define(fs)
	return fs
}

// printDefaults lists flags as --name VALUE, with their help texts.
func printDefaults(w io.Writer, fs *flag.FlagSet) {
	var names []string
	fs.VisitAll(func(f *flag.Flag) { names = append(names, f.Name) })
	sort.Strings(names)
	for _, n := range names {
		f := fs.Lookup(n)
		arg, text := flag.UnquoteUsage(f)
		dash := "--"
		if len(n) == 1 {
			dash = "-"
		}
		line := "  " + dash + n
		if arg != "" {
			line += " " + arg
		}
		fmt.Fprintf(w, "%s\n      %s", line, strings.ReplaceAll(text, "\n", "\n      "))
		// A text that states its default in words ("default: not pinned")
		// stands for a sentinel value that would mean nothing printed.
		if f.DefValue != "" && f.DefValue != "false" && f.DefValue != "0" && f.DefValue != "[]" && !strings.Contains(text, "default") {
			fmt.Fprintf(w, " (default %s)", f.DefValue)
		}
		fmt.Fprintln(w)
	}
}
