// Package mpi holds augur's MPI recorder, a PMPI wrapper library in C
// (src/augur_pmpi.c) that writes one SimGrid time-independent trace per rank,
// and runs programs under OpenMPI's mpirun with it.
package mpi

import (
	"bytes"
	"context"
	"crypto/sha256"
	_ "embed"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// Source is the recorder's C source.
//
//go:embed src/augur_pmpi.c
var Source []byte

// fortranSource holds the recorder's Fortran bindings: Open MPI's own
// call the C library's PMPI_ functions, past the recorder's wrappers.
//
//go:embed src/augur_fortran.c
var fortranSource []byte

// Build compiles the recorder with mpicc into dir (once per source
// version: the library's name carries a hash of the source) and returns
// the path of the shared library.
func Build(dir string) (string, error) {
	sum := sha256.Sum256(append(append([]byte(nil), Source...), fortranSource...))
	lib := filepath.Join(dir, "libaugur_pmpi-"+hex.EncodeToString(sum[:6])+".so")
	if _, err := os.Stat(lib); err == nil {
		return lib, nil
	}
	mpicc, err := exec.LookPath("mpicc")
	if err != nil {
		return "", errors.New("mpicc not found: install OpenMPI (Debian: openmpi-bin libopenmpi-dev)")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	src := filepath.Join(dir, "augur_pmpi.c")
	if err := os.WriteFile(src, Source, 0o644); err != nil {
		return "", err
	}
	fsrc := filepath.Join(dir, "augur_fortran.c")
	if err := os.WriteFile(fsrc, fortranSource, 0o644); err != nil {
		return "", err
	}
	tmp := lib + ".tmp"
	cmd := exec.Command(mpicc, "-shared", "-fPIC", "-O2", "-o", tmp, src, fsrc)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		return "", fmt.Errorf("mpicc: %v\n%s", err, out.String())
	}
	return lib, os.Rename(tmp, lib)
}

// Reference is the speed at which a recording turns the measured seconds
// of a compute burst into flops, and where it comes from. The recorder
// states it in a header line of every rank's trace (see tit.Reference),
// so that a replay on the recording host's own machine file gives each
// burst the seconds it took, and on a host k times faster 1/k of them.
type Reference struct {
	Speed float64 // flop/s
	// Host is the host the speed was measured on; Source how it was
	// found ("machine file here.yaml", "measured at start", ...).
	Host, Source string
}

// Env returns the recorder's environment variables for ref.
func (ref Reference) Env() []string {
	return []string{"AUGUR_REF_SPEED=" + strconv.FormatFloat(ref.Speed, 'g', -1, 64),
		"AUGUR_REF_HOST=" + ref.Host, "AUGUR_REF_SOURCE=" + ref.Source}
}

// Defines returns the C compiler's -D options that make ref the
// recorder's default, for a recorder linked into a program (augur
// instrument --time): its environment variables still win.
func (ref Reference) Defines() []string {
	return []string{"-DAUGUR_REF_SPEED_DEFAULT=" + strconv.FormatFloat(ref.Speed, 'g', -1, 64),
		fmt.Sprintf("-DAUGUR_REF_HOST_DEFAULT=%s", cString(ref.Host)),
		fmt.Sprintf("-DAUGUR_REF_SOURCE_DEFAULT=%s", cString(ref.Source))}
}

// cString quotes s as a C string literal: printable ASCII as it is, the
// rest (and quotes and backslashes) escaped in octal, so that neither
// the compiler nor a shell-free exec can misread it.
func cString(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < 0x20 || c >= 0x7f || c == '"' || c == '\\' {
			fmt.Fprintf(&b, "\\%03o", c)
			continue
		}
		b.WriteByte(c)
	}
	b.WriteByte('"')
	return b.String()
}

// Run describes a recording.
type Run struct {
	NP     int
	Ref    Reference // the speed that turns measured compute time into flops
	Dir    string    // where the per-rank traces go
	Argv   []string  // program and arguments
	Lib    string    // the recorder library (see Build)
	Stdout io.Writer
	Stderr io.Writer
}

// Exec runs the program under mpirun with the recorder preloaded, writes
// Dir/index.txt naming the per-rank traces and returns the wall time of
// the mpirun.
func Exec(ctx context.Context, r Run) (time.Duration, error) {
	mpirun, err := exec.LookPath("mpirun")
	if err != nil {
		return 0, errors.New("mpirun not found: install OpenMPI (Debian: openmpi-bin)")
	}
	if err := os.MkdirAll(r.Dir, 0o755); err != nil {
		return 0, err
	}
	dir, err := filepath.Abs(r.Dir)
	if err != nil {
		return 0, err
	}
	// Stale traces of a previous recording with more ranks would be
	// taken for part of this one.
	old, _ := filepath.Glob(filepath.Join(dir, "rank-*.txt"))
	for _, f := range old {
		os.Remove(f)
	}
	args := []string{"-np", strconv.Itoa(r.NP), "--oversubscribe",
		"-x", "LD_PRELOAD=" + r.Lib,
		"-x", "AUGUR_TIT_DIR=" + dir,
	}
	for _, kv := range r.Ref.Env() {
		args = append(args, "-x", kv)
	}
	args = append(args, r.Argv...)
	cmd := exec.CommandContext(ctx, mpirun, args...)
	cmd.Stdout, cmd.Stderr = r.Stdout, r.Stderr
	cmd.Env = append(os.Environ(), "OMPI_MCA_plm_rsh_agent=", "OMPI_ALLOW_RUN_AS_ROOT=1", "OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1")
	start := time.Now()
	err = cmd.Run()
	wall := time.Since(start)
	if err != nil {
		return wall, fmt.Errorf("mpirun %s: %w", strings.Join(r.Argv, " "), err)
	}
	var idx strings.Builder
	for i := 0; i < r.NP; i++ {
		p := filepath.Join(dir, fmt.Sprintf("rank-%d.txt", i))
		if _, err := os.Stat(p); err != nil {
			return wall, fmt.Errorf("rank %d wrote no trace (%s): does the program call MPI_Init? (A Fortran program is recorded through use mpi or mpif.h, not the mpi_f08 module)", i, p)
		}
		why, err := Stopped(p)
		if err != nil {
			return wall, err
		}
		if why != "" {
			return wall, fmt.Errorf("rank %d: %s (%s)", i, why, p)
		}
		idx.WriteString(p + "\n")
	}
	return wall, os.WriteFile(filepath.Join(dir, "index.txt"), []byte(idx.String()), 0o644)
}

