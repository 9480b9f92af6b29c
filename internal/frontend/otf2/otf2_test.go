package otf2

import (
	"bufio"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// writerBin compiles testdata/mpiwrite.c against the OTF2 library.
func writerBin(t testing.TB) string {
	t.Helper()
	if _, err := os.Stat("/usr/include/otf2/otf2.h"); err != nil {
		t.Skip("the OTF2 library is not installed (apt-get install libotf2-trace-dev otf2-tools): no archive written by it to read")
	}
	bin := filepath.Join(t.TempDir(), "mpiwrite")
	out, err := exec.Command("gcc", "-O1", "-Wall", "-o", bin, "testdata/mpiwrite.c", "-lotf2").CombinedOutput()
	if err != nil {
		t.Fatalf("gcc: %v\n%s", err, out)
	}
	return bin
}

// writeArchive writes the test program's archive and TiT trace in a
// temporary directory, in the given mode, at speed flop/s.
func writeArchive(t testing.TB, bin, mode string, speed float64) (anchor, tit string) {
	t.Helper()
	dir := t.TempDir()
	tit = filepath.Join(dir, "trace.tit")
	out, err := exec.Command(bin, filepath.Join(dir, "arch"), tit, strconv.FormatFloat(speed, 'g', -1, 64), mode).CombinedOutput()
	if err != nil {
		t.Fatalf("mpiwrite: %v\n%s", err, out)
	}
	return filepath.Join(dir, "arch", "traces.otf2"), tit
}

// actions reads a TiT file's lines per rank.
func actions(t *testing.T, path string) map[string][]string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	m := map[string][]string{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fs := strings.Fields(sc.Text())
		if len(fs) > 0 {
			m[fs[0]] = append(m[fs[0]], strings.Join(fs[1:], " "))
		}
	}
	return m
}

// sameAction compares two actions, compute amounts to 1e-9 relative.
func sameAction(a, b string) bool {
	fa, fb := strings.Fields(a), strings.Fields(b)
	if len(fa) != len(fb) {
		return false
	}
	for i := range fa {
		if fa[i] == fb[i] {
			continue
		}
		x, e1 := strconv.ParseFloat(fa[i], 64)
		y, e2 := strconv.ParseFloat(fb[i], 64)
		if e1 != nil || e2 != nil || x-y > 1e-9*y || y-x > 1e-9*y {
			return false
		}
	}
	return true
}

// convertAs converts a at speed flop/s and checks that each rank's
// actions are those of the TiT trace tit, in order.
func convertAs(t *testing.T, a *Archive, tit string, speed float64) *Converted {
	t.Helper()
	dir := t.TempDir()
	conv, err := a.Convert(dir, func(int) float64 { return speed })
	if err != nil {
		t.Fatal(err)
	}
	want := actions(t, tit)
	for r := 0; r < a.NP(); r++ {
		got := actions(t, filepath.Join(dir, "rank"+strconv.Itoa(r)+".txt"))[strconv.Itoa(r)]
		w := want[strconv.Itoa(r)]
		if len(got) != len(w) {
			t.Fatalf("rank %d: %d actions, want %d", r, len(got), len(w))
		}
		bad := 0
		for i := range got {
			if !sameAction(got[i], w[i]) {
				if bad++; bad <= 5 {
					t.Errorf("rank %d action %d: %q, want %q", r, i, got[i], w[i])
				}
			}
		}
	}
	return conv
}

// Events that cross chunk boundaries (the ring 20000 times, in event
// chunks of 256 KiB: six a rank) are read as the TiT trace says.
func TestConvertChunks(t *testing.T) {
	bin := writerBin(t)
	anchor, tit := writeArchive(t, bin, "long", 1e9)
	st, err := os.Stat(filepath.Join(filepath.Dir(anchor), "traces", "0.evt"))
	if err != nil || st.Size() < 4*256<<10 {
		t.Fatalf("rank 0's events: %v, %d bytes: want more than four chunks", err, st.Size())
	}
	a, err := Open(anchor)
	if err != nil {
		t.Fatal(err)
	}
	convertAs(t, a, tit, 1e9)
}

// TestConvertMatchesTiT reads an archive the OTF2 library wrote (4
// ranks: send/recv, irecv/isend/wait on a duplicate of MPI_COMM_WORLD,
// bcast, reduce, allreduce, barrier, a message on a communicator of
// every rank in reverse order, OpenMP events and worker threads that are
// not read) and checks that each rank's actions are those of
// the TiT trace the writer wrote of the same run, action by action.
func TestConvertMatchesTiT(t *testing.T) {
	bin := writerBin(t)
	anchor, tit := writeArchive(t, bin, "full", 2e9)
	a, err := Open(anchor)
	if err != nil {
		t.Fatal(err)
	}
	if a.NP() != 4 || a.Resolution != 1e9 || a.Host(2) != "node7" {
		t.Fatalf("np %d, resolution %d, host %q: want 4, 1e9, node7", a.NP(), a.Resolution, a.Host(2))
	}
	conv := convertAs(t, a, tit, 2e9)
	// Rank 1's bursts: 1.25 + 2 + 0.3 + 0.4 + 0.5 + 0.8 + 0.6 + 0.1 + 4 ×
	// 0.03 + 0.05 ms.
	if c := conv.Compute[1]; c < 6.1199e-3 || c > 6.1201e-3 {
		t.Errorf("rank 1 computes %g s, want 6.12 ms", c)
	}
	notes := strings.Join(conv.NotRead, "; ")
	for _, w := range []string{"8 events of 4 locations", "2 OpenMP and thread events",
		"4 MPI_Allgatherv calls' per-rank counts (OTF2 keeps their totals only: replayed as equal blocks)",
		"4 MPI_Alltoallv calls'", "4 MPI_Gatherv calls'",
		"1 OpenMP regions entered (their time outside MPI calls counted as computation)"} {
		if !strings.Contains(notes, w) {
			t.Errorf("not read: %q lacks %q", notes, w)
		}
	}
}

// TestRefusals checks the archives augur refuses and how it says so.
func TestRefusals(t *testing.T) {
	bin := writerBin(t)
	for _, c := range []struct{ mode, want string }{
		{"subcomm", `MpiSend: a send on communicator "pair_comm" (2 of 4 ranks): augur replays MPI_COMM_WORLD and its duplicates only`},
		{"openirecv", "rank 2: MPI_Irecv request 99 never completed"},
	} {
		anchor, _ := writeArchive(t, bin, c.mode, 1e9)
		a, err := Open(anchor)
		if err != nil {
			t.Fatal(err)
		}
		_, err = a.Convert(t.TempDir(), func(int) float64 { return 1e9 })
		var oe *Error
		if err == nil || !errors.As(err, &oe) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want an *Error with %q", c.mode, err, c.want)
		}
	}
}
