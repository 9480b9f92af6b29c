//go:build unix

package tit

import (
	"io"
	"os"
	"syscall"
)

// openFileLimit is how many trace files may be open at once: the soft
// RLIMIT_NOFILE (Go raises it to the hard limit at start-up) less a
// reserve for everything else, at least 64, at most 65536.
func openFileLimit() int {
	var r syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &r); err != nil {
		return 256
	}
	n := int64(r.Cur) - 128
	return int(min(max(n, 64), 65536))
}

// A per-rank trace file is a raw descriptor rather than an *os.File: with
// thousands of ranks open at once, an os.File's state (its poll.FD, name,
// cleanup record) is a good part of a rank's memory, and os.Open tries to
// register each regular file with the network poller (a failing epoll_ctl
// per open). The pool closes every descriptor it opens; nothing else would.
type sysFile = int32

func openFile(path string) (sysFile, error) {
	for {
		fd, err := syscall.Open(path, syscall.O_RDONLY|syscall.O_CLOEXEC, 0)
		if err == syscall.EINTR {
			continue
		}
		if err != nil {
			return -1, &os.PathError{Op: "open", Path: path, Err: err}
		}
		return sysFile(fd), nil
	}
}

// readAt reads from offset off as io.Reader's Read would: some bytes, or
// io.EOF at the end of the file. A pipe (a trace named as /dev/fd/N, as
// a shell's process substitution gives) has no offsets: it is read as
// it comes.
func readAt(fd sysFile, b []byte, off int64) (int, error) {
	for {
		n, err := syscall.Pread(int(fd), b, off)
		if err == syscall.ESPIPE {
			n, err = syscall.Read(int(fd), b)
		}
		if err == syscall.EINTR {
			continue
		}
		if err != nil {
			return 0, err
		}
		if n == 0 && len(b) > 0 {
			return 0, io.EOF
		}
		return n, nil
	}
}

func closeFile(fd sysFile) { syscall.Close(int(fd)) }
