package tracecache

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"augur/internal/frontend/tit"
	"augur/internal/frontend/tit/gen"
	"augur/internal/ir"
)

// ops drains every rank of tr (flop cost 1) and formats the operations.
// Every stream is made first, as the engine makes them: a shared trace
// deals its lines to the streams that exist.
func ops(t *testing.T, tr *tit.Trace) string {
	t.Helper()
	var b strings.Builder
	streams := make([]ir.Stream, tr.NP())
	for r := range streams {
		streams[r] = tr.Stream(r, 1)
	}
	for r, s := range streams {
		for {
			var op ir.Op
			if err := s.Next(&op); err != nil {
				t.Fatalf("rank %d: %v", r, err)
			}
			fmt.Fprintf(&b, "%d %+v\n", r, op)
			if op.Kind == ir.End {
				break
			}
		}
	}
	return b.String()
}

// open opens path through c and checks it gives what the text gives.
func open(t *testing.T, c *Cache, path string, np int) How {
	t.Helper()
	tr, how, err := c.Open(context.Background(), path, np, tit.DefaultSettings(), nil)
	if err != nil {
		t.Fatal(err)
	}
	got := ops(t, tr)
	tr.Close()
	text, err := tit.Open(path, np, tit.DefaultSettings())
	if err != nil {
		t.Fatal(err)
	}
	want := ops(t, text)
	text.Close()
	if got != want {
		t.Fatalf("%s read %s differs from the text", path, how.How)
	}
	return how.How
}

func entries(t *testing.T, dir string) []string {
	t.Helper()
	m, _ := filepath.Glob(filepath.Join(dir, "*.tc"))
	return m
}

// The first open compiles, the next reads the entry; a file rewritten in
// place with the same size, even with its modification time put back,
// is never answered from the stale entry: right after the compile (the
// entry is racy, checked by content) and long after (its change time
// names another entry).
func TestStaleEntryNotUsed(t *testing.T) {
	for _, window := range []time.Duration{DefaultRacyWindow, 50 * time.Millisecond} {
		t.Run(window.String(), func(t *testing.T) {
			dir := t.TempDir()
			c := &Cache{Dir: filepath.Join(dir, "cache"), RacyWindow: window}
			p := filepath.Join(dir, "t.txt")
			v1 := "0 compute 1000\n0 send 1 0 10\n1 recv 0 0 10\n1 compute 2000\n"
			v2 := "0 compute 9000\n0 send 1 0 10\n1 recv 0 0 10\n1 compute 2000\n" // same size
			if err := os.WriteFile(p, []byte(v1), 0o644); err != nil {
				t.Fatal(err)
			}
			fi, _ := os.Stat(p)
			if window < DefaultRacyWindow {
				time.Sleep(2 * window) // the file settles: the entry is not racy
			}
			if h := open(t, c, p, 0); h != Compiled {
				t.Fatalf("first open: %s, want compiled", h)
			}
			if h := open(t, c, p, 0); h != Hit {
				t.Fatalf("second open: %s, want cached", h)
			}
			f, err := os.OpenFile(p, os.O_WRONLY, 0)
			if err != nil {
				t.Fatal(err)
			}
			f.WriteAt([]byte(v2), 0)
			f.Close()
			os.Chtimes(p, fi.ModTime(), fi.ModTime())
			if fi2, _ := os.Stat(p); fi2.Size() != fi.Size() || !fi2.ModTime().Equal(fi.ModTime()) {
				t.Fatal("the rewrite changed the size or the modification time")
			}
			tr, how, err := c.Open(context.Background(), p, 0, tit.DefaultSettings(), nil)
			if err != nil {
				t.Fatal(err)
			}
			got := ops(t, tr)
			tr.Close()
			if how.How == Hit || !strings.Contains(got, "Cost:9000") {
				t.Fatalf("after the rewrite: %s, %s", how.How, got)
			}
		})
	}
}

// A racy entry checked once its files have settled stops being racy; a
// damaged entry is removed and the trace compiled again.
func TestRacyClearedAndDamaged(t *testing.T) {
	dir := t.TempDir()
	c := &Cache{Dir: filepath.Join(dir, "cache"), RacyWindow: 100 * time.Millisecond}
	p := filepath.Join(dir, "t.txt")
	os.WriteFile(p, []byte("0 compute 5\n0 barrier\n"), 0o644)
	if h := open(t, c, p, 1); h != Compiled {
		t.Fatalf("%s, want compiled", h)
	}
	es := entries(t, c.Dir)
	if len(es) != 1 {
		t.Fatalf("entries %v", es)
	}
	flags := func() byte { b, _ := os.ReadFile(es[0]); return b[8] }
	if flags()&flagRacy == 0 {
		t.Fatal("an entry of a file just written is not racy")
	}
	time.Sleep(200 * time.Millisecond)
	if h := open(t, c, p, 1); h != Hit {
		t.Fatalf("%s, want cached", h)
	}
	if flags()&flagRacy != 0 {
		t.Fatal("still racy after a check of settled files")
	}
	b, _ := os.ReadFile(es[0])
	b[len(b)-3] ^= 1
	os.WriteFile(es[0], b, 0o644)
	if h := open(t, c, p, 1); h != Compiled {
		t.Fatalf("a damaged entry: %s, want compiled again", h)
	}
}

