package tit

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"augur/internal/frontend/tit/gen"
	"augur/internal/ir"
)

// readVariant is one way to read a trace; the first is the reference.
type readVariant struct {
	general bool // lower every action by the general path
	ring    int  // per-rank buffer size, 0 for the default
	noMemo  bool // the fast path without its memo (as for many ranks)
}

var readVariants = [...]readVariant{{}, {general: true}, {ring: 7}, {ring: 64, general: true}, {noMemo: true}}

// readBoth reads the trace at path with np ranks through the fast path and
// through the general path only, with per-rank buffers large and tiny
// (lines longer than the buffer), and fails unless all give the same
// operations and the same error.
func readBoth(t testing.TB, path string, np int, max int) {
	t.Helper()
	var ops, errs [len(readVariants)]string
	for i, v := range readVariants {
		tr, err := Open(path, np, DefaultSettings())
		if err != nil {
			errs[i] = err.Error()
			continue
		}
		tr.low.general = v.general
		tr.low.memo = tr.low.memo && !v.noMemo
		if v.ring > 0 && tr.pool != nil {
			tr.pool.buf = v.ring
		}
		o, err := drain(t, tr, max)
		tr.Close()
		if err != nil {
			errs[i] = err.Error()
		}
		ops[i] = fmt.Sprintf("%+v", o)
		if errs[i] != errs[0] {
			t.Fatalf("%s: %+v gives the error %q, %+v %q", path, v, errs[i], readVariants[0], errs[0])
		}
		if ops[i] != ops[0] {
			t.Fatalf("%s: %+v and %+v lower differently:\n%s\n%s", path, v, readVariants[0], ops[i], ops[0])
		}
	}
}

// The fast path gives exactly what the general one gives, on every
// generated pattern, SimGrid's actions, and lines that look common but
// are not well formed (which the fast path must leave to the general one).
func TestFastMatchesGeneral(t *testing.T) {
	dir := t.TempDir()
	for _, p := range gen.Patterns {
		idx, _, err := gen.WriteIndex(filepath.Join(dir, p), gen.Spec{Pattern: p, NP: 8, Iters: 9, Bytes: 1e4, Flops: 1e6})
		if err != nil {
			t.Fatal(err)
		}
		readBoth(t, idx, 0, 1<<20)
	}
	readBoth(t, "testdata/all.txt", 0, 1000)
	readBoth(t, "testdata/index.txt", 0, 1000)
	odd := []string{
		"0 compute 1e6 extra\n0 compute 0\n0 compute -0\n0 compute 1.5e3\n0 compute inf\n",
		"0 send 1 0 10 0 extra\n0 isend 1 0 10 6\n0 irecv 1 0 1e3\n0 recv 1 0 7.9\n0 send 1 0 -10\n",
		"0 send 1 2e1 10\n0 isend 1 0 10 4x\n0 wait 0 1 2e1\n0 wait 0 1 -3\n0 test 1 0 0\n",
		"0 bcast 10\n0 bcast 10 1\n0 bcast 10 1 0\n0 bcast 10 1 0 9\n0 allreduce 8 0\n0 allreduce 8 5 1\n",
		"0 barrier\n0 barrier 1\n0 waitall\n0 waitall x\n# comment\n   \n\t0\tcompute\t5\r\n",
		"0 init 1\n0 send 1 0 10\n0 bcast 10\n0 allreduce 3 1\n",
		"0 compute 1e400\n0 compute 0x10\n0 compute nan\n",
		"0 send 1 0\n", "0 send 2 0 10\n", "0 send 1 -1 10\n", "0 send 1 0 10 99\n", "0 send 1 0 abc\n",
		"0 wait 1 1 0\n", "0 wait 0 5 0\n", "0 test 0 1\n", "0 bcast x\n", "0 bcast 1 7\n",
		"0 allreduce 1\n", "0 allreduce 1 x\n", "0 compute\n", "0 compute -1\n", "0\n", "0 isend 1 0 10 -1\n",
		"0 bcast 10 1 -2\n", "0 send 1 2147483648 10\n",
		// The memo: lines before and after a change of the default
		// datatype, lines of the longest remembered length and one byte
		// longer, a line that extends a remembered one, more distinct
		// lines in a loop than the memo holds, more new lines in a row
		// than make it pause, a remembered line last without its '\n'.
		"0 send 1 0 10\n0 bcast 3\n0 init 1\n0 send 1 0 10\n0 bcast 3\n0 init\n0 send 1 0 10\n0 send 1 0 10\n",
		strings.Repeat("0 isend 1 5 12345678901\n0 isend 1 5 123456789012\n0 compute 1\n0 compute 12\n0 compute 1\n", 3),
		strings.Repeat(memoLoop(memoLines+3), 3) + "0 compute 7\n0 compute 7",
		strings.Repeat(memoLoop(memoLines-2), 4),
		memoLoop(memoMisses+5) + strings.Repeat(memoLoop(8), 3),
	}
	for i, src := range odd {
		p := filepath.Join(dir, fmt.Sprintf("odd%d.txt", i))
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		readBoth(t, p, 2, 1000)
		// The same lines as rank 0's own file, rank 1 idle.
		one := filepath.Join(dir, fmt.Sprintf("one%d.txt", i))
		os.WriteFile(one, []byte(src), 0o644)
		os.WriteFile(filepath.Join(dir, "empty.txt"), []byte("1 init\n"), 0o644)
		idx := filepath.Join(dir, fmt.Sprintf("idx%d", i))
		os.WriteFile(idx, []byte(one+"\n"+filepath.Join(dir, "empty.txt")+"\n"), 0o644)
		readBoth(t, idx, 2, 1000)
	}
}

