package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"augur/internal/frontend/threadtrace"
	"augur/internal/infile"
	"augur/internal/results"
	"augur/internal/run/simulate"
	"augur/internal/writers/chrome"
	"augur/internal/writers/report"
	"augur/internal/writers/table"
)

type simulateFlags struct {
	cpus      *int
	model     *string
	bind      *string
	priority  *string
	format    *string
	trace     *traceFlags
	gantt     *string
	report    *string
	timing    *bool
	maxEvents *int64
	progress  *progressFlags
}

func newSimulateFlags(fs *flag.FlagSet) *simulateFlags {
	return &simulateFlags{
		cpus:      fs.Int("cpus", 0, "number of processors `N` to simulate; required"),
		model:     fs.String("model", "auto", "simulation `MODEL`: direct, client-server, strict, or auto (Direct, then Client-Server, then Strict Sequence if the others deadlock; VPPB Fig. 14)"),
		bind:      fs.String("bind", "", "bind threads to processors: `T1=0,T2=1,...` (every thread, or none)"),
		priority:  fs.String("priority", "", "thread priorities, highest first: `T1,T2,...` (unlisted threads come last, equal); default: the trace's `# priority` header, else all equal"),
		format:    fs.String("format", "text", "output `FORMAT`: text, json or csv"),
		trace:     defineTraceFlags(fs),
		gantt:     fs.String("gantt", "", "write a Gantt chart of the simulated run as SVG to `FILE`"),
		report:    fs.String("report", "", "write a self-contained HTML report (charts and timeline) to `FILE` (see augur report)"),
		timing:    fs.Bool("timing", false, "add the wall-clock time to read the trace and to simulate it (then equal inputs no longer give byte-identical output)"),
		maxEvents: limitFlag(fs, "max-events", "stop a simulation after `N` events and operations (default 2e10)"),
		progress:  defineProgressFlags(fs),
	}
}

func simulateCommand() *command {
	c := &command{
		define:  func(fs *flag.FlagSet) { newSimulateFlags(fs) },
		name:    "simulate",
		summary: "simulate a recorded thread trace on N processors (VPPB)",
		usage:   "TRACE --cpus N [--model direct|client-server|strict|auto] [--bind T1=0,...] [--priority T1,T2,...] [flags]",
		help: `Simulates a multithreaded program recorded on one processor (a thread
trace, see docs/traces.md; ` + "`augur record`" + ` writes one) on N processors, with
VPPB's simulation models:

  direct         a wait takes an activation of its event from any thread,
                 a lock goes to whoever comes first (the most accurate);
  client-server  a thread is a start list and one list per wait; each wait
                 takes only the activation that triggered it in the recording,
                 and the lists run in the order their activations come;
  strict         one list per thread; every wait takes only the activation it
                 took in the recording, in the recorded order (never deadlocks
                 on a recording of a deadlock-free run, but pessimistic);
  auto           direct, then client-server, then strict, whichever first does
                 not deadlock (VPPB Fig. 14); the output says which and why.

Threads run under preemptive priority scheduling; --bind pins them to
processors. The speed-up is against the same model on one processor.
Example (VPPB's program R):
  augur simulate internal/frontend/threadtrace/testdata/vppb-R.trace --cpus 4 --bind P1=0,P2=1,P3=2,P4=3

Long simulations report the simulated time, the events and the share of
the trace done (with the time left) on standard error when it is a
terminal (--progress elsewhere, --no-progress never). Ctrl-C or SIGTERM
stops the simulation cleanly: the threads' accounts up to the simulated
time reached are printed, marked partial, with exit status 130.

Exit status 3 when the simulated program deadlocks (the report says which
thread waits for what), 1 when the trace has errors (file:line: message).`,
	}
	c.run = func(e *env, args []string) int { return runSimulate(e, c, args) }
	return c
}

