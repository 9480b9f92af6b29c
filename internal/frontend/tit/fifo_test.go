//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package tit

import (
	"fmt"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// A rank's trace may be a pipe (no offsets to read at), as it was when
// ranks' files were read with os.File.Read.
func TestRankFilePipe(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skip("no named pipes:", err)
	}
	text := "0 init\n0 compute 1e6\n0 barrier\n"
	go func() {
		f, err := os.OpenFile(fifo, os.O_WRONLY, 0)
		if err != nil {
			return
		}
		f.WriteString(text)
		f.Close()
	}()
	idx := filepath.Join(dir, "index")
	if err := os.WriteFile(idx, []byte(fifo+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tr, err := Open(idx, 1, DefaultSettings())
	if err != nil {
		t.Fatal(err)
	}
	ops, err := drain(t, tr, 100)
	tr.Close()
	if err != nil {
		t.Fatal(err)
	}
	if got, want := fmt.Sprintf("%+v", ops[0]), referenceOps(fifo, []byte(text)); got != want {
		t.Errorf("from a pipe:\n%s\nwant\n%s", got, want)
	}
}
