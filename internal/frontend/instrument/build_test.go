package instrument

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"augur/internal/frontend/cfront"
	"augur/internal/frontend/recorder/mpi"
)

// Prepare writes the counted program and its runtime and gives a command
// that builds it; the timed build puts its loop alignment before the
// user's flags, so that theirs wins.
func TestPrepareAndCompile(t *testing.T) {
	dir := t.TempDir()
	b, err := Prepare(context.Background(), Request{Files: []string{"../analyze/testdata/sum.c"}, Dir: dir, Front: cfront.Options{Flags: []string{"-O2"}}})
	if err != nil {
		t.Fatal(err)
	}
	if b.Compiler != "cc" || b.MPI || b.Binary != filepath.Join(dir, "sum") || len(b.Sources) != 1 {
		t.Fatalf("compiler %q, MPI %v, binary %q, sources %v", b.Compiler, b.MPI, b.Binary, b.Sources)
	}
	for _, f := range append([]string{"augur_count.h"}, b.Link...) {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			t.Error(err)
		}
	}
	if got := strings.Join(b.Args[len(b.Args)-3:], " "); got != "-o "+b.Binary+" -lm" {
		t.Errorf("command ends %q", got)
	}
	if _, err := exec.LookPath("cc"); err != nil {
		t.Skip("no C compiler")
	}
	if err := b.Compile(context.Background(), os.Stderr); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(b.Binary); err != nil {
		t.Error(err)
	}

	tb, err := Prepare(context.Background(), Request{Files: []string{"../analyze/testdata/sum.c"}, Dir: t.TempDir(), Time: true,
		Tolerance: 0.05, Ref: mpi.Reference{Speed: 2.5e9, Host: `h"1`, Source: "machine file m.yaml"}, AlignLoops: 64,
		Front: cfront.Options{Flags: []string{"-falign-loops=32"}}})
	if err != nil {
		t.Fatal(err)
	}
	// The reference reaches the recorder as C strings, a quote escaped.
	args := strings.Join(tb.Args, " ")
	for _, d := range []string{"-DAUGUR_REF_SPEED_DEFAULT=2.5e+09", `-DAUGUR_REF_HOST_DEFAULT="h\0421"`, `-DAUGUR_REF_SOURCE_DEFAULT="machine file m.yaml"`} {
		if !strings.Contains(args, d) {
			t.Errorf("timed build: no %s in %s", d, args)
		}
	}
	if tb.Args[0] != "-falign-loops=64" || tb.Args[1] != "-falign-loops=32" {
		t.Errorf("timed build flags start %v", tb.Args[:2])
	}
	_, err = Prepare(context.Background(), Request{Files: []string{"../analyze/testdata/sum.c"}, Dir: t.TempDir(), Time: true,
		Sample: []string{"no_such_loop"}})
	var se *SampleError
	if !errors.As(err, &se) {
		t.Errorf("unknown sample: %v, want a SampleError", err)
	}
}
