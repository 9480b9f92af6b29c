package infile

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

func TestRefusals(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skip("no named pipes:", err)
	}
	big := filepath.Join(dir, "big.aug")
	f, err := os.Create(big)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(Model.Max() + 1); err != nil { // sparse
		t.Fatal(err)
	}
	f.Close()
	small := filepath.Join(dir, "small.aug")
	if err := os.WriteFile(small, []byte("model m\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		path string
		kind Kind
		want string // "" for no error
	}{
		{small, Model, ""},
		{fifo, Model, fifo + ": is a named pipe (FIFO), not a regular file: augur reads a model only from a regular file"},
		{"/dev/zero", TraceIndex, "/dev/zero: is a device, not a regular file: augur reads a trace index only from a regular file"},
		{dir, Machine, dir + ": is a directory, not a machine file"},
		{big, Model, big + `: is 67108865 bytes (64 MiB), more than the 64 MiB that augur reads of a model`},
		{big, MPITrace, ""}, // streamed: no cap
	} {
		_, err := ReadFile(c.path, c.kind)
		if c.kind == MPITrace {
			err = Check(c.path, c.kind)
		}
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%s: %v", c.path, err)
		case c.want != "" && (err == nil || !strings.HasPrefix(err.Error(), c.want)):
			t.Errorf("%s: got %v\nwant %q", c.path, err, c.want)
		case c.want != "" && !IsInputError(err):
			t.Errorf("%s: %v is not an input error", c.path, err)
		}
	}
	if _, err := ReadFile(filepath.Join(dir, "missing"), Model); !IsInputError(err) {
		t.Errorf("a missing file: %v is not an input error", err)
	}
}

func TestSize(t *testing.T) {
	for n, want := range map[int64]string{17: "17 B", 12 << 10: "12 KiB", 300 << 20: "300 MiB", 3 << 30: "3 GiB", 1536 << 20: "1.5 GiB"} {
		if got := Size(n); got != want {
			t.Errorf("Size(%d) = %q, want %q", n, got, want)
		}
	}
}
