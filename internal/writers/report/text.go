package report

import (
	"fmt"
	"io"
	"math"
	"strings"
	"text/tabwriter"

	"augur/internal/results"
)

// MaxTextProcesses is how many process rows the text report prints before
// it summarises the rest (JSON and CSV always have them all).
const MaxTextProcesses = 64

// WriteText writes the report people read.
func WriteText(w io.Writer, s *results.Prediction) error {
	var b strings.Builder
	fmt.Fprintf(&b, "Model %s on machine %s: %d node(s), %d process(es), %d thread(s) each, seed %d\n",
		s.Model, s.Machine, s.Nodes, s.Procs, s.Threads, s.Seed)
	if len(s.Params) > 0 || len(s.PerProcess) > 0 {
		b.WriteString("Parameters:")
		for _, k := range sortedKeys(s.Params) {
			fmt.Fprintf(&b, " %s=%g", k, s.Params[k])
		}
		for _, k := range sortedKeys(s.PerProcess) {
			fmt.Fprintf(&b, " %s=%s (per process)", k, s.PerProcess[k])
		}
		b.WriteString("\n")
	}
	b.WriteString("\n")
	switch {
	case s.CompletedReplications > 0:
		fmt.Fprintf(&b, "PARTIAL RESULT: interrupted after %d complete replication(s); the figures are the first's\n\n", s.CompletedReplications)
		fmt.Fprintf(&b, "Predicted time    %s\n", results.Seconds(s.PredictedTime))
	case s.Partial:
		fmt.Fprintf(&b, "PARTIAL RESULT: interrupted at simulated time %s; the figures count the operations completed by then\n"+
			"(a process still running shows end 0)\n\n", results.Seconds(s.SimulatedTimeReached))
		fmt.Fprintf(&b, "Predicted time    ≥ %s\n", results.Seconds(s.PredictedTime))
	default:
		fmt.Fprintf(&b, "Predicted time    %s\n", results.Seconds(s.PredictedTime))
	}
	if r := s.Replications; r != nil {
		fmt.Fprintf(&b, "  over %d replications: mean %s ± %s (95%% confidence)\n", r.N, results.Seconds(r.Mean), results.Seconds(r.CI95))
	}
	if s.ClosedForm > 0 {
		fmt.Fprintf(&b, "Evaluation time   %s  (%d element executions, %d of them in closed form, %d events)\n", results.Seconds(s.EvalTime), s.Executions, s.ClosedForm, s.Events)
	} else {
		fmt.Fprintf(&b, "Evaluation time   %s  (%d element executions, %d events)\n", results.Seconds(s.EvalTime), s.Executions, s.Events)
	}
	if g := s.MeasuredCollectives; g != "" {
		fmt.Fprintf(&b, "Collectives       the times measured on %d processes of a node of %s (the machine file's collectives), not simulated as messages\n", s.Procs, g)
	}
	for _, wn := range s.Warnings {
		fmt.Fprintf(&b, "%s\n", wn)
	}
	if s.Deadlock != nil {
		fmt.Fprintf(&b, "\n%s\n", s.Deadlock.Error())
	}

	b.WriteString("\nProcesses\n")
	tw := tabwriter.NewWriter(&b, 2, 8, 2, ' ', tabwriter.AlignRight)
	withTid := false
	for _, p := range s.Processes {
		if p.Tid != 0 {
			withTid = true
			break
		}
	}
	if withTid {
		fmt.Fprint(tw, "pid\ttid\tnode\tend\tcompute\tcomm\twaiting\t\n")
	} else {
		fmt.Fprint(tw, "pid\tnode\tend\tcompute\tcomm\twaiting\t\n")
	}
	rows := s.Processes
	cut := len(rows) > MaxTextProcesses
	if cut {
		rows = rows[:MaxTextProcesses/2]
	}
	for _, p := range rows {
		if withTid {
			fmt.Fprintf(tw, "%d\t%d\t%d\t%s\t%s\t%s\t%s\t\n", p.Pid, p.Tid, p.Node, f(p.End), f(p.Compute), f(p.Communication), f(p.Waiting))
		} else {
			fmt.Fprintf(tw, "%d\t%d\t%s\t%s\t%s\t%s\t\n", p.Pid, p.Node, f(p.End), f(p.Compute), f(p.Communication), f(p.Waiting))
		}
	}
	tw.Flush()
	if cut {
		lo, mean, hi := stats(s.Processes)
		fmt.Fprintf(&b, "  … %d more; over all %d: end min %s, mean %s, max %s (--format csv or json lists every one)\n",
			len(s.Processes)-len(rows), len(s.Processes), f(lo), f(mean), f(hi))
	}

	b.WriteString("\nElements\n")
	tw = tabwriter.NewWriter(&b, 2, 8, 2, ' ', 0)
	fmt.Fprint(tw, "name\tkind\tcalls\ttotal\tmean\tshare\tcompute\tcomm\twaiting\n")
	for _, e := range s.Elements {
		fmt.Fprintf(tw, "%s\t%s\t%d\t%s\t%s\t%5.1f%%\t%s\t%s\t%s\n", e.Name, e.Kind, e.Calls,
			f(e.Total), f(e.Mean), 100*e.Share, f(e.Compute), f(e.Communication), f(e.Waiting))
	}
	tw.Flush()
	b.WriteString("\nTimes in seconds.\n")
	_, err := io.WriteString(w, b.String())
	return err
}

func stats(ps []results.Process) (lo, mean, hi float64) {
	lo = math.Inf(1)
	for _, p := range ps {
		lo = math.Min(lo, p.End)
		hi = math.Max(hi, p.End)
		mean += p.End
	}
	return lo, mean / float64(len(ps)), hi
}

// f prints a time in seconds for a table: six significant digits.
func f(x float64) string { return fmt.Sprintf("%.6g", x) }

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	for i := 1; i < len(keys); i++ {
		for j := i; j > 0 && keys[j] < keys[j-1]; j-- {
			keys[j], keys[j-1] = keys[j-1], keys[j]
		}
	}
	return keys
}
