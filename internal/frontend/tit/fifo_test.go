//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package tit

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// A named pipe, as a trace or as a rank's trace named by an index, is
// refused by name before it is opened: opening one with no writer would
// block forever (issue 33), and a device such as /dev/zero never ends.
func TestPipesAndDevicesRefused(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skip("no named pipes:", err)
	}
	idx := filepath.Join(dir, "index")
	if err := os.WriteFile(idx, []byte(fifo+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	zero := filepath.Join(dir, "zero-index")
	if err := os.WriteFile(zero, []byte("/dev/zero\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ path, want string }{
		{fifo, fifo + ": is a named pipe (FIFO), not a regular file"},
		{idx, idx + ":1: trace file " + fifo + ": is a named pipe (FIFO)"},
		{zero, zero + ":1: trace file /dev/zero: is a device, not a regular file"},
		{dir, dir + ": is a directory, not an MPI trace"},
	} {
		tr, err := Open(c.path, 1, DefaultSettings())
		if err == nil {
			tr.Close()
			t.Errorf("%s: opened", c.path)
			continue
		}
		if !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%s: %v\nwant it to start %q", c.path, err, c.want)
		}
	}
}

// A file of one endless line is refused at the line cap, not read into
// memory whole.
func TestEndlessLineRefused(t *testing.T) {
	p := filepath.Join(t.TempDir(), "long")
	f, err := os.Create(p)
	if err != nil {
		t.Fatal(err)
	}
	// A sparse file: maxLine+1 bytes of zeros that take no disk.
	if err := f.Truncate(maxLine + 1<<20); err != nil {
		t.Fatal(err)
	}
	f.Close()
	_, err = Open(p, 0, DefaultSettings())
	if err == nil || !strings.Contains(err.Error(), "a line longer than 64 MiB") {
		t.Fatalf("got %v, want the line cap", err)
	}
}

// The first pass over a shared trace, which counts its ranks, reports
// how far it has come and stops when its context is done (issue 33: on a
// trace of a gigabyte it ignored Ctrl-C).
func TestCountingPassInterruptible(t *testing.T) {
	p := filepath.Join(t.TempDir(), "shared.txt")
	var b strings.Builder
	for r := range 600_000 {
		fmt.Fprintf(&b, "%d compute 1\n", r%4)
	}
	if err := os.WriteFile(p, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	var calls int
	var last, size int64
	tr, err := OpenContext(context.Background(), p, 0, DefaultSettings(), func(done, total int64) {
		calls++
		last, size = done, total
	})
	if err != nil {
		t.Fatal(err)
	}
	tr.Close()
	// 600,000 lines: reports at lines 262144 and 524288.
	if tr.NP() != 4 || calls != 2 || size != int64(b.Len()) || last == 0 || last > size {
		t.Errorf("np %d, %d reports, last %d of %d bytes", tr.NP(), calls, last, size)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := OpenContext(ctx, p, 0, DefaultSettings(), nil); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: got %v, want context.Canceled", err)
	}
	// With the number of ranks given, there is no first pass to stop.
	if tr, err := OpenContext(ctx, p, 4, DefaultSettings(), nil); err != nil {
		t.Errorf("np given: %v", err)
	} else {
		tr.Close()
	}
}
