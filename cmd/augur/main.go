// Command augur predicts how long parallel programs take on machines you may
// not have. See `augur help` and docs/.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"sort"
	"strings"
	"syscall"
	"time"

	"augur/internal/diag"
)

// Exit statuses, documented in docs/cli.md.
const (
	exitOK       = 0
	exitInput    = 1 // the model, machine or another input has errors
	exitUsage    = 2 // the command line is wrong
	exitDeadlock = 3 // the simulated program deadlocked
	exitSim      = 4 // the simulation stopped on a fault (a limit, a bad cost)
	// exitInterrupted (130, progress.go): stopped by Ctrl-C.
)

// command is one subcommand.
type command struct {
	name    string
	summary string
	usage   string // the synopsis after "augur NAME"
	help    string // the rest of `augur NAME --help`
	run     func(env *env, args []string) int
	// define registers the command's flags on fs, so that help can list
	// them without running the command; nil if it has none.
	define func(fs *flag.FlagSet)
	// words are what its first argument can be when that is a word of
	// its own (bench machine, sweep predict), for completion.
	words []string
}

// env is what a command may touch: no globals, so tests run commands in
// parallel with their own streams.
type env struct {
	stdout, stderr io.Writer
	// ctx is done when the user interrupts the command (Ctrl-C); nil in
	// tests that never interrupt (see env.context).
	ctx context.Context
	// progress is the command's progress report, if it has one; run
	// stops it when the command returns.
	progress *progress
	// progressEvery, when set, is the interval of progress lines instead
	// of 2 s (a quarter of a second on a terminal): tests shorten it to
	// see the report of a phase without waiting for it.
	progressEvery time.Duration
	// columns, when set, makes standard error a terminal of that many
	// columns for the progress report (tests: a terminal of their own
	// width without a pseudo-terminal).
	columns int
}

func commands() []*command {
	return []*command{
		predictCommand(),
		analyzeCommand(),
		instrumentCommand(),
		checkCommand(),
		fmtCommand(),
		exportCommand(),
		simulateCommand(),
		replayCommand(),
		traceCommand(),
		recordCommand(),
		fitCommand(),
		benchCommand(),
		validateCommand(),
		sweepCommand(),
		serveCommand(),
		reportCommand(),
		versionCommand(),
		completionCommand(),
	}
}

// stopGrace is how long a command may take to stop after SIGINT or
// SIGTERM: printing a partial result takes milliseconds.
const stopGrace = 5 * time.Second

func main() {
	// The first SIGINT or SIGTERM asks the command to stop cleanly and
	// keep what it has; after it the signals kill as usual, so a second
	// Ctrl-C ends a command that does not stop at once.
	//
	// A phase that cannot look at the context (cc's parser, a system
	// call) may not stop at all, and a batch system or timeout(1) sends
	// SIGTERM once: the process ends by itself stopGrace after the
	// signal, with the status of an interrupted run.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	go endAfterSignal(ctx, stop, stopGrace, os.Stderr, os.Exit)
	os.Exit(run(&env{stdout: os.Stdout, stderr: os.Stderr, ctx: ctx}, os.Args[1:]))
}

// endAfterSignal waits for ctx, done at the first SIGINT or SIGTERM,
// gives the signals their default action back (stop), and ends the
// process with exitInterrupted grace later, saying so on w, if the
// command has not ended it by then.
func endAfterSignal(ctx context.Context, stop func(), grace time.Duration, w io.Writer, exit func(int)) {
	<-ctx.Done()
	stop()
	time.Sleep(grace)
	fmt.Fprintf(w, "augur: interrupted; the command did not stop within %v, ended without its result\n", grace)
	exit(exitInterrupted)
}

func run(e *env, args []string) int {
	if len(args) == 0 {
		usage(e.stderr)
		return exitUsage
	}
	name := args[0]
	switch name {
	case "help", "-h", "--help", "-help":
		if len(args) > 1 {
			if c := find(args[1]); c != nil {
				commandHelp(e.stdout, c)
				return exitOK
			}
			fmt.Fprintf(e.stderr, "augur help: unknown command %q\n", args[1])
			return exitUsage
		}
		usage(e.stdout)
		return exitOK
	}
	if name == "--version" || name == "-version" || name == "-v" {
		name = "version" // as other tools take it
	}
	c := find(name)
	if c == nil {
		var names []string
		for _, c := range commands() {
			names = append(names, c.name)
		}
		if near := diag.Suggest(name, names); near != "" {
			fmt.Fprintf(e.stderr, "augur: unknown command %q; did you mean %q? (run 'augur help')\n", name, near)
			return exitUsage
		}
		fmt.Fprintf(e.stderr, "augur: unknown command %q; run 'augur help'\n", name)
		return exitUsage
	}
	code := c.run(e, args[1:])
	e.progress.stop()
	return code
}

func find(name string) *command {
	for _, c := range commands() {
		if c.name == name {
			return c
		}
	}
	return nil
}

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

func versionCommand() *command {
	c := &command{
		name: "version", summary: "print augur's version", usage: "",
		help: "Prints the version of this augur binary.",
	}
	c.run = func(e *env, args []string) int {
		fs := flag.NewFlagSet(c.name, flag.ContinueOnError)
		pos, status, done := parseFlags(e, c, fs, args)
		if done {
			return status
		}
		if len(pos) > 0 {
			fmt.Fprintln(e.stderr, "augur version: takes no arguments")
			return exitUsage
		}
		fmt.Fprintln(e.stdout, "augur", version)
		return exitOK
	}
	return c
}

// version is set at build time with -ldflags "-X main.version=..." by
// release builds; a development build says so.
var version = "0.1.0-dev"
