package netbench

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"io"
	"net"
	"strings"
	"testing"
	"time"
)

func listen(t *testing.T) *net.TCPListener {
	t.Helper()
	ln, err := net.ListenTCP("tcp", &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1)})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ln.Close() })
	return ln
}

// A loopback session measures every size, and the listener returns after
// its one session.
func TestPingPongLoopback(t *testing.T) {
	ln := listen(t)
	ctx := context.Background()
	done := make(chan error, 1)
	go func() {
		done <- Serve(ctx, ln, ServeOptions{Wait: 10 * time.Second, Idle: 10 * time.Second, Sessions: 1})
	}()
	s, err := PingPong(ctx, ln.Addr().String(), Options{Sizes: Sizes(1 << 16), Reps: 3, Target: time.Millisecond, Idle: 10 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	if err := <-done; err != nil {
		t.Fatalf("listener: %v", err)
	}
	if len(s) != 17 {
		t.Fatalf("%d samples", len(s))
	}
	for _, x := range s {
		if !(x.Min > 0 && x.Min <= x.Median && x.Reps == 3 && x.Trips >= 1) {
			t.Errorf("sample %+v", x)
		}
	}
	r, err := NewResult("tcp", ln.Addr().String(), s, 3, time.Unix(0, 0))
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	if err := WriteMachine(&b, "lo", 2, r); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"segments:", "smpi/bw-factor:", "latency:", "count: 2"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("machine file lacks %q:\n%s", want, b.String())
		}
	}
}

// No peer within Wait: a clear error, not a hang.
func TestServeWaitBounded(t *testing.T) {
	ln := listen(t)
	err := Serve(context.Background(), ln, ServeOptions{Wait: 50 * time.Millisecond, Idle: time.Second, Sessions: 1})
	if err == nil || !strings.Contains(err.Error(), "no peer connected") {
		t.Errorf("got %v", err)
	}
}

// A peer that connects and says nothing is dropped after Idle.
func TestServeIdleBounded(t *testing.T) {
	ln := listen(t)
	c, err := net.Dial("tcp", ln.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	err = Serve(context.Background(), ln, ServeOptions{Wait: time.Second, Idle: 50 * time.Millisecond, Sessions: 1})
	var ne net.Error
	if !errors.As(err, &ne) || !ne.Timeout() {
		t.Errorf("got %v", err)
	}
}

// Something that is not augur (here a listener that greets wrongly) is
// named as such.
func TestPingPongWrongGreeting(t *testing.T) {
	ln := listen(t)
	go func() {
		c, err := ln.Accept()
		if err == nil {
			c.Write([]byte("HTTP/1.1 400\r\n"))
			time.Sleep(100 * time.Millisecond)
			c.Close()
		}
	}()
	_, err := PingPong(context.Background(), ln.Addr().String(), Options{Sizes: []int64{1}, Reps: 1, Idle: 5 * time.Second})
	if !errors.Is(err, ErrNotAugur) {
		t.Errorf("got %v", err)
	}
}

// Nobody listening: the peer tries for a while, then the error names the
// address.
func TestPingPongRefused(t *testing.T) {
	ln := listen(t)
	addr := ln.Addr().String()
	ln.Close()
	t0 := time.Now()
	_, err := PingPong(context.Background(), addr, Options{Sizes: []int64{1}, Reps: 1, Idle: 300 * time.Millisecond})
	if err == nil || !strings.Contains(err.Error(), addr) || time.Since(t0) > 5*time.Second {
		t.Errorf("got %v", err)
	}
}

// The echo sends every frame back whole and refuses frames beyond MaxSize
// or cut short.
func TestEcho(t *testing.T) {
	frame := func(n uint64, payload string) []byte {
		var h [8]byte
		binary.LittleEndian.PutUint64(h[:], n)
		return append(h[:], payload...)
	}
	in := append(frame(3, "abc"), frame(0, "")...)
	in = append(in, frame(bye, "")...)
	var out bytes.Buffer
	rw := struct {
		io.Reader
		io.Writer
	}{bytes.NewReader(in), &out}
	var buf bytes.Buffer
	nop := func() error { return nil }
	if err := echo(rw, &buf, nop); err != nil {
		t.Fatal(err)
	}
	if want := append(frame(3, "abc"), frame(0, "")...); !bytes.Equal(out.Bytes(), want) {
		t.Errorf("echoed %q", out.Bytes())
	}
	for _, bad := range [][]byte{frame(MaxSize+1, ""), frame(10, "short"), {1, 2}} {
		rw.Reader = bytes.NewReader(bad)
		if err := echo(rw, &buf, nop); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}

// FuzzEcho: whatever a peer sends, the listener answers or fails with an
// error; it never panics, and never holds more than what arrived.
func FuzzEcho(f *testing.F) {
	f.Add([]byte("augurNB1\x03\x00\x00\x00\x00\x00\x00\x00abc"))
	f.Add([]byte("\xff\xff\xff\xff\xff\xff\xff\xff"))
	f.Add([]byte("\x00\x00\x00\x02\x00\x00\x00\x00"))
	f.Fuzz(func(t *testing.T, in []byte) {
		var out, buf bytes.Buffer
		rw := struct {
			io.Reader
			io.Writer
		}{bytes.NewReader(in), &out}
		echo(rw, &buf, func() error { return nil })
		if buf.Cap() > 2*len(in)+64<<10 {
			t.Errorf("buffer of %d bytes for %d bytes of input", buf.Cap(), len(in))
		}
	})
}
