package tit

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"augur/internal/frontend/tit/gen"
	"augur/internal/ir"
)

// compileTo compiles the trace at path for np ranks into a file in dir
// and opens it: in memory (buf 0) or read from the file through buffers
// of buf bytes; the error is Compile's.
func compileTo(t testing.TB, dir, path string, np int, set Settings, buf int) (*Trace, error) {
	t.Helper()
	src, err := Resolve(path, np)
	if err != nil {
		return nil, err
	}
	f, err := os.CreateTemp(dir, "compiled")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Compile(context.Background(), src, f); err != nil {
		f.Close()
		return nil, err
	}
	if buf > 0 {
		fi, err := f.Stat()
		if err != nil {
			t.Fatal(err)
		}
		c, err := ReadCompiled(f, fi.Size())
		if err != nil {
			t.Fatalf("%s: the compiled form does not read back: %v", path, err)
		}
		c.buf = buf
		tr := OpenCompiled(c, src.Files, src.Shared, set)
		tr.OnClose(f.Close)
		return tr, nil
	}
	f.Close()
	img, err := os.ReadFile(f.Name())
	if err != nil {
		t.Fatal(err)
	}
	c, err := ParseCompiled(img)
	if err != nil {
		t.Fatalf("%s: the compiled form does not read back: %v", path, err)
	}
	return OpenCompiled(c, src.Files, src.Shared, set), nil
}

// measured is a node's measured collectives for the tests: an allreduce
// and a bcast take a time that grows with their bytes.
type measured struct{}

func (measured) Time(name string, inPlace bool, bytes float64) (float64, bool) {
	switch name {
	case "allreduce":
		if inPlace {
			return 2e-6 + bytes*1e-9, true
		}
		return 1e-6 + bytes*1e-9, true
	case "bcast":
		return 3e-6, true
	}
	return 0, false
}

// drainSet drains tr as drain does, every rank's node with a flop cost
// of 1e-9, a combining cost and, with colls, measured collectives.
func drainSet(t testing.TB, tr *Trace, max int, colls bool) ([][]ir.Op, error) {
	t.Helper()
	np := tr.NP()
	streams := make([]ir.Stream, np)
	for r := range streams {
		streams[r] = tr.Stream(r, 1e-9)
		tr.SetCombineCost(r, 2.5e-10)
		if colls {
			tr.SetCollectiveTimes(r, measured{}, 1e-9)
		}
	}
	return drainStreams(streams, max)
}

// sameCompiled compiles the trace at path and fails unless the compiled
// form lowers to exactly the operations the text gives (formatted with
// %+v: every field, -0 apart from 0), under each of the settings that
// change lowering; a trace the text path finds an error in must not
// compile, and one that compiles must replay without error.
func sameCompiled(t testing.TB, path string, np, max int) {
	t.Helper()
	dir := t.TempDir()
	for _, v := range []struct {
		set   Settings
		colls bool
	}{{DefaultSettings(), false}, {Settings{TestTime: 3e-5, NoCompute: true}, false}, {DefaultSettings(), true}} {
		text, err := Open(path, np, v.set)
		if err != nil {
			if _, cerr := compileTo(t, dir, path, np, v.set, 0); cerr == nil {
				t.Fatalf("%s: Open fails (%v) but Compile does not", path, err)
			}
			return
		}
		want, werr := drainSet(t, text, max, v.colls)
		text.Close()
		for _, buf := range []int{0, 1, 40, 4096} {
			sameAs(t, dir, path, np, max, v.set, v.colls, buf, text, want, werr)
		}
	}
}

