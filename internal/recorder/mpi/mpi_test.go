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
