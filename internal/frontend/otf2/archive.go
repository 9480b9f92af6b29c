// Package otf2 reads the trace archives of the Open Trace Format 2, as
// Score-P writes them for Vampir and Scalasca (and as the OTF2 library
// writes them, version 3.0): the anchor file (NAME.otf2), the global
// definitions (NAME.def) and, in the directory NAME, one event file per
// location (ID.evt) with its local definitions (ID.def: mapping tables
// of local to global ids, clock offsets).
//
// The binary layout was learnt from the library's public headers
// (OTF2_*.h: the records, their attributes and types) and from archives
// the library wrote, read back byte by byte: every file is a sequence of
// chunks of the anchor's chunk size, each starting with a header, each a
// sequence of records (an id byte, for most a length, then the
// attributes: fixed-width integers little-endian, the others compressed
// as a byte count followed by that many bytes, least significant first,
// 0xff for the undefined value).
//
// What is read is the MPI part of a trace: the ranks (the locations of
// MPI_COMM_WORLD), the regions entered and left, point-to-point and
// collective events with their sizes, and the communicators; Convert
// turns each rank's events into SimGrid time-independent actions, the
// time between MPI calls becoming computation.
package otf2

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"augur/internal/base/infile"
)

// Magic starts an anchor file: a chunk mark, the byte order and "OTF2".
var Magic = []byte{chunkMark, littleEndian, 'O', 'T', 'F', '2', 0}

// Paradigms and types of the definitions (OTF2_GeneralDefinitions.h,
// OTF2_Definitions.h).
const (
	paradigmUnknown = 0
	paradigmOpenMP  = 3
	paradigmMPI     = 4
	paradigmCUDA    = 5

	groupCommLocations = 4
	groupCommGroup     = 5
	groupCommSelf      = 6

	substratePOSIX  = 1
	compressionNone = 1
)

// Mapping types of a local definitions file's mapping tables.
const (
	mappingRegion = 3
	mappingComm   = 6
)

// Archive is an opened archive: its anchor and global definitions.
type Archive struct {
	Anchor     string // the anchor file
	Dir        string // where the per-location files are: the anchor's directory and name
	Version    string // of the library that wrote it
	Creator    string
	Resolution uint64 // clock ticks per second
	eventChunk int64
	defChunk   int64

	strings   map[uint32]string
	regions   map[uint32]region
	groups    map[uint32]group
	comms     map[uint32]comm
	locations map[uint64]location
	locGroups map[uint32]locGroup
	nodes     map[uint32]sysNode
	// Ranks holds the location of each rank of MPI_COMM_WORLD (the
	// members of the MPI locations group, in rank order).
	Ranks []uint64
}

type region struct {
	name     string
	paradigm uint8
}

type group struct {
	typ, paradigm uint8
	flags         uint32
	members       []uint64
}

// groupGlobalMembers marks a communicator's group whose events name
// ranks of MPI_COMM_WORLD already (OTF2_GROUP_FLAG_GLOBAL_MEMBERS).
const groupGlobalMembers = 1

type comm struct {
	name  string
	group uint32
}

type location struct {
	name   string
	typ    uint8
	group  uint32
	events uint64
}

type locGroup struct {
	name   string
	parent uint32 // system tree node
}

type sysNode struct {
	name, class string
	parent      uint32
}

// IsArchive tells whether path is an OTF2 anchor file (or a directory
// holding exactly one), by its first bytes.
func IsArchive(path string) bool {
	p, err := AnchorPath(path)
	if err != nil {
		return false
	}
	// Only a regular file is opened: a named pipe would block the open.
	if st, err := os.Stat(p); err != nil || !st.Mode().IsRegular() {
		return false
	}
	f, err := os.Open(p)
	if err != nil {
		return false
	}
	defer f.Close()
	head := make([]byte, len(Magic))
	n, _ := f.Read(head)
	return bytes.Equal(head[:n], Magic)
}

// AnchorPath is path, or the one .otf2 file in the directory path.
func AnchorPath(path string) (string, error) {
	st, err := os.Stat(path)
	if err != nil || !st.IsDir() {
		return path, err
	}
	m, _ := filepath.Glob(filepath.Join(path, "*.otf2"))
	var files []string
	for _, p := range m {
		if st, err := os.Stat(p); err == nil && st.Mode().IsRegular() {
			files = append(files, p)
		}
	}
	if len(files) != 1 {
		return "", fmt.Errorf("%s: a directory with %d .otf2 anchor files: name the archive's anchor (traces.otf2)", path, len(files))
	}
	return files[0], nil
}

