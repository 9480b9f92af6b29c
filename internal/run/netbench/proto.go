// Package netbench measures the network between two hosts — a TCP
// ping-pong that needs only augur on both ends, or MPI's ping-pong and
// collectives when mpirun is there — and fits the times to SMPI's piecewise
// latency/bandwidth model, written as a machine file's network section and
// as smpi/lat-factor and smpi/bw-factor strings.
package netbench

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
)

// MaxSize is the largest message of the TCP ping-pong; the listener refuses
// larger frames, so a stray client cannot make it allocate without bound.
const MaxSize = 16 << 20

// magic opens a session both ways: a peer that is not augur bench network
// (a wrong port, a web server) is told apart at once.
var magic = [8]byte{'a', 'u', 'g', 'u', 'r', 'N', 'B', '1'}

// bye is the frame length that ends a session.
const bye = ^uint64(0)

// ErrNotAugur says the other end did not greet as augur bench network.
var ErrNotAugur = errors.New("the other end is not augur bench network (wrong greeting)")

// echo serves one session on rw once the greeting has been exchanged: each
// frame (an 8-byte little-endian length, then that many bytes) is read
// whole and only then sent back, so that a round trip is two one-way
// transfers as in an MPI ping-pong (echoing while still receiving would
// overlap them). It returns nil at the bye frame, and an error for a
// truncated frame or a length beyond MaxSize.
func echo(rw io.ReadWriter, buf *bytes.Buffer, deadline func() error) error {
	var hdr [8]byte
	for frames := 0; ; frames++ {
		if err := deadline(); err != nil {
			return err
		}
		if _, err := io.ReadFull(rw, hdr[:]); err != nil {
			return fmt.Errorf("frame %d: reading its length: %w", frames, err)
		}
		n := binary.LittleEndian.Uint64(hdr[:])
		if n == bye {
			return nil
		}
		if n > MaxSize {
			return fmt.Errorf("frame %d: length %d beyond the limit of %d bytes", frames, n, MaxSize)
		}
		buf.Reset()
		// Grows with what arrives, not with what the length claims.
		if _, err := io.CopyN(buf, rw, int64(n)); err != nil {
			return fmt.Errorf("frame %d: reading %d bytes: %w", frames, n, err)
		}
		if _, err := rw.Write(hdr[:]); err != nil {
			return fmt.Errorf("frame %d: echoing: %w", frames, err)
		}
		if _, err := rw.Write(buf.Bytes()); err != nil {
			return fmt.Errorf("frame %d: echoing: %w", frames, err)
		}
	}
}

// greet sends the magic and checks that the other end sends it too.
func greet(rw io.ReadWriter) error {
	if _, err := rw.Write(magic[:]); err != nil {
		return fmt.Errorf("greeting: %w", err)
	}
	var got [8]byte
	if _, err := io.ReadFull(rw, got[:]); err != nil {
		return fmt.Errorf("greeting: %w", err)
	}
	if got != magic {
		return ErrNotAugur
	}
	return nil
}
