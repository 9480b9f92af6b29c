package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os/exec"
	"strings"
	"testing"
	"time"

	"augur/internal/run/sweep"
)

// stopAfter is a context that the user interrupts after its Err has been
// asked polls times: the engine asks every 2^14 events or operations, so
// the run stops at a known point, the same on every machine.
type stopAfter struct {
	context.Context
	polls int
}

func (s *stopAfter) Err() error {
	if s.polls <= 0 {
		return context.Canceled
	}
	s.polls--
	return nil
}

// augurCtx runs the command in-process with ctx as its interrupt.
func augurCtx(t *testing.T, ctx context.Context, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(&env{stdout: &out, stderr: &errb, ctx: ctx}, args)
	return code, out.String(), errb.String()
}

// A million half-second actions, one event each (--step-loops).
const stepsModel = "model steps\nparam N = 1000000\nactivity main {\n  loop N {\n    action A cost 0.5\n  }\n}\n"

// Ctrl-C stops a long prediction cleanly: the result of what was
// simulated is printed in every format, marked partial, and the exit
// status is 130. The context allows three polls (at 16 384, 32 768 and
// 49 152 operations) and stops the run at the fourth, at operation 65 536:
// 65 535 actions of 0.5 s are complete, so the simulated time reached is
// 32 767.5 s.
func TestProgressInterruptedPredict(t *testing.T) {
	model := writeTemp(t, "steps.aug", stepsModel)
	args := []string{"predict", model, "--machine", ex + "machines/ideal.yaml", "--procs", "1", "--step-loops", "--stable"}
	interrupt := func(format string) (string, string) {
		t.Helper()
		code, out, errs := augurCtx(t, &stopAfter{context.Background(), 3}, append(args, "--format", format)...)
		if code != exitInterrupted {
			t.Fatalf("--format %s: exit %d, want %d; stderr:\n%s", format, code, exitInterrupted, errs)
		}
		if !strings.Contains(errs, "interrupted at simulated time 32767.5 s") {
			t.Errorf("--format %s: stderr does not say where it stopped:\n%s", format, errs)
		}
		return out, errs
	}

	out, _ := interrupt("json")
	var s struct {
		Partial  *bool   `json:"partial"`
		Reached  float64 `json:"simulated_time_reached_s"`
		Time     float64 `json:"time_s"`
		Elements []struct {
			Calls int64   `json:"calls"`
			Total float64 `json:"total_s"`
		} `json:"elements"`
	}
	if err := json.Unmarshal([]byte(out), &s); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if s.Partial == nil || !*s.Partial || s.Reached != 32767.5 || s.Time != 32767.5 ||
		len(s.Elements) != 1 || s.Elements[0].Calls != 65535 || s.Elements[0].Total != 32767.5 {
		t.Errorf("partial JSON: partial %s, reached %g, time %g, elements %+v; want true, 32767.5, 32767.5, 65535 calls of 32767.5 s",
			opt(s.Partial), s.Reached, s.Time, s.Elements)
	}

	out, _ = interrupt("csv")
	recs := csvRecords(t, out)
	if sum, els := recs[0], csvOf(recs, "element"); sum["partial"] != "true" || sum["simulated_time_reached_s"] != "32767.5" || sum["time_s"] != "32767.5" ||
		len(els) != 1 || els[0]["name"] != "A" || els[0]["calls"] != "65535" {
		t.Errorf("partial CSV lacks its partial record or elements:\n%s", out)
	}
	out, _ = interrupt("text")
	if !strings.Contains(out, "PARTIAL RESULT: interrupted at simulated time 32767.5 s") || !strings.Contains(out, "Predicted time    ≥ 32767.5 s") {
		t.Errorf("partial text report not marked:\n%s", out)
	}

	// Not interrupted, the JSON has no partial field and the run is
	// the one it always was: a million actions, 500 000 s.
	code, out, _ := augurCtx(t, context.Background(), append(args, "--format", "json", "--set", "N=100000")...)
	if code != exitOK || strings.Contains(out, "partial") || !strings.Contains(out, `"time_s": 50000,`) {
		t.Errorf("complete run: exit %d\n%s", code, out)
	}
}

