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

// Build compiles the recorder with mpicc into dir (once per source
// version: the library's name carries a hash of the source) and returns
// the path of the shared library.
func Build(dir string) (string, error) {
	sum := sha256.Sum256(Source)
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
	tmp := lib + ".tmp"
	cmd := exec.Command(mpicc, "-shared", "-fPIC", "-O2", "-o", tmp, src)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		return "", fmt.Errorf("mpicc: %v\n%s", err, out.String())
	}
	return lib, os.Rename(tmp, lib)
}

// Run describes a recording.
type Run struct {
	NP       int
	RefSpeed float64  // flop/s that turns measured compute time into flops
	Dir      string   // where the per-rank traces go
	Argv     []string // program and arguments
	Lib      string   // the recorder library (see Build)
	Stdout   io.Writer
	Stderr   io.Writer
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
		"-x", "AUGUR_REF_SPEED=" + strconv.FormatFloat(r.RefSpeed, 'g', -1, 64)}
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
			return wall, fmt.Errorf("rank %d wrote no trace (%s): does the program call MPI_Init?", i, p)
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

// stopMark starts the comment with which the recorder ends a trace whose
// recording it stopped at a call the format cannot say (a collective on
// part of the ranks, an inter-communicator).
const stopMark = "# augur recorder: "

// Stopped returns why the recording of the trace at path stopped early
// ("MPI_Allreduce on a communicator of 2 of the 4 ranks: ..."), or "" when
// it did not. The mark is in the trace's last lines.
func Stopped(path string) (string, error) {
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
	i := bytes.LastIndex(b, []byte(stopMark))
	if i < 0 {
		return "", nil
	}
	line, _, _ := strings.Cut(string(b[i+len(stopMark):]), "\n")
	return line, nil
}
