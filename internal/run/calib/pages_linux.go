package calib

import "syscall"

// touchFreshPages maps n fresh pages of anonymous memory, writes one
// byte in each (the first write faults the page in: the kernel finds a
// frame and zeroes it), and unmaps them. It returns a byte it read, so
// that the writes are not optimised away.
func touchFreshPages(n int) uint64 {
	size := n * pageSize
	mem, err := syscall.Mmap(-1, 0, size, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		return 0
	}
	for i := 0; i < size; i += pageSize {
		mem[i] = byte(i >> 12)
	}
	s := uint64(mem[size/2])
	if err := syscall.Munmap(mem); err != nil {
		return 0
	}
	return s
}
