package main

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// badFiles makes, in dir, one file of each kind augur refuses as an
// input, named NAME.ext: a missing file, a directory, a named pipe (with
// no writer: reading it would block forever), a device (a link to
// /dev/zero, which never ends), and a sparse file of 2 GiB + 1 byte, past
// every kind's cap but the streamed MPI trace's. It returns their paths
// by kind and the reason each is refused for.
func badFiles(t *testing.T, dir, ext string) map[string][2]string {
	t.Helper()
	p := func(name string) string { return filepath.Join(dir, name+ext) }
	if err := os.Mkdir(p("dir"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(p("fifo"), 0o600); err != nil {
		t.Skip("no named pipes:", err)
	}
	if err := os.Symlink("/dev/zero", p("dev")); err != nil {
		t.Fatal(err)
	}
	f, err := os.Create(p("big"))
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(2<<30 + 1); err != nil {
		t.Skip("no sparse files:", err)
	}
	f.Close()
	return map[string][2]string{
		"missing": {p("missing"), "no such file or directory"},
		"dir":     {p("dir"), "is a directory"},
		"fifo":    {p("fifo"), "is a named pipe (FIFO), not a regular file"},
		"dev":     {p("dev"), "is a device, not a regular file"},
		"big":     {p("big"), "is 2147483649 bytes (2 GiB), more than the"},
	}
}

// Every command that reads an input file refuses each kind of file it
// cannot read, at once (a pipe must not block) and with exit status 1,
// naming the file and why (issue 33: a directory as the trace exited 4,
// a pipe blocked forever, /dev/zero grew until the kernel killed augur).
func TestInputFileClasses(t *testing.T) {
	const (
		model    = ex + "sample.aug"
		ideal    = ex + "machines/ideal.yaml"
		platform = sg + "small_platform.xml"
		trace    = sg + "actions_bcast.txt"
	)
	dir := t.TempDir()
	bad := map[string]map[string][2]string{}
	for _, ext := range []string{".aug", ".yaml", ".xml", ".txt", ".trace", ".csv", ".json", ".c"} {
		sub := filepath.Join(dir, strings.TrimPrefix(ext, "."))
		if err := os.Mkdir(sub, 0o755); err != nil {
			t.Fatal(err)
		}
		bad[ext] = badFiles(t, sub, ext)
	}
	// Each reader, with X where the bad file goes and its extension.
	for _, c := range []struct {
		ext      string
		args     []string
		streamed bool // an MPI trace: no size cap
	}{
		{".aug", []string{"predict", "X", "--machine", ideal, "--procs", "4"}, false},
		{".yaml", []string{"predict", model, "--machine", "X", "--procs", "4"}, false},
		{".aug", []string{"check", "X"}, false},
		{".aug", []string{"fmt", "X"}, false},
		{".aug", []string{"export", "X", "--to", "dot"}, false},
		{".trace", []string{"simulate", "X", "--cpus", "2"}, false},
		{".txt", []string{"replay", "X", "--platform", platform, "--np", "2"}, true},
		{".txt", []string{"replay", "X", "--platform", platform}, true},
		{".xml", []string{"replay", trace, "--platform", "X", "--np", "2"}, false},
		{".yaml", []string{"replay", trace, "--platform", "X", "--np", "2"}, false},
		{".txt", []string{"replay", trace, "--platform", platform, "--np", "2", "--hostfile", "X"}, false},
		{".csv", []string{"fit", "X"}, false},
		{".aug", []string{"validate", "X", "../../internal/run/validate/testdata/lapw0.csv", "--machine", ideal}, false},
		{".csv", []string{"validate", model, "X", "--machine", ideal}, false},
		{".json", []string{"report", "X", "-o", filepath.Join(dir, "r.html")}, false},
		{".c", []string{"analyze", "X"}, false},
		{".json", []string{"analyze", "--compile-commands", "X"}, false},
		{".c", []string{"bench", "block", "X", "--n", "10"}, false},
		{".aug", []string{"sweep", "predict", "X", "--machine", ideal, "--procs", "2", "--out", filepath.Join(dir, "sw")}, false},
		{".yaml", []string{"sweep", "predict", model, "--machine", "X", "--procs", "2", "--out", filepath.Join(dir, "sw")}, false},
		{".csv", []string{"sweep", "predict", model, "--machine", ideal, "--points", "X", "--out", filepath.Join(dir, "sw")}, false},
		{".txt", []string{"sweep", "replay", "X", "--platform", platform, "--np", "2", "--out", filepath.Join(dir, "sw")}, true},
	} {
		for kind, f := range bad[c.ext] {
			if kind == "big" && c.streamed {
				continue
			}
			args := append([]string(nil), c.args...)
			for i, a := range args {
				if a == "X" {
					args[i] = f[0]
				}
			}
			code, _, errs := augur(t, args...)
			if code != exitInput || !strings.Contains(errs, f[0]) || !strings.Contains(errs, f[1]) {
				t.Errorf("augur %s: exit %d, want %d, naming %s and %q:\n%s", strings.Join(args, " "), code, exitInput, f[0], f[1], errs)
			}
		}
	}
}
