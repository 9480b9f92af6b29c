//go:build unix

package tit

import (
	"fmt"
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"augur/internal/frontend/tit/gen"
)

// openFDs counts the process's open descriptors (-1 where /proc/self/fd
// is not there to tell).
func openFDs() int {
	ents, err := os.ReadDir("/proc/self/fd")
	if err != nil {
		return -1
	}
	return len(ents) - 1 // the directory being read
}

// With a file limit far below the ranks, a per-rank trace replays within
// it (the pool closes and reopens files, each where it left off) and
// gives what it gives with every file open; every descriptor is closed
// at the end.
func TestFileLimit(t *testing.T) {
	var lim syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &lim); err != nil {
		t.Skip("no RLIMIT_NOFILE:", err)
	}
	const soft, np = 200, 300
	if lim.Max < soft+np || lim.Cur < soft+np {
		t.Skipf("the file limit (%d, hard %d) is too low to compare with every file open", lim.Cur, lim.Max)
	}
	idx, _, err := gen.WriteIndex(filepath.Join(t.TempDir(), "idx"),
		gen.Spec{Pattern: "mix", NP: np, Iters: 9, Bytes: 10, Flops: 1})
	if err != nil {
		t.Fatal(err)
	}
	read := func(buf int) string {
		tr, err := Open(idx, 0, DefaultSettings())
		if err != nil {
			t.Fatal(err)
		}
		if buf > 0 {
			tr.pool.buf = buf
		}
		before := openFDs()
		// Past the limit, an open fails (EMFILE) and so does the test.
		ops, err := drain(t, tr, 1<<20)
		if err != nil {
			t.Fatal(err)
		}
		tr.Close()
		if after := openFDs(); after != before {
			t.Errorf("%d descriptors open after Close, %d before Open", after, before)
		}
		return fmt.Sprint(ops)
	}
	all := read(0)
	low := lim
	low.Cur = soft
	if err := syscall.Setrlimit(syscall.RLIMIT_NOFILE, &low); err != nil {
		t.Skip("cannot lower RLIMIT_NOFILE:", err)
	}
	defer syscall.Setrlimit(syscall.RLIMIT_NOFILE, &lim)
	if got := openFileLimit(); got != soft-128 {
		t.Fatalf("openFileLimit = %d under a limit of %d, want %d", got, soft, soft-128)
	}
	for _, buf := range []int{0, 13} {
		if got := read(buf); got != all {
			t.Errorf("buffers of %d: with %d files open at most, the operations differ from those with all open", buf, soft-128)
		}
	}
}
