package instrument

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"

	"augur/internal/base/diag"
	"augur/internal/base/infile"
	"augur/internal/frontend/analyze"
	"augur/internal/frontend/cfront"
	"augur/internal/frontend/recorder/mpi"
)

// Request is what augur instrument builds: the program's sources
// rewritten for a counted run (Time false) or for dPerf's timed run, with
// the runtime files and the command that compiles them.
type Request struct {
	Files []string
	Front cfront.Options
	Time  bool
	// Sample names loops to time by the threshold rule besides those
	// marked `#pragma augur sample` (Time only).
	Sample []string
	// Tolerance is the threshold rule's.
	Tolerance float64
	// Ref is the speed that turns a burst's seconds into flops in the
	// trace, stated in its header (Time only).
	Ref mpi.Reference
	// AlignLoops aligns loops to this many bytes in a timed build (0:
	// not): the timers' code moves every loop after it, and where an
	// innermost loop then lands decides how many instruction lines each
	// iteration fetches (matmul's 28-byte kernel straddled a 64-byte line
	// and ran 1.7 times slower than in the plain build).
	AlignLoops int
	// Dir is where everything is written (absolute: the runtime writes
	// there by default).
	Dir string
	// Compiler is the C compiler; empty: mpicc for an MPI program, cc
	// otherwise. It is given Front.Flags (the compile line's flags that
	// compile) before the files, LinkFlags (its link flags, objects and
	// libraries) after them.
	Compiler  string
	LinkFlags []string
}

// SampleError is a --sample that names no loop that can be sampled: a
// problem in the request rather than in the program.
type SampleError struct{ Err error }

func (e *SampleError) Error() string { return e.Err.Error() }
func (e *SampleError) Unwrap() error { return e.Err }

// Build is an instrumented program written to its directory.
type Build struct {
	// Sources are the instrumented files written, one per input file;
	// Link the runtime files compiled with them.
	Sources, Link []string
	// Summary says what was instrumented ("12 counters", "3 timed loops,
	// 1 sampled (loop_2)").
	Summary string
	MPI     bool
	// Notes are remarks for the user (a datatype sized at run time, a
	// mark not taken); Warnings the blocks that could not be instrumented.
	Notes    []string
	Warnings diag.List
	// Compiler, Args and Binary are the compile command and its output.
	Compiler string
	Args     []string
	Binary   string
}

// Prepare rewrites the program as req says and writes the instrumented
// sources and the runtime into req.Dir. A program the C front end
// refuses gives its diagnostics as a diag.List.
func Prepare(ctx context.Context, req Request) (*Build, error) {
	prog, err := cfront.Load(ctx, req.Files, req.Front)
	if err != nil {
		return nil, err
	}
	var errs diag.List
	for _, d := range prog.Diags {
		if !d.Warning {
			errs = append(errs, d)
		}
	}
	if len(errs) > 0 {
		return nil, errs
	}
	a, err := analyze.Run(analyze.Sources(prog), analyze.Options{})
	if err != nil {
		return nil, err
	}
	sources := map[string][]byte{}
	b := &Build{}
	for _, name := range req.Files {
		src, err := infile.ReadFile(name, infile.CSource)
		if err != nil {
			return nil, err
		}
		sources[name] = src
	}
	b.MPI = usesMPI(prog)
	// The files to write besides the instrumented sources.
	extra := map[string]string{}
	var text map[string][]byte
	if req.Time {
		for _, d := range a.Diags {
			// analyze's words for a datatype it cannot size statically;
			// the recorder sizes it from MPI at run time.
			if strings.Contains(d.Msg, "the datatype is not a predefined MPI type") {
				b.Notes = append(b.Notes, fmt.Sprintf("%s: note: this call's datatype is not a constant: the trace takes its size from MPI at run time",
					analyze.Position{File: d.File, Line: d.Line, Col: d.Col}))
			}
		}
		tp, err := RewriteTime(a, analyze.Sources(prog), sources, req.Sample)
		if err != nil {
			return nil, &SampleError{err}
		}
		for _, n := range tp.Notes {
			b.Notes = append(b.Notes, "note: "+n)
		}
		text = tp.Files
		extra["augur_time.h"] = TimeHeader
		extra["augur_time.c"] = tp.Runtime(req.Dir, req.Tolerance)
		b.Link = append(b.Link, "augur_time.c")
		if b.MPI {
			extra["augur_pmpi.c"] = string(mpi.Source)
			b.Link = append(b.Link, "augur_pmpi.c")
		}
		var names []string
		for _, s := range tp.Samples {
			names = append(names, s.Block)
		}
		b.Summary = fmt.Sprintf("%d timed loops, %d sampled (%s)", len(tp.Timers), len(tp.Samples), strings.Join(names, " "))
	} else {
		ip, err := Rewrite(a, sources)
		if err != nil {
			return nil, err
		}
		b.Warnings = ip.Skipped
		text = ip.Files
		extra["augur_count.h"] = Header
		extra["augur_count.c"] = ip.Runtime(req.Dir)
		b.Link = append(b.Link, "augur_count.c")
		b.Summary = fmt.Sprintf("%d counters", len(ip.Counters))
	}
	if err := os.MkdirAll(req.Dir, 0o755); err != nil {
		return nil, err
	}
	for _, name := range req.Files {
		out := filepath.Join(req.Dir, filepath.Base(name))
		if err := os.WriteFile(out, text[name], 0o644); err != nil {
			return nil, err
		}
		b.Sources = append(b.Sources, out)
	}
	for name, t := range extra {
		if err := os.WriteFile(filepath.Join(req.Dir, name), []byte(t), 0o644); err != nil {
			return nil, err
		}
	}
	b.command(req)
	return b, nil
}

