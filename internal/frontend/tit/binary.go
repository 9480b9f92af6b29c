package tit

import (
	"bytes"
	"os"
)

// otf2Magic starts an OTF2 archive's anchor file (package otf2 reads
// those): a binary file, which read as an index would name a trace file
// of its first bytes.
var otf2Magic = []byte{0x03, 0x42, 'O', 'T', 'F', '2', 0}

// isOTF2 tells whether f starts as an OTF2 anchor does.
func isOTF2(f *os.File) bool {
	head := make([]byte, len(otf2Magic))
	n, _ := f.ReadAt(head, 0)
	return bytes.Equal(head[:n], otf2Magic)
}