// memoLoop is a loop body of n distinct lines of rank 0 (of 2).
func memoLoop(n int) string {
	var b strings.Builder
	for i := range n {
		switch i % 4 {
		case 0:
			fmt.Fprintf(&b, "0 isend 1 %d 100\n", i)
		case 1:
			fmt.Fprintf(&b, "0 irecv 1 %d 100\n", i)
		case 2:
			fmt.Fprintf(&b, "0 wait 0 1 %d\n", i-2)
		default:
			fmt.Fprintf(&b, "0 compute %de3\n", i)
		}
	}
	return b.String()
}

// The memo finds the lines it holds, byte for byte and '\n' included,
// whatever precedes them, and holds the last memoLines lines added.
func TestLineMemo(t *testing.T) {
	m := &lineMemo{}
	line := func(i int) string { return fmt.Sprintf("0 compute %d\n", i) }
	for i := range memoLines + 4 {
		m.add([]byte(line(i)), &action{act: actCompute, x: float64(i)})
	}
	for _, i := range []int{memoLines + 3, 4, 10, 3, 0} {
		text := line(i) + "0 barrier\n"
		e := m.find([]byte(text))
		if i < 4 {
			if e != nil {
				t.Errorf("line %d, added before the last %d, found", i, memoLines)
			}
			continue
		}
		if e == nil || e.x != float64(i) {
			t.Fatalf("line %d: found %+v", i, e)
		}
	}
	for _, text := range []string{"0 compute 5", "0 compute 55\n", "0 compute 5 \n", "", "0 compute 5\r\n"} {
		if e := m.find([]byte(text)); e != nil {
			t.Errorf("%q matches %+v", text, e)
		}
	}
	// A line is expected after the one that followed it last time.
	m.reset()
	for i := range 6 {
		m.add([]byte(line(i)), &action{act: actCompute, x: float64(i)})
	}
	if e := m.find([]byte(line(2))); e == nil || m.expect == 0 || m.lines[m.expect-1].x != 3 {
		t.Errorf("after line 2, slot %d expected", int(m.expect)-1)
	}
}

// lineReader gives the lines as strings.Split does, whatever its buffer
// size and however the reads come (short reads, lines longer than the
// buffer, no final newline).
func TestLineReader(t *testing.T) {
	texts := []string{
		"", "\n", "a", "a\n", "a\nb", "a\nb\n", "\n\n\nx\n\n",
		"0 compute 1\r\n0 send 1 0 10\r\n",
		strings.Repeat("long line of many words ", 20) + "\nshort\n" + strings.Repeat("y", 100),
	}
	for _, text := range texts {
		want := strings.Split(text, "\n")
		if strings.HasSuffix(text, "\n") || text == "" {
			want = want[:len(want)-1]
		}
		for _, size := range []int{1, 2, 3, 7, 16, 4096} {
			for _, chunk := range []int{1, 3, 1 << 20} {
				lr := newTextReader(&chunky{r: strings.NewReader(text), n: chunk}, size)
				var got []string
				for {
					b, err := lr.readLine()
					if err == io.EOF {
						break
					}
					if err != nil {
						t.Fatal(err)
					}
					got = append(got, string(b))
				}
				if !reflect.DeepEqual(got, want) && !(len(got) == 0 && len(want) == 0) {
					t.Fatalf("%q, buffer %d, reads of %d: got %q, want %q", text, size, chunk, got, want)
				}
				if lr.line != int64(len(want)) {
					t.Fatalf("%q: line %d, want %d", text, lr.line, len(want))
				}
			}
		}
	}
	// A read error ends the lines with that error.
	lr := newTextReader(io.MultiReader(strings.NewReader("a\nb"), errReader{}), 16)
	if b, err := lr.readLine(); err != nil || string(b) != "a" {
		t.Fatalf("got %q, %v", b, err)
	}
	if _, err := lr.readLine(); err == nil || err == io.EOF {
		t.Fatalf("got %v, want the read error", err)
	}
}

type chunky struct {
	r io.Reader
	n int
}

func (c *chunky) Read(b []byte) (int, error) { return c.r.Read(b[:min(len(b), c.n)]) }

