//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package tit

import (
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
