package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestMain gives the tests a trace cache of their own (the replays
// compile their traces into it and read them back from it), not the
// user's.
func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "augur-test-cache")
	if err != nil {
		panic(err)
	}
	os.Setenv("AUGUR_CACHE_DIR", dir)
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// A replay through the trace cache prints exactly what the replay from
// the text prints: the first (which compiles the trace, in
// $AUGUR_CACHE_DIR) and the next (which reads the entry), in every
// format; --no-cache writes nothing there. augur trace compile finds
// the entry the replays wrote.
func TestReplayThroughCache(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("AUGUR_CACHE_DIR", dir)
	trace := writeIn(t, t.TempDir(), "t.txt", "0 init\n1 init\n0 compute 123457\n0 isend 1 0 1e4\n1 irecv 0 0 1e4\n"+
		"1 compute 98765\n0 wait 0 1 0\n1 wait 0 1 0\n0 alltoallv 10 1 2 20 3 4\n1 alltoallv 10 1 2 20 3 4\n0 allreduce 8 5\n1 allreduce 8 5\n")
	entries := func() int {
		m, _ := filepath.Glob(filepath.Join(dir, "*.tc"))
		return len(m)
	}
	for _, format := range []string{"text", "json", "csv"} {
		args := []string{"replay", trace, "--platform", sg + "small_platform.xml", "--hostfile", sg + "hostfile", "--format", format}
		before := entries()
		code, want, _ := augur(t, append(args, "--no-cache")...)
		if code != exitOK || entries() != before {
			t.Fatalf("--no-cache: exit %d, %d entries, %d before", code, entries(), before)
		}
		for i := range 2 {
			code, got, errs := augur(t, args...)
			if code != exitOK || got != want {
				t.Fatalf("%s, replay %d through the cache: exit %d\n%s\nfrom the text:\n%s\n%s", format, i+1, code, got, want, errs)
			}
			if entries() != 1 {
				t.Fatalf("%d entries after a replay", entries())
			}
		}
	}
	code, out, errs := augur(t, "trace", "compile", trace)
	if code != exitOK || !strings.Contains(out, ": cached, 2 ranks, ") {
		t.Errorf("trace compile: exit %d\n%s%s", code, out, errs)
	}
}