type errReader struct{}

func (errReader) Read([]byte) (int, error) { return 0, io.ErrUnexpectedEOF }

// A rank file gone before it is read gives the open error.
func TestMissingRankFile(t *testing.T) {
	dir := t.TempDir()
	idx, _, err := gen.WriteIndex(dir, gen.Spec{Pattern: "stencil", NP: 16, Iters: 50, Bytes: 1, Flops: 1})
	if err != nil {
		t.Fatal(err)
	}
	tr, err := Open(idx, 0, DefaultSettings())
	if err != nil {
		t.Fatal(err)
	}
	gone := tr.Files[3]
	if err := os.Remove(gone); err != nil {
		t.Fatal(err)
	}
	_, err = drain(t, tr, 1000)
	tr.Close()
	if err == nil || !strings.Contains(err.Error(), "open "+gone+": no such file") {
		t.Errorf("a missing rank file gave %v", err)
	}
}

// Ranks have memos up to memoBudget together: 2048 ranks do, 2049 not.
func TestMemoBudget(t *testing.T) {
	if memoSize != 1024 {
		t.Errorf("a memo takes %d bytes, want 16 lines of one 64-byte cache line", memoSize)
	}
	p := filepath.Join(t.TempDir(), "t.txt")
	if err := os.WriteFile(p, []byte("0 compute 1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for np, want := range map[int]bool{1: true, 2048: true, 2049: false} {
		tr, err := Open(p, np, DefaultSettings())
		if err != nil {
			t.Fatal(err)
		}
		if tr.low.memo != want {
			t.Errorf("%d ranks: memo %v, want %v", np, tr.low.memo, want)
		}
		tr.Close()
	}
}

// A rank whose lines do not come back stops looking them up for
// memoPause lines, then looks again.
func TestMemoPause(t *testing.T) {
	l := lowerer{np: 2, set: DefaultSettings(), memo: true}
	st := &rankState{defType: 1, flopCost: 1}
	var op ir.Op
	lower := func(i int) {
		t.Helper()
		line := []byte(fmt.Sprintf("0 bcast %d\n", i))
		st.out, st.got = &op, false
		if n := l.lowerFast(st, line, 0); n != len(line)-1 || op.Bytes != float64(i) {
			t.Fatalf("line %d: end %d, %+v", i, n, op)
		}
	}
	for i := 1; i <= memoMisses; i++ {
		lower(i)
	}
	if st.memo.pause != 0 {
		t.Fatalf("paused after %d new lines", memoMisses)
	}
	lower(memoMisses + 1)
	if st.memo.pause != memoPause {
		t.Fatalf("not paused after %d new lines: %+v", memoMisses+1, st.memo)
	}
	for range memoPause {
		lower(memoMisses + 1)
	}
	if st.memo.pause != 0 || st.memo.misses != 0 {
		t.Fatalf("still paused: %+v", st.memo)
	}
	lower(memoMisses) // held (the last line added), found again
	if st.memo.misses != 0 {
		t.Errorf("a line held is not found after the pause: %+v", st.memo)
	}
}

// Compute lines that do not come back (measured amounts) stop being
// looked up after memoComputeMisses of them, and push out none of the
// lines that do come back; one in 256 is looked up, and a compute line
// found again makes the rank look its compute lines up again.
func TestMemoComputeSkip(t *testing.T) {
	l := lowerer{np: 2, set: DefaultSettings(), memo: true}
	st := &rankState{rank: 0, defType: 1, flopCost: 1}
	var op ir.Op
	lower := func(line string, want float64) {
		t.Helper()
		st.out, st.got = &op, false
		if n := l.lowerFast(st, []byte(line), 0); n != len(line)-1 || (op.Cost != want && op.Bytes != want) {
			t.Fatalf("%q: end %d, %+v", line, n, op)
		}
	}
	for i := range 40 {
		lower("0 bcast 7\n", 7)
		lower(fmt.Sprintf("0 compute %d\n", 1000+i), float64(1000+i))
		lower("0 barrier\n", 0)
	}
	if st.memo.cmiss != memoComputeMisses {
		t.Fatalf("compute lines still looked up: %+v", st.memo)
	}
	held := 0
	for _, e := range st.memo.lines {
		if e.n > 0 && e.act == actCompute {
			held++
		}
	}
	if held != memoComputeMisses {
		t.Errorf("%d compute lines held, want the %d looked up", held, memoComputeMisses)
	}
	if e := st.memo.find([]byte("0 bcast 7\n")); e == nil {
		t.Error("a line that comes back was pushed out")
	}
	// The same compute line from now on: found at the next look, after
	// which compute lines are looked up again.
	for range 256 {
		lower("0 compute 1000\n", 1000)
	}
	if st.memo.cmiss != 0 {
		t.Errorf("a compute line that comes back is still not looked up: %+v", st.memo)
	}
}