// sameAs is sameCompiled's comparison for one setting and one way of
// reading the compiled form (buf, as compileTo takes it).
func sameAs(t testing.TB, dir, path string, np, max int, set Settings, colls bool, buf int, text *Trace, want [][]ir.Op, werr error) {
	t.Helper()
	how := fmt.Sprintf("%+v, measured collectives %v, buffer %d", set, colls, buf)
	comp, cerr := compileTo(t, dir, path, np, set, buf)
	if cerr != nil {
		if werr == nil && complete(want) {
			t.Fatalf("%s: compiling fails (%v), the text replays", path, cerr)
		}
		var e *Error
		if !errors.As(cerr, &e) {
			t.Fatalf("%s: compile error without a position: %v", path, cerr)
		}
		if werr != nil && text.Shared && werr.Error() != cerr.Error() {
			// A shared trace is read in order: both meet the same first
			// error. (Per-rank files are drained in turn, and the text
			// may meet another rank's first.)
			t.Fatalf("%s: compile error %q, text error %q", path, cerr, werr)
		}
		return
	}
	defer comp.Close()
	if werr != nil {
		t.Fatalf("%s: compiled, but the text gives the error %v", path, werr)
	}
	if comp.NP() != text.NP() {
		t.Fatalf("%s: %d ranks compiled, %d in the text", path, comp.NP(), text.NP())
	}
	got, gerr := drainSet(t, comp, max, colls)
	if gerr != nil {
		t.Fatalf("%s (%s): the compiled form gives the error %v", path, how, gerr)
	}
	for r := range want {
		if g, w := fmt.Sprintf("%+v", got[r]), fmt.Sprintf("%+v", want[r]); g != w {
			t.Fatalf("%s (%s): rank %d lowers differently compiled:\n%s\ntext:\n%s", path, how, r, g, w)
		}
	}
}

// complete tells whether every rank's operations end.
func complete(ops [][]ir.Op) bool {
	for _, o := range ops {
		if len(o) == 0 || o[len(o)-1].Kind != ir.End {
			return false
		}
	}
	return true
}

// The compiled form gives exactly the text's operations: every generated
// pattern (shared and per-rank), the package's traces, SimGrid's replay
// cases, and the odd lines of TestFastMatchesGeneral.
func TestCompiledMatchesText(t *testing.T) {
	dir := t.TempDir()
	for _, p := range gen.Patterns {
		s := gen.Spec{Pattern: p, NP: 8, Iters: 9, Bytes: 1e4, Flops: 1e6, Spread: 0.5, Seed: 3}
		idx, _, err := gen.WriteIndex(filepath.Join(dir, p), s)
		if err != nil {
			t.Fatal(err)
		}
		sameCompiled(t, idx, 0, 1<<30)
		sh := filepath.Join(dir, p+".txt")
		f, err := os.Create(sh)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := gen.WriteShared(f, s); err != nil {
			t.Fatal(err)
		}
		f.Close()
		sameCompiled(t, sh, 0, 1<<30)
		sameCompiled(t, sh, 5, 1<<30) // ranks 5..7's lines dropped
	}
	sameCompiled(t, "testdata/all.txt", 0, 1<<30)
	sameCompiled(t, "testdata/index.txt", 0, 1<<30)
	sim := "../../run/replay/testdata/simgrid"
	b, err := os.ReadFile(filepath.Join(sim, "expected.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, line := range strings.Split(string(b), "\n") {
		f := strings.Fields(line)
		if len(f) < 2 || strings.HasPrefix(f[0], "#") {
			continue
		}
		var np int
		fmt.Sscan(f[1], &np)
		path := filepath.Join(sim, f[0])
		if f[0] == "split_traces" {
			idx := filepath.Join(dir, "split")
			os.WriteFile(idx, []byte(filepath.Join(sim, "actions0.txt")+"\n"+filepath.Join(sim, "actions1.txt")+"\n"), 0o644)
			path = idx
		}
		sameCompiled(t, path, np, 1<<30)
		n++
	}
	if n != 11 {
		t.Errorf("%d of SimGrid's replay cases compared, want 11", n)
	}
	for i, src := range oddTraces {
		p := filepath.Join(dir, fmt.Sprintf("odd%d.txt", i))
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		sameCompiled(t, p, 2, 1<<30)
		one := filepath.Join(dir, fmt.Sprintf("one%d.txt", i))
		os.WriteFile(one, []byte(src), 0o644)
		os.WriteFile(filepath.Join(dir, "empty.txt"), []byte("1 init\n"), 0o644)
		idx := filepath.Join(dir, fmt.Sprintf("idx%d", i))
		os.WriteFile(idx, []byte(one+"\n"+filepath.Join(dir, "empty.txt")+"\n"), 0o644)
		sameCompiled(t, idx, 2, 1<<30)
	}
}

// oddTraces are lines the fast path must leave to the general one, and
// lines in_place marks (which the compiled form keeps as text).
var oddTraces = []string{
	"0 compute 1e6 extra\n0 compute 0\n0 compute -0\n0 compute 1.5e3\n0 sleep -0\n0 sleep 0.25\n",
	"0 send 1 0 10 0 extra\n0 isend 1 0 10 6\n0 irecv 1 0 1e3\n0 recv 1 0 7.9\n0 waitall\n",
	"0 bcast 10\n0 bcast 10 1\n0 bcast 10 1 0\n0 bcast 10 1 0 9\n0 allreduce 8 0\n0 allreduce 8 5 1\n0 allreduce 8 5 1 in_place\n",
	"0 barrier\n0 barrier 1\n0 waitall\n0 waitall x\n# comment\n   \n\t0\tcompute\t5\r\n",
	"0 init 1\n0 send 1 0 10\n0 bcast 10\n0 allreduce 3 1\n0 init\n0 send 1 0 10\n",
	"0 isend 0 3 10\n0 irecv 0 3 10\n0 test 0 0 3\n0 wait 0 0 3\n0 wait 0 0 3\n0 isend 1 4 1\n0 wait 0 1 4\n0 wait 1 0 9\n",
	"0 compute 1e400\n", "0 send 1 0\n", "0 wait 1 1 0\n", "0 compute 5", "0 compute 0.1\n0 compute 9007199254740993\n0 compute 4503599627370497\n",
	"0 alltoallv 10 1 2 20 3 4\n0 reducescatter 1 2 5\n0 gatherv 4 1 2 0\n0 allgatherv 4 1 2\n0 scatterv 1 2 4 0\n",
	"0 sendRecv 10 1 20 1\n0 reduce 4 100 1\n0 scan 4 10\n0 exscan 4 10\n0 gather 4 4 1\n0 scatter 4 8 0\n0 alltoall 4 4\n0 allgather 4 4\n",
}

// FuzzCompiled compiles arbitrary text as a shared trace and as a rank's
// file: the compiled form must lower exactly as the text (or the text
// have an error), and arbitrary bytes given as a compiled form must be
// refused or lowered without a panic.
func FuzzCompiled(f *testing.F) {
	for _, name := range []string{"testdata/all.txt", "testdata/r0.txt", "testdata/r1.txt"} {
		b, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b, uint8(2))
	}
	for _, s := range oddTraces {
		f.Add([]byte(s), uint8(1))
	}
	f.Fuzz(func(t *testing.T, data []byte, np uint8) {
		dir := t.TempDir()
		p := filepath.Join(dir, "t.txt")
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		n := 1 + int(np%4)
		sameCompiled(t, p, n, 4*len(data)+10)
		idx := filepath.Join(dir, "index")
		os.WriteFile(idx, []byte(p+"\n"), 0o644)
		sameCompiled(t, idx, 1, 4*len(data)+10)
		// The bytes as a compiled form, its checksum made right.
		img := append([]byte(compiledMagic+"\x00\x00\x00\x00\x00\x00\x00\x00"), data...)
		img[8] = byte(n)
		fixChecksum(img)
		if c, err := ParseCompiled(img); err == nil {
			tr := OpenCompiled(c, []string{p}, true, DefaultSettings())
			drainSet(t, tr, 4*len(data)+10, np&4 != 0)
		}
	})
}

