package instrument

import (
	"fmt"
	"regexp"
	"sort"
	"strings"

	"modernc.org/cc/v4"

	"augur/internal/base/diag"
	"augur/internal/frontend/analyze"
)

// Timer is a timed block of a --time program: a loop that makes no MPI
// call, whose entries and CPU time the run writes.
type Timer struct {
	Block string
	Pos   analyze.Position
}

// Sample is a sampled block of a --time program (dPerf's threshold
// iteration rule): the iterations of a marked loop whose body makes no
// MPI call, or the executions of a loop without MPI calls inside a marked
// loop that makes some.
type Sample struct {
	Block  string // the sampled loop
	Marked string // the loop the user marked
	// Iterations: the samples are the loop's iterations; otherwise its
	// executions within one entry of Marked.
	Iterations bool
}

// TimeProgram is a program instrumented for a timed run (augur instrument
// --time).
type TimeProgram struct {
	Files   map[string][]byte
	Timers  []Timer
	Samples []Sample
	// Notes are things the user should know (a marked loop whose count the
	// analysis cannot derive, a mark that was not taken, why).
	Notes []string
}

// sampleMark matches `#pragma augur sample`.
var sampleMark = regexp.MustCompile(`^sample\s*$`)

// RewriteTime instruments the program for dPerf's timed run: a CPU timer
// around every loop that makes no MPI call and is not inside another such
// loop (timers never go inside the innermost loops, whose bodies are too
// short for a clock), and the threshold iteration rule on the loops
// marked `#pragma augur sample` (see markedLoops) or named in sample.
// The compute bursts and MPI calls themselves are written by the PMPI
// recorder the program is linked with.
func RewriteTime(a *analyze.Analysis, srcs []analyze.Source, sources map[string][]byte, sample []string) (*TimeProgram, error) {
	p := &TimeProgram{Files: map[string][]byte{}}
	comm := commBlocks(a)
	marked, err := markedLoops(a, srcs, sample)
	if err != nil {
		return nil, err
	}
	edits := map[string][]edit{}
	seq := 0
	wrap := func(n cc.Node, open, close string) error {
		file, start, end, err := span(n, sources)
		if err != nil {
			return err
		}
		seq++
		if _, loop := n.(*cc.IterationStatement); loop {
			if d, ok := loopDirective(sources[file], start); ok {
				start, open = d.at, d.beforeDirective(open) // before its OpenMP directive
			}
		}
		edits[file] = append(edits[file], edit{start, open, seq}, edit{end, close, -seq})
		return nil
	}
	// wrappable tells whether every node can be wrapped, before any is:
	// a sample's wraps go in all together or not at all.
	wrappable := func(ns ...cc.Node) error {
		for _, n := range ns {
			if _, _, _, err := span(n, sources); err != nil {
				return err
			}
		}
		return nil
	}

	// The timers: maximal loops without MPI, except in functions called
	// from inside one (their caller's timer covers them).
	var timed []*analyze.Block
	inTimed := map[string]bool{} // functions called from a timed loop
	var mark func(bs []*analyze.Block)
	mark = func(bs []*analyze.Block) {
		for _, b := range bs {
			if b.Kind == analyze.CallK && !inTimed[b.Callee] {
				inTimed[b.Callee] = true
				if f := a.Func(b.Callee); f != nil {
					mark(f.Body)
				}
			}
			mark(b.Body)
			mark(b.Then)
			mark(b.Else)
		}
	}
	var find func(bs []*analyze.Block)
	find = func(bs []*analyze.Block) {
		for _, b := range bs {
			if b.Kind == analyze.Loop && !comm[b] {
				timed = append(timed, b)
				mark(b.Body)
				continue
			}
			find(b.Body)
			find(b.Then)
			find(b.Else)
		}
	}
	for _, f := range a.Funcs {
		find(f.Body)
	}
	var timers []*analyze.Block
	for _, b := range timed {
		if !inTimed[b.Func] {
			timers = append(timers, b)
		}
	}

	// The sampled loops, outermost marks first: a mark inside a sampled
	// loop is not taken (one rule per stretch of code).
	sampled := map[*analyze.Block]bool{}
	var inside func(b *analyze.Block, bs []*analyze.Block) bool
	inside = func(b *analyze.Block, bs []*analyze.Block) bool {
		for _, c := range bs {
			if c == b || inside(b, c.Body) || inside(b, c.Then) || inside(b, c.Else) {
				return true
			}
		}
		return false
	}
	var taken []*analyze.Block // the marks taken, sampled or not
	covered := func(b *analyze.Block) string {
		for _, s := range taken {
			if b == s || inside(b, s.Body) {
				return s.Name
			}
		}
		for s := range sampled {
			if b == s {
				return s.Name
			}
		}
		return ""
	}
	type plan struct {
		marked *analyze.Block
		units  []*analyze.Block
	}
	var plans []plan
	for _, m := range marked {
		if by := covered(m); by != "" {
			p.Notes = append(p.Notes, fmt.Sprintf("%s (%s): not sampled on its own: it is in %s, which is", m.Name, m.Pos, by))
			continue
		}
		taken = append(taken, m)
		if !comm[m] {
			// A loop whose count depends on its body (a while loop until
			// convergence) would never end once its body is skipped: the
			// analysis must have derived its count, or been told it.
			if m.Loop.TripsHow == analyze.Default {
				p.Notes = append(p.Notes, fmt.Sprintf("%s (%s): not sampled: augur analyze cannot derive its iteration count, and if its test depends on its body it would never end once the body is skipped; annotate the count with #pragma augur loop(COUNT) to sample it", m.Name, m.Pos))
				continue
			}
			if !m.Loop.Canonical {
				p.Notes = append(p.Notes, fmt.Sprintf("%s (%s): sampled on the strength of its annotated count: skipping its body must not change how often it runs", m.Name, m.Pos))
			}
			sampled[m] = true
			plans = append(plans, plan{m, nil})
			continue
		}
		var units []*analyze.Block
		var collect func(bs []*analyze.Block)
		collect = func(bs []*analyze.Block) {
			for _, b := range bs {
				switch {
				case b.Kind == analyze.Loop && !comm[b]:
					units = append(units, b)
				default:
					collect(b.Body)
					collect(b.Then)
					collect(b.Else)
				}
			}
		}
		collect(m.Body)
		if len(units) == 0 {
			p.Notes = append(p.Notes, fmt.Sprintf("%s (%s): not sampled: every loop in it makes MPI calls (only computation is skipped)", m.Name, m.Pos))
			continue
		}
		for _, u := range units {
			sampled[u] = true
		}
		plans = append(plans, plan{m, units})
	}

	for _, b := range timers {
		k := len(p.Timers)
		// augur_tbegin reads the clock only for the entries it times: a
		// timer whose pair of clock readings would cost more than
		// TimerShare of an entry times one entry in N (see Runtime).
		if err := wrap(b.Stmt, fmt.Sprintf("{ double augur_t%d = augur_tbegin(%d); ", k, k), fmt.Sprintf(" augur_tend(%d, augur_t%d); }", k, k)); err != nil {
			p.Notes = append(p.Notes, fmt.Sprintf("%s (%s): not timed: %v", b.Name, b.Pos, err))
			continue
		}
		p.Timers = append(p.Timers, Timer{Block: b.Name, Pos: b.Pos})
	}
	for _, pl := range plans {
		m := pl.marked
		if pl.units == nil {
			k := len(p.Samples)
			it, ok := m.Stmt.(*cc.IterationStatement)
			if !ok {
				continue
			}
			// The count and the next checkpoint are locals, kept in
			// registers: an iteration costs an increment and a compare
			// until a checkpoint, and a test once the loop is settled.
			// Counted after the body, where the compiler still turns the
			// body's branches into conditional moves (counted before it,
			// the dartboard's hit test became a mispredicted jump: 2.7x);
			// before it when a continue could skip the count.
			open := fmt.Sprintf("{ if (augur_lim%d) { ", k)
			close := fmt.Sprintf(" if (++augur_i%d == augur_lim%d) augur_lim%d = augur_checkpoint(%d, augur_i%d); } else augur_ns%d++; }", k, k, k, k, k, k)
			timed := fmt.Sprintf("augur_i%d", k)
			if hasContinue(it.Statement) {
				open = fmt.Sprintf("{ if (augur_lim%d && (++augur_i%d <= augur_lim%d || (augur_lim%d = augur_checkpoint(%d, augur_i%d - 1)))) { ", k, k, k, k, k, k)
				close = fmt.Sprintf(" } else augur_ns%d++; }", k)
				timed = fmt.Sprintf("augur_i%d - (augur_ns%d > 0)", k, k) // the first skipped was counted
			}
			err := wrappable(m.Stmt, it.Statement)
			if err == nil {
				err = wrap(m.Stmt, fmt.Sprintf("{ long long augur_i%d = 0, augur_lim%d = augur_loop_begin(%d), augur_ns%d = 0; ", k, k, k, k),
					fmt.Sprintf(" augur_loop_end(%d, %s, augur_ns%d); }", k, timed, k))
			}
			if err == nil {
				err = wrap(it.Statement, open, close)
			}
			if err != nil {
				p.Notes = append(p.Notes, fmt.Sprintf("%s (%s): not sampled: %v", m.Name, m.Pos, err))
				continue
			}
			p.Samples = append(p.Samples, Sample{Block: m.Name, Marked: m.Name, Iterations: true})
			continue
		}
		if err := wrappable(m.Stmt); err != nil {
			p.Notes = append(p.Notes, fmt.Sprintf("%s (%s): not sampled: %v", m.Name, m.Pos, err))
			continue
		}
		first := len(p.Samples)
		for _, u := range pl.units {
			k := len(p.Samples)
			if err := wrap(u.Stmt, fmt.Sprintf("{ if (augur_exec_begin(%d)) { ", k), fmt.Sprintf(" augur_exec_end(%d); } }", k)); err != nil {
				p.Notes = append(p.Notes, fmt.Sprintf("%s (%s): not sampled: %v", u.Name, u.Pos, err))
				continue
			}
			p.Samples = append(p.Samples, Sample{Block: u.Name, Marked: m.Name})
		}
		if n := len(p.Samples) - first; n > 0 {
			// The executions are samples of one entry of the marked loop:
			// a new entry starts again (its loops may cost differently).
			if err := wrap(m.Stmt, fmt.Sprintf("{ augur_reset(%d, %d); ", first, n), " }"); err != nil {
				return nil, fmt.Errorf("%s (%s): %v", m.Name, m.Pos, err) // not reached: checked above
			}
		}
	}
	for name, src := range sources {
		p.Files[name] = apply(name, src, edits[name], "augur_time.h")
	}
	return p, nil
}

