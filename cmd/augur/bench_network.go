package main

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"net"
	"os"
	"runtime"
	"strings"
	"time"

	"augur/internal/base/infile"
	"augur/internal/machine"
	"augur/internal/results"
	"augur/internal/run/calib"
	"augur/internal/run/netbench"
	"augur/internal/writers/table"
	"augur/internal/writers/text"
)

// netFlags are augur bench network's own flags.
type netFlags struct {
	listen, peer *string
	mpi          *bool
	hosts, np    *string
	colls        *string
	maxSize      *string
	collMax      *string
	segments     *int
	timeout      *time.Duration
	sessions     *int
	workdir      *string
	base         *string
}

func (n *netFlags) define(fs *flag.FlagSet) {
	n.listen = fs.String("listen", "", "network: answer ping-pongs on `ADDR:PORT` (run on the other host)")
	n.peer = fs.String("peer", "", "network: measure against the listener at `HOST:PORT`")
	n.mpi = fs.Bool("mpi", false, "network: measure with MPI (mpicc, mpirun, ompi_info) instead of TCP")
	n.hosts = fs.String("hosts", "localhost", "network --mpi: mpirun's `H1,H2,...`; the ping-pong runs between the first two")
	n.np = fs.String("np", "2", "network --mpi: process counts `P1,P2,...` of the collectives")
	n.colls = fs.String("collectives", "all", "network --mpi: `LIST` of "+strings.Join(netbench.Collectives, ",")+", all or none")
	n.maxSize = fs.String("max-size", "16MiB", "network: largest ping-pong message `SIZE` (powers of two from 1 B)")
	n.collMax = fs.String("coll-max-size", "1MiB", "network --mpi: largest collective message `SIZE` (powers of four from 1 B)")
	n.segments = fs.Int("segments", 3, "network: at most `N` size ranges in the piecewise fit")
	n.timeout = fs.Duration("timeout", 2*time.Minute, "network: longest wait `D` for a peer, a connection or one message's round trip; --mpi: the whole run may take 10 × D")
	n.sessions = fs.Int("sessions", 1, "network --listen: serve `N` peers, one after the other, then exit")
	n.base = fs.String("base", "", "network: with -o, write machine file `FILE` (e.g. from bench machine) with the measured network in it, instead of a file of two nodes")
	n.workdir = fs.String("workdir", "", "network --mpi: build the benchmark in `DIR`, which must be the same path on every host (default: a temporary directory)")
}

