package netbench

import (
	"fmt"
	"os"
	"syscall"
	"time"
	"unsafe"
)

// A user-space stand-in for netem where the kernel has no sch_netem: two
// TUN devices, and between them every IP packet is held as a link of the
// given one-way delay and rate would hold it (netem delay D rate R: it
// leaves after the packets before it and its own len/rate of
// serialisation, then travels D). Test code only: the product measures
// real links; this gives the tests a link whose latency and rate they know.

const (
	tunSetIff = 0x400454ca // TUNSETIFF
	iffTun    = 0x0001
	iffNoPI   = 0x1000
)

// openTUN makes (or attaches to) the TUN device name in this process's
// network namespace.
func openTUN(name string) (*os.File, error) {
	// Opened by hand: a TUN descriptor is pollable only once attached, and
	// os.OpenFile would have found it not pollable for good.
	fd, err := syscall.Open("/dev/net/tun", syscall.O_RDWR|syscall.O_CLOEXEC, 0)
	if err != nil {
		return nil, fmt.Errorf("/dev/net/tun: %w", err)
	}
	var req struct {
		name  [16]byte
		flags uint16
		_     [22]byte
	}
	copy(req.name[:], name)
	req.flags = iffTun | iffNoPI
	if _, _, e := syscall.Syscall(syscall.SYS_IOCTL, uintptr(fd), tunSetIff, uintptr(unsafe.Pointer(&req))); e != 0 {
		syscall.Close(fd)
		return nil, fmt.Errorf("TUNSETIFF %s: %v", name, e)
	}
	if err := syscall.SetNonblock(fd, true); err != nil {
		syscall.Close(fd)
		return nil, err
	}
	return os.NewFile(uintptr(fd), name), nil
}

// shapeLink moves packets both ways between a and b until a read fails.
func shapeLink(a, b *os.File, delay time.Duration, bitsPerSecond float64) error {
	errc := make(chan error, 2)
	go shapeDirection(a, b, delay, bitsPerSecond, errc)
	go shapeDirection(b, a, delay, bitsPerSecond, errc)
	return <-errc
}

func shapeDirection(in, out *os.File, delay time.Duration, bitsPerSecond float64, errc chan<- error) {
	type packet struct {
		data []byte
		at   time.Time
	}
	// netem's default queue limit is 1000 packets; beyond it, drop.
	q := make(chan packet, 1000)
	go func() {
		for p := range q {
			time.Sleep(time.Until(p.at))
			out.Write(p.data)
		}
	}()
	var free time.Time // when the wire is free again
	buf := make([]byte, 1<<16)
	for {
		n, err := in.Read(buf)
		if err != nil {
			close(q)
			errc <- err
			return
		}
		now := time.Now()
		if free.Before(now) {
			free = now
		}
		free = free.Add(time.Duration(float64(n) * 8 / bitsPerSecond * 1e9))
		select {
		case q <- packet{append([]byte(nil), buf[:n]...), free.Add(delay)}:
		default:
		}
	}
}
