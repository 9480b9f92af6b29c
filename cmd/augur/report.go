package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"augur/internal/base/infile"
	"augur/internal/results"
	"augur/internal/writers/htmlreport"
)

func reportCommand() *command {
	var out, trace *string
	define := func(fs *flag.FlagSet) {
		out = fs.String("o", "", "write the report to `FILE` (required; .html)")
		trace = fs.String("trace", "", "add the timeline from `FILE` (Chrome trace JSON written by --trace)")
	}
	c := &command{
		define:  define,
		name:    "report",
		summary: "write a self-contained HTML report of a result",
		usage:   "RESULT.json -o REPORT.html [--trace TRACE.json]",
		help: `Writes one HTML file with the charts of the workbench, drawn as static SVG:
the time per process (or thread, or rank) as stacked bars, a pie of the
process chosen in a drop-down, the element table (click a column to sort)
and, with --trace, the timeline folded into a Gantt chart. The file loads
nothing from the network; open it in any browser, mail it, archive it.

RESULT.json is the JSON output of augur predict, simulate or replay
(--format json). Example:
  augur predict examples/sample.aug --machine examples/machines/ideal.yaml --procs 4 \
      --format json --trace sample.trace.json > sample.json
  augur report sample.json --trace sample.trace.json -o sample.html

augur predict --report FILE writes the same report directly.`,
	}
	c.run = func(e *env, args []string) int {
		fs := flag.NewFlagSet(c.name, flag.ContinueOnError)
		define(fs)
		pos, status, done := parseFlags(e, c, fs, args)
		if done {
			return status
		}
		if len(pos) != 1 {
			fmt.Fprintf(e.stderr, "augur report: want one RESULT.json file, got %d arguments\nRun 'augur report --help'.\n", len(pos))
			return exitUsage
		}
		if *out == "" {
			fmt.Fprintf(e.stderr, "augur report: -o REPORT.html is required\n")
			return exitUsage
		}
		data, err := infile.ReadFile(pos[0], infile.Result)
		if err != nil {
			fmt.Fprintln(e.stderr, errorText("report", err))
			return exitInput
		}
		var tr []byte
		if *trace != "" {
			if tr, err = infile.ReadFile(*trace, infile.Result); err != nil {
				fmt.Fprintln(e.stderr, errorText("report", err))
				return exitInput
			}
		}
		if err := writeHTMLReportFrom(*out, pos[0], data, *trace, tr); err != nil {
			fmt.Fprintln(e.stderr, errorText("report", err))
			return exitInput
		}
		return exitOK
	}
	return c
}

// writeHTMLReport writes the self-contained HTML report of a result to
// path. resultJSON is what a command prints with --format json (predict,
// simulate or replay); traceJSON, if not nil, is its timeline in Chrome
// trace JSON (what --trace writes). simulate and replay call it for their
// --report flag:
//
//	var buf bytes.Buffer
//	writeTheJSON(&buf, result)              // the --format json output
//	err := writeHTMLReport(*reportPath, buf.Bytes(), traceBytes)  // traceBytes may be nil
func writeHTMLReport(path string, resultJSON, traceJSON []byte) error {
	return writeHTMLReportFrom(path, "", resultJSON, "", traceJSON)
}

func writeHTMLReportFrom(path, resultName string, resultJSON []byte, traceName string, traceJSON []byte) error {
	if resultName == "" {
		resultName = "result"
	}
	r, err := results.Decode(resultName, resultJSON)
	if err != nil {
		return err
	}
	if len(bytes.TrimSpace(traceJSON)) > 0 {
		if traceName == "" {
			traceName = "timeline"
		}
		tl, err := results.ReadChromeTrace(traceName, traceJSON)
		if err != nil {
			return err
		}
		r.AttachTimeline(tl)
	}
	source := ""
	if resultName != "result" {
		source = filepath.Base(resultName)
	}
	return writeResultReport(path, r, source)
}

// writeResultReport writes r as an HTML report to path.
func writeResultReport(path string, r *results.Result, source string) error {
	if ext := strings.ToLower(filepath.Ext(path)); ext != ".html" && ext != ".htm" {
		return fmt.Errorf("%s: the report is HTML; name it .html", path)
	}
	var b bytes.Buffer
	if err := htmlreport.Write(&b, r, htmlreport.Options{Generator: "augur " + version, Source: source}); err != nil {
		return err
	}
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		return fmt.Errorf("writing the report: %w", err)
	}
	return nil
}
