package main

import (
	"fmt"
	"io"
	"sync"
	"time"
)

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