// Open reads the anchor at path (or in the directory path) and the
// archive's global definitions.
func Open(path string) (*Archive, error) {
	anchor, err := AnchorPath(path)
	if err != nil {
		return nil, err
	}
	a := &Archive{Anchor: anchor, Dir: strings.TrimSuffix(anchor, ".otf2"),
		strings: map[uint32]string{}, regions: map[uint32]region{}, groups: map[uint32]group{},
		comms: map[uint32]comm{}, locations: map[uint64]location{}, locGroups: map[uint32]locGroup{},
		nodes: map[uint32]sysNode{}}
	if a.Dir == anchor {
		return nil, &Error{File: anchor, Offset: -1, Msg: "an OTF2 anchor file's name ends in .otf2"}
	}
	if err := a.readAnchor(); err != nil {
		return nil, err
	}
	if err := a.readGlobalDefs(a.Dir + ".def"); err != nil {
		return nil, err
	}
	if a.Resolution == 0 {
		return nil, &Error{File: a.Dir + ".def", Offset: -1, Msg: "no clock properties: the definitions do not say how many clock ticks make a second"}
	}
	if err := a.findRanks(); err != nil {
		return nil, err
	}
	return a, nil
}

// readAnchor reads the anchor: the library's version, the chunk sizes,
// the substrate and compression, the creator.
func (a *Archive) readAnchor() error {
	b, err := readWhole(a.Anchor, infile.OTF2Anchor)
	if err != nil {
		return err
	}
	return a.anchor(b)
}

// anchor reads the anchor in b.
func (a *Archive) anchor(b *buf) error {
	if !bytes.HasPrefix(b.data, Magic) {
		return &Error{File: a.Anchor, Offset: 0, Msg: "not an OTF2 anchor file (it does not start with OTF2's mark)"}
	}
	b.pos = len(Magic)
	b.u8() // the anchor's own format version
	b.u8() // the trace format version
	major, minor, bugfix := b.u8(), b.u8(), b.u8()
	a.Version = fmt.Sprintf("%d.%d.%d", major, minor, bugfix)
	at := b.offset()
	evt, def := int64(b.fixed64()), int64(b.fixed64())
	for _, c := range []int64{evt, def} {
		if b.err == nil && (c < minChunk || c > maxChunk) {
			b.failAt(at, "chunk size %d: want %d bytes to %d MiB", c, minChunk, maxChunk>>20)
		}
	}
	a.eventChunk, a.defChunk = evt, def
	at = b.offset()
	substrate, compression := b.u8(), b.u8()
	if b.err == nil && substrate != substratePOSIX {
		b.failAt(at, "file substrate %d: augur reads archives of plain files (POSIX, 1), not SIONlib containers (2)", substrate)
	}
	if b.err == nil && compression != compressionNone {
		b.failAt(at+1, "compression %d: augur reads uncompressed archives (1) only", compression)
	}
	b.fixed64()        // locations
	b.fixed64()        // global definitions
	b.str(len(b.data)) // machine name
	a.Creator = b.str(len(b.data))
	return b.err
}

// readGlobalDefs reads the global definitions this package uses and
// skips the others by their lengths.
func (a *Archive) readGlobalDefs(path string) error {
	b, err := readWhole(path, infile.OTF2Defs)
	if err != nil {
		return err
	}
	return a.globalDefs(b)
}

// globalDefs reads the global definitions in b.
func (a *Archive) globalDefs(b *buf) error {
	return records(b, a.defChunk, func(b *buf, id byte) bool {
		at := b.offset() - 1
		end := b.recordLen()
		if b.err != nil {
			return false
		}
		switch id {
		case 0x05: // ClockProperties
			a.Resolution = b.u64()
			if b.err == nil && (a.Resolution == 0 || a.Resolution == undefined64) {
				b.failAt(at, "clock properties: %d ticks per second", a.Resolution)
			}
		case 0x0a: // String
			self := b.u32()
			a.strings[self] = b.str(end)
		case 0x0c: // SystemTreeNode
			self := b.u32()
			a.nodes[self] = sysNode{name: a.name(b.u32()), class: a.name(b.u32()), parent: b.u32()}
		case 0x0d: // LocationGroup
			self := b.u32()
			name := a.name(b.u32())
			b.u8() // type
			a.locGroups[self] = locGroup{name: name, parent: b.u32()}
		case 0x0e: // Location
			self := b.u64()
			l := location{name: a.name(b.u32()), typ: b.u8(), events: b.u64(), group: b.u32()}
			a.locations[self] = l
		case 0x0f: // Region: self, name, description, a legacy type,
			// source file, lines; canonical name, role, paradigm, flags.
			self := b.u32()
			name := a.name(b.u32())
			b.u32()
			b.u8()
			b.u32()
			b.u32()
			b.u32()
			r := region{name: name}
			if b.pos < end {
				b.u32()
				b.u8()
				r.paradigm = b.u8()
			}
			a.regions[self] = r
		case 0x12: // Group: self, name, a legacy type, members; type,
			// paradigm, flags.
			self := b.u32()
			b.u32()
			b.u8()
			n := b.u32()
			if b.err == nil && int64(n) > int64(end-b.pos) {
				b.failAt(at, "group of %d members in a record of %d bytes", n, end-b.pos)
				return false
			}
			g := group{members: make([]uint64, n)}
			for i := range g.members {
				g.members[i] = b.u64()
			}
			if b.pos < end {
				g.typ, g.paradigm, g.flags = b.u8(), b.u8(), b.u32()
			}
			a.groups[self] = g
		case 0x16: // Comm: self, name, group, parent, flags
			self := b.u32()
			a.comms[self] = comm{name: a.name(b.u32()), group: b.u32()}
		}
		if b.err == nil && b.pos > end {
			b.failAt(at, "definition record 0x%02x is longer than its length says", id)
		}
		b.pos = end
		return b.err == nil
	})
}

