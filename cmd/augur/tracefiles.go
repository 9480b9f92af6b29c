package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"augur/internal/results"
	"augur/internal/writers/chrome"
	"augur/internal/writers/otf2"
	"augur/internal/writers/paraver"
)

// traceFlags are the timeline flags predict, simulate and replay share:
// one timeline is recorded and written by one Chrome/Perfetto writer and
// one Paraver writer (docs/output.md, "Timelines").
type traceFlags struct {
	trace, paraver, otf2, window *string
	limit                        *int
}

// defaultTraceLimit keeps a Chrome trace to about 150 MB.
const defaultTraceLimit = 1_000_000

func defineTraceFlags(fs *flag.FlagSet) *traceFlags {
	return &traceFlags{
		trace:   fs.String("trace", "", "write the timeline as Chrome Trace Event JSON to `FILE`: open it in Perfetto (ui.perfetto.dev) or chrome://tracing; messages are arrows"),
		paraver: fs.String("paraver", "", "write the timeline as a Paraver trace: `FILE`.prv, FILE.pcf and FILE.row (FILE may end in .prv), with the views FILE.states.cfg, FILE.communication.cfg and FILE.elements.cfg"),
		otf2:    fs.String("otf2", "", "write the timeline as an OTF2 archive for Vampir (and otf2-print): `DIR`/traces.otf2, DIR/traces.def and DIR/traces/"),
		window:  fs.String("trace-window", "", "keep only `T0:T1` of the timeline (seconds, or with a unit: 2ms:3.5ms; either side may be empty)"),
		limit:   fs.Int("trace-limit", defaultTraceLimit, "keep at most `N` slices and N arrows (messages; a collective of P processes counts P-1); past them the files stop where the first was lost (a warning says when)"),
	}
}

// wanted reports whether a trace file was asked for.
func (f *traceFlags) wanted() bool { return *f.trace != "" || *f.paraver != "" || *f.otf2 != "" }

// timeline makes the timeline the flags ask for, or a usage error.
func (f *traceFlags) timeline() (*results.Timeline, error) {
	if *f.limit < 1 {
		return nil, fmt.Errorf("--trace-limit %d: want a number of slices ≥ 1", *f.limit)
	}
	tl := results.NewTimeline(nil, nil)
	tl.SetLimit(*f.limit)
	if *f.window != "" {
		t0, t1, err := parseWindow(*f.window)
		if err != nil {
			return nil, fmt.Errorf("--trace-window %q: %v", *f.window, err)
		}
		tl.SetWindow(t0, t1)
	}
	return tl, nil
}

// parseWindow reads T0:T1, each a time in seconds or with a unit (s, ms,
// us, ns); an empty side is the start or the end of the run.
func parseWindow(s string) (t0, t1 float64, err error) {
	a, b, ok := strings.Cut(s, ":")
	if !ok {
		return 0, 0, errors.New("want T0:T1, such as 0.5:2 or 10ms:20ms")
	}
	t0, t1 = 0, math.Inf(1)
	if a != "" {
		if t0, err = parseTime(a); err != nil {
			return 0, 0, err
		}
	}
	if b != "" {
		if t1, err = parseTime(b); err != nil {
			return 0, 0, err
		}
	}
	if !(t1 > t0) {
		return 0, 0, errors.New("the window's end must be after its start")
	}
	return t0, t1, nil
}

func parseTime(s string) (float64, error) {
	scale := 1.0
	num := s
	for _, u := range []struct {
		suffix string
		scale  float64
	}{{"ns", 1e-9}, {"us", 1e-6}, {"µs", 1e-6}, {"ms", 1e-3}, {"s", 1}} {
		if strings.HasSuffix(s, u.suffix) {
			num, scale = strings.TrimSuffix(s, u.suffix), u.scale
			break
		}
	}
	v, err := strconv.ParseFloat(num, 64)
	if err != nil || v < 0 || math.IsInf(v, 0) || math.IsNaN(v) {
		return 0, fmt.Errorf("%q is not a time ≥ 0 (seconds, or with s, ms, us, ns)", s)
	}
	return v * scale, nil
}

// write writes the files asked for and warns, on stderr, when the limit
// cut the timeline short.
func (f *traceFlags) write(e *env, cmd string, tl *results.Timeline) error {
	if *f.trace != "" {
		if err := writeFileWith(*f.trace, func(w io.Writer) error { return chrome.Write(w, tl) }); err != nil {
			return fmt.Errorf("--trace: %w", err)
		}
	}
	if *f.paraver != "" {
		base := strings.TrimSuffix(*f.paraver, ".prv")
		if filepath.Ext(*f.paraver) != ".prv" {
			base = *f.paraver
		}
		err := writeFileWith(base+".prv", func(prv io.Writer) error {
			return writeFileWith(base+".pcf", func(pcf io.Writer) error {
				return writeFileWith(base+".row", func(row io.Writer) error {
					return paraver.Write(prv, pcf, row, tl)
				})
			})
		})
		for _, v := range paraver.Views(tl) {
			if err == nil {
				err = os.WriteFile(base+"."+v.Name+".cfg", []byte(v.Text), 0o644)
			}
		}
		if err != nil {
			return fmt.Errorf("--paraver: %w", err)
		}
	}
	if *f.otf2 != "" {
		if err := otf2.Write(*f.otf2, tl); err != nil {
			return fmt.Errorf("--otf2: %w", err)
		}
	}
	if c := tl.Complete(); !math.IsInf(c, 1) {
		fmt.Fprintf(e.stderr, "augur %s: the timeline reached --trace-limit %d (%d slices and %d arrows more were not kept): the trace files stop at %s; narrow it with --trace-window or raise --trace-limit\n",
			cmd, *f.limit, tl.Dropped(), tl.DroppedMessages(), strconv.FormatFloat(c, 'g', 9, 64)+" s")
	}
	return nil
}

// writeFileWith creates path and writes it with fn.
func writeFileWith(path string, fn func(io.Writer) error) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := fn(f); err != nil {
		f.Close()
		return fmt.Errorf("writing %s: %w", path, err)
	}
	return f.Close()
}
