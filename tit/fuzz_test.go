package tit

import (
	"os"
	"path/filepath"
	"testing"
)

// FuzzTrace feeds arbitrary text to the reader as a shared trace and as a
// one-rank file: it must return operations or a positioned error, never
// panic or loop.
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
	f.Fuzz(func(t *testing.T, data []byte, np uint8) {
		dir := t.TempDir()
		p := filepath.Join(dir, "t.txt")
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
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