// Runs is what Quickest did: the span of every run (Span), in order, the
// index of the run whose traces were kept, and the wall time of all.
type Runs struct {
	Spans []float64
	Kept  int
	Wall  time.Duration
}

// Quickest records the program n times (Exec each time) and keeps the
// traces of the run of least span. A recording is a measurement: on a
// shared machine other jobs and the memory the host hands out can only
// slow a run down, so of several runs the quickest is the least disturbed,
// as a measured time is taken as the least of several runs.
func Quickest(ctx context.Context, r Run, n int) (Runs, error) {
	res := Runs{Kept: -1}
	dir, err := filepath.Abs(r.Dir)
	if err != nil {
		return res, err
	}
	keep := filepath.Join(dir, ".augur-quickest")
	defer os.RemoveAll(keep)
	ranks := func(d string) []string {
		p := make([]string, r.NP)
		for i := range p {
			p[i] = filepath.Join(d, fmt.Sprintf("rank-%d.txt", i))
		}
		return p
	}
	for k := 0; k < n; k++ {
		wall, err := Exec(ctx, r)
		res.Wall += wall
		if err != nil {
			if n > 1 {
				err = fmt.Errorf("run %d of %d: %w", k+1, n, err)
			}
			return res, err
		}
		if n == 1 {
			res.Kept = 0
			if s, err := Span(ranks(dir)); err == nil {
				res.Spans = append(res.Spans, s)
			}
			return res, nil
		}
		s, err := Span(ranks(dir))
		if err != nil {
			return res, err
		}
		res.Spans = append(res.Spans, s)
		if res.Kept >= 0 && s >= res.Spans[res.Kept] {
			continue
		}
		res.Kept = k
		if err := os.MkdirAll(keep, 0o755); err != nil {
			return res, err
		}
		for i, p := range ranks(dir) {
			if err := os.Rename(p, ranks(keep)[i]); err != nil {
				return res, err
			}
		}
	}
	for i, p := range ranks(keep) {
		if err := os.Rename(p, ranks(dir)[i]); err != nil {
			return res, err
		}
	}
	return res, nil
}

// stopMark starts the comment with which the recorder ends a trace whose
// recording it stopped at a call the format cannot say (a collective on
// part of the ranks, an inter-communicator).
const stopMark = "# augur recorder: "

// Stopped returns why the recording of the trace at path stopped early
// ("MPI_Allreduce on a communicator of 2 of the 4 ranks: ..."), or "" when
// it did not. The mark is in the trace's last lines.
func Stopped(path string) (string, error) {
	line, err := tailLine(path, stopMark)
	return line, err
}

// spanMark starts the line with which the recorder ends a rank's trace:
// the wall time from MPI_Init's return to MPI_Finalize's entry.
const spanMark = "# augur span: "

// Span returns the longest rank's span, from MPI_Init's return to
// MPI_Finalize's entry in seconds of wall time, of the traces at paths (a
// recording's ranks): the time a measured run of the program takes.
func Span(paths []string) (float64, error) {
	longest := 0.0
	for _, p := range paths {
		line, err := tailLine(p, spanMark)
		if err != nil {
			return 0, err
		}
		field, _, _ := strings.Cut(line, " ")
		s, err := strconv.ParseFloat(field, 64)
		if line == "" || err != nil || s < 0 {
			return 0, fmt.Errorf("%s has no span line (%q...): was it written by this version of the recorder?", p, spanMark)
		}
		longest = max(longest, s)
	}
	return longest, nil
}

// tailLine returns the rest of the last line of the file at path that
// starts with mark, among its last 4 KiB, or "" when none does.
func tailLine(path, mark string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return "", err
	}
	const tail = 4096
	off := max(fi.Size()-tail, 0)
	b := make([]byte, fi.Size()-off)
	if _, err := f.ReadAt(b, off); err != nil && !errors.Is(err, io.EOF) {
		return "", fmt.Errorf("reading %s: %w", path, err)
	}
	i := bytes.LastIndex(b, []byte(mark))
	if i < 0 {
		return "", nil
	}
	line, _, _ := strings.Cut(string(b[i+len(mark):]), "\n")
	return line, nil
}
