package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"

	"augur/internal/base/procbound"
	"augur/internal/frontend/tit"
	"augur/internal/machine"
	"augur/internal/machine/platform"
	"augur/internal/results"
	"augur/internal/run/replay"
	"augur/internal/writers/chrome"
	"augur/internal/writers/table"
	"augur/internal/writers/text"
)

type replayFlags struct {
	platform  *string
	hostfile  *string
	np        *int
	model     *string
	cfg       cfgFlag
	format    *string
	trace     *traceFlags
	report    *string
	maxEvents *int64
	progress  *progressFlags
	refSpeed  *float64
	refMach   *string
	noCache   *bool
}

func newReplayFlags(fs *flag.FlagSet) *replayFlags {
	f := &replayFlags{}
	f.platform = fs.String("platform", "", "the machine: a SimGrid platform `FILE` (.xml) or an augur machine (.yaml); required")
	f.hostfile = fs.String("hostfile", "", "`FILE` naming a host per line; rank r runs on line r mod lines, as smpirun places ranks (default: the platform's hosts in order)")
	f.np = fs.Int("np", 0, "number of ranks `N` (default: as many as the trace has)")
	f.model = fs.String("network-model", "", "network model `NAME`: SMPI, CM02, LV08 or Constant (same as --cfg network/model:NAME; default: the platform's, SMPI for SimGrid platforms)")
	fs.Var(&f.cfg, "cfg", "SimGrid setting `KEY:VALUE` (repeatable), e.g. smpi/bw-factor:1, network/TCP-gamma:0, smpi/test:0; see docs/replay.md")
	f.format = fs.String("format", "text", "output `FORMAT`: text, json or csv")
	f.trace = defineTraceFlags(fs)
	f.report = fs.String("report", "", "write a self-contained HTML report (charts and timeline) to `FILE` (see augur report)")
	f.maxEvents = limitFlag(fs, "max-events", "stop after `N` events and operations (default 2e10)")
	f.progress = defineProgressFlags(fs)
	f.refSpeed = fs.Float64("ref-speed", 0, "for an OTF2 trace (compute in seconds): the `FLOPS` (flop/s) of the host it was recorded on; a burst of t s takes t × FLOPS / F s on a host of F flop/s (default: its recorded seconds on every host)")
	f.refMach = fs.String("ref-machine", "", "for an OTF2 trace: the machine `FILE` (augur bench machine) of the host it was recorded on, whose flop rate is --ref-speed (its only node group, or the one named as the trace's host)")
	f.noCache = defineCacheFlag(fs)
	return f
}

func replayCommand() *command {
	c := &command{
		define:  func(fs *flag.FlagSet) { newReplayFlags(fs) },
		name:    "replay",
		summary: "replay MPI traces (SimGrid TiT, OTF2) on a platform",
		usage:   "TRACE --platform FILE [--hostfile FILE] [--np N] [flags]",
		help: `Replays the MPI program recorded in TRACE, a SimGrid time-independent trace
(one shared trace whose lines start with their rank, or an index file naming
one trace per rank), on a SimGrid platform or an augur machine, the way
SimGrid 3.32's smpirun -replay does: same actions, datatypes, point-to-point
protocol, network models and collective algorithms (SMPI's default selector).
TRACE may be an OTF2 archive too (Score-P's traces.otf2, or its directory):
its MPI events on MPI_COMM_WORLD and its duplicates are replayed, the time
between MPI calls as computation in seconds of the recording host, scaled by
--ref-speed FLOPS or --ref-machine FILE (that host's speed) or, without
either, taking its recorded seconds on every host; the rule used is stated.
On a machine file whose node group has collectives measured by augur bench
machine, a collective over exactly those processes of one node takes its
measured time instead (plain or in place, as the recorder marked it; the
report says so; docs/replay.md §3.4).
The text output ends with "Simulation time X" as smpirun prints it (or, when
the ranks deadlock, "Deadlock at simulated time X"); JSON has
the result schema of docs/output.md (command, schema_version,
simulation_time_s, per-rank end_s, compute_s, communication_s and waiting_s,
per-kind-of-action elements, events).

  augur replay actions_bcast.txt --platform small_platform.xml --hostfile hostfile --np 3

Exit status 1 for errors in the trace, platform or hostfile (file:line), 3
when the replayed program deadlocks (a receive never matched, a wait for a
request never posted): the report names every blocked rank and what it waits
for, 4 when a host turns off under a rank or a link under a transfer (the
platform's state profiles), 130 when interrupted (Ctrl-C, SIGTERM): the
actions replayed by then are printed, marked partial. Progress (simulated
time, events, actions) goes to standard error on a terminal (--progress
elsewhere, --no-progress never). The first replay of a trace compiles it
into the trace cache (see augur trace); later replays read that compiled
form without parsing the text, with the same output (--no-cache: never). The Go collector runs at GOGC=25 (less memory, no measurable time
cost) unless GOGC is set in the environment. See docs/replay.md.`,
	}
	c.run = func(e *env, args []string) int { return runReplay(e, c, args) }
	return c
}