// Progress goes to standard error with --progress even when it is not a
// terminal, never without, and never changes standard output.
func TestProgressFlag(t *testing.T) {
	model := writeTemp(t, "steps.aug", stepsModel)
	args := []string{"predict", model, "--machine", ex + "machines/ideal.yaml", "--procs", "1", "--step-loops", "--stable", "--set", "N=100000"}
	code, quiet, errs := augur(t, args...)
	if code != exitOK || errs != "" {
		t.Fatalf("without --progress: exit %d, stderr %q", code, errs)
	}
	code, out, errs := augur(t, append(args, "--progress")...)
	if code != exitOK || out != quiet {
		t.Fatalf("with --progress: exit %d; stdout changed: %v", code, out != quiet)
	}
	if !strings.HasPrefix(errs, "augur predict: ") || !strings.Contains(errs, "done: simulated 50000 s, 2 events in ") {
		t.Errorf("with --progress, stderr = %q", errs)
	}
	if code, _, errs = augur(t, append(args, "--progress", "--no-progress")...); code != exitUsage {
		t.Errorf("--progress --no-progress: exit %d (%s), want %d", code, errs, exitUsage)
	}
	if code, _, errs = augur(t, append(args, "--no-progress")...); code != exitOK || errs != "" {
		t.Errorf("--no-progress: exit %d, stderr %q", code, errs)
	}
}

// A replay stops the same way. The trace is one rank's init and 100 000
// computations of 10^9 flops, a second each on the ideal machine (1 Gf):
// with one poll allowed, the replay stops at the second, at operation
// 32 768 (init is no operation), which is not yet done: 32 767
// computations are, so the simulated time reached is 32 767 s.
func TestProgressInterruptedReplay(t *testing.T) {
	trace := longTrace(t)
	// From the text: compiling the trace into the cache would poll the
	// context too (every 65 536 lines), moving the stop one engine poll
	// earlier.
	args := []string{"replay", trace, "--platform", ex + "machines/ideal.yaml", "--no-cache"}
	for _, c := range []struct{ format, want string }{
		{"text", "Interrupted at simulated time 32767.000000\n"},
		{"json", "\"partial\": true,\n  \"simulated_time_reached_s\": 32767\n}\n"},
		{"csv", "\nsummary,replay,3,32767,"},
	} {
		code, out, errs := augurCtx(t, &stopAfter{context.Background(), 1}, append(args, "--format", c.format)...)
		partial := c.format != "csv" || csvRecords(t, out)[0]["partial"] == "true" && csvRecords(t, out)[0]["simulated_time_reached_s"] == "32767"
		if code != exitInterrupted || !strings.Contains(out, c.want) || !partial || !strings.Contains(errs, "interrupted at simulated time 32767 s") {
			t.Errorf("--format %s: exit %d, want %d; output does not end with %q:\n%s\nstderr:\n%s", c.format, code, exitInterrupted, c.want, out, errs)
		}
	}
	// Interrupted while the trace is compiled into the cache: nothing
	// was simulated, nothing is printed but the reason.
	if code, out, errs := augurCtx(t, &stopAfter{context.Background(), 0}, args[:len(args)-1]...); code != exitInterrupted || out != "" ||
		!strings.Contains(errs, "interrupted while reading the trace") {
		t.Errorf("interrupted while compiling: exit %d\n%s\nstderr:\n%s", code, out, errs)
	}
	if code, out, _ := augurCtx(t, context.Background(), append(args, "--format", "json")...); code != exitOK || strings.Contains(out, "partial") ||
		!strings.Contains(out, `"time_s": 100000,`) {
		t.Errorf("complete replay: exit %d\n%s", code, out)
	}
}

