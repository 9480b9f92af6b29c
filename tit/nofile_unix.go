//go:build unix

package tit

import "syscall"

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
