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

// augur trace compile: an error in a trace is exit 1 at its line, and
// leaves no entry; a usage error or a cache turned off, exit 2.
func TestTraceCompileErrors(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("AUGUR_CACHE_DIR", dir)
	bad := writeTemp(t, "bad.txt", "0 compute 5\n0 send 9 0 1\n")
	if code, _, errs := augur(t, "trace", "compile", bad, "--np", "2"); code != exitInput || !strings.Contains(errs, "bad.txt:2: send: partner 9 is not a rank") {
		t.Errorf("a trace with an error: exit %d, %s", code, errs)
	}
	if m, _ := filepath.Glob(filepath.Join(dir, "*")); len(m) != 0 {
		t.Errorf("left in the cache: %v", m)
	}
	for _, args := range [][]string{{"trace"}, {"trace", "compile"}, {"trace", "build", bad}, {"trace", "compile", bad, "--np", "-1"}} {
		if code, _, errs := augur(t, args...); code != exitUsage {
			t.Errorf("%v: exit %d, %s", args, code, errs)
		}
	}
	t.Setenv("AUGUR_CACHE", "off")
	if code, _, errs := augur(t, "trace", "compile", bad); code != exitUsage || !strings.Contains(errs, "cache is off") {
		t.Errorf("cache off: exit %d, %s", code, errs)
	}
}