// A thread simulation stops the same way. One thread locks and unlocks a
// mutex 40 000 times, a time unit apart, the first at time 0: two engine
// operations per trace line (the lock or unlock, then the time unit of
// computation to the next line), so the 16 384th operation, where the
// context is first asked and says stop, is at time 8 191, where the
// accounts end.
func TestProgressInterruptedSimulate(t *testing.T) {
	var b strings.Builder
	for i := range 40000 {
		if i%2 == 0 {
			fmt.Fprintf(&b, "%d P1 lock M\n", i)
		} else {
			fmt.Fprintf(&b, "%d P1 unlock M\n", i)
		}
	}
	b.WriteString("40000 P1 terminate\n")
	trace := writeTemp(t, "long.trace", b.String())
	args := []string{"simulate", trace, "--cpus", "2", "--model", "direct"}
	for _, c := range []struct{ format, want string }{
		{"text", "PARTIAL RESULT: interrupted at simulated time 8191; the accounts end there\n"},
		{"json", "\"partial\": true,\n  \"simulated_time_reached_s\": 8191\n}\n"},
		{"csv", ",timestamps,true,8191,"}, // work_from, partial, simulated_time_reached_s
	} {
		code, out, errs := augurCtx(t, &stopAfter{context.Background(), 0}, append(args, "--format", c.format)...)
		if code != exitInterrupted || !strings.Contains(out, c.want) || !strings.Contains(errs, "interrupted at simulated time 8191;") {
			t.Errorf("--format %s: exit %d, want %d; output lacks %q:\n%s\nstderr:\n%s", c.format, code, exitInterrupted, c.want, out, errs)
		}
	}
	if code, out, _ := augurCtx(t, context.Background(), append(args, "--format", "json")...); code != exitOK || strings.Contains(out, "partial") ||
		!strings.Contains(out, `"time_s": 40000,`) {
		t.Errorf("complete simulation: exit %d\n%s", code, out)
	}
}

// validate keeps the configurations predicted before the interruption.
// The first two ping-pongs are too short for the context to be asked
// (4 000 events); the third is stopped at its 16 384th event.
func TestProgressInterruptedValidate(t *testing.T) {
	data := writeTemp(t, "runs.csv", "procs,REPS,tm_s\n2,100,0.04\n2,1000,0.4\n2,1000000,400\n")
	args := []string{"validate", ex + "pingpong.aug", data, "--machine", ex + "machines/gescher.yaml", "--stable"}
	for _, c := range []struct{ format, want string }{
		{"text", "PARTIAL RESULT: interrupted after 2 of 3 configurations\n"},
		{"json", "\"partial\": true,\n  \"configurations\": 3\n}\n"},
		{"csv", ",[],true,3,"}, // warnings, partial, configurations
	} {
		code, out, errs := augurCtx(t, &stopAfter{context.Background(), 0}, append(args, "--format", c.format)...)
		if code != exitInterrupted || !strings.HasSuffix(out, c.want) && c.format != "csv" || !strings.Contains(out, c.want) || !strings.Contains(errs, "interrupted after 2 of 3 configurations") ||
			strings.Count(out, "1000000") != 0 {
			t.Errorf("--format %s: exit %d, want %d; output does not end with %q or lists the third row:\n%s\nstderr:\n%s", c.format, code, exitInterrupted, c.want, out, errs)
		}
	}
	if code, out, errs := augurCtx(t, context.Background(), append(args, "--format", "csv")...); code != exitOK || strings.Contains(out, "partial") {
		t.Errorf("complete validation: exit %d\n%s\n%s", code, out, errs)
	}
}

// Interrupted before they have anything to show, analyze and bench block
// print nothing on standard output and exit with 130 all the same.
func TestProgressInterruptedEarly(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	code, out, errs := augurCtx(t, ctx, "analyze", ex+"analyze/pi.c", "--machine", opsMachine)
	if code != exitInterrupted || out != "" || !strings.Contains(errs, "interrupted") {
		t.Errorf("analyze: exit %d, want %d; stdout %q, stderr %q", code, exitInterrupted, out, errs)
	}
	if _, err := exec.LookPath("gcc"); err != nil {
		t.Skip("gcc not installed")
	}
	code, out, errs = augurCtx(t, ctx, "bench", "block", "../../internal/run/blockbench/blocks/pi.c", "--n", "1000")
	if code != exitInterrupted || out != "" || !strings.Contains(errs, "interrupted") {
		t.Errorf("bench block: exit %d, want %d; stdout %q, stderr %q", code, exitInterrupted, out, errs)
	}
}

