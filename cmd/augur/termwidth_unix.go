//go:build linux || darwin || freebsd || netbsd || openbsd

package main

import (
	"os"
	"syscall"
	"unsafe"
)

// winsize is the kernel's struct winsize, which TIOCGWINSZ fills.
type winsize struct{ rows, cols, xpixel, ypixel uint16 }

// ttyColumns asks the terminal f is for its width (TIOCGWINSZ, as stty
// size does); 0 when it cannot say.
func ttyColumns(f *os.File) int {
	var ws winsize
	_, _, errno := syscall.Syscall(syscall.SYS_IOCTL, f.Fd(), uintptr(syscall.TIOCGWINSZ), uintptr(unsafe.Pointer(&ws)))
	if errno != 0 {
		return 0
	}
	return int(ws.cols)
}
