package main

import (
	"augur/internal/results"
	"context"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"strconv"
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
	done  chan struct{} // closed when the report ends: the heartbeat stops (nil: none runs)

	// width gives the terminal's columns when the line is drawn (the
	// terminal may be resized meanwhile); nil: 80.
	width func() int

	mu      sync.Mutex
	last    time.Time
	shown   bool   // a line is on the terminal, to be erased
	state   string // what update said last: the heartbeat repeats it
	stopped bool
	// stepwise: every update is shown, whatever the interval (a
	// command of few steps, seconds apart); the heartbeat keeps it.
	stepwise bool
	// pending: the state is a phase not yet shown (phase).
	pending bool
	// The time left is estimated from the rate since origin, when the
	// share done was originDone: the first fraction of a phase (a plain
	// update, or a share lower than the last, starts another), so that
	// the phases before (reading, setting up) do not slow the estimate.
	series     bool
	origin     time.Time
	originDone float64
	lastDone   float64
}

// update shows the state, if the last line was long enough ago, and keeps
// it for the heartbeat. msg says what is done, e.g. "simulated 1.2 s,
// 3 400 000 events", or what is being done: "reading trace.txt".
func (p *progress) update(msg string) {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.series, p.pending = false, false
	p.state = msg
	p.show(time.Now(), false)
}

// phaseGap is the least time between two phases' lines: a command whose
// phases come faster shows the last of them when the gap has passed
// (the heartbeat), rather than a line each.
const phaseGap = 100 * time.Millisecond

// phase names what the command starts doing ("reading prog.c"): shown
// at once, whatever the interval, so that a phase shorter than the
// interval is seen too (one that follows another within phaseGap is
// shown by the heartbeat when the gap has passed), then kept for the
// heartbeat as update keeps its state.
func (p *progress) phase(msg string) {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.series = false
	p.state, p.pending = msg, true
	p.show(time.Now(), false)
}

// show writes the state with the time elapsed, unless a line was written
// less than p.every ago: a phase not yet shown (pending) waits phaseGap
// at most, and the command's steps none if it asked for each (stepwise,
// when it is not the heartbeat). p.mu is held.
func (p *progress) show(now time.Time, heartbeat bool) {
	wait := p.every
	if p.pending {
		wait = min(wait, phaseGap)
	} else if p.stepwise && !heartbeat {
		wait = 0
	}
	if p.stopped || p.state == "" || now.Sub(p.last) < wait {
		return
	}
	p.last, p.pending = now, false
	p.write(fmt.Sprintf("%s (%s elapsed)", p.state, since(p.start, now)))
}

// heartbeat shows the last state again every p.every while nothing new
// is reported, until the report ends. It looks twice an interval, so
// that the lines stay about p.every apart whenever update wrote last,
// and at least every phaseGap, for a phase that waits.
func (p *progress) heartbeat() {
	t := time.NewTicker(min(max(p.every/2, time.Millisecond), phaseGap))
	defer t.Stop()
	for {
		select {
		case <-p.done:
			return
		case now := <-t.C:
			p.mu.Lock()
			p.show(now, true)
			p.mu.Unlock()
		}
	}
}

// stop ends the report without a last line (the command failed, or has
// finished it); nil-safe, and safe to call twice.
func (p *progress) stop() {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.halt()
}

// halt stops the heartbeat; p.mu is held.
func (p *progress) halt() {
	if !p.stopped {
		p.stopped = true
		if p.done != nil {
			close(p.done)
		}
	}
}

// progressWriter is the command's standard error while a progress report
// is on: each write waits for the report's line to be written, and on a
// terminal erases it first (the heartbeat draws it again).
type progressWriter struct{ p *progress }

func (w *progressWriter) Write(b []byte) (int, error) {
	w.p.mu.Lock()
	defer w.p.mu.Unlock()
	w.p.erase()
	return w.p.w.Write(b)
}

// erase clears the line drawn in place on a terminal, if one is shown;
// p.mu is held.
func (p *progress) erase() {
	if p.tty && p.shown {
		fmt.Fprint(p.w, "\r\033[K")
		p.shown = false
	}
}

