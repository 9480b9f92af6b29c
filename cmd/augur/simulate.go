package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"augur/internal/base/infile"
	"augur/internal/frontend/threadtrace"
	"augur/internal/results"
	"augur/internal/run/simulate"
	"augur/internal/writers/chrome"
	"augur/internal/writers/report"
	"augur/internal/writers/table"
	"augur/internal/writers/text"
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
			pr.fraction(fmt.Sprintf("simulated %s, %s events", text.Sig6(t), count(ev)), done)
		}
	}
	if cfg.Bind, err = simulate.ParseBind(*sf.bind, prog, *sf.cpus); err != nil {
		return usageErr("--bind: %v", err)
	}
	if cfg.Prio, err = simulate.ParsePriority(*sf.priority, prog); err != nil {
		return usageErr("--priority: %v", err)
	}

	t1 := time.Now()
	out, res, err := simulate.Run(prog, simulate.Options{Trace: pos[0], Model: *sf.model, Config: cfg, Speedup: true})
	simSecs := time.Since(t1).Seconds()
	partial := res != nil && res.Partial
	switch {
	case partial:
		pr.finish(fmt.Sprintf("interrupted at simulated time %s, %s events", text.Sig6(res.Completion), count(res.Events)))
		fmt.Fprintf(e.stderr, "augur simulate: interrupted at simulated time %s; the result is partial\n", text.Sig6(res.Completion))
	case err == nil:
		pr.finish(fmt.Sprintf("done: simulated %s, %s events", text.Sig6(res.Completion), count(res.Events)))
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
		simulate.FillTimeline(tl, prog, res)
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
		text.Simulation(e.stdout, out)
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

// writeSimCSV writes the result as one table with the JSON's field names
// (times in the trace's unit): a summary row (the model in name, the
// processors in cpu, the completion time in end_s, done false on a
// deadlock), then a row per thread.
func writeSimCSV(w io.Writer, o *results.Simulation) error {
	return table.Write(w, o, results.SimulationTable)
}

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
			Label: fmt.Sprintf("%s on cpu%d, %s to %s", p.Threads[s.Thread].Name, s.CPU, text.Sig6(s.Start), text.Sig6(s.End))})
	}
	for _, b := range r.Blocks {
		gt.Bars = append(gt.Bars, report.GanttBar{Row: int(b.Thread), Start: b.Start, End: b.End, Style: report.StyleBlocked,
			Label: fmt.Sprintf("%s blocked at trace line %d, %s to %s", p.Threads[b.Thread].Name, b.Line, text.Sig6(b.Start), text.Sig6(b.End))})
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
	simulate.FillTimeline(tl, prog, res)
	var timeline bytes.Buffer
	if err := chrome.Write(&timeline, tl); err != nil {
		return err
	}
	return writeHTMLReport(path, resultJSON, timeline.Bytes())
}
