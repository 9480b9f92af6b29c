// Command titcmp compares two time-independent traces of one program,
// rank by rank: the MPI action sequences (identical or the first
// difference) and the compute between consecutive MPI actions. The
// bench scripts compare augur instrument --time's traces with smpirun
// -trace-ti's (bench/instrument_time.sh).
//
//	titcmp [-ref-speed 1e9] [-min-gap 1e-3] OURS THEIRS NP
package main

import (
	"flag"
	"fmt"
	"os"
	"strconv"

	"augur/internal/frontend/instrument"
)

func main() {
	ref := flag.Float64("ref-speed", 1e9, "flop/s of both traces' compute")
	minGap := flag.Float64("min-gap", 1e-3, "compare compute gaps of at least `SECONDS` one by one")
	flag.Parse()
	if flag.NArg() != 3 {
		fmt.Fprintln(os.Stderr, "usage: titcmp [-ref-speed F] [-min-gap S] OURS THEIRS NP")
		os.Exit(2)
	}
	np, err := strconv.Atoi(flag.Arg(2))
	if err != nil || np < 1 {
		fmt.Fprintf(os.Stderr, "titcmp: NP %q: want a positive number\n", flag.Arg(2))
		os.Exit(2)
	}
	cs, err := instrument.CompareTraces(flag.Arg(0), flag.Arg(1), np, *ref, *minGap)
	if err != nil {
		fmt.Fprintln(os.Stderr, "titcmp:", err)
		os.Exit(1)
	}
	status := 0
	for _, c := range cs {
		seq := "identical"
		if c.FirstDiff >= 0 {
			seq = fmt.Sprintf("DIFFER at MPI action %d: %s", c.FirstDiff, c.Diff)
			status = 3
		}
		fmt.Printf("rank %d: %d/%d MPI actions %s; compute %.6f s vs %.6f s (%+.1f%%); %d gaps >= %g s, worst %+.1f%% (gap %d)\n",
			c.Rank, c.Actions, c.OtherActions, seq, c.Compute, c.OtherCompute, 100*(c.Compute-c.OtherCompute)/c.OtherCompute,
			c.Gaps, *minGap, 100*c.MaxGapDiff, c.WorstGap)
	}
	os.Exit(status)
}
