// Command augur predicts how long parallel programs take on machines you may
// not have. See `augur help` and docs/.
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
	"time"

	"augur/internal/base/diag"
)

// Exit statuses, documented in docs/cli.md.
const (
	exitOK       = 0
	exitInput    = 1 // the model, machine or another input has errors
	exitUsage    = 2 // the command line is wrong
	exitDeadlock = 3 // the simulated program deadlocked
	exitSim      = 4 // the simulation stopped on a fault (a limit, a bad cost)
	// exitInterrupted (130, below): stopped by Ctrl-C.
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

// exitInterrupted is the status of a command stopped by SIGINT or SIGTERM
// (Ctrl-C): 128 + SIGINT, as shells report it, whatever the signal, so
// that scripts tell an interrupted run from a finished one.
const exitInterrupted = 130

// context returns the command's context: done when the user interrupts
// (main wires SIGINT and SIGTERM to it); never done in tests that set none.
func (e *env) context() context.Context {
	if e.ctx == nil {
		return context.Background()
	}
	return e.ctx
}

// interrupted reports whether the user stopped the command.
func (e *env) interrupted() bool {
	return e.context().Err() != nil
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
