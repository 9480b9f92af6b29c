package cfront

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// A header that is a named pipe (or a device) is refused by name at its
// #include, and never opened: a FIFO with no writer blocked cc's
// preprocessor forever, a link to /dev/zero would never end. A directory with a
// header's name is not a header: the search goes on past it.
func TestIncludeNotARegularFile(t *testing.T) {
	needCC(t)
	dir := t.TempDir()
	if err := syscall.Mkfifo(filepath.Join(dir, "fifo.h"), 0o644); err != nil {
		t.Skipf("no named pipes here: %v", err)
	}
	if err := os.MkdirAll(filepath.Join(dir, "d", "dir.h"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(dir, "e"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "e", "dir.h"), []byte("int fromE;\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("/dev/zero", filepath.Join(dir, "e", "zero.h")); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name, src string
		want      []string // in the one error, in order
	}{
		{"fifo", "int a;\n#include \"fifo.h\"\nint main(void) { return 0; }\n",
			[]string{"prog.c:2:10: ", `#include "fifo.h": `, filepath.Join(dir, "fifo.h"), "is a named pipe (FIFO)", "a C header"}},
		{"device", "#include <zero.h>\nint main(void) { return 0; }\n",
			[]string{"prog.c:1:10: ", "#include <zero.h>: ", filepath.Join(dir, "e", "zero.h"), "is a device", "a C header"}},
		{"directory", "#include <dir.h>\nint main(void) { return fromE; }\n", nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			prog := filepath.Join(dir, "prog.c")
			if err := os.WriteFile(prog, []byte(c.src), 0o644); err != nil {
				t.Fatal(err)
			}
			done := make(chan *Program, 1)
			go func() {
				p, err := Load(context.Background(), []string{prog}, Options{Flags: []string{"-I", filepath.Join(dir, "d"), "-I", filepath.Join(dir, "e")}})
				if err != nil {
					t.Error(err)
				}
				done <- p
			}()
			var p *Program
			select {
			case p = <-done:
			case <-time.After(time.Minute): // a blocked open never returns
				t.Fatal("the C front end is still reading the header after a minute")
			}
			if p == nil {
				return
			}
			text := diagText(p)
			if c.want == nil {
				if p.Diags.HasErrors() {
					t.Fatalf("errors:\n%s", text)
				}
				return
			}
			if !p.Diags.HasErrors() || strings.Count(text, "\n") > 1 {
				t.Fatalf("want one error, got:\n%s", text)
			}
			at := 0
			for _, w := range c.want {
				k := strings.Index(text[at:], w)
				if k < 0 {
					t.Fatalf("want %q after column %d in:\n%s", w, at, text)
				}
				at += k + len(w)
			}
			if strings.Contains(text, "not found") {
				t.Errorf("the header is there, not missing:\n%s", text)
			}
		})
	}
}
