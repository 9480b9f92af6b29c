package text

import (
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
	"text/tabwriter"

	"augur/internal/frontend/analyze"
	"augur/internal/run/sourcefirst"
)

// Analysis writes augur analyze's report: the model and the file it was
// written to (modelFile, "" if none), a line per machine, the blocks, the
// functions and operation classes by share of the time, the unknowns and
// the counts compared with measured ones.
func Analysis(w io.Writer, o *sourcefirst.Result, modelFile string) {
	r := o.Report
	fmt.Fprintf(w, "model:   %s (%s)", o.Model, strings.Join(o.Files, ", "))
	if modelFile != "" {
		fmt.Fprintf(w, ", written to %s", modelFile)
	}
	fmt.Fprintf(w, "\nflags:   %s\n", o.CodeGen)
	if o.Threads > 1 {
		fmt.Fprintf(w, "procs:   %d × %d OpenMP threads (times below are process 0's, the work of all its threads)\n", o.Procs, o.Threads)
	} else {
		fmt.Fprintf(w, "procs:   %d (times below are process 0's)\n", o.Procs)
	}
	for i, m := range r.Machines {
		fmt.Fprintf(w, "machine: %-16s computation %s", m, Duration(r.Total[i]))
		if o.Predicted[i] != nil {
			fmt.Fprintf(w, ", predicted run time %s", Duration(*o.Predicted[i]))
		}
		if o.Deadlocks[i] != nil {
			fmt.Fprint(w, ", DEADLOCK: no run time")
		}
		if len(r.Missing[i]) > 0 {
			fmt.Fprintf(w, " (no time for %s: priced at 0)", strings.Join(r.Missing[i], ", "))
		}
		fmt.Fprintln(w)
		if len(r.Substituted[i]) > 0 {
			fmt.Fprintf(w, "         the machine file does not give %s: priced as before augur bench machine timed the C library calls; measure them again\n", strings.Join(r.Substituted[i], ", "))
		}
	}
	for _, msg := range o.Errors {
		fmt.Fprintf(w, "error:   %s\n", msg)
	}
	for i, d := range o.Deadlocks {
		if d != nil {
			fmt.Fprintf(w, "on %s: %s\n", r.Machines[i], d.Error())
		}
	}
	if o.Partial {
		fmt.Fprintln(w, "PARTIAL RESULT: interrupted while predicting; machines without a predicted run time were not predicted")
	}
	fmt.Fprintln(w)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	head := "block\tkind\tlines\tcount\tprovenance\t"
	for _, m := range r.Machines {
		head += m + "\tshare\t"
	}
	fmt.Fprintln(tw, head)
	for _, row := range r.Rows {
		lines := strconv.Itoa(row.Pos.Line)
		if row.End.Line > row.Pos.Line {
			lines += "-" + strconv.Itoa(row.End.Line)
		}
		line := fmt.Sprintf("%s\t%s\t%s\t%s\t%s\t", row.Block, row.Kind, lines, strconv.FormatFloat(row.CountValue, 'g', 6, 64), row.How)
		for i := range r.Machines {
			line += Duration(row.Seconds[i]) + "\t" + share(row.Seconds[i], r.Total[i]) + "\t"
		}
		fmt.Fprintln(tw, line)
	}
	tw.Flush()
	fmt.Fprintln(w)
	shares(w, "function", r.ByFunc, r)
	fmt.Fprintln(w)
	shares(w, "operation", r.ByClass, r)
	if len(o.Unknowns) > 0 {
		fmt.Fprintln(w, "\nnot known statically:")
		for _, u := range o.Unknowns {
			by := u.Param
			switch {
			case u.How == analyze.Annotated:
				by = "annotated " + u.Value
			case u.How == analyze.Measured:
				by += " = " + u.Value + " (measured)"
			case u.Param == "":
				by = "taken as " + u.Value // no parameter stands for it
			default:
				by += " (default " + u.Value + ")"
			}
			what := u.What
			if u.Block != "" {
				what += " of " + u.Block
			}
			fmt.Fprintf(w, "  %s: %s: %s\n", u.Pos, what, by)
		}
	}
	if len(o.Measured) > 0 {
		fmt.Fprintln(w, "\ncounts of process 0, static against measured (loops: iterations; branches: executions):")
		tw := tabwriter.NewWriter(w, 2, 8, 2, ' ', tabwriter.AlignRight)
		fmt.Fprint(tw, "block\tprovenance\tstatic\tmeasured\t\t\n")
		for _, m := range o.Measured {
			mark := ""
			if m.Disagrees {
				mark = "DIFFERS"
			}
			fmt.Fprintf(tw, "%s\t%s\t%.6g\t%.6g\t%s\t\n", m.Block, m.How, m.Static, m.Measured, mark)
		}
		tw.Flush()
	}
}

// shares prints seconds per key and machine, largest first on the
// first machine.
func shares(w io.Writer, what string, m map[string][]float64, r *analyze.Report) {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	first := func(k string) float64 {
		if len(m[k]) == 0 {
			return 0
		}
		return m[k][0]
	}
	sort.Slice(keys, func(i, j int) bool {
		if first(keys[i]) != first(keys[j]) {
			return first(keys[i]) > first(keys[j])
		}
		return keys[i] < keys[j]
	})
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	head := what + "\t"
	for _, name := range r.Machines {
		head += name + "\tshare\t"
	}
	fmt.Fprintln(tw, head)
	for _, k := range keys {
		line := k + "\t"
		for i := range r.Machines {
			line += Duration(m[k][i]) + "\t" + share(m[k][i], r.Total[i]) + "\t"
		}
		fmt.Fprintln(tw, line)
	}
	tw.Flush()
}

func share(v, total float64) string {
	if total <= 0 {
		return "-"
	}
	return strconv.FormatFloat(100*v/total, 'f', 1, 64) + " %"
}
