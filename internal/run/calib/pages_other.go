//go:build !linux

package calib

// touchFreshPages writes one byte in each of n pages of a fresh
// allocation (see pages_linux.go; here the Go allocator stands in for
// mmap).
func touchFreshPages(n int) uint64 {
	mem := make([]byte, n*pageSize)
	for i := 0; i < len(mem); i += pageSize {
		mem[i] = byte(i >> 12)
	}
	return uint64(mem[len(mem)/2])
}
