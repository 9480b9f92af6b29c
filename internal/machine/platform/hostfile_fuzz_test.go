package platform

import (
	"errors"
	"testing"
)

// FuzzParseHostfile: any text either reads as a hostfile whose every entry
// has a name and the line it came from, or gives an error with its line.
func FuzzParseHostfile(f *testing.F) {
	for _, s := range []string{"a\nb\n", "node-0:4\nnode-1:4\n", "\n  x : 2 \n\ny\n", "a:-1\n", ":3\n", "", "a:b\n"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		h, err := ParseHostfile("hosts", data)
		if err != nil {
			var pe *Error
			if !errors.As(err, &pe) || pe.Line < 1 || pe.File != "hosts" {
				t.Fatalf("error without file and line: %v", err)
			}
			return
		}
		if len(h.Names) == 0 || len(h.Names) != len(h.Lines) {
			t.Fatalf("%d names, %d lines", len(h.Names), len(h.Lines))
		}
		for i, n := range h.Names {
			if n == "" || h.Lines[i] < 1 {
				t.Fatalf("entry %d: name %q at line %d", i, n, h.Lines[i])
			}
		}
	})
}
