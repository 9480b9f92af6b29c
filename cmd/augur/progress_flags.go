package main

import (
	"flag"
	"fmt"
	"time"
)

// progressFlags are --progress and --no-progress, which every command
// that can run long defines.
type progressFlags struct {
	on, off *bool
}

func defineProgressFlags(fs *flag.FlagSet) *progressFlags {
	return &progressFlags{
		on:  fs.Bool("progress", false, "report progress on standard error even when it is not a terminal (a line every 2 s and one at the end)"),
		off: fs.Bool("no-progress", false, "no progress report, even on a terminal (where it is on by default)"),
	}
}

// reporter returns the progress reporter the flags ask for: on a terminal
// by default, a line rewritten in place; with --progress elsewhere, plain
// lines; nil (which reports nothing) with --no-progress or when standard
// error is not a terminal. Both flags at once are a usage error.
//
// From then on the command's standard error goes through the reporter
// (e.stderr is replaced), so that a warning or an error is never mixed
// with a progress line, and a heartbeat repeats the last state with the
// time elapsed whenever nothing was reported for an interval: a phase
// that reports nothing itself (parsing a large file, a set-up, a call
// into a library) still shows what is being done. finish stops it; run
// stops it in any case when the command returns.
func (pf *progressFlags) reporter(e *env, cmd string) (*progress, error) {
	if *pf.on && *pf.off {
		return nil, fmt.Errorf("--progress and --no-progress contradict each other")
	}
	tty := isTerminal(e.stderr) || e.columns > 0
	if *pf.off || (!tty && !*pf.on) {
		return nil, nil
	}
	now := time.Now()
	// last is an interval back: the first state is shown at once.
	p := &progress{w: e.stderr, cmd: cmd, tty: tty, start: now, every: 2 * time.Second, done: make(chan struct{})}
	if tty {
		p.every = time.Second / 4
		p.width = terminalWidth(e.stderr)
		if e.columns > 0 {
			cols := e.columns
			p.width = func() int { return cols }
		}
	}
	if e.progressEvery > 0 {
		p.every = e.progressEvery
	}
	p.last = now.Add(-p.every)
	e.progress.stop() // one reporter a command
	e.progress = p
	e.stderr = &progressWriter{p}
	go p.heartbeat()
	return p, nil
}
