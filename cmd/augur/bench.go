package main

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"

	"augur/blockbench"
	"augur/calib"
)

func benchCommand() *command {
	c := &command{
		define:  defineBenchFlags,
		name:    "bench",
		summary: "benchmark this machine (MTC/CTC) or a code block",
		usage:   "machine [-o FILE] [--quick] [--combine A.json,B.json] | block FILE.c --n N [flags]",
		help: `augur bench machine characterises this machine (seed 001's MTC and CTC):
microbenchmarks of an instruction set (integer and floating-point
arithmetic, sqrt, exp, log, branches, calls, random numbers, loads and
stores by working-set size) in seconds per operation, the flop rate of one
core, and a ping-pong between two processes (MPI when mpicc and mpirun are
installed, loopback TCP otherwise) from 1 B to 16 MiB, fitted to a
piecewise latency/bandwidth model. It writes a machine file that predict
uses directly (the ping-pong goes to network.intra: two processes on one
machine talk within a node). --profile keeps the measurements as JSON;
--combine joins profiles of several machines into one heterogeneous
machine file. --quick finishes in well under 30 s.

augur bench block times a C block with seed 002's threshold iteration rule:
FILE.c defines void block_init(void) and double block(long i); the block
runs for 1, 2, 4, ... iterations until the time per iteration settles
within --eps, and the loop of --n iterations is predicted as
t_th / th × n. --full also times the whole loop (in a fresh process) and
reports the prediction's error and the time saved. See docs/bench.md.`,
	}
	c.run = func(e *env, args []string) int { return runBench(e, c, args) }
	return c
}

type benchFlags struct {
	out     *string
	quick   *bool
	name    *string
	profile *string
	combine *string
	n       *int64
	eps     *float64
	full    *bool
	cflags  *string
	format  *string
	minTime *float64
}

func newBenchFlags(fs *flag.FlagSet) *benchFlags {
	b := &benchFlags{}
	b.out = fs.String("o", "", "machine: write the machine file to `FILE` (default: standard output)")
	b.quick = fs.Bool("quick", false, "machine: fewer repetitions and sizes (under 30 s)")
	b.name = fs.String("name", "", "machine: `NAME` of this machine's node group (default: the host name)")
	b.profile = fs.String("profile", "", "machine: also save the measurements as JSON to `FILE`, for --combine")
	b.combine = fs.String("combine", "", "machine: combine saved profiles `A.json,B.json` into one machine file instead of measuring")
	b.n = fs.Int64("n", 0, "block: iteration count `N` of the loop to predict (required)")
	b.eps = fs.Float64("eps", 0.02, "block: relative tolerance `E` within which the time per iteration must settle")
	b.full = fs.Bool("full", false, "block: also time the full loop and report the error and the time saved")
	b.cflags = fs.String("cflags", "-O2", "block: gcc `FLAGS`")
	b.format = fs.String("format", "text", "block: output `FORMAT`, text or json")
	b.minTime = fs.Float64("min-time", 0.02, "block: a count settles only once its run lasts `SECONDS` (past the caches and the timer's resolution)")
	return b
}

func defineBenchFlags(fs *flag.FlagSet) { newBenchFlags(fs) }

func runBench(e *env, c *command, args []string) int {
	fs := flag.NewFlagSet(c.name, flag.ContinueOnError)
	bf := newBenchFlags(fs)
	pos, status, done := parseFlags(e, c, fs, args)
	if done {
		return status
	}
	if len(pos) == 0 {
		fmt.Fprintf(e.stderr, "augur bench: want machine or block\nRun 'augur bench --help'.\n")
		return exitUsage
	}
	switch pos[0] {
	case "machine":
		if len(pos) != 1 {
			fmt.Fprintf(e.stderr, "augur bench machine: unexpected arguments %v\n", pos[1:])
			return exitUsage
		}
		return benchMachine(e, bf)
	case "block":
		if len(pos) != 2 {
			fmt.Fprintf(e.stderr, "augur bench block: want one FILE.c, got %d\n", len(pos)-1)
			return exitUsage
		}
		return benchBlock(e, bf, pos[1])
	}
	fmt.Fprintf(e.stderr, "augur bench: unknown benchmark %q: want machine or block\n", pos[0])
	return exitUsage
}

func benchMachine(e *env, bf *benchFlags) int {
	var profiles []*calib.Profile
	name := *bf.name
	if *bf.combine != "" {
		for _, p := range fitSplitList(*bf.combine) {
			prof, err := calib.LoadProfile(p)
			if err != nil {
				fmt.Fprintf(e.stderr, "augur bench machine: %v\n", err)
				return exitInput
			}
			profiles = append(profiles, prof)
		}
		seen := map[string]bool{}
		for _, p := range profiles {
			if seen[p.Name] {
				fmt.Fprintf(e.stderr, "augur bench machine: two profiles are named %q: measure them with different --name\n", p.Name)
				return exitInput
			}
			seen[p.Name] = true
		}
		if name == "" {
			name = "combined"
		}
	} else {
		if name == "" {
			h, err := os.Hostname()
			if err != nil || h == "" {
				h = "thishost"
			}
			name = sanitizeName(h)
		}
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
		defer cancel()
		progress := func(string) {}
		if isTerminal(e.stderr) {
			progress = func(s string) { fmt.Fprintf(e.stderr, "\r\033[K  measuring %s", s) }
			defer fmt.Fprint(e.stderr, "\r\033[K")
		}
		p, err := calib.Characterise(ctx, name, *bf.quick, progress)
		if err != nil {
			fmt.Fprintf(e.stderr, "augur bench machine: %v\n", err)
			return exitSim
		}
		profiles = []*calib.Profile{p}
		if *bf.profile != "" {
			if err := calib.SaveProfile(*bf.profile, p); err != nil {
				fmt.Fprintf(e.stderr, "augur bench machine: %v\n", err)
				return exitInput
			}
		}
	}
	var buf bytes.Buffer
	if err := calib.WriteMachine(&buf, name, profiles); err != nil {
		fmt.Fprintf(e.stderr, "augur bench machine: %v\n", err)
		return exitSim
	}
	if *bf.out == "" {
		e.stdout.Write(buf.Bytes())
		return exitOK
	}
	if err := os.WriteFile(*bf.out, buf.Bytes(), 0o644); err != nil {
		fmt.Fprintf(e.stderr, "augur bench machine: %v\n", err)
		return exitInput
	}
	fmt.Fprintf(e.stdout, "wrote %s\n", *bf.out)
	return exitOK
}

