package text

import (
	"fmt"
	"io"
	"math"
	"strconv"
	"text/tabwriter"

	"augur/internal/results"
)

// Simulation writes augur simulate's report: the trace, the model, the
// completion time and speed-up (or the deadlock), then a row per thread.
func Simulation(w io.Writer, o *results.Simulation) {
	fmt.Fprintf(w, "trace:            %s (%d events, %d threads; work from %s)\n", o.Trace, o.TraceEvents, len(o.Threads), o.WorkFrom)
	fmt.Fprintf(w, "processors:       %d\n", o.CPUs)
	fmt.Fprintf(w, "model:            %s", o.Model)
	if o.ModelAsked == "auto" {
		fmt.Fprintf(w, " (auto: %s)", o.Reason)
	}
	fmt.Fprintln(w)
	if o.Partial {
		fmt.Fprintf(w, "PARTIAL RESULT: interrupted at simulated time %s; the accounts end there\n", Sig6(o.SimulatedTimeReached))
	} else if o.DeadlockReport != nil {
		fmt.Fprintf(w, "DEADLOCK at %s: no thread can go on.\n", Sig6(o.DeadlockReport.Time))
		for _, wt := range o.DeadlockReport.Waits {
			if wt.Line == 0 {
				fmt.Fprintf(w, "  %s is %s\n      waiting for %s\n", wt.Thread, wt.Op, wt.Reason)
			} else {
				fmt.Fprintf(w, "  %s is blocked in %s\n      waiting for %s\n", wt.Thread, wt.Op, wt.Reason)
			}
		}
	} else {
		fmt.Fprintf(w, "completion time:  %s (recorded on one processor: %s)\n", Sig6(o.Completion), Sig6(o.Recorded))
		if o.Speedup != nil {
			fmt.Fprintf(w, "speed-up:         %.3f (one processor, same model: %s)\n", *o.Speedup, Sig6(*o.OneCPU))
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
		end := Sig6(t.End)
		switch {
		case !t.Done && o.Partial:
			end += " (running)"
		case !t.Done:
			end += " (stuck)"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\t\n", t.Name, cpu, Sig6(t.Start), end, Sig6(t.Busy), Sig6(t.Blocked), Sig6(t.Ready))
	}
	tw.Flush()
	fmt.Fprintln(w, "\nTimes in the trace's unit: seconds for traces augur records.")
}
