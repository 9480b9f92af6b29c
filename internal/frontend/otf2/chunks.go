package otf2

import (
	"errors"
	"fmt"
	"io"
	"os"

	"augur/internal/base/infile"
)

// maxChunk bounds the chunk size an anchor may give: a chunk is read
// whole, and OTF2's own default is 1 MiB for events, 4 MiB for
// definitions.
const maxChunk = 256 << 20

// minChunk is below any chunk the library writes (it needs room for a
// header and a record).
const minChunk = 64

// records calls rec for each record of each chunk of data (a whole file
// of chunks of size bytes), until the file's end mark. rec reads one
// record whose id it is given, from b, and returns false to stop.
func records(b *buf, size int64, rec func(b *buf, id byte) bool) error {
	all := b.data
	for start := int64(0); ; start += size {
		if start >= int64(len(all)) {
			return &Error{File: b.file, Offset: int64(len(all)), Msg: "the file ends without OTF2's end-of-file mark (truncated?)"}
		}
		end := min(start+size, int64(len(all)))
		c := &buf{file: b.file, data: all[start:end], base: start}
		done, err := chunkRecords(c, rec)
		if err != nil || done {
			return err
		}
	}
}

// chunkRecords reads the records of one chunk, telling whether the
// file's end mark was reached (or rec stopped).
func chunkRecords(c *buf, rec func(b *buf, id byte) bool) (done bool, err error) {
	c.chunkStart()
	for c.err == nil {
		if c.left() == 0 {
			// A chunk ends with its end mark or padding; only a file cut
			// short ends here.
			c.fail("the chunk ends without an end-of-chunk or end-of-file mark (truncated?)")
			break
		}
		id := c.u8()
		switch id {
		case recEndOfChunk:
			return false, nil
		case recEndOfFile:
			return true, nil
		}
		if !rec(c, id) {
			return true, c.err
		}
	}
	return false, c.err
}

// streamChunks reads the file at path a chunk at a time, calling rec for
// each record: event files are streamed, not read whole.
func streamChunks(path string, size int64, rec func(b *buf, id byte) bool) error {
	f, err := infile.Open(path, infile.MPITrace)
	if err != nil {
		return err
	}
	defer f.Close()
	data := make([]byte, size)
	for off := int64(0); ; off += size {
		n, err := io.ReadFull(f, data)
		if err == io.EOF {
			return &Error{File: path, Offset: off, Msg: "the file ends without OTF2's end-of-file mark (truncated?)"}
		}
		if err != nil && !errors.Is(err, io.ErrUnexpectedEOF) {
			return fmt.Errorf("%s: %w", path, err)
		}
		c := &buf{file: path, data: data[:n], base: off}
		done, err := chunkRecords(c, rec)
		if err != nil || done {
			return err
		}
	}
}

// readWhole reads a definitions file, within kind's cap.
func readWhole(path string, kind infile.Kind) (*buf, error) {
	data, err := infile.ReadFile(path, kind)
	if err != nil {
		return nil, err
	}
	return &buf{file: path, data: data}, nil
}

// exists says whether path names something (a local definitions file is
// optional).
func exists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}