// sanitizeName keeps a host name usable as a node group name.
func sanitizeName(s string) string {
	s, _, _ = strings.Cut(s, ".")
	var b strings.Builder
	for _, r := range s {
		if r == '-' || r == '_' || (r >= 'a' && r <= 'z') || (r >= 'A' && r <= 'Z') || (r >= '0' && r <= '9') {
			b.WriteRune(r)
		}
	}
	if b.Len() == 0 {
		return "thishost"
	}
	return b.String()
}

func benchBlock(e *env, bf *benchFlags, src string) int {
	if *bf.n < 1 {
		fmt.Fprintf(e.stderr, "augur bench block: --n N (the loop's iteration count, ≥ 1) is required\n")
		return exitUsage
	}
	if !(*bf.eps > 0 && *bf.eps < 1) {
		fmt.Fprintf(e.stderr, "augur bench block: --eps %g: want a fraction between 0 and 1\n", *bf.eps)
		return exitUsage
	}
	if *bf.format != "text" && *bf.format != "json" {
		fmt.Fprintf(e.stderr, "augur bench block: --format %q: use text or json\n", *bf.format)
		return exitUsage
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Minute)
	defer cancel()
	flags := strings.Fields(*bf.cflags)
	b, err := blockbench.CompileC(ctx, src, flags)
	if err != nil {
		fmt.Fprintf(e.stderr, "augur bench block: %v\n", err)
		return exitInput
	}
	r, err := blockbench.Threshold(b.Time, *bf.n, blockbench.Options{Epsilon: *bf.eps, MinTime: *bf.minTime})
	b.Close()
	if err != nil {
		fmt.Fprintf(e.stderr, "augur bench block: %v\n", err)
		return exitSim
	}
	out := struct {
		Block      string   `json:"block"`
		N          int64    `json:"n"`
		Threshold  int64    `json:"threshold"`
		TThS       float64  `json:"t_th_s"`
		Settled    bool     `json:"settled"`
		Predicted  float64  `json:"predicted_s"`
		CostS      float64  `json:"cost_s"`
		MeasuredS  *float64 `json:"measured_s,omitempty"`
		ErrorPct   *float64 `json:"error_pct,omitempty"`
		Slowdown   *float64 `json:"slowdown,omitempty"`
		SavedPct   *float64 `json:"saved_pct,omitempty"`
		Iterations []int64  `json:"steps"`
	}{Block: src, N: r.Full, Threshold: r.Threshold, TThS: r.TTh, Settled: r.Settled, Predicted: r.Predicted, CostS: r.Cost}
	for _, s := range r.Steps {
		out.Iterations = append(out.Iterations, s.N)
	}
	if *bf.full {
		fresh, err := blockbench.CompileC(ctx, src, flags)
		if err != nil {
			fmt.Fprintf(e.stderr, "augur bench block: %v\n", err)
			return exitInput
		}
		m, err := fresh.Time(*bf.n)
		fresh.Close()
		if err != nil {
			fmt.Fprintf(e.stderr, "augur bench block: %v\n", err)
			return exitSim
		}
		errPct := 100 * (r.Predicted - m) / m
		sd := r.Slowdown(m)
		saved := 100 * (1 - sd)
		out.MeasuredS, out.ErrorPct, out.Slowdown, out.SavedPct = &m, &errPct, &sd, &saved
	}
	if *bf.format == "json" {
		enc := json.NewEncoder(e.stdout)
		enc.SetIndent("", "  ")
		enc.Encode(out)
		return exitOK
	}
	w := e.stdout
	fmt.Fprintf(w, "block %s, loop of %d iterations\n", src, r.Full)
	settled := "settled"
	if !r.Settled {
		settled = "did not settle: timed up to the full count"
	}
	fmt.Fprintf(w, "  threshold th     %d iterations (%s within %g %%)\n", r.Threshold, settled, 100**bf.eps)
	fmt.Fprintf(w, "  t_th             %s\n", secText(r.TTh))
	fmt.Fprintf(w, "  predicted loop   %s  (t_th / th × n)\n", secText(r.Predicted))
	fmt.Fprintf(w, "  benchmark cost   %s\n", secText(r.Cost))
	if out.MeasuredS != nil {
		fmt.Fprintf(w, "  measured loop    %s  (error %+.1f %%)\n", secText(*out.MeasuredS), *out.ErrorPct)
		fmt.Fprintf(w, "  slowdown         %.3g  (%.1f %% of the full run's time saved)\n", *out.Slowdown, *out.SavedPct)
	}
	return exitOK
}

func secText(s float64) string {
	switch {
	case s < 1e-3:
		return strconv.FormatFloat(s*1e6, 'f', 2, 64) + " µs"
	case s < 1:
		return strconv.FormatFloat(s*1e3, 'f', 3, 64) + " ms"
	}
	return strconv.FormatFloat(s, 'f', 3, 64) + " s"
}