// Bytes changed in a compiled form are found by its checksum; a form cut
// short or with its offsets wrong is refused.
func TestCompiledRefusesCorruption(t *testing.T) {
	dir := t.TempDir()
	idx, _, err := gen.WriteIndex(filepath.Join(dir, "ring"), gen.Spec{Pattern: "ring", NP: 4, Iters: 3, Bytes: 10, Flops: 5})
	if err != nil {
		t.Fatal(err)
	}
	src, err := Resolve(idx, 0)
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "c")
	fo, _ := os.Create(out)
	if _, err := Compile(context.Background(), src, fo); err != nil {
		t.Fatal(err)
	}
	fo.Close()
	img, _ := os.ReadFile(out)
	if _, err := ParseCompiled(img); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < len(img); i += 7 {
		bad := append([]byte(nil), img...)
		bad[i] ^= 0x20
		if _, err := ParseCompiled(bad); err == nil {
			t.Fatalf("byte %d changed: accepted", i)
		}
	}
	if _, err := ParseCompiled(img[:len(img)-1]); err == nil {
		t.Fatal("cut short: accepted")
	}
	bad := append([]byte(nil), img...)
	copy(bad[len(bad)-8:], "\xff\xff\xff\xff\xff\xff\xff\x7f")
	fixChecksum(bad)
	if _, err := ParseCompiled(bad); err == nil {
		t.Fatal("an offset past the end: accepted")
	}
}

// fixChecksum sets a compiled form's checksum to its bytes'.
func fixChecksum(img []byte) {
	binary.LittleEndian.PutUint32(img[12:], crc32.Checksum(img[compiledHeader:], castagnoli))
}
