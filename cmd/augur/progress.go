package main

import (
	"augur/internal/results"
	"context"
	"flag"
	"fmt"
	"io"
	"strings"
	"sync"
	"time"
)

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
func (pf *progressFlags) reporter(e *env, cmd string) (*progress, error) {
	if *pf.on && *pf.off {
		return nil, fmt.Errorf("--progress and --no-progress contradict each other")
	}
	tty := isTerminal(e.stderr)
	if *pf.off || (!tty && !*pf.on) {
		return nil, nil
	}
	now := time.Now()
	p := &progress{w: e.stderr, cmd: cmd, tty: tty, start: now, last: now, every: 2 * time.Second}
	if tty {
		p.every = time.Second / 4
	}
	return p, nil
}

// progress writes what a long command is doing to standard error, at most
// every p.every. It only reads the wall clock: what it prints never
// changes a result. A nil *progress reports nothing, so commands call it
// unconditionally. Its methods may be called from several goroutines
// (bench runs measurements in the background).
type progress struct {
	w     io.Writer
	cmd   string
	tty   bool
	every time.Duration
	start time.Time

	mu    sync.Mutex
	last  time.Time
	shown bool // a line is on the terminal, to be erased
}

// update shows the state, if the last was long enough ago. msg says what
// is done, e.g. "simulated 1.2 s, 3 400 000 events".
func (p *progress) update(msg string) {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	now := time.Now()
	if now.Sub(p.last) < p.every {
		return
	}
	p.last = now
	p.write(fmt.Sprintf("%s (%s elapsed)", msg, since(p.start, now)))
}

// fraction shows the state with the share done, and from it the time
// left, assuming the rest goes as fast as what is done.
func (p *progress) fraction(msg string, done float64) {
	if p == nil {
		return
	}
	if done <= 0 || done > 1 {
		p.update(msg)
		return
	}
	el := time.Since(p.start)
	left := time.Duration(float64(el) * (1 - done) / done)
	p.update(fmt.Sprintf("%s, %.0f%% done, about %s left", msg, 100*done, left.Round(time.Second)))
}

// ttyWidth is the longest line written over itself: a longer one would
// wrap on an 80-column terminal, and \r would then rewrite only its end.
const ttyWidth = 79

func (p *progress) write(line string) {
	if p.tty {
		text := []rune(p.cmd + ": " + line)
		if len(text) > ttyWidth {
			text = append(text[:ttyWidth-1], '…')
		}
		// \033[K clears what a longer earlier line left.
		fmt.Fprintf(p.w, "\r%s\033[K", string(text))
		p.shown = true
		return
	}
	fmt.Fprintf(p.w, "%s: %s\n", p.cmd, line)
}

// finish ends the report: on a terminal the line is erased (the result
// follows on standard output); elsewhere a last line says how it ended,
// so that a log shows the run finished or was interrupted.
func (p *progress) finish(msg string) {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.tty {
		if p.shown {
			fmt.Fprint(p.w, "\r\033[K")
		}
		return
	}
	p.write(fmt.Sprintf("%s in %s", msg, since(p.start, time.Now())))
}

// ended ends the report of a simulation and says on standard error when
// it was interrupted: at the simulated time reached, with the events so
// far. predict and replay share it; p may be nil (no report), the note
// on standard error is written all the same.
func (p *progress) ended(e *env, cmd string, partial bool, err error, reached, simulated float64, events int64) {
	switch {
	case partial:
		p.finish(fmt.Sprintf("interrupted at simulated time %s, %s events", results.Seconds(reached), count(events)))
		fmt.Fprintf(e.stderr, "%s: interrupted at simulated time %s; the result is partial\n", cmd, results.Seconds(reached))
	case err == nil:
		p.finish(fmt.Sprintf("done: simulated %s, %s events", results.Seconds(simulated), count(events)))
	default:
		p.finish("stopped")
	}
}

// since prints a wall-clock duration for the progress line.
func since(t0, now time.Time) string {
	d := now.Sub(t0)
	if d < 10*time.Second {
		return d.Round(100 * time.Millisecond).String()
	}
	return d.Round(time.Second).String()
}

// count prints a large count with thin groups of three digits, for people.
func count(n int64) string {
	s := fmt.Sprint(n)
	if n < 0 || len(s) <= 4 {
		return s
	}
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	return b.String()
}