// Stopped in its second replication, predict keeps the first, complete:
// 20 000 actions take one poll (at 16 384) a replication; the context
// allows one, so the second replication stops at its first.
func TestProgressInterruptedReplications(t *testing.T) {
	model := writeTemp(t, "steps.aug", stepsModel)
	args := []string{"predict", model, "--machine", ex + "machines/ideal.yaml", "--procs", "1", "--step-loops", "--stable",
		"--set", "N=20000", "--replications", "5"}
	code, out, errs := augurCtx(t, &stopAfter{context.Background(), 1}, append(args, "--format", "json")...)
	var s struct {
		Partial   bool    `json:"partial"`
		Reached   float64 `json:"simulated_time_reached_s"`
		Time      float64 `json:"time_s"`
		Completed int     `json:"completed_replications"`
	}
	if err := json.Unmarshal([]byte(out), &s); err != nil || code != exitInterrupted {
		t.Fatalf("exit %d, %v\n%s\n%s", code, err, out, errs)
	}
	if !s.Partial || s.Completed != 1 || s.Time != 10000 || s.Reached != 10000 {
		t.Errorf("partial %v, completed %d, time %g, reached %g; want true, 1, 10000, 10000", s.Partial, s.Completed, s.Time, s.Reached)
	}
	_, out, _ = augurCtx(t, &stopAfter{context.Background(), 1}, args...)
	if !strings.Contains(out, "PARTIAL RESULT: interrupted after 1 complete replication(s); the figures are the first's") ||
		!strings.Contains(out, "Predicted time    10000 s\n") {
		t.Errorf("text:\n%s", out)
	}
}

// On a terminal the line is rewritten in place, one column short of the
// terminal's width (80 when it cannot say: a line as long would wrap,
// and \r would rewrite only its end), and erased at the end.
func TestProgressTerminalLine(t *testing.T) {
	for _, c := range []struct {
		width func() int
		want  int // runes drawn
	}{{nil, 79}, {func() int { return 150 }, 149}, {func() int { return 0 }, 79}, {func() int { return 5 }, 79}} {
		var b bytes.Buffer
		p := &progress{w: &b, cmd: "augur predict", tty: true, width: c.width}
		p.update(strings.Repeat("x", 200))
		p.finish("done")
		if !strings.HasPrefix(b.String(), "\raugur predict: xxx") || !strings.HasSuffix(b.String(), "…\033[K\r\033[K") ||
			len([]rune(strings.Split(b.String(), "\033")[0])) != 1+c.want {
			t.Errorf("%d columns: terminal output %q", c.want+1, b.String())
		}
	}
	var b bytes.Buffer
	p := &progress{w: &b, cmd: "augur predict"}
	p.update("simulated 1 s")
	p.finish("done")
	if lines := strings.Split(b.String(), "\n"); len(lines) != 3 || !strings.HasPrefix(lines[0], "augur predict: simulated 1 s (") ||
		!strings.HasPrefix(lines[1], "augur predict: done in ") {
		t.Errorf("plain output %q", b.String())
	}
}

// $COLUMNS gives the width when the terminal cannot (standard error is
// not one here).
func TestProgressColumnsVariable(t *testing.T) {
	t.Setenv("COLUMNS", "132")
	if w := terminalWidth(&bytes.Buffer{})(); w != 132 {
		t.Errorf("width %d, want $COLUMNS' 132", w)
	}
}

// terminalLines runs an augur command whose standard error is a
// terminal of cols columns, every progress report written, and gives
// the lines it drew over each other (without their \r and \033[K) and
// standard output.
func terminalLines(t *testing.T, cols int, args ...string) ([]string, string) {
	t.Helper()
	var out bytes.Buffer
	var errb syncBuffer
	if code := run(&env{stdout: &out, stderr: &errb, progressEvery: time.Nanosecond, columns: cols}, args); code != exitOK {
		t.Fatalf("exit %d:\n%s", code, errb.String())
	}
	var lines []string
	for _, l := range strings.Split(errb.String(), "\r") {
		if l = strings.TrimSuffix(l, "\033[K"); l != "" {
			lines = append(lines, l)
		}
	}
	return lines, out.String()
}

