// Package tracecache keeps the compiled form of the traces replayed
// (tit.Compile) in a directory, so that a trace replayed again (a
// sweep's next platform, the workbench, the next run) is read without
// parsing its text.
//
// An entry is named by a hash of what identifies the trace's version:
// the number of ranks asked for and, for every file the trace is read
// from, its absolute path, device, inode, size, modification and change
// times (identity). A file changed in any way gets another name, and its
// stale entry is never found; it ages out. That is what git does for its
// index, and, as git does, it leaves one case to the content: a file
// changed within the clock tick of the compile can show the same times
// (file times are kept at the kernel's coarse clock, a few
// milliseconds). So a file whose change time is less than RacyWindow
// before the compile began makes the entry "racy": the entry holds the
// SHA-256 of the files' contents, and a lookup hashes them again and
// takes the entry only if they are the same. Hashing every trace on
// every lookup would make the rule exact without it, but costs a pass
// over the text (a tenth of a replay from the compiled form); stat costs
// a system call a file.
//
// Entries are written to a temporary file in the directory and renamed
// into place, so that readers see a whole entry or none, and concurrent
// writers of the same entry each rename a whole one (the last wins; both
// are the same bytes). After a write, the oldest entries (by
// modification time, which a lookup renews: least recently used) are
// removed until the directory holds at most MaxBytes. An entry's bytes
// are checked (tit.ParseCompiled: magic, CRC-32C, offsets) before use; a
// damaged one is removed and the trace compiled again.
package tracecache

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"augur/internal/base/infile"
	"augur/internal/frontend/tit"
)

// Cache is a directory of compiled traces.
type Cache struct {
	Dir      string
	MaxBytes int64 // the directory's bound; ≤ 0: DefaultMaxBytes
	// RacyWindow: an entry whose files changed less than this before
	// the compile began is checked by their content on every lookup.
	RacyWindow time.Duration
}

const (
	// DefaultMaxBytes bounds the directory by default.
	DefaultMaxBytes = 2 << 30
	// DefaultRacyWindow is far above any file system's time
	// granularity (FAT's is 2 s).
	DefaultRacyWindow = 3 * time.Second
)

// FromEnv is the user's cache: $AUGUR_CACHE_DIR, or augur/traces in the
// user cache directory (os.UserCacheDir: $XDG_CACHE_HOME or ~/.cache on
// Linux); nil when AUGUR_CACHE is off (or 0, no, false) or there is no
// such directory.
func FromEnv() *Cache {
	switch strings.ToLower(os.Getenv("AUGUR_CACHE")) {
	case "off", "0", "no", "false":
		return nil
	}
	dir := os.Getenv("AUGUR_CACHE_DIR")
	if dir == "" {
		base, err := os.UserCacheDir()
		if err != nil {
			return nil
		}
		dir = filepath.Join(base, "augur", "traces")
	}
	return &Cache{Dir: dir, MaxBytes: DefaultMaxBytes, RacyWindow: DefaultRacyWindow}
}

// How says how a trace was opened.
type How int

const (
	// Text: read from its text (not compiled: see Opened.Why).
	Text How = iota
	// Hit: read from an entry compiled earlier.
	Hit
	// Compiled: compiled now, the entry written, and read from it.
	Compiled
)

func (h How) String() string { return [...]string{"text", "cached", "compiled"}[h] }

// Opened tells how Open opened a trace and how long reading the
// trace's form took (the compile, or the lookup and checks).
type Opened struct {
	How  How
	Why  string // for Text: why not compiled
	Took time.Duration
	// Entry is the cache file read, of Bytes bytes (Hit, Compiled).
	Entry string
	Bytes int64
	NP    int // ranks compiled (Compile)
}

// entry layout: magic | flags uint32 | reserved uint32 | SHA-256 of the
// files' contents (racy entries; zero otherwise) | the compiled form.
const (
	entryMagic  = "augurTE1"
	entryHeader = 48
	flagRacy    = 1
)

// fileID is a file's identity (see identity).
type fileID struct {
	Dev, Ino     uint64
	Size         int64
	Mtime, Ctime int64 // ns
}

// Open opens the trace at path for np ranks (as tit.OpenContext does)
// from its compiled form, compiling it first if the cache has none. A
// trace that cannot be compiled (an error in it, a file the cache cannot
// identify, a cache directory that cannot be written) is opened from its
// text, as without a cache: its errors are then reported where the
// replay reaches them. counting, if set, hears how far each pass over
// the text has come (bytes read, bytes in all): compiling it (and
// counting a shared trace's ranks first when np ≤ 0), or the count of
// ranks of a trace opened from its text.
func (c *Cache) Open(ctx context.Context, path string, np int, set tit.Settings, counting func(done, total int64)) (*tit.Trace, Opened, error) {
	src, err := tit.Resolve(path, np)
	if err != nil {
		return nil, Opened{}, err
	}
	t, how, err := c.open(ctx, src, set, counting)
	if err == nil {
		return t, how, nil
	}
	if ctx.Err() != nil {
		return nil, Opened{}, ctx.Err()
	}
	t, terr := tit.OpenContext(ctx, path, np, set, counting)
	return t, Opened{How: Text, Why: err.Error()}, terr
}