func runReplay(e *env, c *command, args []string) int {
	defer gcPercent(replayGCPercent)()
	fs := flag.NewFlagSet(c.name, flag.ContinueOnError)
	rf := newReplayFlags(fs)
	pos, status, done := parseFlags(e, c, fs, args)
	if done {
		return status
	}
	fail := func(code int, format string, a ...any) int {
		fmt.Fprintln(e.stderr, errorText("replay", fmt.Errorf(format, a...)))
		return code
	}
	if len(pos) != 1 {
		return fail(exitUsage, "want one TRACE, got %d arguments\nRun 'augur replay --help'.", len(pos))
	}
	if *rf.platform == "" {
		return fail(exitUsage, "--platform FILE is required (a SimGrid .xml platform or an augur .yaml machine)")
	}
	if *rf.format != "text" && *rf.format != "json" && *rf.format != "csv" {
		return fail(exitUsage, "--format %q: use text, json or csv", *rf.format)
	}
	if *rf.np < 0 {
		return fail(exitUsage, "--np %d: want a number of ranks ≥ 1", *rf.np)
	}
	if err := procbound.Check(int64(*rf.np), fmt.Sprintf("--np %d", *rf.np)); err != nil {
		return fail(exitUsage, "%w", err)
	}
	cfg := rf.cfg
	prog, err := rf.progress.reporter(e, "augur replay")
	if err != nil {
		return fail(exitUsage, "%w", err)
	}
	warnings := noteIgnored(e, "replay", cfg)
	if *rf.model != "" {
		cfg = append([][2]string{{"network/model", *rf.model}}, cfg...)
	}
	prog.phase("reading the platform " + *rf.platform)
	m, hf, err := loadPlatform(*rf.platform, *rf.hostfile)
	if err != nil {
		return fail(exitInput, "%w", err)
	}
	opts := replay.Options{Trace: pos[0], NP: *rf.np, Machine: m, Hostfile: hf,
		Cfg: cfg, MaxEvents: *rf.maxEvents, Cache: traceCache(*rf.noCache), RefHow: "--ref-speed FLOPS or --ref-machine FILE"}
	if opts.RefSpeed, opts.RefSource, err = otf2Reference(pos[0], *rf.refSpeed, *rf.refMach); err != nil {
		var ue *flagError
		if errors.As(err, &ue) {
			return fail(exitUsage, "%w", err)
		}
		return fail(exitInput, "%w", err)
	}
	opts.Context = e.context()
	prog.replaying(&opts)
	var tl *results.Timeline
	if rf.trace.wanted() || *rf.report != "" {
		if tl, err = rf.trace.timeline(); err != nil {
			return fail(exitUsage, "%w", err)
		}
		opts.Timelines = results.Timelines{tl}
	}
	prog.phase("reading " + pos[0] + " and setting up the ranks")
	res, err := replay.Run(opts)
	partial := res != nil && res.Partial
	var reached, simulated float64
	var events int64
	if res != nil {
		reached, simulated, events = res.SimulatedTimeReached, res.SimulationTime, res.Events
	}
	prog.ended(e, "augur replay", partial, err, reached, simulated, events)
	if err != nil && !partial && e.interrupted() {
		// Stopped before the replay began (the first pass over a
		// shared trace): nothing was simulated to print.
		return fail(exitInterrupted, "interrupted while reading the trace, before the replay began")
	}
	if err != nil && !partial {
		var se *replay.SettingError
		if errors.As(err, &se) {
			return fail(exitUsage, "%w", err)
		}
		return fail(statusOf(err), "%w", err)
	}
	res.Warnings = append(res.Warnings, warnings...)
	res.Platform = *rf.platform
	if res.ComputeRule != "" {
		fmt.Fprintf(e.stderr, "augur replay: an OTF2 trace: %s\n", res.ComputeRule)
	} else {
		noteReference(e, res.Reference)
	}
	if tl != nil {
		if err := rf.trace.write(e, "replay", tl); err != nil {
			return fail(exitInput, "%w", err)
		}
	}
	if *rf.report != "" {
		var timeline bytes.Buffer
		resultJSON, err := json.Marshal(res)
		if err == nil {
			err = chrome.Write(&timeline, tl)
		}
		if err == nil {
			err = writeHTMLReport(*rf.report, resultJSON, timeline.Bytes())
		}
		if err != nil {
			return fail(exitInput, "--report: %v", err)
		}
	}
	switch *rf.format {
	case "json":
		enc := json.NewEncoder(e.stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(res); err != nil {
			return fail(exitInput, "%w", err)
		}
	case "csv":
		if err := writeReplayCSV(e.stdout, res); err != nil {
			return fail(exitInput, "%w", err)
		}
	default:
		text.Replay(e.stdout, pos[0], *rf.platform, res)
	}
	if partial {
		return exitInterrupted
	}
	if res.Deadlock != nil {
		if *rf.format != "text" {
			fmt.Fprintln(e.stderr, res.Deadlock.Error())
		}
		return exitDeadlock
	}
	return exitOK
}

// loadPlatform reads the machine (a SimGrid platform or augur's YAML) and
// the hostfile, if one is given.
func loadPlatform(path, hostfile string) (*machine.Machine, *platform.Hostfile, error) {
	m, err := platform.LoadMachine(path)
	if err != nil || hostfile == "" {
		return m, nil, err
	}
	h, err := platform.ReadHostfile(hostfile)
	return m, h, err
}

// writeReplayCSV writes the result as one table, a record a line, with the
// column names and units of predict's CSV (docs/output.md): the summary
// (simulation time in end_s; empty when the ranks deadlocked), one row a
// rank, one row a kind of action (record element).
func writeReplayCSV(w io.Writer, r *replay.Result) error {
	return table.Write(w, r, results.ReplayTable)
}

// noteReference says on standard error, in one line, what is assumed of
// a trace that states no measured reference speed: its compute amounts
// are read as flops, as SimGrid reads them.
func noteReference(e *env, ref *tit.Reference) {
	switch {
	case ref == nil:
		fmt.Fprintln(e.stderr, "augur replay: the trace states no reference speed (not recorded by augur): its compute amounts are read as flops, each burst taking flops / the host's flop/s, as smpirun does")
	case !ref.Measured:
		fmt.Fprintf(e.stderr, "augur replay: the trace's compute was converted to flops at %g flop/s, a speed assumed, not measured on the recording host: its bursts take their recorded time only on hosts of that speed (record again with augur record --mpi --machine FILE)\n", ref.Speed)
	}
}
