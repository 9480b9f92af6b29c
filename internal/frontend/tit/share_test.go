package tit

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"augur/internal/ir"
)

// Share says how much of the trace the ranks have read, of its size in
// bytes of what they read: nothing before the first action, a part
// while they replay, all of it at the end. The size is the shared
// trace's (the file), the ranks' files' (not the index), or the
// compiled form's records (the form's file but its 16-byte header and
// the table of 8 bytes a rank).
func TestShare(t *testing.T) {
	dir := t.TempDir()
	const np, lines = 2, 20000 // 2 × 20 000 lines of 14-17 bytes: several 64 KiB buffers a rank
	var shared strings.Builder
	rank := make([]strings.Builder, np)
	for i := range lines {
		for r := range np {
			line := fmt.Sprintf("compute %d\n", 1000+i)
			fmt.Fprintf(&shared, "%d %s", r, line)
			fmt.Fprintf(&rank[r], "p%d %s", r, line)
		}
	}
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	sharedPath := write("shared.txt", shared.String())
	var index strings.Builder
	var rankBytes int64
	for r := range np {
		fmt.Fprintln(&index, write(fmt.Sprintf("rank%d.txt", r), rank[r].String()))
		rankBytes += int64(rank[r].Len())
	}
	indexPath := write("index.txt", index.String())
	set := DefaultSettings()
	open := func(path string) *Trace {
		tr, err := Open(path, np, set)
		if err != nil {
			t.Fatal(err)
		}
		return tr
	}
	compiled := func(buf int) *Trace {
		tr, err := compileTo(t, dir, sharedPath, np, set, buf)
		if err != nil {
			t.Fatal(err)
		}
		return tr
	}
	formSize := func(tr *Trace) int64 {
		if tr.compiled.img != nil {
			return int64(len(tr.compiled.img)) - 16 - 8*np
		}
		fi, err := tr.compiled.r.(*os.File).Stat()
		if err != nil {
			t.Fatal(err)
		}
		return fi.Size() - 16 - 8*np
	}
	for _, c := range []struct {
		name string
		tr   *Trace
		size func(*Trace) int64
	}{
		{"shared text", open(sharedPath), func(*Trace) int64 { return int64(shared.Len()) }},
		{"per-rank files", open(indexPath), func(*Trace) int64 { return rankBytes }},
		{"compiled, in memory", compiled(0), formSize},
		{"compiled, from its file", compiled(4096), formSize},
	} {
		t.Run(c.name, func(t *testing.T) {
			tr := c.tr
			defer tr.Close()
			tr.Watch()
			streams := make([]ir.Stream, np)
			for r := range streams {
				streams[r] = tr.Stream(r, 1e-9)
			}
			size := c.size(tr)
			if done, total := tr.Share(); done != 0 || total != size {
				t.Fatalf("before the first action: %d of %d, want 0 of %d", done, total, size)
			}
			if _, err := drainStreams(streams, lines/2); err != nil {
				t.Fatal(err)
			}
			if done, total := tr.Share(); done <= 0 || done >= total || total != size {
				t.Errorf("half-way: %d of %d, want a part of %d", done, total, size)
			}
			if _, err := drainStreams(streams, 2*lines); err != nil {
				t.Fatal(err)
			}
			if done, total := tr.Share(); done != size || total != size {
				t.Errorf("at the end: %d of %d, want all %d", done, total, size)
			}
		})
	}
}
