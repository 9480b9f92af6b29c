package otf2

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"augur/internal/base/infile"
)

// ring4 is an archive the OTF2 library wrote (testdata/mpiwrite.c, mode
// full), kept so that the tests that corrupt it and the fuzzer need no
// compiler.
const ring4 = "testdata/ring4"

// copyArchive copies ring4 into a temporary directory, replacing the
// files named in repl (paths relative to the archive).
func copyArchive(t testing.TB, repl map[string][]byte) string {
	t.Helper()
	dst := t.TempDir()
	err := filepath.WalkDir(ring4, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(ring4, p)
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(dst, rel), 0o755)
		}
		data, ok := repl[rel]
		if !ok {
			if data, err = os.ReadFile(p); err != nil {
				return err
			}
		}
		return os.WriteFile(filepath.Join(dst, rel), data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	return filepath.Join(dst, "traces.otf2")
}

// positioned is an error at a byte of a file of the archive, or a whole
// file refused.
var positioned = regexp.MustCompile(`^\S+\.(otf2|def|evt): (byte \d+: )?\S`)

// checkError checks that err is one augur can print with its place.
func checkError(t testing.TB, err error) {
	t.Helper()
	var oe *Error
	var ie *infile.Error
	var pe *fs.PathError
	if !errors.As(err, &oe) && !errors.As(err, &ie) && !errors.As(err, &pe) {
		t.Fatalf("error %q (%T) is neither positioned nor a file refused", err, err)
	}
	if oe != nil && !positioned.MatchString(err.Error()) {
		t.Fatalf("error %q is not file: byte N: message", err)
	}
}

func convertArchive(anchor, dir string) error {
	a, err := Open(anchor)
	if err != nil {
		return err
	}
	_, err = a.Convert(dir, func(int) float64 { return 1e9 })
	return err
}

// A malformed archive is an error at the byte at fault.
func TestMalformed(t *testing.T) {
	evt, err := os.ReadFile(filepath.Join(ring4, "traces", "1.evt"))
	if err != nil {
		t.Fatal(err)
	}
	def, err := os.ReadFile(filepath.Join(ring4, "traces.def"))
	if err != nil {
		t.Fatal(err)
	}
	anchor, err := os.ReadFile(filepath.Join(ring4, "traces.otf2"))
	if err != nil {
		t.Fatal(err)
	}
	with := func(b []byte, at int, v byte) []byte {
		c := append([]byte(nil), b...)
		c[at] = v
		return c
	}
	// The first event of 1.evt: its timestamp at byte 18 (after the
	// chunk header), an Enter of region 0 (main) at 27.
	for _, c := range []struct {
		file string
		data []byte
		want string
	}{
		{"traces/1.evt", evt[:len(evt)-2], "1.evt: byte "},
		{"traces/1.evt", evt[:len(evt)-2], "without an end-of-chunk or end-of-file mark (truncated?)"},
		{"traces/1.evt", with(evt, 1, 0x23), "1.evt: byte 1: byte order 0x23"},
		{"traces/1.evt", with(evt, 0, 0x07), "1.evt: byte 0: 0x07 where a chunk starts with 0x03"},
		{"traces/1.evt", with(evt, 28, 0x09), "1.evt: byte 28: compressed integer of 9 bytes"},
		{"traces/1.evt", with(evt, 18, 0x0c), "1.evt: byte 18: event record 0x0c before any timestamp"},
		{"traces.def", with(def, 19, 0xff), "traces.def: byte 19: record of 14555638649707954180 bytes runs past the end of its chunk"},
		{"traces.def", def[:100], "traces.def: byte "},
		{"traces.otf2", with(anchor, 3, 'X'), "traces.otf2: byte 0: not an OTF2 anchor file"},
		{"traces.otf2", with(anchor, 29, 2), "traces.otf2: byte 29: compression 2: augur reads uncompressed archives"},
	} {
		a := copyArchive(t, map[string][]byte{c.file: c.data})
		err := convertArchive(a, t.TempDir())
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", c.file, err, c.want)
			continue
		}
		checkError(t, err)
	}
}

// The readers never panic or hang on corrupt definitions and events, and
// every error says where. In memory: the anchor, the global definitions,
// rank 0's local definitions and its events, seeded from ring4's.
func FuzzArchive(f *testing.F) {
	read := func(p string) []byte {
		data, err := os.ReadFile(filepath.Join(ring4, p))
		if err != nil {
			f.Fatal(err)
		}
		return data
	}
	anchor := read("traces.otf2")
	f.Add(read("traces/0.evt"), read("traces.def"), read("traces/0.def"), anchor)
	f.Add(read("traces/3.evt"), read("traces.def"), read("traces/3.def"), anchor)
	f.Fuzz(func(t *testing.T, evt, def, loc, anchor []byte) {
		a := &Archive{Anchor: "traces.otf2", Dir: "traces",
			strings: map[uint32]string{}, regions: map[uint32]region{}, groups: map[uint32]group{},
			comms: map[uint32]comm{}, locations: map[uint64]location{}, locGroups: map[uint32]locGroup{},
			nodes: map[uint32]sysNode{}}
		err := a.anchor(&buf{file: "traces.otf2", data: anchor})
		if err == nil {
			err = a.globalDefs(&buf{file: "traces.def", data: def})
		}
		if err == nil {
			err = a.findRanks()
		}
		var l *locals
		if err == nil {
			l, err = a.localDefs(&buf{file: "0.def", data: loc})
		}
		if err == nil && a.Resolution == 0 {
			return // no clock properties: Open refuses it
		}
		if err == nil {
			notRead := map[string]int64{}
			_, err = a.writeRank(0, io.Discard, "0.evt", 1e9, notRead, func(fn func(e *event) error) error {
				return a.eventsOf(l, func(rec func(b *buf, id byte) bool) error {
					return records(&buf{file: "0.evt", data: evt}, a.eventChunk, rec)
				}, notRead, fn)
			})
		}
		if err != nil {
			checkError(t, err)
		}
	})
}