// usesMPI tells whether the program is an MPI program: mpi.h was read,
// however it was included ("mpi.h", <mpi.h>, or from a header of the
// program's, as NAS's mpinpb.h does), or a file declares MPI_Init. Such a
// program is compiled with mpicc and, timed, gets the recorder: without
// it, it would run and write no trace.
func usesMPI(prog *cfront.Program) bool {
	for _, u := range prog.Units {
		if u.AST == nil {
			continue
		}
		if _, ok := u.AST.Macros["MPI_COMM_WORLD"]; ok {
			return true
		}
		if u.AST.Scope != nil && (len(u.AST.Scope.Nodes["MPI_Init"]) > 0 || len(u.AST.Scope.Nodes["MPI_Init_thread"]) > 0) {
			return true
		}
	}
	return false
}

// command sets the compile command of b.
func (b *Build) command(req Request) {
	b.Compiler = req.Compiler
	if b.Compiler == "" {
		b.Compiler = "cc"
		if b.MPI {
			b.Compiler = "mpicc"
		}
	}
	first := req.Files[0]
	b.Binary = filepath.Join(req.Dir, strings.TrimSuffix(filepath.Base(first), filepath.Ext(first)))
	var args []string
	if req.Time && req.AlignLoops > 0 {
		// Before the user's flags, so that a -falign-loops of theirs wins.
		args = append(args, "-falign-loops="+strconv.Itoa(req.AlignLoops))
	}
	args = append(args, req.Front.Flags...)
	for _, name := range req.Files {
		args = append(args, "-I", filepath.Dir(name)) // the program's own headers, as next to it
	}
	if req.Time {
		// The recorder in its timed form, writing into Dir by default.
		args = append(args, "-DAUGUR_TIMED", fmt.Sprintf("-DAUGUR_TIT_DEFAULT_DIR=%q", req.Dir))
		if req.Ref.Speed > 0 {
			args = append(args, req.Ref.Defines()...)
		}
	}
	args = append(append(args, "-I", req.Dir), b.Sources...)
	for _, l := range b.Link {
		args = append(args, filepath.Join(req.Dir, l))
	}
	b.Args = append(append(args, req.LinkFlags...), "-o", b.Binary, "-lm")
}

// Compile runs the compile command, its output to w. A compiler that
// fails on -falign-loops gets a hint in the error.
func (b *Build) Compile(ctx context.Context, w io.Writer) error {
	cmd := exec.CommandContext(ctx, b.Compiler, b.Args...)
	var said bytes.Buffer
	out := io.MultiWriter(w, &said) // one writer for both: exec then copies them in one goroutine
	cmd.Stdout, cmd.Stderr = out, out
	if err := cmd.Run(); err != nil {
		if strings.Contains(said.String(), "align-loops") && strings.HasPrefix(b.Args[0], "-falign-loops=") {
			return fmt.Errorf("%s %s: %w (%s does not seem to know -falign-loops: %w 0 leaves it out)",
				b.Compiler, strings.Join(b.Args, " "), err, b.Compiler, diag.OptionName("align-loops"))
		}
		return fmt.Errorf("%s %s: %w", b.Compiler, strings.Join(b.Args, " "), err)
	}
	return nil
}