func runSimulate(e *env, c *command, args []string) int {
	fs := flag.NewFlagSet(c.name, flag.ContinueOnError)
	sf := newSimulateFlags(fs)
	pos, status, done := parseFlags(e, c, fs, args)
	if done {
		return status
	}
	usageErr := func(format string, a ...any) int {
		fmt.Fprintln(e.stderr, errorText("simulate", fmt.Errorf(format, a...)))
		return exitUsage
	}
	if len(pos) != 1 {
		return usageErr("want one TRACE file, got %d arguments\nRun 'augur simulate --help'.", len(pos))
	}
	if *sf.cpus < 1 || *sf.cpus > 1<<20 {
		return usageErr("--cpus N is required, 1..%d", 1<<20)
	}
	if simulate.CheckModel(*sf.model) != nil {
		return usageErr("--model %q: use direct, client-server, strict or auto", *sf.model)
	}
	if *sf.format != "text" && *sf.format != "json" && *sf.format != "csv" {
		return usageErr("--format %q: use text, json or csv", *sf.format)
	}
	if *sf.maxEvents < 0 {
		return usageErr("--max-events must be ≥ 0")
	}
	pr, err := sf.progress.reporter(e, "augur simulate")
	if err != nil {
		return usageErr("%v", err)
	}

	t0 := time.Now()
	pr.phase("reading " + pos[0])
	var reading func(done, total int64)
	if pr != nil {
		reading = func(done, total int64) {
			what := fmt.Sprintf("reading %s: %s", pos[0], infile.Size(done))
			if total > 0 {
				pr.fraction(what, float64(done)/float64(total))
				return
			}
			pr.update(what)
		}
	}
	prog, err := threadtrace.LoadContext(e.context(), pos[0], reading)
	if err != nil && e.interrupted() {
		pr.finish("interrupted")
		fmt.Fprintln(e.stderr, "augur simulate: interrupted while reading the trace, before the simulation began")
		return exitInterrupted
	}
	if err != nil {
		fmt.Fprintln(e.stderr, errorText("simulate", err))
		return exitInput
	}
	pr.phase(fmt.Sprintf("simulating %d threads on %d processors", len(prog.Threads), *sf.cpus))
	readSecs := time.Since(t0).Seconds()

	cfg := simulate.Config{CPUs: *sf.cpus, MaxEvents: *sf.maxEvents, Timeline: sf.trace.wanted() || *sf.gantt != "" || *sf.report != "",
		Context: e.context()}
	if pr != nil {
		cfg.Progress = func(t float64, ev int64, done float64) {
			pr.fraction(fmt.Sprintf("simulated %s, %s events", simFmt(t), count(ev)), done)
		}
	}
	if cfg.Bind, err = parseBind(*sf.bind, prog, *sf.cpus); err != nil {
		return usageErr("--bind: %v", err)
	}
	if cfg.Prio, err = parsePriority(*sf.priority, prog); err != nil {
		return usageErr("--priority: %v", err)
	}

	t1 := time.Now()
	out, res, err := simulate.Run(prog, simulate.Options{Trace: pos[0], Model: *sf.model, Config: cfg, Speedup: true})
	simSecs := time.Since(t1).Seconds()
	partial := res != nil && res.Partial
	switch {
	case partial:
		pr.finish(fmt.Sprintf("interrupted at simulated time %s, %s events", simFmt(res.Completion), count(res.Events)))
		fmt.Fprintf(e.stderr, "augur simulate: interrupted at simulated time %s; the result is partial\n", simFmt(res.Completion))
	case err == nil:
		pr.finish(fmt.Sprintf("done: simulated %s, %s events", simFmt(res.Completion), count(res.Events)))
	default:
		pr.finish("stopped")
	}
	if err != nil && !partial {
		if text := errorText("simulate", err); !strings.HasPrefix(text, "augur simulate: ") {
			fmt.Fprintln(e.stderr, text) // placed: the place starts the line
		} else {
			fmt.Fprintf(e.stderr, "augur simulate: %s: %v\n", pos[0], err)
		}
		return statusOf(err)
	}
	if *sf.timing {
		out.ReadTime, out.SimulateTime = &readSecs, &simSecs
	}
	if sf.trace.wanted() {
		tl, err := sf.trace.timeline()
		if err != nil {
			return usageErr("%v", err)
		}
		fillThreadTimeline(tl, prog, res)
		if err := sf.trace.write(e, "simulate", tl); err != nil {
			fmt.Fprintln(e.stderr, errorText("simulate", err))
			return exitInput
		}
	}
	if *sf.gantt != "" {
		if err := simWriteFile(*sf.gantt, func(w io.Writer) error { return report.WriteGanttSVG(w, threadGantt(prog, res, pos[0])) }); err != nil {
			fmt.Fprintf(e.stderr, "augur simulate: --gantt: %v\n", err)
			return exitInput
		}
	}
	if *sf.report != "" {
		if err := writeSimReport(*sf.report, prog, res, out); err != nil {
			fmt.Fprintf(e.stderr, "augur simulate: --report: %v\n", err)
			return exitInput
		}
	}
	switch *sf.format {
	case "json":
		enc := json.NewEncoder(e.stdout)
		enc.SetIndent("", "  ")
		enc.Encode(out)
	case "csv":
		if err := writeSimCSV(e.stdout, out); err != nil {
			fmt.Fprintln(e.stderr, errorText("simulate", err))
			return exitInput
		}
	default:
		writeSimText(e.stdout, out)
	}
	if e.interrupted() {
		if !partial {
			fmt.Fprintln(e.stderr, "augur simulate: interrupted during the one-processor run: no speed-up")
		}
		return exitInterrupted
	}
	if res.Deadlock != nil {
		if *sf.format != "text" {
			fmt.Fprintf(e.stderr, "augur simulate: the simulated program deadlocks under the %s model\n", res.Model)
		}
		return exitDeadlock
	}
	return exitOK
}

