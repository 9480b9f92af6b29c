package tit

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"augur/internal/ir"
)

// drain returns every operation of every rank (all streams read
// round-robin, as the engine interleaves them).
func drain(t testing.TB, tr *Trace, max int) ([][]ir.Op, error) {
	t.Helper()
	streams := make([]ir.Stream, tr.NP())
	for r := range streams {
		streams[r] = tr.Stream(r, 1)
	}
	return drainStreams(streams, max)
}

// drainStreams reads the streams in turn, one operation each a round, for
// at most max rounds or until every one has ended.
func drainStreams(streams []ir.Stream, max int) ([][]ir.Op, error) {
	out := make([][]ir.Op, len(streams))
	done := make([]bool, len(streams))
	for left, n := len(streams), 0; left > 0 && n < max; n++ {
		for r, s := range streams {
			if done[r] {
				continue
			}
			var op ir.Op
			if err := s.Next(&op); err != nil {
				return out, err
			}
			out[r] = append(out[r], op)
			if op.Kind == ir.End {
				done[r] = true
				left--
			}
		}
	}
	return out, nil
}

func TestParseFloat(t *testing.T) {
	for in, want := range map[string]float64{"0": 0, "1e6": 1e6, "5e4": 5e4, "98095000": 98095000,
		"2.5e8": 2.5e8, "0.69162": 0.69162, "-3": -3, "1.5": 1.5, "1e-3": 1e-3, "123456789012345678901": 123456789012345678901,
		"1E2": 100, "+7": 7} {
		got, ok := parseFloat([]byte(in))
		if !ok || got != want {
			t.Errorf("parseFloat(%q) = %v, %v; want %v", in, got, ok, want)
		}
	}
	for _, in := range []string{"", "e5", "1e", "abc", "1.2.3", "1x", "-", "nan"} {
		if _, ok := parseFloat([]byte(in)); ok {
			t.Errorf("parseFloat(%q) accepted", in)
		}
	}
	// std::stoi keeps the leading digits.
	for in, want := range map[string]int32{"5": 5, "5e4": 5, "-1": -1, "12abc": 12} {
		if got, ok := parseInt([]byte(in)); !ok || got != want {
			t.Errorf("parseInt(%q) = %v, %v; want %v", in, got, ok, want)
		}
	}
}

type opSum struct {
	kind  ir.Kind
	peer  int32 // Peer, or Root for a rooted collective, Request for a Wait
	bytes float64
	cost  float64
	n     int // len(Counts)
}

func sum(ops []ir.Op) []opSum {
	var s []opSum
	for _, o := range ops {
		c := o.Cost
		if o.Kind != ir.Compute && o.Kind != ir.Test && o.Kind != ir.Delay {
			c = 0 // NoCost or unused
		}
		peer := o.Peer
		switch {
		case o.Kind.HasRoot():
			peer = o.Root
		case o.Kind == ir.Wait:
			peer = o.Request
		}
		s = append(s, opSum{o.Kind, peer, o.Bytes, c, len(o.Counts)})
	}
	return s
}

