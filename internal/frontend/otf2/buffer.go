package otf2

import (
	"encoding/binary"
	"fmt"
)

// Error is a problem at a place in an archive's file: the byte offset of
// the record (or field) at fault, counted from the start of the file.
type Error struct {
	File   string
	Offset int64 // -1: the whole file
	Msg    string
}

func (e *Error) Error() string {
	if e.Offset < 0 {
		return e.File + ": " + e.Msg
	}
	return fmt.Sprintf("%s: byte %d: %s", e.File, e.Offset, e.Msg)
}

// chunkHeader is the start of every chunk of an OTF2 buffer (event and
// definition files, the anchor): 0x03, then 0x42 for the byte order the
// library writes on little-endian hosts, the only one read here.
const (
	chunkMark    = 0x03
	littleEndian = 0x42
)

// chunkHeaderLen is the mark and byte order, then the chunk's first and
// last event numbers (two fixed 64-bit integers, not needed to read it).
const chunkHeaderLen = 2 + 8 + 8

// Record ids common to every buffer.
const (
	recEndOfChunk = 0x00 // the rest of the chunk is padding
	recEndOfFile  = 0x02 // nothing follows but the file's last byte
)

// buf reads one chunk's records: fixed-width integers are little-endian,
// the others compressed (a byte saying how many bytes follow, least
// significant first; 0xff for the undefined value, all bits set).
type buf struct {
	file string
	data []byte
	base int64 // the file offset of data[0]
	pos  int
	err  error
}

// fail records the first error at the current position.
func (b *buf) fail(format string, a ...any) {
	if b.err == nil {
		b.err = &Error{File: b.file, Offset: b.base + int64(b.pos), Msg: fmt.Sprintf(format, a...)}
	}
}

// failAt records the first error at file offset off.
func (b *buf) failAt(off int64, format string, a ...any) {
	if b.err == nil {
		b.err = &Error{File: b.file, Offset: off, Msg: fmt.Sprintf(format, a...)}
	}
}

func (b *buf) offset() int64 { return b.base + int64(b.pos) }

func (b *buf) left() int { return len(b.data) - b.pos }

func (b *buf) u8() uint8 {
	if b.err != nil {
		return 0
	}
	if b.pos >= len(b.data) {
		b.fail("the data ends inside a record")
		return 0
	}
	v := b.data[b.pos]
	b.pos++
	return v
}

func (b *buf) fixed64() uint64 {
	if b.err != nil {
		return 0
	}
	if b.left() < 8 {
		b.fail("the data ends inside a 64-bit field")
		return 0
	}
	v := binary.LittleEndian.Uint64(b.data[b.pos:])
	b.pos += 8
	return v
}

// undefined64 and undefined32 are OTF2's undefined values.
const (
	undefined64 = ^uint64(0)
	undefined32 = ^uint32(0)
)

// u64 reads a compressed unsigned 64-bit integer.
func (b *buf) u64() uint64 {
	n := b.u8()
	if b.err != nil {
		return 0
	}
	switch {
	case n == 0xff:
		return undefined64
	case n > 8:
		b.pos--
		b.fail("compressed integer of %d bytes: at most 8", n)
		return 0
	case b.left() < int(n):
		b.fail("the data ends inside a compressed integer")
		return 0
	}
	var v uint64
	for i := 0; i < int(n); i++ {
		v |= uint64(b.data[b.pos+i]) << (8 * i)
	}
	b.pos += int(n)
	return v
}

// u32 reads a compressed unsigned 32-bit integer.
func (b *buf) u32() uint32 {
	at := b.offset()
	v := b.u64()
	if v == undefined64 {
		return undefined32
	}
	if v > uint64(undefined32) {
		b.failAt(at, "compressed 32-bit integer %d is out of range", v)
		return 0
	}
	return uint32(v)
}

// str reads a string ended by a NUL byte, within end.
func (b *buf) str(end int) string {
	if b.err != nil {
		return ""
	}
	for i := b.pos; i < end; i++ {
		if b.data[i] == 0 {
			s := string(b.data[b.pos:i])
			b.pos = i + 1
			return s
		}
	}
	b.fail("string not ended by a NUL byte within its record")
	return ""
}

// recordLen reads a record's length: a byte, or 0xff and a fixed 64-bit
// length; it returns the index in data where the record ends.
func (b *buf) recordLen() int {
	at := b.offset()
	n := uint64(b.u8())
	if n == 0xff {
		n = b.fixed64()
	}
	if b.err != nil {
		return b.pos
	}
	if n > uint64(b.left()) {
		b.failAt(at, "record of %d bytes runs past the end of its chunk (%d bytes left)", n, b.left())
		return b.pos
	}
	return b.pos + int(n)
}

// chunkStart checks the header of a chunk that starts at data[0].
func (b *buf) chunkStart() {
	if len(b.data) < chunkHeaderLen {
		b.fail("chunk of %d bytes is shorter than a chunk header (%d)", len(b.data), chunkHeaderLen)
		return
	}
	if b.data[0] != chunkMark {
		b.fail("0x%02x where a chunk starts with 0x%02x: not an OTF2 buffer, or a chunk size that is not the anchor's", b.data[0], chunkMark)
		return
	}
	if b.data[1] != littleEndian {
		b.pos = 1
		b.fail("byte order 0x%02x: augur reads the archives OTF2 writes on little-endian hosts (0x%02x)", b.data[1], littleEndian)
		return
	}
	b.pos = chunkHeaderLen
}