func benchNetwork(e *env, bf *benchFlags) int {
	n := &bf.net
	fail := func(code int, f string, a ...any) int {
		fmt.Fprintln(e.stderr, errorText("bench network", fmt.Errorf(f, a...)))
		return code
	}
	modes := 0
	for _, on := range []bool{*n.listen != "", *n.peer != "", *n.mpi} {
		if on {
			modes++
		}
	}
	if modes != 1 {
		return fail(exitUsage, "give exactly one of --listen ADDR:PORT, --peer HOST:PORT and --mpi")
	}
	if *n.timeout <= 0 {
		return fail(exitUsage, "--timeout %v: want a positive duration", *n.timeout)
	}
	if *n.listen != "" {
		return netListen(e, n, fail)
	}
	if *bf.format != "text" && *bf.format != "json" && *bf.format != "csv" {
		return fail(exitUsage, "--format %q: use text, json or csv", *bf.format)
	}
	maxSize, err := netbench.ParseSize("max-size", *n.maxSize)
	if err != nil {
		return fail(exitUsage, "%w", err)
	}
	if *n.segments < 1 || *bf.reps < 1 {
		return fail(exitUsage, "--segments and --reps must be ≥ 1")
	}
	if *n.base != "" && *bf.out == "" {
		return fail(exitUsage, "--base %s: give -o FILE to write the result to", *n.base)
	}
	var base []byte
	if *n.base != "" {
		// Read before measuring: a missing file should not cost a run.
		if base, err = infile.ReadFile(*n.base, infile.Machine); err != nil {
			return fail(exitInput, "%w", err)
		}
		if _, err := machine.Parse(*n.base, base); err != nil {
			return fail(exitInput, "%w", err)
		}
	}
	name := *bf.name
	if name == "" {
		h, _ := os.Hostname()
		name = calib.GroupName(h)
	}
	pr, err := bf.progress.reporter(e, "augur bench network")
	if err != nil {
		return fail(exitUsage, "%w", err)
	}
	progress := func(string) {}
	if pr != nil {
		pr.eachStep() // a line per size or collective: they come seconds apart
		progress = func(s string) { pr.update("measuring " + s) }
	}
	// An interrupted measurement keeps nothing: a fit of part of the
	// sizes would be a wrong network.
	stopped := func(err error) int {
		if e.interrupted() {
			pr.finish("interrupted")
			return fail(exitInterrupted, "interrupted; nothing written")
		}
		pr.finish("stopped")
		return fail(exitSim, "%w", err)
	}
	var r *netbench.Result
	if *n.peer != "" {
		if _, _, err := net.SplitHostPort(*n.peer); err != nil {
			return fail(exitUsage, "--peer %q: want HOST:PORT", *n.peer)
		}
		ctx, cancel := context.WithCancel(e.context())
		defer cancel()
		s, err := netbench.PingPong(ctx, *n.peer, netbench.Options{Sizes: netbench.Sizes(maxSize), Reps: *bf.reps,
			Target: 10 * time.Millisecond, Idle: *n.timeout, Progress: progress})
		if err != nil {
			return stopped(err)
		}
		if r, err = netbench.NewResult("tcp", *n.peer, s, *n.segments, time.Now()); err != nil {
			return fail(exitSim, "%w", err)
		}
	} else {
		o, err := netbench.MPISettings{Hosts: *n.hosts, NP: *n.np, Collectives: *n.colls, CollMaxSize: *n.collMax,
			WorkDir: *n.workdir}.Options(maxSize, *bf.reps)
		if err != nil {
			return fail(exitUsage, "%w", err)
		}
		o.Progress = progress
		ctx, cancel := context.WithTimeout(e.context(), 10**n.timeout)
		defer cancel()
		s, colls, err := netbench.MPI(ctx, o)
		if err != nil {
			return stopped(err)
		}
		if r, err = netbench.NewResult("mpi", strings.Join(o.Hosts, ","), s, *n.segments, time.Now()); err != nil {
			return fail(exitSim, "%w", err)
		}
		r.Collectives = colls
	}
	pr.finish("done")
	if *bf.out != "" {
		var data []byte
		if base != nil {
			if data, err = netbench.MergeNetwork(*n.base, base, r); err != nil {
				return fail(exitInput, "%w", err)
			}
		} else {
			var buf bytes.Buffer
			if err := netbench.WriteMachine(&buf, name, runtime.NumCPU(), r); err != nil {
				return fail(exitSim, "%w", err)
			}
			data = buf.Bytes()
		}
		if err := os.WriteFile(*bf.out, data, 0o644); err != nil {
			return fail(exitInput, "%w", err)
		}
	}
	switch *bf.format {
	case "json":
		enc := json.NewEncoder(e.stdout)
		enc.SetIndent("", "  ")
		enc.Encode(netJSON{results.NewHeader(results.CommandBenchNetwork), r, r.Fit.Latency(), r.Fit.Bandwidth()})
	case "csv":
		if err := table.Write(e.stdout, netJSON{results.NewHeader(results.CommandBenchNetwork), r, r.Fit.Latency(), r.Fit.Bandwidth()}, netTable); err != nil {
			return fail(exitInput, "%w", err)
		}
	default:
		text.Network(e.stdout, r)
	}
	if *bf.out != "" && *bf.format == "text" {
		fmt.Fprintf(e.stdout, "wrote %s\n", *bf.out)
	}
	return exitOK
}

// netTable is bench network's CSV: the summary, then the samples, the
// fit's segments, the collectives and their samples.
var netTable = results.TableSpec{Summary: "summary", Records: []results.TableRecord{
	{Name: "sample", Path: "samples"},
	{Name: "segment", Path: "fit.segments"},
	{Name: "collective", Path: "collectives"},
	{Name: "collective_sample", Path: "collectives[].samples", Keys: []string{"collective", "algorithm", "procs"}},
}}

// netJSON adds the two headline numbers to the result.
type netJSON struct {
	results.Header
	*netbench.Result
	Latency   float64 `json:"latency_s"`
	Bandwidth float64 `json:"bandwidth_bytes_per_s"`
}

func netListen(e *env, n *netFlags, fail func(int, string, ...any) int) int {
	if *n.sessions < 1 {
		return fail(exitUsage, "--sessions %d: want at least 1", *n.sessions)
	}
	a, err := net.ResolveTCPAddr("tcp", *n.listen)
	if err != nil {
		return fail(exitUsage, "--listen %q: %v", *n.listen, err)
	}
	ln, err := net.ListenTCP("tcp", a)
	if err != nil {
		return fail(exitInput, "%w", err)
	}
	defer ln.Close()
	fmt.Fprintf(e.stderr, "augur bench network: listening on %s (for up to %v)\n", ln.Addr(), *n.timeout)
	err = netbench.Serve(e.context(), ln, netbench.ServeOptions{Wait: *n.timeout, Idle: *n.timeout, Sessions: *n.sessions,
		Log: func(s string) { fmt.Fprintln(e.stdout, s) }})
	if e.interrupted() {
		// Ctrl-C is how a listener is meant to end, as augur serve's.
		fmt.Fprintln(e.stderr, "augur bench network: stopped listening")
		return exitOK
	}
	if err != nil {
		return fail(exitSim, "%w", err)
	}
	return exitOK
}
