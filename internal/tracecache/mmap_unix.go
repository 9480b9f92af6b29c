//go:build unix

package tracecache

import (
	"os"
	"syscall"
)

// mapFile maps f (of size bytes) read-only: the replay reads the pages
// it needs from the page cache, nothing is copied, and a cache entry
// removed by another process while mapped stays readable.
func mapFile(f *os.File, size int64) ([]byte, func() error, error) {
	if size == 0 || size != int64(int(size)) {
		return nil, nil, os.ErrInvalid
	}
	b, err := syscall.Mmap(int(f.Fd()), 0, int(size), syscall.PROT_READ, syscall.MAP_SHARED)
	if err != nil {
		return nil, nil, err
	}
	return b, func() error { return syscall.Munmap(b) }, nil
}
