package text

import (
	"fmt"
	"io"
	"text/tabwriter"

	"augur/internal/run/replay"
	"augur/internal/writers/report"
)

// Replay writes augur replay's report: the header, the warnings, a row per
// rank (the first report.MaxTextProcesses/2 of many), a row per kind of
// action, and the last line as smpirun prints it ("Simulation time X").
func Replay(w io.Writer, trace, plat string, r *replay.Result) {
	fmt.Fprintf(w, "Replay of %s: %d ranks on %s, network model %s\n", trace, r.NP, plat, r.Model)
	if r.ComputeRule != "" {
		fmt.Fprintf(w, "OTF2 trace: %s\n", r.ComputeRule)
	}
	if ref := r.Reference; ref != nil && ref.Measured {
		fmt.Fprintf(w, "Compute recorded at %s: a burst of t s there takes t × %.4g / F s on a host of F flop/s\n", ref, ref.Speed)
	}
	if g := r.MeasuredCollectives; g != "" {
		fmt.Fprintf(w, "Collectives: the times measured on %d processes of a node of %s (the machine file's collectives), not simulated as messages\n", r.NP, g)
	}
	fmt.Fprintln(w)
	for _, wn := range r.Warnings {
		fmt.Fprintf(w, "warning: %s\n", wn)
	}
	if len(r.Warnings) > 0 {
		fmt.Fprintln(w)
	}
	if r.Partial {
		fmt.Fprintf(w, "PARTIAL RESULT: interrupted at simulated time %f; the figures count the actions completed by then\n"+
			"(a rank still running shows end 0)\n\n", r.SimulatedTimeReached)
	}
	if r.Deadlock != nil {
		fmt.Fprintf(w, "%s\n\n", r.Deadlock.Error())
	}
	tw := tabwriter.NewWriter(w, 2, 8, 2, ' ', tabwriter.AlignRight)
	fmt.Fprint(tw, "rank\thost\tend (s)\tcompute (s)\tcomm (s)\twaiting (s)\t\n")
	rows := r.Ranks
	cut := len(rows) > report.MaxTextProcesses
	if cut {
		rows = rows[:report.MaxTextProcesses/2]
	}
	for _, k := range rows {
		fmt.Fprintf(tw, "%d\t%s\t%.6f\t%.6f\t%.6f\t%.6f\t\n", k.Rank, k.Host, k.End, k.Compute, k.Communication, k.Waiting)
	}
	tw.Flush()
	if cut {
		fmt.Fprintf(w, "  ... %d more ranks (--format json lists them all)\n", len(r.Ranks)-len(rows))
	}
	fmt.Fprintln(w)
	tw = tabwriter.NewWriter(w, 2, 8, 2, ' ', tabwriter.AlignRight)
	fmt.Fprint(tw, "action\tcalls\ttotal (s)\tcompute (s)\tcomm (s)\twaiting (s)\t\n")
	for _, a := range r.Elements {
		fmt.Fprintf(tw, "%s\t%d\t%.6f\t%.6f\t%.6f\t%.6f\t\n", a.Name, a.Calls, a.Total, a.Compute, a.Communication, a.Waiting)
	}
	tw.Flush()
	fmt.Fprintf(w, "\n%d events, %d operations\n", r.Events, r.Operations)
	if r.Deadlock != nil {
		// No simulation time: the run did not end. Say when it stopped.
		fmt.Fprintf(w, "Deadlock at simulated time %f\n", r.Deadlock.Time)
		return
	}
	if r.Partial {
		// Not "Simulation time": scripts that read smpirun's line must
		// not take a partial replay for a complete one.
		fmt.Fprintf(w, "Interrupted at simulated time %f\n", r.SimulatedTimeReached)
		return
	}
	fmt.Fprintf(w, "Simulation time %f\n", r.SimulationTime)
}