// The directory stays within MaxBytes, the least recently used entries
// removed first; a trace with an error is read from its text, which
// reports it, and leaves no entry.
func TestEvictionAndErrors(t *testing.T) {
	dir := t.TempDir()
	c := &Cache{Dir: filepath.Join(dir, "cache"), RacyWindow: time.Nanosecond}
	var paths []string
	for i := range 4 {
		idx, _, err := gen.WriteIndex(filepath.Join(dir, fmt.Sprint(i)), gen.Spec{Pattern: "ring", NP: 4, Iters: 200, Bytes: 10, Flops: 1000, Spread: 0.3, Seed: uint64(i)})
		if err != nil {
			t.Fatal(err)
		}
		paths = append(paths, idx)
	}
	open(t, c, paths[0], 0)
	one := entries(t, c.Dir)
	fi, _ := os.Stat(one[0])
	c.MaxBytes = 2*fi.Size() + fi.Size()/2 // room for two
	open(t, c, paths[1], 0)
	time.Sleep(10 * time.Millisecond)
	open(t, c, paths[0], 0) // used: paths[1]'s is now the oldest
	time.Sleep(10 * time.Millisecond)
	open(t, c, paths[2], 0)
	if n := len(entries(t, c.Dir)); n != 2 {
		t.Fatalf("%d entries, want 2", n)
	}
	if h := open(t, c, paths[0], 0); h != Hit {
		t.Errorf("the entry used last was evicted (%s)", h)
	}
	if h := open(t, c, paths[1], 0); h != Compiled {
		t.Errorf("the least recently used entry was kept (%s)", h)
	}

	bad := filepath.Join(dir, "bad.txt")
	os.WriteFile(bad, []byte("0 compute 5\n0 send 7 0 1\n"), 0o644)
	before := len(entries(t, c.Dir))
	tr, how, err := c.Open(context.Background(), bad, 2, tit.DefaultSettings(), nil)
	if err != nil {
		t.Fatal(err)
	}
	if how.How != Text || !strings.Contains(how.Why, "bad.txt:2") {
		t.Errorf("a trace with an error: %+v", how)
	}
	s := tr.Stream(0, 1)
	var op ir.Op
	s.Next(&op)
	if err := s.Next(&op); err == nil || !strings.Contains(err.Error(), "bad.txt:2") {
		t.Errorf("the text's error: %v", err)
	}
	tr.Close()
	if n := len(entries(t, c.Dir)); n != before {
		t.Errorf("%d entries after a trace with an error, want %d", n, before)
	}
}

// Writers racing on one entry each rename a whole one: every reader
// reads the trace exactly.
func TestConcurrentWriters(t *testing.T) {
	dir := t.TempDir()
	c := &Cache{Dir: filepath.Join(dir, "cache"), RacyWindow: time.Nanosecond}
	idx, _, err := gen.WriteIndex(filepath.Join(dir, "t"), gen.Spec{Pattern: "stencil", NP: 16, Iters: 50, Bytes: 10, Flops: 1000, Spread: 0.5, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	for range 6 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			open(t, c, idx, 0)
		}()
	}
	wg.Wait()
	if n := len(entries(t, c.Dir)); n != 1 {
		t.Errorf("%d entries, want 1", n)
	}
	if tmp, _ := filepath.Glob(filepath.Join(c.Dir, ".tmp-*")); len(tmp) != 0 {
		t.Errorf("temporary files left: %v", tmp)
	}
}

// A file changed within the clock tick of its compile keeps its stat
// identity: the racy entry's content check is then what refuses it. The
// tick cannot be forced here, so the lookup is asked directly for the
// entry the old identity named.
func TestRacyEntryCheckedByContent(t *testing.T) {
	dir := t.TempDir()
	c := &Cache{Dir: filepath.Join(dir, "cache"), RacyWindow: DefaultRacyWindow}
	p := filepath.Join(dir, "t.txt")
	os.WriteFile(p, []byte("0 compute 1000\n"), 0o644)
	if h := open(t, c, p, 1); h != Compiled {
		t.Fatalf("%s, want compiled", h)
	}
	es := entries(t, c.Dir)
	src, err := tit.Resolve(p, 1)
	if err != nil {
		t.Fatal(err)
	}
	if tr, _, err := c.lookup(es[0], src, tit.DefaultSettings(), false, false); err != nil {
		t.Fatalf("the entry of the unchanged file: %v", err)
	} else {
		tr.Close()
	}
	os.WriteFile(p, []byte("0 compute 9000\n"), 0o644)
	if tr, _, err := c.lookup(es[0], src, tit.DefaultSettings(), false, false); err == nil {
		tr.Close()
		t.Fatal("a racy entry of a changed file was taken")
	}
	if len(entries(t, c.Dir)) != 0 {
		t.Error("the stale entry was kept")
	}
}