// Compile makes sure the cache holds the compiled form of the trace at
// path for np ranks, compiling it if it does not; an error in the trace
// is returned (file and line).
func (c *Cache) Compile(ctx context.Context, path string, np int) (Opened, error) {
	src, err := tit.Resolve(path, np)
	if err != nil {
		return Opened{}, err
	}
	t, how, err := c.open(ctx, src, tit.DefaultSettings(), nil)
	if err != nil {
		return Opened{}, err
	}
	how.NP = t.NP()
	return how, t.Close()
}

// open reads src from its entry, compiling it first if need be; any
// error says why it could not.
func (c *Cache) open(ctx context.Context, src tit.Source, set tit.Settings, progress func(done, total int64)) (*tit.Trace, Opened, error) {
	start := time.Now()
	ids, exact, total, err := identify(src.Files)
	if err != nil {
		return nil, Opened{}, err
	}
	name := filepath.Join(c.Dir, entryName(src, ids)+".tc")
	if t, size, err := c.lookup(name, src, set, !exact, false); err == nil {
		return t, Opened{How: Hit, Took: time.Since(start), Entry: name, Bytes: size}, nil
	}
	if c.MaxBytes > 0 && total > 2*c.MaxBytes {
		// The compiled form is about a quarter of the text: one this
		// large would not fit.
		return nil, Opened{}, fmt.Errorf("trace of %s, larger than the cache", infile.Size(total))
	}
	if err := c.compile(ctx, name, src, ids, exact, start, progress); err != nil {
		return nil, Opened{}, err
	}
	t, size, err := c.lookup(name, src, set, false, true)
	if err != nil {
		return nil, Opened{}, err
	}
	c.evict(name)
	return t, Opened{How: Compiled, Took: time.Since(start), Entry: name, Bytes: size}, nil
}

// identify stats the files; exact is false where stat gives no change
// time (every entry is then checked by content).
func identify(files []string) ([]fileID, bool, int64, error) {
	ids := make([]fileID, len(files))
	exact := true
	var total int64
	for i, f := range files {
		fi, err := os.Stat(f)
		if err != nil {
			return nil, false, 0, err
		}
		if !fi.Mode().IsRegular() {
			return nil, false, 0, fmt.Errorf("%s is not a regular file", f)
		}
		id, ok := identity(fi)
		ids[i], exact = id, exact && ok
		total += id.Size
	}
	return ids, exact, total, nil
}

// entryName hashes what names an entry.
func entryName(src tit.Source, ids []fileID) string {
	h := sha256.New()
	fmt.Fprintf(h, "%s %s np=%d shared=%v n=%d\n", entryMagic, tit.CompiledFormat, src.NP, src.Shared, len(src.Files))
	var b [40]byte
	for i, f := range src.Files {
		abs, err := filepath.Abs(f)
		if err != nil {
			abs = f
		}
		fmt.Fprintf(h, "%d:%s\n", len(abs), abs)
		id := ids[i]
		binary.LittleEndian.PutUint64(b[0:], id.Dev)
		binary.LittleEndian.PutUint64(b[8:], id.Ino)
		binary.LittleEndian.PutUint64(b[16:], uint64(id.Size))
		binary.LittleEndian.PutUint64(b[24:], uint64(id.Mtime))
		binary.LittleEndian.PutUint64(b[32:], uint64(id.Ctime))
		h.Write(b[:])
	}
	return hex.EncodeToString(h.Sum(nil)[:20])
}

// contentHash is the SHA-256 of the files' contents, each preceded by
// its length.
func contentHash(files []string) ([32]byte, error) {
	h := sha256.New()
	for _, p := range files {
		f, err := os.Open(p)
		if err != nil {
			return [32]byte{}, err
		}
		fi, err := f.Stat()
		if err == nil {
			fmt.Fprintf(h, "%d\n", fi.Size())
			_, err = io.Copy(h, f)
		}
		f.Close()
		if err != nil {
			return [32]byte{}, err
		}
	}
	var sum [32]byte
	h.Sum(sum[:0])
	return sum, nil
}