func threadIndex(p *threadtrace.Program) map[string]int32 {
	m := make(map[string]int32, len(p.Threads))
	for i, t := range p.Threads {
		m[t.Name] = int32(i)
	}
	return m
}

// parseBind reads T1=0,T2=1,...; every thread must be bound, or none.
func parseBind(s string, p *threadtrace.Program, cpus int) ([]int32, error) {
	if strings.TrimSpace(s) == "" {
		return nil, nil
	}
	idx := threadIndex(p)
	bind := make([]int32, len(p.Threads))
	for i := range bind {
		bind[i] = -1
	}
	for _, part := range strings.Split(s, ",") {
		name, v, ok := strings.Cut(strings.TrimSpace(part), "=")
		if !ok {
			return nil, fmt.Errorf("want THREAD=PROCESSOR, got %q", part)
		}
		t, ok := idx[name]
		if !ok {
			return nil, fmt.Errorf("no thread %q in the trace (threads: %s)", name, threadNames(p))
		}
		c, err := strconv.Atoi(v)
		if err != nil || c < 0 || c >= cpus {
			return nil, fmt.Errorf("%s=%s: processor must be 0..%d", name, v, cpus-1)
		}
		if bind[t] >= 0 {
			return nil, fmt.Errorf("%s is bound twice", name)
		}
		bind[t] = int32(c)
	}
	var missing []string
	for i, b := range bind {
		if b < 0 {
			missing = append(missing, p.Threads[i].Name)
		}
	}
	if len(missing) > 0 {
		return nil, fmt.Errorf("bind every thread or none; not bound: %s", strings.Join(missing, ", "))
	}
	return bind, nil
}

