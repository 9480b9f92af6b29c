package analyze

import (
	"strings"
	"testing"
)

// testdata/dtype.c: the allgather sends one element of a contiguous type
// of n / np characters, floor(n / procs) bytes; the broadcast 2 elements
// of a vector type of 4 blocks of 16 doubles, 2 · 4 · 16 · 8 = 1024
// bytes. An unknown type is still 1 byte, with a warning.
func TestDerivedDatatypes(t *testing.T) {
	a, err := Run(load(t, "testdata/dtype.c"), o2)
	if err != nil {
		t.Fatal(err)
	}
	for line, want := range map[int]string{18: "floor(n / procs)", 19: "1024"} {
		b := blockAt(t, a, "main", line)
		if b.Comm == nil {
			t.Fatalf("line %d is not an MPI call", line)
		}
		if got := String(b.Comm.Size); got != want {
			t.Errorf("line %d: size %s, want %s", line, got, want)
		}
	}
	for _, d := range a.Diags {
		if strings.Contains(d.Msg, "predefined MPI type") {
			t.Errorf("warned: %v", d)
		}
	}
}