// Every action of SimGrid 3.32's replay, with its sizes and defaults.
func TestAllActions(t *testing.T) {
	tr, err := Open("testdata/all.txt", 0, DefaultSettings())
	if err != nil {
		t.Fatal(err)
	}
	defer tr.Close()
	if !tr.Shared || tr.NP() != 2 {
		t.Fatalf("shared=%v np=%d, want a shared trace of 2 ranks", tr.Shared, tr.NP())
	}
	ops, err := drain(t, tr, 1000)
	if err != nil {
		t.Fatal(err)
	}
	const nc = 0
	want0 := []opSum{
		{ir.Compute, 0, 0, 1e6, 0},
		{ir.Isend, 1, 800, nc, 0}, {ir.Irecv, 1, 800, nc, 0}, {ir.WaitReq, 1, 0, 0, 0}, {ir.WaitReq, 1, 0, 0, 0},
		{ir.Scan, 0, 80, nc, 0},
		{ir.Exscan, 0, 10, nc, 0}, {ir.Compute, 0, 0, 5, 0}, // default type MPI_BYTE
		{ir.ReduceScatter, 0, 8, nc, 2},
		{ir.Gatherv, 1, 8, nc, 2},
		{ir.Scatterv, 1, 8, nc, 2},
		{ir.Scatter, 0, 20, nc, 0}, // the root sends 5 MPI_INT per block
		{ir.Allgather, 0, 20, nc, 0},
		{ir.Allgatherv, 0, 3, nc, 2},
		{ir.Alltoall, 0, 7, nc, 0},
		{ir.Alltoallv, 0, 0, nc, 4},
		{ir.Bcast, 1, 4e5, nc, 0},                              // root 1, datatype 0: MPI_DOUBLE
		{ir.Reduce, 1, 4e5, nc, 0}, {ir.Compute, 0, 0, 5e8, 0}, // datatype 4: MPI_LONG
		{ir.Allreduce, 0, 100, nc, 0}, {ir.Compute, 0, 0, 200, 0},
		{ir.Gather, 0, 68 * 8, nc, 0},
		{ir.Barrier, 0, 0, nc, 0},
		{ir.Irecv, 1, 12, nc, 0},
		{ir.Send, 1, 12, nc, 0},
		{ir.Test, 1, 1, 1e-4, 0},
		{ir.WaitReq, 1, 0, 0, 0},
		{ir.Isend, 1, 1e3, nc, 0},
		{ir.Wait, ir.AllRequests, 0, 0, 0},
		{ir.Wait, ir.AllRequests, 0, 0, 0}, // the end of the trace
		{ir.End, 0, 0, 0, 0},
	}
	got := sum(ops[0])
	if len(got) != len(want0) {
		t.Fatalf("rank 0: %d operations, want %d:\n%v", len(got), len(want0), got)
	}
	for i, w := range want0 {
		if got[i] != w {
			t.Errorf("rank 0 op %d: %+v, want %+v", i, got[i], w)
		}
	}
	// Rank 1's view of the vector collectives and its requests.
	o1 := ops[1]
	find := func(k ir.Kind) ir.Op {
		for _, o := range o1 {
			if o.Kind == k {
				return o
			}
		}
		t.Fatalf("rank 1 has no %v", k)
		return ir.Op{}
	}
	if g := find(ir.Gatherv); g.Counts[0] != 8 || g.Counts[1] != 16 || g.Bytes != 16 {
		t.Errorf("rank 1 gatherv %+v", g)
	}
	if a := find(ir.Alltoallv); a.Counts[0] != 5 || a.Counts[1] != 6 || a.Counts[2] != 3 || a.Counts[3] != 4 {
		t.Errorf("rank 1 alltoallv counts %v", a.Counts)
	}
	if d := find(ir.Delay); d.Cost != 0.5 {
		t.Errorf("sleep 0.5 gave %+v", d)
	}
	var waits []ir.Op
	for _, o := range o1 {
		if o.Kind == ir.WaitReq && o.Elem == ElemWait {
			waits = append(waits, o)
		}
	}
	if len(waits) != 2 || waits[0].Peer != 0 || waits[0].Dir != ir.ToPeer || waits[1].Peer != 0 || waits[1].Dir != ir.FromPeer {
		t.Errorf("rank 1 waits %+v: want the isend to 0, then the irecv from 0", waits)
	}
}

// smpirun resolves an index's names relative to where it runs; SimGrid's
// split_traces names replay/actions0.txt from examples/smpi.
func TestIndexLayout(t *testing.T) {
	tr, err := Open("testdata/index.txt", 0, DefaultSettings())
	if err != nil {
		t.Fatal(err)
	}
	defer tr.Close()
	if tr.Shared || tr.NP() != 2 || filepath.Base(tr.Files[1]) != "r1.txt" {
		t.Fatalf("got shared=%v files=%v", tr.Shared, tr.Files)
	}
	ops, err := drain(t, tr, 100)
	if err != nil {
		t.Fatal(err)
	}
	if got := sum(ops[1]); len(got) != 4 || got[0].kind != ir.Recv || got[1].kind != ir.Compute || got[1].cost != 1e9 {
		t.Errorf("rank 1: %+v", got)
	}
}

