package mpi

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Stopped finds the recorder's stop mark in a trace's last lines, however
// long the trace, and nothing in a trace that ran to its end.
func TestStopped(t *testing.T) {
	dir := t.TempDir()
	long := strings.Repeat("2 compute 1000\n", 1000) // 15 000 bytes, more than the tail read
	for _, c := range []struct{ text, want string }{
		{"2 init\n2 barrier\n2 finalize\n", ""},
		{"2 init\n" + long + "# augur recorder: MPI_Bcast on a communicator of 2 of the 4 ranks: a SimGrid time-independent trace cannot say it; the recording stops here\n2 unrecordable MPI_Bcast\n",
			"MPI_Bcast on a communicator of 2 of the 4 ranks: a SimGrid time-independent trace cannot say it; the recording stops here"},
		{"# augur recorder: MPI_Send on an inter-communicator: x\n2 unrecordable MPI_Send\n", "MPI_Send on an inter-communicator: x"},
		{"", ""},
	} {
		p := filepath.Join(dir, "rank-2.txt")
		if err := os.WriteFile(p, []byte(c.text), 0o644); err != nil {
			t.Fatal(err)
		}
		got, err := Stopped(p)
		if err != nil || got != c.want {
			t.Errorf("Stopped on %d bytes: %q, %v; want %q", len(c.text), got, err, c.want)
		}
	}
	if _, err := Stopped(filepath.Join(dir, "none.txt")); err == nil {
		t.Error("no error for a missing trace")
	}
}

// Span is the longest rank's span line, and a trace without one (another
// recorder's, or cut short) is an error that names it.
func TestSpan(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	end := "# augur recorded compute: 0.1 s in 3 bursts\n"
	a := write("rank-0.txt", "0 init\n"+strings.Repeat("0 compute 1000\n", 1000)+"0 finalize\n"+end+"# augur span: 0.250000000 s from MPI_Init's return to MPI_Finalize's entry\n")
	b := write("rank-1.txt", "1 init\n1 finalize\n"+end+"# augur span: 0.312500000 s from MPI_Init's return to MPI_Finalize's entry\n")
	if got, err := Span([]string{a, b}); err != nil || got != 0.3125 {
		t.Errorf("Span = %v, %v; want 0.3125", got, err)
	}
	c := write("rank-2.txt", "2 init\n2 finalize\n"+end)
	if _, err := Span([]string{a, c}); err == nil || !strings.Contains(err.Error(), "rank-2.txt has no span line") {
		t.Errorf("a trace without a span line: %v", err)
	}
}