// apply writes src with its edits, after the runtime's header and a
// #line directive that numbers the first line of the source as line 1.
func apply(name string, src []byte, es []edit, header string) []byte {
	sort.SliceStable(es, func(i, j int) bool {
		if es[i].off != es[j].off {
			return es[i].off < es[j].off
		}
		return es[i].seq < es[j].seq
	})
	var out strings.Builder
	fmt.Fprintf(&out, "#include %q\n#line 1 %q\n", header, name)
	last := 0
	for _, e := range es {
		out.Write(src[last:e.off])
		out.WriteString(e.text)
		last = e.off
	}
	out.Write(src[last:])
	return []byte(out.String())
}

// hasContinue tells whether a statement holds a continue (one of an
// inner loop's too: the test need not be exact, only safe).
func hasContinue(n cc.Node) bool {
	for _, t := range cc.NodeTokens(n) {
		if string(t.Src()) == "continue" {
			return true
		}
	}
	return false
}

// commBlocks are the blocks that make MPI calls, themselves or through
// the functions they call.
func commBlocks(a *analyze.Analysis) map[*analyze.Block]bool {
	out := map[*analyze.Block]bool{}
	funcComm := map[string]bool{}
	var mark func(bs []*analyze.Block) bool
	mark = func(bs []*analyze.Block) bool {
		any := false
		for _, b := range bs {
			c := b.Kind == analyze.MPI || (b.Kind == analyze.CallK && funcComm[b.Callee])
			// Each list is walked whole: every block gets its mark.
			if mark(b.Body) {
				c = true
			}
			if mark(b.Then) {
				c = true
			}
			if mark(b.Else) {
				c = true
			}
			if c {
				out[b] = true
				any = true
			}
		}
		return any
	}
	// A function makes MPI calls if its body does; calls make that
	// spread to callers, so repeat until nothing changes (recursion).
	for changed := true; changed; {
		changed = false
		for _, f := range a.Funcs {
			if mark(f.Body) && !funcComm[f.Name] {
				funcComm[f.Name] = true
				changed = true
			}
		}
	}
	return out
}