// eachStep has every update shown, not one an interval: for commands
// whose steps are few and seconds apart (bench), so that a log lists
// them all. The heartbeat still repeats a step at the interval.
func (p *progress) eachStep() {
	if p == nil {
		return
	}
	p.mu.Lock()
	p.stepwise = true
	p.mu.Unlock()
}

// announce says msg once, on a line of its own, and leaves the heartbeat
// nothing to repeat until the next update: the phase it names runs
// another program that writes to the same terminal (record runs the
// program), whose lines a progress line redrawn in place would cut.
func (p *progress) announce(msg string) {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.stopped {
		return
	}
	p.erase()
	fmt.Fprintf(p.w, "%s: %s\n", p.cmd, msg)
	p.state, p.last = "", time.Now()
}

// fraction shows the state with the share done (0 to 1) and, from the
// rate since the phase's first share, an estimate of the time left: the
// rest is assumed to go as fast as what was done in the phase. A share
// outside (0, 1] is not shown (the state alone is).
func (p *progress) fraction(msg string, done float64) {
	if p == nil {
		return
	}
	if done <= 0 || done > 1 || done != done {
		p.update(msg)
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	now := time.Now()
	if !p.series || done < p.lastDone {
		p.series, p.origin, p.originDone = true, now, done
	}
	p.lastDone, p.pending = done, false
	p.state = fmt.Sprintf("%s, %s done%s", msg, percent(done), timeLeft(now.Sub(p.origin), done-p.originDone, 1-done))
	p.show(now, false)
}

// percent prints a share done: whole percents, but never 100 % before
// the end, and tenths below 10 %, where a long run spends a while.
func percent(done float64) string {
	switch {
	case done < 0.1:
		return fmt.Sprintf("%.1f%%", math.Floor(1000*done)/10)
	case done < 1:
		return fmt.Sprintf("%.0f%%", math.Min(math.Floor(100*done), 99))
	}
	return "100%"
}

// timeLeft estimates the time to do the share left at the rate at
// which share was done in el: ", about 3m12s left"; nothing until some
// share has been done in a measurable time.
func timeLeft(el time.Duration, share, left float64) string {
	if share <= 0 || el <= 0 {
		return ""
	}
	if left <= 0 {
		return ", nothing left"
	}
	return leftText(time.Duration(float64(el) * left / share))
}

// leftText says an estimate d of the time left: ", about 3m left".
func leftText(d time.Duration) string {
	switch {
	case d < time.Second:
		return ", less than 1s left"
	case d < time.Minute:
		return fmt.Sprintf(", about %s left", d.Round(time.Second))
	case d < 100*time.Hour:
		return fmt.Sprintf(", about %s left", strings.TrimSuffix(d.Round(time.Minute).String(), "0s"))
	}
	return ", more than 100h left"
}

// minWidth is the narrowest a terminal is taken to be: fewer columns
// than that are a terminal that cannot say.
const minWidth = 20

// lineWidth is the longest line written over itself on the terminal:
// one column short of its width, as a line filling the last column
// wraps on some terminals, and \r would then rewrite only its end.
func (p *progress) lineWidth() int {
	w := 80
	if p.width != nil {
		if c := p.width(); c >= minWidth {
			w = c
		}
	}
	return w - 1
}

func (p *progress) write(line string) {
	if p.tty {
		text := []rune(p.cmd + ": " + line)
		if w := p.lineWidth(); len(text) > w {
			text = append(text[:w-1], '…')
		}
		// \033[K clears what a longer earlier line left.
		fmt.Fprintf(p.w, "\r%s\033[K", string(text))
		p.shown = true
		return
	}
	fmt.Fprintf(p.w, "%s: %s\n", p.cmd, line)
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

// finish ends the report: on a terminal the line is erased (the result
// follows on standard output); elsewhere a last line says how it ended,
// so that a log shows the run finished or was interrupted.
func (p *progress) finish(msg string) {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.stopped {
		return
	}
	p.halt()
	if p.tty {
		p.erase()
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