// name is the string of ref, or its number when it is not defined (names
// serve messages only).
func (a *Archive) name(ref uint32) string {
	if s, ok := a.strings[ref]; ok {
		return s
	}
	if ref == undefined32 {
		return ""
	}
	return "string " + strconv.FormatUint(uint64(ref), 10)
}

// findRanks finds MPI_COMM_WORLD's locations: the MPI group of
// communication locations.
func (a *Archive) findRanks() error {
	var ids []uint32
	for id, g := range a.groups {
		if g.typ == groupCommLocations && g.paradigm == paradigmMPI {
			ids = append(ids, id)
		}
	}
	if len(ids) == 0 {
		return &Error{File: a.Dir + ".def", Offset: -1, Msg: "no MPI ranks: the definitions have no group of MPI communication locations (an OTF2 trace of an MPI program, as Score-P writes it, has one)"}
	}
	sort.Slice(ids, func(i, j int) bool { return ids[i] < ids[j] })
	a.Ranks = a.groups[ids[0]].members
	if len(a.Ranks) == 0 {
		return &Error{File: a.Dir + ".def", Offset: -1, Msg: "the group of MPI communication locations is empty"}
	}
	seen := make(map[uint64]bool, len(a.Ranks))
	for r, loc := range a.Ranks {
		if _, ok := a.locations[loc]; !ok {
			return &Error{File: a.Dir + ".def", Offset: -1, Msg: fmt.Sprintf("rank %d's location %d is not defined", r, loc)}
		}
		if seen[loc] {
			return &Error{File: a.Dir + ".def", Offset: -1, Msg: fmt.Sprintf("location %d is rank %d and another rank too", loc, r)}
		}
		seen[loc] = true
	}
	return nil
}

// EventFile is the file of rank's events.
func (a *Archive) EventFile(rank int) string {
	return filepath.Join(a.Dir, strconv.FormatUint(a.Ranks[rank], 10)+".evt")
}

// NP is the number of ranks.
func (a *Archive) NP() int { return len(a.Ranks) }

// Host is the system tree node rank ran on (Score-P names it after the
// host), or "" when the definitions do not say.
func (a *Archive) Host(rank int) string {
	l := a.locations[a.Ranks[rank]]
	g, ok := a.locGroups[l.group]
	if !ok {
		return ""
	}
	if n, ok := a.nodes[g.parent]; ok {
		return n.name
	}
	return ""
}

// worldLike tells whether comm c has every rank (MPI_COMM_WORLD, a
// duplicate of it, a split that reorders them) and, if so, the world rank
// of each of its ranks (nil: the same); its size; whether it is
// MPI_COMM_SELF.
func (a *Archive) worldLike(c comm) (world bool, ranks []uint64, size int, self bool) {
	g, ok := a.groups[c.group]
	switch {
	case !ok:
		return false, nil, 0, false
	case g.typ == groupCommSelf:
		return false, nil, 1, true
	case g.typ == groupCommLocations:
		return len(g.members) == len(a.Ranks), nil, len(g.members), false
	case g.typ != groupCommGroup || len(g.members) != len(a.Ranks):
		return false, nil, len(g.members), false
	}
	seen := make([]bool, len(g.members))
	identity := true
	for i, m := range g.members {
		if m >= uint64(len(seen)) || seen[m] {
			return false, nil, len(g.members), false
		}
		seen[m] = true
		identity = identity && m == uint64(i)
	}
	if identity || g.flags&groupGlobalMembers != 0 {
		return true, nil, len(g.members), false
	}
	return true, g.members, len(g.members), false
}