// markedLoops are the loops to sample: those with `#pragma augur sample`
// on the line above, or on the line above that when it holds another
// annotation (`#pragma augur loop(...)`: augur analyze reads the nearer
// one), and those named in names, in source order. A name that is not a
// loop block is an error.
func markedLoops(a *analyze.Analysis, srcs []analyze.Source, names []string) ([]*analyze.Block, error) {
	marks := map[string]map[int]bool{} // file → line → a sample mark (true) or another annotation
	for _, s := range srcs {
		for _, pr := range s.Pragmas {
			if marks[pr.Pos.File] == nil {
				marks[pr.Pos.File] = map[int]bool{}
			}
			marks[pr.Pos.File][pr.Pos.Line] = sampleMark.MatchString(strings.TrimSpace(pr.Text))
		}
	}
	want := map[string]bool{}
	for _, n := range names {
		want[n] = true
	}
	var out []*analyze.Block
	for _, b := range a.Blocks() {
		if b.Kind != analyze.Loop {
			continue
		}
		m := marks[b.Pos.File]
		_, annotated := m[b.Pos.Line-1]
		if want[b.Name] || m[b.Pos.Line-1] || (annotated && m[b.Pos.Line-2]) {
			out = append(out, b)
			delete(want, b.Name)
		}
	}
	if len(want) > 0 {
		var missing []string
		for n := range want {
			missing = append(missing, n)
		}
		sort.Strings(missing)
		var loops []string
		for _, b := range a.Blocks() {
			if b.Kind == analyze.Loop {
				loops = append(loops, b.Name)
			}
		}
		// The loops to sample as the caller names them (a command line's --sample).
		return nil, diag.Givenf("loop", strings.Join(missing, ","), "no loop of that name; the loops are %s", strings.Join(loops, " "))
	}
	return out, nil
}

