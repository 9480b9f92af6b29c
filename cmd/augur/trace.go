package main

import (
	"errors"
	"flag"
	"fmt"

	"augur/internal/base/infile"
	"augur/internal/base/procbound"
)

func traceCommand() *command {
	c := &command{
		define:  defineTraceCompileFlags,
		name:    "trace",
		words:   []string{"compile"},
		summary: "compile MPI traces (SimGrid TiT) into the trace cache",
		usage:   "compile TRACE... [--np N]",
		help: `augur trace compile reads each TRACE (a shared trace or an index of per-rank
traces, as augur replay takes it) whole, checks every line as the replay
would, and writes its compiled form, a compact binary of each rank's
actions, to the trace cache, unless the cache already holds it. augur
replay and augur sweep replay read a cached trace from there without
parsing its text; the first replay of a trace compiles it itself, so this
command only moves that work earlier (before a sweep, say).

The cache is $AUGUR_CACHE_DIR, or augur/traces in the user cache directory
($XDG_CACHE_HOME or ~/.cache on Linux), bounded to 2 GiB (the least recently
used entries go first); AUGUR_CACHE=off turns it off. A trace file changed
in any way (even rewritten in place with the same size and modification
time) is never answered from its old entry. Each TRACE gives a line: whether
it was compiled now or already cached, its ranks, the entry's size and path.

  augur trace compile run/index.txt

Exit status 1 for an error in a trace (file:line), 2 for a usage error or
when the cache is off. See docs/replay.md.`,
	}
	c.run = func(e *env, args []string) int { return runTrace(e, c, args) }
	return c
}

func defineTraceCompileFlags(fs *flag.FlagSet) {
	fs.Int("np", 0, "number of ranks `N` the traces are replayed with (default: as many as each has)")
}

func runTrace(e *env, c *command, args []string) int {
	fs := flag.NewFlagSet(c.name, flag.ContinueOnError)
	defineTraceCompileFlags(fs)
	pos, status, done := parseFlags(e, c, fs, args)
	if done {
		return status
	}
	np := fs.Lookup("np").Value.(flag.Getter).Get().(int)
	fail := func(code int, err error) int {
		fmt.Fprintln(e.stderr, errorText("trace", err))
		return code
	}
	if len(pos) < 2 || pos[0] != "compile" {
		fmt.Fprintln(e.stderr, errorText("trace", errors.New("want 'compile TRACE...'")))
		fmt.Fprintln(e.stderr, "Run 'augur trace --help'.")
		return exitUsage
	}
	if np < 0 {
		return fail(exitUsage, fmt.Errorf("--np %d: want a number of ranks ≥ 1", np))
	}
	if err := procbound.Check(int64(np), fmt.Sprintf("--np %d", np)); err != nil {
		return fail(exitUsage, err)
	}
	cache := traceCache(false)
	if cache == nil {
		return fail(exitUsage, errors.New("the trace cache is off (AUGUR_CACHE) or there is no user cache directory: set AUGUR_CACHE_DIR"))
	}
	for _, tr := range pos[1:] {
		how, err := cache.Compile(e.context(), tr, np)
		if err != nil {
			if e.interrupted() {
				return fail(exitInterrupted, errors.New("interrupted"))
			}
			code := statusOf(err)
			if code == exitSim {
				code = exitInput // the cache's directory: nothing was simulated
			}
			return fail(code, err)
		}
		fmt.Fprintf(e.stdout, "%s: %s, %d ranks, %s: %s\n", tr, how.How, how.NP, infile.Size(how.Bytes), how.Entry)
	}
	return exitOK
}