// parsePriority reads T1,T2,... (highest first) or takes the trace header.
func parsePriority(s string, p *threadtrace.Program) ([]int32, error) {
	var order []int32
	if strings.TrimSpace(s) == "" {
		order = p.Priority
	} else {
		idx := threadIndex(p)
		seen := map[int32]bool{}
		for _, name := range strings.Split(s, ",") {
			name = strings.TrimSpace(name)
			t, ok := idx[name]
			if !ok {
				return nil, fmt.Errorf("no thread %q in the trace (threads: %s)", name, threadNames(p))
			}
			if seen[t] {
				return nil, fmt.Errorf("%s is listed twice", name)
			}
			seen[t] = true
			order = append(order, t)
		}
	}
	if order == nil {
		return nil, nil
	}
	prio := make([]int32, len(p.Threads))
	for k, t := range order {
		prio[t] = int32(len(order) - k)
	}
	return prio, nil
}

func threadNames(p *threadtrace.Program) string {
	var names []string
	for i, t := range p.Threads {
		if i == 8 {
			names = append(names, fmt.Sprintf("... %d in all", len(p.Threads)))
			break
		}
		names = append(names, t.Name)
	}
	return strings.Join(names, ", ")
}

func simWriteFile(path string, write func(io.Writer) error) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := write(f); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

func writeSimText(w io.Writer, o *results.Simulation) {
	fmt.Fprintf(w, "trace:            %s (%d events, %d threads; work from %s)\n", o.Trace, o.TraceEvents, len(o.Threads), o.WorkFrom)
	fmt.Fprintf(w, "processors:       %d\n", o.CPUs)
	fmt.Fprintf(w, "model:            %s", o.Model)
	if o.ModelAsked == "auto" {
		fmt.Fprintf(w, " (auto: %s)", o.Reason)
	}
	fmt.Fprintln(w)
	if o.Partial {
		fmt.Fprintf(w, "PARTIAL RESULT: interrupted at simulated time %s; the accounts end there\n", simFmt(o.SimulatedTimeReached))
	} else if o.DeadlockReport != nil {
		fmt.Fprintf(w, "DEADLOCK at %s: no thread can go on.\n", simFmt(o.DeadlockReport.Time))
		for _, wt := range o.DeadlockReport.Waits {
			if wt.Line == 0 {
				fmt.Fprintf(w, "  %s is %s\n      waiting for %s\n", wt.Thread, wt.Op, wt.Reason)
			} else {
				fmt.Fprintf(w, "  %s is blocked in %s\n      waiting for %s\n", wt.Thread, wt.Op, wt.Reason)
			}
		}
	} else {
		fmt.Fprintf(w, "completion time:  %s (recorded on one processor: %s)\n", simFmt(o.Completion), simFmt(o.Recorded))
		if o.Speedup != nil {
			fmt.Fprintf(w, "speed-up:         %.3f (one processor, same model: %s)\n", *o.Speedup, simFmt(*o.OneCPU))
		}
	}
	if o.ReadTime != nil {
		fmt.Fprintf(w, "read time:        %.4f s; simulation time: %.4f s (%.0f events/s)\n", *o.ReadTime, *o.SimulateTime, float64(o.TraceEvents)/math.Max(*o.SimulateTime, 1e-9))
	}
	fmt.Fprintln(w)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "thread\tcpu\tstart\tend\tbusy\tblocked\tready-waiting\t")
	for _, t := range o.Threads {
		cpu := "any"
		if t.CPU != nil {
			cpu = strconv.Itoa(int(*t.CPU))
		}
		end := simFmt(t.End)
		switch {
		case !t.Done && o.Partial:
			end += " (running)"
		case !t.Done:
			end += " (stuck)"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\t\n", t.Name, cpu, simFmt(t.Start), end, simFmt(t.Busy), simFmt(t.Blocked), simFmt(t.Ready))
	}
	tw.Flush()
	fmt.Fprintln(w, "\nTimes in the trace's unit: seconds for traces augur records.")
}