// TimeHeader declares what the --time sources call.
const TimeHeader = `/* augur instrument --time: timers and sampled loops (augur_time.c). */
#ifndef AUGUR_TIME_H
#define AUGUR_TIME_H
double augur_vnow(void);
double augur_tbegin(int k);
void augur_tend(int k, double t0);
long long augur_loop_begin(int k);
long long augur_checkpoint(int k, long long n);
void augur_loop_end(int k, long long n, long long skipped);
void augur_reset(int first, int n);
int augur_exec_begin(int k);
void augur_exec_end(int k);
#endif
`

// MinSamples and MinSampleTime bound the threshold iteration rule from
// below: a loop is not judged settled on fewer iterations (dPerf's "tens
// or hundreds"), nor on less time than a clock reading can resolve well
// (a thread CPU clock reading costs a few hundred nanoseconds).
const (
	MinSamples    = 8
	MinSampleTime = 1e-3 // seconds
)

// TimerShare is the most a timer may cost of the block it times: a pair
// of clock readings (the thread's CPU clock, a system call: 0.2 to 6 µs
// depending on the machine, measured when the run starts) around an entry
// that takes less than pair/TimerShare would slow the run and inflate the
// block's time, so the timer then times one entry in N, N such that its
// readings cost at most TimerShare of the entries', and estimates the
// others at the mean of those timed (dPerf's threshold idea applied to
// where the clock is read). TimerProbe entries are timed first to learn
// an entry's time.
const (
	TimerShare = 0.03
	TimerProbe = 16
)

