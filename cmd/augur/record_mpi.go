package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"augur/internal/frontend/recorder/mpi"
)

// mpiRecord is what `augur record --mpi` was asked to do. record.go parses
// the command line and hands an MPI recording to recordMPI.
type mpiRecord struct {
	NP       int      // ranks (--np)
	RefSpeed float64  // flop/s that converts measured compute time to flops (--ref-speed)
	Machine  string   // this host's machine file, whose flop rate does it (--machine)
	Out      string   // output: directory or index file for the per-rank TiT traces (-o)
	Argv     []string // the program and its arguments
	Runs     int      // recordings made; the quickest is kept (--runs)
}

// recordMPI runs r.Argv under OpenMPI's mpirun with the PMPI recorder
// (recorder/mpi, built with mpicc on first use into the user cache
// directory, or taken from $AUGUR_MPI_RECORDER) and writes one TiT trace
// per rank and the index naming them.
func recordMPI(e *env, pr *progress, r mpiRecord) int {
	fail := func(code int, format string, a ...any) int {
		fmt.Fprintln(e.stderr, errorText("record --mpi", fmt.Errorf(format, a...)))
		return code
	}
	if r.Machine == "" && r.RefSpeed == 0 {
		pr.phase("measuring this host's flop rate")
	}
	ref, err := recordingReference(r.Machine, r.RefSpeed)
	if err != nil {
		return fail(exitInput, "%w", err)
	}
	// -o DIR: traces and index.txt in DIR; -o FILE.txt: the index at
	// FILE.txt, the traces in FILE.d next to it.
	dir, index := r.Out, ""
	switch {
	case dir == "":
		dir = filepath.Base(r.Argv[0]) + ".tit"
	case strings.HasSuffix(dir, ".txt"):
		index = dir
		dir = strings.TrimSuffix(dir, ".txt") + ".d"
	}
	lib := os.Getenv("AUGUR_MPI_RECORDER")
	if lib == "" {
		cache, err := os.UserCacheDir()
		if err != nil {
			cache = os.TempDir()
		}
		pr.phase("building the MPI recorder (once; cached)")
		if lib, err = mpi.Build(filepath.Join(cache, "augur")); err != nil {
			return fail(exitInput, "building the recorder: %v", err)
		}
	}
	what := fmt.Sprintf("running %s on %d rank(s) under the recorder", r.Argv[0], r.NP)
	if r.Runs > 1 {
		what += fmt.Sprintf(", %d times", r.Runs)
	}
	pr.announce(what)
	runs, err := mpi.Quickest(e.context(), mpi.Run{NP: r.NP, Ref: ref, Dir: dir, Argv: r.Argv,
		Lib: lib, Stdout: e.stdout, Stderr: e.stderr}, max(r.Runs, 1))
	if err != nil {
		return fail(exitInput, "%w", err)
	}
	written := filepath.Join(dir, "index.txt")
	if index != "" {
		b, err := os.ReadFile(written)
		if err == nil {
			err = os.WriteFile(index, b, 0o644)
		}
		if err != nil {
			return fail(exitInput, "%w", err)
		}
		written = index
	}
	fmt.Fprintf(e.stderr, "augur record --mpi: %d ranks of %s recorded in %.3f s (wall, with the recorder); compute at %.4g flop/s (%s)\n",
		r.NP, r.Argv[0], runs.Wall.Seconds(), ref.Speed, refText(ref))
	if len(runs.Spans) > 1 {
		spans := make([]string, len(runs.Spans))
		for i, s := range runs.Spans {
			spans[i] = fmt.Sprintf("%.4f", s)
		}
		fmt.Fprintf(e.stderr, "  %d runs, spans from MPI_Init to MPI_Finalize %s s: kept run %d, the quickest\n",
			len(runs.Spans), strings.Join(spans, ", "), runs.Kept+1)
	}
	fmt.Fprintf(e.stderr, "  traces: %s\n  replay: augur replay %s --platform PLATFORM.xml\n", written, written)
	return exitOK
}
