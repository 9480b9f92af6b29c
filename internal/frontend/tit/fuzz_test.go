package tit

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"augur/internal/ir"
)

// FuzzTrace feeds arbitrary text to the reader as a shared trace and as a
// one-rank file: it must return operations or a positioned error, never
// panic or loop; the fast and general paths must agree, and the per-rank
// reader must split lines as strings.Split does.
func FuzzTrace(f *testing.F) {
	for _, name := range []string{"testdata/all.txt", "testdata/r0.txt", "testdata/r1.txt"} {
		b, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b, uint8(2))
	}
	f.Add([]byte("0 init\n0 alltoallv 1 2 3 4 5 6\n"), uint8(2))
	f.Add([]byte("0 gatherv 1 2 3 0 0 0\n1 allgatherv 3 3 4 6 1 0 1\n"), uint8(2))
	f.Add([]byte("0 wait 0 1 2\n0 test 0 1 2\n0 waitall\n"), uint8(3))
	f.Add([]byte("0 isend 1 0 1e3 6\n0 bcast 10 1 0\n0 allreduce 8 5 1\n0 compute 1.5e3 x\n0 wait 0 1 -3\n1 recv 0 0 1e3 6\n"), uint8(1))
	f.Add([]byte("\t0\tsend\t1 2e1 10\r\n0 barrier 1\n# c\n0 waitall x\n0 bcast 1 7\n"), uint8(2))
	// One rank's own actions: lines longer than the tiny buffers, a last
	// line without its newline.
	f.Add([]byte("0 compute 1e6\n# "+strings.Repeat("x", 100)+"\n0 barrier\n\n  0 allreduce 8 1e3\r\n0 isend 0 1 10\n0 wait 0 0 1\n0 compute 5"), uint8(0))
	f.Fuzz(func(t *testing.T, data []byte, np uint8) {
		dir := t.TempDir()
		p := filepath.Join(dir, "t.txt")
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		checkRankFile(t, p, data)
		tr, err := Open(p, 1+int(np%4), DefaultSettings())
		if err != nil {
			return
		}
		defer tr.Close()
		if _, err := drain(t, tr, 4*len(data)+10); err != nil {
			if _, ok := err.(*Error); !ok {
				t.Fatalf("error without a position: %v", err)
			}
		}
		// The fast path lowers exactly as the general one.
		readBoth(t, p, 1+int(np%4), 4*len(data)+10)
	})
}

// checkRankFile reads data, written at path, as the one rank's own file:
// the per-rank reader, with its buffer large and tiny, through the fast
// path and the general one, gives what the general path gives line by
// line out of strings.Split.
func checkRankFile(t *testing.T, path string, data []byte) {
	idx := filepath.Join(filepath.Dir(path), "index")
	if err := os.WriteFile(idx, []byte(path+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	want := referenceOps(path, data)
	for _, v := range readVariants {
		tr, err := Open(idx, 1, DefaultSettings())
		if err != nil {
			t.Fatal(err)
		}
		tr.low.general = v.general
		tr.low.memo = tr.low.memo && !v.noMemo
		if v.ring > 0 {
			tr.pool.buf = v.ring
		}
		ops, err := drain(t, tr, 4*len(data)+10)
		tr.Close()
		got := fmt.Sprintf("%+v", ops[0])
		if err != nil {
			got = err.Error()
		}
		if got != want {
			t.Fatalf("%+v: the rank file gives\n%s\nline by line:\n%s", v, got, want)
		}
	}
}

// referenceOps lowers the lines of data, rank 0's own trace file at path,
// one at a time by the general path, and formats the operations (or the
// error) as FuzzTrace compares them.
func referenceOps(path string, data []byte) string {
	low := lowerer{np: 1, set: DefaultSettings(), general: true}
	st := &rankState{defType: 1, flopCost: 1}
	for i, line := range strings.Split(string(data), "\n") {
		f := splitFields(nil, []byte(line))
		if len(f) == 0 || f[0][0] == '#' {
			continue
		}
		if err := low.lower(st, f); err != nil {
			return (&Error{File: path, Line: i + 1, Msg: err.Error()}).Error()
		}
	}
	low.finish(st)
	var ops []ir.Op
	for op := (ir.Op{}); st.pop(&op); {
		ops = append(ops, op)
	}
	return fmt.Sprintf("%+v", ops)
}