// Runtime returns the C runtime of the timed program: the virtual clock
// (the thread's CPU time plus the time sampled loops charged, which the
// PMPI recorder also reads for its compute bursts), the timers, the
// threshold iteration rule with tolerance tol, and a destructor that
// writes augur-times.RANK.txt at exit into $AUGUR_TIT_DIR, or dir.
func (p *TimeProgram) Runtime(dir string, tol float64) string {
	var timers, samples strings.Builder
	for _, t := range p.Timers {
		fmt.Fprintf(&timers, "    {%q},\n", t.Block)
	}
	for _, s := range p.Samples {
		fmt.Fprintf(&samples, "    {%q},\n", s.Block)
	}
	return withRank(fmt.Sprintf(`/* augur instrument --time: dPerf's timed blocks and threshold iteration rule. */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

/* Seconds that sampled loops skipped and charged: the recorder's compute
 * bursts and the timers add them to the CPU clock. */
double augur_credit_s;

static double augur_clock(clockid_t id)
{
    struct timespec ts;
    clock_gettime(id, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* The virtual clock: the thread's CPU time, which is not counted while
 * the thread waits for a processor (dPerf's virtual time). Reading it is
 * a system call (5.5 us on this machine under load, against 0.1 us for
 * the wall clock), and the recorder reads the clock at every MPI call:
 * read at each, a pipeline of small messages ran 5 times slower. So the
 * wall clock is read each time, and the CPU clock only when augur_window
 * seconds of wall time or more have passed since the last reading (0.5
 * ms, or more when the CPU clock is so dear that its reading would cost
 * over AUGUR_TIMER_SHARE of that): a thread taken off its processor for
 * another runnable one is off for at least that one's time slice (0.75
 * ms and up with Linux's EEVDF), longer than the window, so a shorter
 * interval ran whole and counts as it is, and a longer one counts the CPU
 * time it had (the CPU clock's advance since it was last read, less the
 * short intervals counted since). A preemption shorter than the window
 * would be counted as computation. Per thread. */
static __thread double augur_w, augur_v, augur_c, augur_vc;
static double augur_window = 5e-4; /* set from the CPU clock's cost at start-up */

double augur_vnow(void)
{
    double w = augur_clock(CLOCK_MONOTONIC);
    if (augur_w == 0) {
        augur_c = augur_clock(CLOCK_THREAD_CPUTIME_ID);
    } else if (w - augur_w < augur_window) {
        augur_v += w - augur_w;
    } else {
        double c = augur_clock(CLOCK_THREAD_CPUTIME_ID);
        augur_v += fmin(w - augur_w, fmax(0, (c - augur_c) - (augur_v - augur_vc)));
        augur_c = c;
        augur_vc = augur_v;
    }
    augur_w = w;
    return augur_v + augur_credit_s;
}

#define AUGUR_NT %d
#define AUGUR_NS %d
#define AUGUR_TOL %g
#define AUGUR_MIN_SAMPLES %d
#define AUGUR_MIN_TIME %g

#define AUGUR_TIMER_SHARE %g
#define AUGUR_TIMER_PROBE %d

/* A timer: its block's entries, those timed and their seconds; it times
 * one entry in every (1 until the probe shows the clock costs more than
 * AUGUR_TIMER_SHARE of an entry), the next in countdown entries. */
struct augur_timer {
    const char *block;
    unsigned long long entries, timed, every, countdown;
    double seconds;
};
static struct augur_timer augur_timers[AUGUR_NT + 1] = {
%s    {0}};

/* What a timer's two readings of the clock cost, measured when the
 * program starts. */
static double augur_pair_s;

__attribute__((constructor)) static void augur_measure_clock(void)
{
    enum { N = 200 };
    /* The CPU clock's cost sets the window: its readings cost at most
     * AUGUR_TIMER_SHARE of the intervals they close. */
    double c0 = augur_clock(CLOCK_THREAD_CPUTIME_ID);
    for (int i = 0; i < N; i++)
        augur_clock(CLOCK_THREAD_CPUTIME_ID);
    double read = (augur_clock(CLOCK_THREAD_CPUTIME_ID) - c0) / (N + 1);
    augur_window = fmax(5e-4, read / AUGUR_TIMER_SHARE);
    double t0 = augur_vnow();
    for (int i = 0; i < N; i++)
        augur_vnow();
    augur_pair_s = 2 * (augur_vnow() - t0) / (N + 1);
    for (int k = 0; k < AUGUR_NT; k++)
        augur_timers[k].every = augur_timers[k].countdown = 1;
}

/* A sampled loop: the samples of its current entry (n, the time they
 * took, the last checkpoint's), whether the rule has settled and on what
 * mean, and totals over the run. */
struct augur_sample {
    const char *block;
    long long n, next, prev_n;
    double t0, sum, prev_sum, prev_w, mean, settled_at;
    int settled, running;
    unsigned long long entries, timed, skipped;
    double measured, charged;
};
static struct augur_sample augur_samples[AUGUR_NS + 1] = {
%s    {0}};

double augur_tbegin(int k)
{
    struct augur_timer *t = &augur_timers[k];
    t->entries++;
    if (--t->countdown > 0)
        return -1;
    t->countdown = t->every;
    return augur_vnow();
}

void augur_tend(int k, double t0)
{
    if (t0 < 0)
        return;
    struct augur_timer *t = &augur_timers[k];
    /* An interval holds about one reading's cost (the end of the first,
     * the start of the second): not the block's. */
    t->seconds += fmax(0, augur_vnow() - t0 - augur_pair_s / 2);
    t->timed++;
    if (t->every == 1 && t->timed == AUGUR_TIMER_PROBE) {
        double mean = t->seconds / (double)t->timed;
        if (augur_pair_s > AUGUR_TIMER_SHARE * mean) {
            double n = augur_pair_s / (AUGUR_TIMER_SHARE * fmax(mean, 1e-9));
            t->every = t->countdown = n > 1e9 ? 1000000000ULL : (unsigned long long)ceil(n);
        }
    }
}

static void augur_start(struct augur_sample *s)
{
    s->n = s->prev_n = 0;
    s->next = 4;
    s->sum = s->prev_sum = s->prev_w = s->mean = 0;
    s->settled = s->running = 0;
    s->entries++;
}

/* augur_check is the threshold iteration rule at a checkpoint (4, 6, 8,
 * 12, 16, 24, ... samples, sum seconds in all): the mean time of a sample
 * since the previous checkpoint is constant, within the tolerance, when
 * it agrees with the mean of the window before. Windows rather than
 * dPerf's mean from the start, t_th / th: that one carries the first
 * iterations' warm-up into every skipped one (the dartboard's darts were
 * charged 16 %% too much). */
static void augur_check(struct augur_sample *s, long long n, double sum)
{
    if (s->prev_n > 0) {
        double w = (sum - s->prev_sum) / (double)(n - s->prev_n);
        if (n >= AUGUR_MIN_SAMPLES && sum >= AUGUR_MIN_TIME && s->prev_w > 0 && fabs(w - s->prev_w) <= AUGUR_TOL * w) {
            s->settled = 1;
            s->mean = w;
        }
        s->prev_w = w;
    }
    s->prev_n = n;
    s->prev_sum = sum;
    s->next = (n & (n - 1)) == 0 ? n / 2 * 3 : n / 3 * 4;
}

/* A marked loop without MPI calls: its iterations are the samples. The
 * loop counts them in a local and calls augur_checkpoint only at
 * checkpoints, which read the clock: even a short body is timed without
 * a clock reading, or a call, per iteration. Each returns the next
 * checkpoint, 0 once the rule has settled (the bodies are skipped). */
long long augur_loop_begin(int k)
{
    struct augur_sample *s = &augur_samples[k];
    augur_start(s);
    s->t0 = augur_vnow();
    return s->next;
}

long long augur_checkpoint(int k, long long n)
{
    struct augur_sample *s = &augur_samples[k];
    double t = augur_vnow();
    augur_check(s, n, t - s->t0);
    s->settled_at = t;
    return s->settled ? 0 : s->next;
}

/* n iterations were timed, skipped skipped. */
void augur_loop_end(int k, long long n, long long skipped)
{
    struct augur_sample *s = &augur_samples[k];
    double now = augur_vnow(), t = now - s->t0;
    /* t_avgloop = t_th + (n - th) x mean: the skipped iterations at the
     * mean, less what running their loop control took (already on the
     * clock, and in the mean). */
    double charge = skipped > 0 ? fmax(0, (double)skipped * s->mean - (now - s->settled_at)) : 0;
    s->timed += (unsigned long long)n;
    s->skipped += (unsigned long long)skipped;
    s->measured += t;
    s->charged += charge;
    augur_credit_s += charge;
}

/* A marked loop that makes MPI calls: the executions of each loop
 * without MPI calls inside it are the samples, within one entry. */
void augur_reset(int first, int n)
{
    for (int k = first; k < first + n; k++)
        augur_start(&augur_samples[k]);
}

int augur_exec_begin(int k)
{
    struct augur_sample *s = &augur_samples[k];
    if (s->settled) {
        s->skipped++;
        s->charged += s->mean;
        augur_credit_s += s->mean;
        return 0;
    }
    s->running = 1;
    s->t0 = augur_vnow();
    return 1;
}

void augur_exec_end(int k)
{
    struct augur_sample *s = &augur_samples[k];
    if (!s->running)
        return;
    double d = augur_vnow() - s->t0;
    s->running = 0;
    s->sum += d;
    s->n++;
    s->timed++;
    s->measured += d;
    if (s->n == s->next)
        augur_check(s, s->n, s->sum);
}

/* AUGUR_RANK */

__attribute__((destructor)) static void augur_write(void)
{
    char path[4096];
    const char *dir = getenv("AUGUR_TIT_DIR"); /* where the recorder writes the traces too */
    if (!dir || !*dir)
        dir = %q;
    snprintf(path, sizeof path, "%%s/augur-times.%%s.txt", dir, augur_rank());
    FILE *f = fopen(path, "w");
    if (!f) {
        perror(path);
        return;
    }
    fprintf(f, "# augur instrument --time: CPU seconds of the thread, sampled loops' charges included\n");
    fprintf(f, "# a timer's pair of clock readings: %%.3g s\n", augur_pair_s);
    fprintf(f, "# timed BLOCK ENTRIES SECONDS\n# sampled BLOCK ENTRIES TIMED SKIPPED MEASURED_S CHARGED_S\n");
    for (int k = 0; k < AUGUR_NT; k++) {
        struct augur_timer *t = &augur_timers[k];
        double secs = t->seconds;
        if (t->timed > 0 && t->timed < t->entries) {
            /* The entries not timed at the mean of those timed. */
            secs *= (double)t->entries / (double)t->timed;
            fprintf(f, "# %%s: an entry takes %%.3g s, a timer pair %%.3g s (more than %%g %%%% of it): %%llu of %%llu entries timed (1 in %%llu), the others at their mean\n",
                    t->block, t->seconds / (double)t->timed, augur_pair_s, 100 * AUGUR_TIMER_SHARE, t->timed, t->entries, t->every);
            fprintf(stderr, "augur: rank %%s: %%s: an entry takes %%.3g s and a timer pair %%.3g s, so 1 entry in %%llu is timed (%%s)\n",
                    augur_rank(), t->block, t->seconds / (double)t->timed, augur_pair_s, t->every, path);
        }
        fprintf(f, "timed %%s %%llu %%.9f\n", t->block, t->entries, secs);
    }
    for (int k = 0; k < AUGUR_NS; k++) {
        struct augur_sample *s = &augur_samples[k];
        fprintf(f, "sampled %%s %%llu %%llu %%llu %%.9f %%.9f\n", s->block, s->entries, s->timed, s->skipped, s->measured, s->charged);
    }
    fclose(f);
}
`, len(p.Timers), len(p.Samples), tol, MinSamples, MinSampleTime, TimerShare, TimerProbe, timers.String(), samples.String(), dir))
}