// lookup opens the entry at name, whose streams read it through
// buffers of their own (as the text's read theirs: the same memory per
// rank). A racy entry (any with always, for
// identities without a change time) is taken only if the files' contents
// hash as it says; that done when the files are older than RacyWindow,
// the entry stops being racy: a later change of theirs changes their
// change time, which names another entry. just says the entry was
// written from the files a moment ago (no check). A damaged entry is
// removed.
func (c *Cache) lookup(name string, src tit.Source, set tit.Settings, always, just bool) (_ *tit.Trace, _ int64, err error) {
	f, err := os.OpenFile(name, os.O_RDWR, 0)
	if err != nil {
		f, err = os.Open(name) // a cache shared read-only
	}
	if err != nil {
		return nil, 0, err
	}
	defer func() {
		if err != nil {
			f.Close()
		}
	}()
	fi, err := f.Stat()
	if err != nil {
		return nil, 0, err
	}
	var head [entryHeader]byte
	if _, err := f.ReadAt(head[:], 0); err != nil || string(head[:8]) != entryMagic {
		os.Remove(name)
		return nil, 0, errors.New("not a cache entry")
	}
	if racy := binary.LittleEndian.Uint32(head[8:])&flagRacy != 0; (racy || always) && !just {
		checked := time.Now()
		sum, err := contentHash(src.Files)
		if err != nil {
			return nil, 0, err
		}
		if !bytes.Equal(sum[:], head[16:48]) {
			os.Remove(name) // the files changed: never to be found again
			return nil, 0, errors.New("stale entry")
		}
		if racy && !always && c.settled(src.Files, checked) {
			var flags [4]byte
			f.WriteAt(flags[:], 8) // best effort: racy again next time if not
		}
	}
	comp, err := tit.ReadCompiled(io.NewSectionReader(f, entryHeader, fi.Size()-entryHeader), fi.Size()-entryHeader)
	if err != nil {
		os.Remove(name)
		return nil, 0, err
	}
	if src.NP > 0 && comp.NP() != src.NP {
		return nil, 0, errors.New("entry for another number of ranks")
	}
	now := time.Now()
	os.Chtimes(name, now, now) // recently used; a read-only cache still reads
	t := tit.OpenCompiled(comp, src.Files, src.Shared, set)
	t.OnClose(f.Close)
	return t, fi.Size(), nil
}

// compile writes the entry name for src, whose files had identities ids
// when the lookup began at start.
// progress, if set, hears how far the passes over the text have come
// (tit.CompileProgress).
func (c *Cache) compile(ctx context.Context, name string, src tit.Source, ids []fileID, exact bool, start time.Time, progress func(done, total int64)) error {
	if err := os.MkdirAll(c.Dir, 0o755); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(c.Dir, ".tmp-*")
	if err != nil {
		return err
	}
	defer func() {
		tmp.Close()
		os.Remove(tmp.Name()) // after the rename, nothing
	}()
	if _, err := tit.CompileProgress(ctx, src, offsetWriter{tmp, entryHeader}, progress); err != nil {
		return err
	}
	after, _, _, err := identify(src.Files)
	if err != nil {
		return err
	}
	var head [entryHeader]byte
	copy(head[:], entryMagic)
	for i, id := range after {
		if id != ids[i] {
			return fmt.Errorf("%s changed while it was read", src.Files[i])
		}
	}
	if !exact || !c.settled(src.Files, start) {
		sum, err := contentHash(src.Files)
		if err != nil {
			return err
		}
		binary.LittleEndian.PutUint32(head[8:], flagRacy)
		copy(head[16:], sum[:])
	}
	if _, err := tmp.WriteAt(head[:], 0); err != nil {
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), name)
}

// settled tells whether every file last changed at least RacyWindow
// before at.
func (c *Cache) settled(files []string, at time.Time) bool {
	ids, _, _, err := identify(files)
	if err != nil {
		return false
	}
	for _, id := range ids {
		if at.UnixNano()-max(id.Mtime, id.Ctime) < c.RacyWindow.Nanoseconds() {
			return false
		}
	}
	return true
}

type offsetWriter struct {
	f   *os.File
	off int64
}

func (w offsetWriter) WriteAt(b []byte, off int64) (int, error) { return w.f.WriteAt(b, off+w.off) }

// staleTemp is the age past which a temporary file is a writer's that
// died, removed by the next eviction.
const staleTemp = time.Hour

// evict removes the least recently used entries until the directory
// holds at most MaxBytes, never keep (the entry just written). Entries
// another process removes first are skipped.
func (c *Cache) evict(keep string) {
	limit := c.MaxBytes
	if limit <= 0 {
		limit = DefaultMaxBytes
	}
	des, err := os.ReadDir(c.Dir)
	if err != nil {
		return
	}
	type ent struct {
		path string
		size int64
		used time.Time
	}
	var ents []ent
	var total int64
	for _, de := range des {
		fi, err := de.Info()
		if err != nil || !fi.Mode().IsRegular() {
			continue
		}
		p := filepath.Join(c.Dir, de.Name())
		if strings.HasPrefix(de.Name(), ".tmp-") {
			if time.Since(fi.ModTime()) > staleTemp {
				os.Remove(p)
			}
			continue
		}
		if !strings.HasSuffix(de.Name(), ".tc") {
			continue // not ours
		}
		ents = append(ents, ent{p, fi.Size(), fi.ModTime()})
		total += fi.Size()
	}
	sort.Slice(ents, func(i, j int) bool { return ents[i].used.Before(ents[j].used) })
	for _, e := range ents {
		if total <= limit {
			return
		}
		if e.path == keep {
			continue
		}
		if os.Remove(e.path) == nil {
			total -= e.size
		}
	}
}
