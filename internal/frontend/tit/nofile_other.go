//go:build !unix

package tit

import (
	"errors"
	"io"
	"os"
)

// openFileLimit is how many trace files may be open at once.
func openFileLimit() int { return 256 }

// Elsewhere than on unix, a per-rank trace file is an *os.File.
type sysFile = *os.File

func openFile(path string) (sysFile, error) { return os.Open(path) }

// readAt reads from offset off as io.Reader's Read would: some bytes, or
// io.EOF at the end of the file.
func readAt(f sysFile, b []byte, off int64) (int, error) {
	n, err := f.ReadAt(b, off)
	if n > 0 && errors.Is(err, io.EOF) {
		err = nil // the bytes now, the end at the next read
	}
	var pe *os.PathError
	if errors.As(err, &pe) {
		err = pe.Err // the caller names the file
	}
	return n, err
}

func closeFile(f sysFile) { f.Close() }
