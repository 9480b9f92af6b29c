package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"augur/internal/results"
	"augur/internal/run/blockbench"
	"augur/internal/writers/table"
	"augur/internal/writers/text"
)

// benchBlock runs augur bench block: dPerf's threshold rule on the block
// of src.
func benchBlock(e *env, bf *benchFlags, src string) int {
	if *bf.n < 1 {
		fmt.Fprintf(e.stderr, "augur bench block: -n N (the loop's iteration count, ≥ 1) is required\n")
		return exitUsage
	}
	if !(*bf.eps > 0 && *bf.eps < 1) {
		fmt.Fprintf(e.stderr, "augur bench block: --eps %g: want a fraction between 0 and 1\n", *bf.eps)
		return exitUsage
	}
	if *bf.format != "text" && *bf.format != "json" && *bf.format != "csv" {
		fmt.Fprintf(e.stderr, "augur bench block: --format %q: use text, json or csv\n", *bf.format)
		return exitUsage
	}
	pr, err := bf.progress.reporter(e, "augur bench block")
	if err != nil {
		fmt.Fprintln(e.stderr, errorText("bench block", err))
		return exitUsage
	}
	if pr != nil {
		pr.eachStep() // a line per phase: they are few
	}
	// fail reports an error, or the interruption that caused it.
	fail := func(err error) int {
		if e.interrupted() {
			pr.finish("interrupted")
			fmt.Fprintln(e.stderr, "augur bench block: interrupted before the prediction was complete; nothing to print")
			return exitInterrupted
		}
		pr.finish("stopped")
		fmt.Fprintln(e.stderr, errorText("bench block", err))
		return exitSim
	}
	clock, err := blockbench.ParseClock(*bf.clock)
	if err != nil {
		fmt.Fprintf(e.stderr, "augur bench block: --clock: %v\n", err)
		return exitUsage
	}
	if *bf.reps < 1 || *bf.fullRuns < 1 || *bf.minTime < 0 || *bf.confirm < 0 || *bf.quantile > 0.75 {
		fmt.Fprintf(e.stderr, "augur bench block: --reps and --full-runs must be ≥ 1, --min-time and --confirm ≥ 0, --quantile ≤ 0.75\n")
		return exitUsage
	}
	ctx, cancel := context.WithTimeout(e.context(), 30*time.Minute)
	defer cancel()
	out, err := blockbench.Measure(ctx, blockbench.Request{
		Source: src, CFlags: strings.Fields(*bf.cflags), N: *bf.n, Clock: clock, Quantile: *bf.quantile,
		Search: blockbench.Options{Epsilon: *bf.eps, MinTime: *bf.minTime, Reps: *bf.reps, Confirm: *bf.confirm, Budget: *bf.budget},
		Full:   *bf.full, FullRuns: *bf.fullRuns, Progress: pr.update,
	})
	var build *blockbench.BuildError
	switch {
	case err != nil && !e.interrupted() && errors.As(err, &build):
		fmt.Fprintln(e.stderr, errorText("bench block", err))
		return exitInput
	case err != nil:
		return fail(err)
	}
	status := exitOK
	if out.Partial {
		status = exitInterrupted
		pr.finish("interrupted while timing the full loop")
		fmt.Fprintln(e.stderr, "augur bench block: interrupted while timing the full loop; the prediction is printed without the measured loop (partial)")
	} else {
		pr.finish("done")
	}
	switch *bf.format {
	case "json":
		enc := json.NewEncoder(e.stdout)
		enc.SetIndent("", "  ")
		enc.Encode(blockDocument(out))
		return status
	case "csv":
		if err := table.Write(e.stdout, blockDocument(out), blockTable); err != nil {
			fmt.Fprintln(e.stderr, errorText("bench block", err))
			return exitInput
		}
		return status
	}
	text.Block(e.stdout, out, clock, *bf.eps, *bf.budget)
	return status
}

// blockDoc is bench block's document.
type blockDoc struct {
	results.Header
	*blockbench.Report
}

func blockDocument(r *blockbench.Report) *blockDoc {
	return &blockDoc{results.NewHeader(results.CommandBenchBlock), r}
}

// blockTable is bench block's CSV: the summary, a row per count timed.
var blockTable = results.TableSpec{Summary: "summary", Records: []results.TableRecord{{Name: "step", Path: "steps"}}}
