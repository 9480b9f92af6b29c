package tit

import (
	"context"
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

// Compiling a trace tells how far it has read: a shared trace every
// 2^16 lines (its bytes read, of the file's), the ranks' files every
// 64th rank and at the last (the bytes of the files compiled, of all).
func TestCompileProgress(t *testing.T) {
	dir := t.TempDir()
	const lines = 70000 // a rank: 140 000 lines of the shared trace, two reports
	var shared, rank0, rank1 strings.Builder
	for i := range lines {
		fmt.Fprintf(&shared, "0 compute %d\n1 compute %d\n", i, i)
		fmt.Fprintf(&rank0, "p0 compute %d\n", i)
		fmt.Fprintf(&rank1, "p1 compute %d\n", i)
	}
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	for _, c := range []struct {
		name  string
		src   Source
		calls int
		last  [2]int64 // done, total of the last report; done 0: any part
	}{
		{"shared", Source{Files: []string{write("s.txt", shared.String())}, Shared: true, NP: 2}, 2, [2]int64{0, int64(shared.Len())}},
		{"per-rank files", Source{Files: []string{write("r0.txt", rank0.String()), write("r1.txt", rank1.String())}, NP: 2}, 1,
			[2]int64{int64(rank0.Len() + rank1.Len()), int64(rank0.Len() + rank1.Len())}},
	} {
		var got [][2]int64
		f, err := os.Create(filepath.Join(dir, c.name+".tc"))
		if err != nil {
			t.Fatal(err)
		}
		_, err = CompileProgress(context.Background(), c.src, f, func(done, total int64) { got = append(got, [2]int64{done, total}) })
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		ok := len(got) == c.calls
		for i, g := range got {
			ok = ok && g[0] > 0 && g[0] <= g[1] && g[1] == c.last[1] && (i == 0 || g[0] >= got[i-1][0])
		}
		if ok && c.last[0] > 0 {
			ok = got[len(got)-1] == c.last
		}
		if !ok {
			t.Errorf("%s: reports %v; want %d, of %d bytes, the last %v", c.name, got, c.calls, c.last[1], c.last)
		}
	}
}
