package protocol

import (
	"testing"

	"augur/internal/machine/netmodel"
)

// TestAugur: a send of at most the threshold leaves at its post, a larger
// one waits for its receive and a handshake; nothing is detached and
// nothing costs CPU time.
func TestAugur(t *testing.T) {
	p := Augur(65536)
	for _, c := range []struct {
		bytes float64
		eager bool
	}{{0, true}, {1, true}, {65536, true}, {65537, false}, {1e9, false}} {
		if got := p.Eager(c.bytes); got != c.eager {
			t.Errorf("Eager(%v) = %v, want %v", c.bytes, got, c.eager)
		}
		if p.Detached(c.bytes) {
			t.Errorf("Detached(%v): augur's protocol detaches nothing", c.bytes)
		}
		if ov := p.SendOverhead(false, c.bytes) + p.SendOverhead(true, c.bytes) + p.RecvOverhead(c.bytes); ov != 0 {
			t.Errorf("overheads of %v bytes = %v, want 0", c.bytes, ov)
		}
	}
	if !p.Handshake() {
		t.Error("augur's rendezvous has a handshake")
	}
	if z := Augur(0); !z.Eager(0) || z.Eager(1) {
		t.Error("threshold 0: only empty messages are eager")
	}
}

// TestSMPI: nothing leaves at its post; sends below the detached
// threshold return at once and pay smpi/os (blocking) or smpi/ois
// (isend, whatever its size); receives of detached messages pay smpi/or.
func TestSMPI(t *testing.T) {
	c := netmodel.Config{
		DetachedThresh: 1000,
		Os:             netmodel.Affine{{From: 0, Offset: 1, Factor: 0.5}},
		Ois:            netmodel.Affine{{From: 0, Offset: 2, Factor: 0}},
		Or:             netmodel.Affine{{From: 0, Offset: 3, Factor: 0}, {From: 100, Offset: 4, Factor: 0.25}},
	}
	p := SMPI(&c)
	if p.Handshake() {
		t.Error("SMPI's flows pay their own latency: no handshake")
	}
	for _, c := range []struct {
		bytes                 float64
		detached              bool
		send, isend, recvOver float64
	}{
		{0, true, 1, 2, 3},
		{100, true, 51, 2, 3},   // 100 is in Or's first piece (size <= From ends it)
		{200, true, 101, 2, 54}, // Or's second piece: 4 + 0.25·200
		{999, true, 500.5, 2, 253.75},
		{1000, false, 0, 2, 0}, // at the threshold: not detached, no os, no or
		{1e6, false, 0, 2, 0},
	} {
		if p.Eager(c.bytes) {
			t.Errorf("Eager(%v): SMPI moves data only once matched", c.bytes)
		}
		if got := p.Detached(c.bytes); got != c.detached {
			t.Errorf("Detached(%v) = %v, want %v", c.bytes, got, c.detached)
		}
		if got := p.SendOverhead(false, c.bytes); got != c.send {
			t.Errorf("SendOverhead(send, %v) = %v, want %v", c.bytes, got, c.send)
		}
		if got := p.SendOverhead(true, c.bytes); got != c.isend {
			t.Errorf("SendOverhead(isend, %v) = %v, want %v", c.bytes, got, c.isend)
		}
		if got := p.RecvOverhead(c.bytes); got != c.recvOver {
			t.Errorf("RecvOverhead(%v) = %v, want %v", c.bytes, got, c.recvOver)
		}
	}
}

// TestSMPIDefaults: SimGrid 3.32's defaults have no overheads and detach
// sends below 64 KiB.
func TestSMPIDefaults(t *testing.T) {
	c := netmodel.Defaults(netmodel.SMPI)
	p := SMPI(&c)
	if !p.Detached(65535) || p.Detached(65536) {
		t.Errorf("detached threshold %v, want 65536", c.DetachedThresh)
	}
	if ov := p.SendOverhead(false, 10) + p.SendOverhead(true, 10) + p.RecvOverhead(10); ov != 0 {
		t.Errorf("default overheads %v, want 0", ov)
	}
}