// Malformed lines are reported with their file and line.
func TestErrors(t *testing.T) {
	dir := t.TempDir()
	cases := map[string]string{
		"0 init\n0 send 1 0\n":             "x.txt:2: send needs 3 arguments",
		"0 init\n\n0 compute abc\n":        "x.txt:3: compute: flops \"abc\" is not a number",
		"0 init\n0 send 7 0 10\n":          "x.txt:2: send: partner 7 is not a rank (there are 2, 0..1)",
		"0 init\n0 frobnicate 1\n":         "x.txt:2: unknown action \"frobnicate\"",
		"0 init\n0 bcast 10 0 99\n":        "x.txt:2: bcast: datatype \"99\" is not one of SimGrid's datatype ids",
		"0 init\nx send 1 0 1\n":           "x.txt:2: \"x\" is not a rank",
		"0 init\n0 wait 1 1 0\n":           "x.txt:2: wait: request 1 -> 1 does not involve rank 0",
		"0 init\n0 alltoallv 1 2 3 4 5\n":  "x.txt:2: alltoallv needs 6 arguments",
		"0 init\n0 compute -5\n1 init\n":   "x.txt:2: compute: -5 flops is negative",
		"0 init\n0 send 1 -4 10\n1 init\n": "x.txt:2: send: tag -4 is negative",
		// SimGrid reads these as 1, 0 bytes and 0 bytes: a corrupt trace
		// replayed to a wrong time; augur refuses them (hostile input).
		"0 init\n0 send 1.5 0 10\n":  "x.txt:2: send: partner \"1.5\" is not an integer",
		"0 init\n0 send 1 2e1 10\n":  "x.txt:2: send: tag \"2e1\" is not an integer",
		"0 init\n0 send 1 0 -1e10\n": "x.txt:2: send: size \"-1e10\" is not a finite amount ≥ 0",
		"0 init\n0 recv 1 0 inf\n":   "x.txt:2: recv: size \"inf\" is out of range (not a finite number)",
		"0 init\n0 bcast 1e400\n":    "x.txt:2: bcast: size \"1e400\" is out of range (not a finite number)",
		"0 init\n0 allreduce 8 -1\n": "x.txt:2: allreduce: flops \"-1\" is not a finite amount ≥ 0",
		// Out of range: +Inf as a float64 (issue 33: it was a fault of
		// the simulation, exit 4, with no place).
		"0 init\n0 compute 1e309\n":  "x.txt:2: compute: flops \"1e309\" is out of range (not a finite number)",
		"0 init\n0 send 1 0 1e400\n": "x.txt:2: send: size \"1e400\" is out of range (not a finite number)",
	}
	for src, want := range cases {
		p := filepath.Join(dir, "x.txt")
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		tr, err := Open(p, 2, DefaultSettings())
		if err == nil {
			_, err = drain(t, tr, 100)
			tr.Close()
		}
		var te *Error
		if err == nil || !strings.Contains(err.Error(), want) || (!errors.As(err, &te) && !strings.Contains(want, "not a rank")) {
			t.Errorf("%q: got %v, want an error containing %q", src, err, want)
		}
	}
	if _, err := Open(filepath.Join(dir, "missing.txt"), 2, DefaultSettings()); err == nil {
		t.Error("a missing trace opened")
	}
	os.WriteFile(filepath.Join(dir, "idx"), []byte("nothere.txt\n"), 0o644)
	if _, err := Open(filepath.Join(dir, "idx"), 0, DefaultSettings()); err == nil || !strings.Contains(err.Error(), "idx:1: trace file \"nothere.txt\" not found") {
		t.Errorf("index naming a missing file: %v", err)
	}
}

// A wait for a request the rank never posted is marked, for the engine's
// deadlock report.
func TestWaitUnposted(t *testing.T) {
	p := filepath.Join(t.TempDir(), "w.txt")
	os.WriteFile(p, []byte("0 init\n0 wait 1 0 5\n1 init\n"), 0o644)
	tr, err := Open(p, 2, DefaultSettings())
	if err != nil {
		t.Fatal(err)
	}
	ops, err := drain(t, tr, 10)
	if err != nil {
		t.Fatal(err)
	}
	if o := ops[0][0]; o.Kind != ir.WaitUnposted || o.Peer != 1 || o.Tag != 5 {
		t.Errorf("got %+v", o)
	}
}

// Per-rank files stream through a bounded pool of open files.
func TestFilePool(t *testing.T) {
	dir := t.TempDir()
	const np = 40
	var idx strings.Builder
	for r := 0; r < np; r++ {
		var b strings.Builder
		for i := 0; i < 300; i++ {
			b.WriteString("0 compute 1\n")
		}
		name := filepath.Join(dir, "r"+string(rune('a'+r%26))+string(rune('a'+r/26))+".txt")
		os.WriteFile(name, []byte(b.String()), 0o644)
		idx.WriteString(name + "\n")
	}
	os.WriteFile(filepath.Join(dir, "index"), []byte(idx.String()), 0o644)
	for _, buf := range []int{4096, 5} {
		tr, err := Open(filepath.Join(dir, "index"), 0, DefaultSettings())
		if err != nil {
			t.Fatal(err)
		}
		tr.pool.max = 3 // force closing and reopening
		tr.pool.buf = buf
		ops, err := drain(t, tr, 10000)
		tr.Close()
		if err != nil {
			t.Fatal(err)
		}
		for r := range ops {
			if len(ops[r]) != 302 {
				t.Fatalf("rank %d: %d operations, want 300 computes + wait + end", r, len(ops[r]))
			}
		}
	}
}