// predict shows the share of the operations done and the time left:
// 100 000 actions of a single process with --step-loops are 100 001
// executions (the end is one, as in the JSON's element_executions),
// counted before the run (every process's stream run alone, so
// exactly: no "about"). The lines fill a terminal
// of 150 columns, not 80, and never its last column; on one of 60 they
// are cut, with an ellipsis. Standard output is the result alone.
func TestProgressPredictShare(t *testing.T) {
	model := writeTemp(t, "steps.aug", stepsModel)
	args := []string{"predict", model, "--machine", ex + "machines/ideal.yaml", "--procs", "1", "--step-loops", "--stable", "--set", "N=100000", "--format", "json"}
	_, quiet, _ := augur(t, args...)
	lines, out := terminalLines(t, 150, args...)
	if out != quiet {
		t.Errorf("standard output changed on a terminal")
	}
	var shares, wide int
	for _, l := range lines {
		if n := len([]rune(l)); n > 149 {
			t.Errorf("a line of %d columns on a terminal of 150: %q", n, l)
		} else if n > 80 {
			wide++
		}
		if strings.Contains(l, " of 100,001 executions, ") && strings.Contains(l, "% done, ") && strings.Contains(l, " left (") {
			shares++
		}
	}
	if shares == 0 || wide == 0 {
		t.Errorf("%d lines with the share done and the time left, %d wider than 80 columns:\n%s", shares, wide, strings.Join(lines, "\n"))
	}
	lines, _ = terminalLines(t, 60, args...)
	cut := 0
	for _, l := range lines {
		if n := len([]rune(l)); n > 59 {
			t.Errorf("a line of %d columns on a terminal of 60: %q", n, l)
		} else if n == 59 && strings.HasSuffix(l, "…") {
			cut++
		}
	}
	if cut == 0 {
		t.Errorf("no line cut at 59 columns:\n%s", strings.Join(lines, "\n"))
	}
}

// replay shows the share of the trace its ranks have read and the time
// left: one rank's 100 000 computations, from the text and from the
// trace cache's compiled form (the cache is the tests' own, TestMain).
func TestProgressReplayShare(t *testing.T) {
	trace := longTrace(t)
	// From the text, then twice through the cache: compiled into it,
	// then read from its compiled form.
	for i, cache := range []string{"text", "compiled now", "compiled form"} {
		args := []string{"replay", trace, "--platform", ex + "machines/ideal.yaml"}
		if i == 0 {
			args = append(args, "--no-cache")
		}
		lines, _ := terminalLines(t, 200, args...)
		shares := 0
		for _, l := range lines {
			if strings.Contains(l, " of the trace read, ") && strings.Contains(l, "% done, ") && strings.Contains(l, " left (") {
				shares++
			}
		}
		if shares == 0 {
			t.Errorf("%s: no line with the share of the trace read and the time left:\n%s", cache, strings.Join(lines, "\n"))
		}
		// Compiling it (100 002 lines) says how far it has read at the
		// 65 536th line.
		if compiling := strings.Contains(strings.Join(lines, "\n"), "reading the trace before the replay: "); compiling != (cache == "compiled now") {
			t.Errorf("%s: the compiling's progress shown: %v:\n%s", cache, compiling, strings.Join(lines, "\n"))
		}
	}
}

// The share done and the time left as the lines print them: tenths of a
// percent below 10 %, never 100 % before the end; the time left from the
// rate of the phase so far, none before a share is done.
func TestProgressFractionText(t *testing.T) {
	for done, want := range map[float64]string{0.0345: "3.4%", 0.1: "10%", 0.4567: "45%", 0.999: "99%", 1: "100%"} {
		if got := percent(done); got != want {
			t.Errorf("percent(%g) = %q, want %q", done, got, want)
		}
	}
	for _, c := range []struct {
		el          time.Duration
		share, left float64
		want        string
	}{
		{10 * time.Second, 0.25, 0.5, ", about 20s left"},
		{90 * time.Second, 0.5, 0.5, ", about 2m left"},
		{time.Hour, 0.4, 0.6, ", about 1h30m left"},
		{100 * time.Millisecond, 0.5, 0.5, ", less than 1s left"},
		{time.Second, 0, 0.5, ""},
		{time.Second, 0.5, 0, ", nothing left"},
		{1000 * time.Hour, 0.5, 0.5, ", more than 100h left"},
	} {
		if got := timeLeft(c.el, c.share, c.left); got != c.want {
			t.Errorf("timeLeft(%v, %g, %g) = %q, want %q", c.el, c.share, c.left, got, c.want)
		}
	}
	// A phase's first share has no time left yet; its next has.
	var b bytes.Buffer
	p := &progress{w: &b, cmd: "augur x", stepwise: true}
	p.fraction("step 2 of 10", 0.1)
	p.fraction("step 3 of 10", 0.2)
	if lines := strings.Split(b.String(), "\n"); len(lines) != 3 || !strings.HasPrefix(lines[0], "augur x: step 2 of 10, 10% done (") ||
		!strings.HasPrefix(lines[1], "augur x: step 3 of 10, 20% done, ") || !strings.Contains(lines[1], " left (") {
		t.Errorf("lines %q", b.String())
	}
}