// writeSimCSV writes the result as one table with the JSON's field names
// (times in the trace's unit): a summary row (the model in name, the
// processors in cpu, the completion time in end_s, done false on a
// deadlock), then a row per thread.
func writeSimCSV(w io.Writer, o *results.Simulation) error {
	return table.Write(w, o, results.SimulationTable)
}

// simFmt prints a time with six significant digits.
func simFmt(v float64) string { return strconv.FormatFloat(v, 'g', 6, 64) }

// threadGantt draws a simulated run: a row per thread, coloured by the
// processor it ran on, dashed while blocked.
func threadGantt(p *threadtrace.Program, r *simulate.Outcome, name string) *report.Gantt {
	gt := &report.Gantt{Title: fmt.Sprintf("%s: %s model, %d processors, completion %s", name, r.Model, r.CPUs, results.Seconds(r.Completion)),
		Unit: "s", End: r.Completion}
	for _, t := range p.Threads {
		gt.Rows = append(gt.Rows, t.Name)
	}
	for c := 0; c < r.CPUs; c++ {
		gt.Legend = append(gt.Legend, fmt.Sprintf("cpu%d", c))
	}
	for _, s := range r.Slices {
		gt.Bars = append(gt.Bars, report.GanttBar{Row: int(s.Thread), Start: s.Start, End: s.End, Style: int(s.CPU),
			Label: fmt.Sprintf("%s on cpu%d, %s to %s", p.Threads[s.Thread].Name, s.CPU, simFmt(s.Start), simFmt(s.End))})
	}
	for _, b := range r.Blocks {
		gt.Bars = append(gt.Bars, report.GanttBar{Row: int(b.Thread), Start: b.Start, End: b.End, Style: report.StyleBlocked,
			Label: fmt.Sprintf("%s blocked at trace line %d, %s to %s", p.Threads[b.Thread].Name, b.Line, simFmt(b.Start), simFmt(b.End))})
	}
	return gt
}

// writeSimReport writes the HTML report of a thread simulation: the JSON
// result and its Chrome timeline, as augur report would read them.
func writeSimReport(path string, prog *threadtrace.Program, res *simulate.Outcome, out *results.Simulation) error {
	resultJSON, err := json.Marshal(out)
	if err != nil {
		return err
	}
	tl := results.NewTimeline(nil, nil)
	fillThreadTimeline(tl, prog, res)
	var timeline bytes.Buffer
	if err := chrome.Write(&timeline, tl); err != nil {
		return err
	}
	return writeHTMLReport(path, resultJSON, timeline.Bytes())
}

// fillThreadTimeline puts a simulation's timeline (run with
// Config.Timeline) in tl: process 1 has a track per thread (running
// slices named by processor, blocked slices by the trace line), process 2
// a track per processor (slices named by the thread that ran).
func fillThreadTimeline(tl *results.Timeline, p *threadtrace.Program, r *simulate.Outcome) {
	tl.SetCategories(results.ThreadCategories)
	tl.SetProcess(1, fmt.Sprintf("threads (%s model, %d processors)", r.Model, r.CPUs), "", -1)
	tl.SetProcess(2, "processors", "", -1)
	for i, th := range p.Threads {
		tl.SetTrackName(1, int32(i), th.Name)
	}
	for c := 0; c < r.CPUs; c++ {
		tl.SetTrackName(2, int32(c), fmt.Sprintf("cpu%d", c))
	}
	for _, s := range r.Slices {
		tl.AddNamed(1, s.Thread, fmt.Sprintf("cpu%d", s.CPU), "run", s.Start, s.End)
		tl.AddNamed(2, s.CPU, p.Threads[s.Thread].Name, "run", s.Start, s.End)
	}
	for _, b := range r.Blocks {
		what := "blocked"
		if b.Line > 0 {
			what = fmt.Sprintf("blocked (line %d)", b.Line)
		}
		tl.AddNamed(1, b.Thread, what, "blocked", b.Start, b.End)
	}
}