// A command that asks for each of its steps (bench) gets a line a step,
// and the heartbeat still only one an interval: an interval of an hour
// repeats nothing in a test.
func TestProgressEachStep(t *testing.T) {
	var errb syncBuffer
	e := &env{stderr: &errb, progressEvery: time.Hour}
	on, off := true, false
	p, err := (&progressFlags{on: &on, off: &off}).reporter(e, "augur bench machine")
	if err != nil || p == nil {
		t.Fatalf("reporter: %v %v", p, err)
	}
	p.eachStep()
	for i := range 3 {
		p.fraction(fmt.Sprintf("step %d of 3", i+1), float64(i)/3)
	}
	time.Sleep(20 * time.Millisecond) // a heartbeat ticking each millisecond would have written
	p.finish("done")
	if n := strings.Count(errb.String(), "\n"); n != 4 {
		t.Errorf("%d lines, want 3 steps and the end:\n%s", n, errb.String())
	}
}

// A command that does not stop at the first SIGINT or SIGTERM (a phase
// that cannot look at its context, such as cc's parser) is ended grace
// later with the status of an interrupted run and a line that says so:
// one SIGTERM from timeout(1) or a batch system always ends augur.
func TestSignalEndsAStuckCommand(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	stopped := make(chan struct{})
	status := make(chan int, 1)
	var w syncBuffer
	go endAfterSignal(ctx, func() { close(stopped) }, 10*time.Millisecond, &w, func(code int) { status <- code })
	select {
	case <-stopped:
		t.Fatal("the signals' default action was given back before any signal")
	case code := <-status:
		t.Fatalf("ended with %d before any signal", code)
	case <-time.After(50 * time.Millisecond):
	}
	cancel() // the first signal
	select {
	case code := <-status:
		if code != exitInterrupted {
			t.Errorf("status %d, want %d", code, exitInterrupted)
		}
	case <-time.After(time.Minute):
		t.Fatal("the process was not ended after the grace")
	}
	select {
	case <-stopped:
	default:
		t.Error("the signals' default action was not given back (a second Ctrl-C would not kill)")
	}
	if want := "augur: interrupted; the command did not stop within 10ms, ended without its result\n"; w.String() != want {
		t.Errorf("said %q, want %q", w.String(), want)
	}
}

// A sweep's line has the points done, their share and the time left as
// predict's and replay's have them; none once every point is done.
func TestProgressSweepText(t *testing.T) {
	for _, c := range []struct {
		p    sweep.Progress
		want string
	}{
		{sweep.Progress{Done: 3, Total: 10, Computed: 3, Left: 95 * time.Second}, "3 of 10 points, 30% done, about 2m left"},
		{sweep.Progress{Done: 1, Total: 1000, Failed: 1}, "1 of 1000 points, 1 failed, 0.1% done"},
		{sweep.Progress{Done: 10, Total: 10, Computed: 10}, "10 of 10 points"},
	} {
		if got := sweepProgress(c.p); got != c.want {
			t.Errorf("%+v: %q, want %q", c.p, got, c.want)
		}
	}
}

// longTrace writes one rank's init and 100 000 computations of 10^9
// flops (a second each at 1 Gf) and returns its path.
func longTrace(t *testing.T) string {
	t.Helper()
	var b strings.Builder
	b.WriteString("0 init\n")
	for range 100000 {
		b.WriteString("0 compute 1e9\n")
	}
	b.WriteString("0 finalize\n")
	return writeTemp(t, "long.txt", b.String())
}
