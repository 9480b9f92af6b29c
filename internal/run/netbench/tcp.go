package netbench

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"net"
	"sort"
	"syscall"
	"time"
)

// Sample is the one-way time of a message of Size bytes (half a round
// trip), over Reps repetitions of Trips round trips each.
type Sample struct {
	Size   int64   `json:"size_bytes"`
	Min    float64 `json:"min_s"`
	Median float64 `json:"median_s"`
	Reps   int     `json:"reps"`
	Trips  int     `json:"trips"`
}

// Sizes are the powers of two from 1 B to max.
func Sizes(max int64) []int64 {
	var out []int64
	for s := int64(1); s <= max; s *= 2 {
		out = append(out, s)
	}
	return out
}

// ServeOptions bound the listener's waits.
type ServeOptions struct {
	// Wait is how long to wait for a peer to connect.
	Wait time.Duration
	// Idle is the longest any single read or write of a session may take.
	Idle time.Duration
	// Sessions is how many peers to serve, one after the other, before
	// returning.
	Sessions int
	// Log, when not nil, hears of each session.
	Log func(string)
}

// Serve answers Sessions ping-pong sessions on ln, one at a time, and
// returns; it gives up when no peer comes within Wait, when a read or write
// stalls for Idle, or when ctx ends.
func Serve(ctx context.Context, ln *net.TCPListener, o ServeOptions) error {
	if o.Wait <= 0 || o.Idle <= 0 || o.Sessions < 1 {
		return errors.New("serve: Wait, Idle and Sessions must be positive")
	}
	stop := context.AfterFunc(ctx, func() { ln.SetDeadline(time.Unix(1, 0)) })
	defer stop()
	var buf bytes.Buffer
	for i := 0; i < o.Sessions; i++ {
		if err := ln.SetDeadline(time.Now().Add(o.Wait)); err != nil {
			return err
		}
		c, err := ln.Accept()
		if err != nil {
			if ctx.Err() != nil {
				return ctx.Err()
			}
			var ne net.Error
			if errors.As(err, &ne) && ne.Timeout() {
				return fmt.Errorf("no peer connected to %s within %v", ln.Addr(), o.Wait)
			}
			return fmt.Errorf("accept on %s: %w", ln.Addr(), err)
		}
		if err := session(ctx, c, &buf, o.Idle); err != nil {
			return fmt.Errorf("session with %s: %w", c.RemoteAddr(), err)
		}
		if o.Log != nil {
			o.Log(fmt.Sprintf("served %s", c.RemoteAddr()))
		}
	}
	return nil
}

func session(ctx context.Context, c net.Conn, buf *bytes.Buffer, idle time.Duration) error {
	defer c.Close()
	stop := context.AfterFunc(ctx, func() { c.SetDeadline(time.Unix(1, 0)) })
	defer stop()
	deadline := func() error { return c.SetDeadline(time.Now().Add(idle)) }
	if err := deadline(); err != nil {
		return err
	}
	if err := greet(c); err != nil {
		return err
	}
	return ctxErr(ctx, echo(c, buf, deadline))
}

// ctxErr prefers the context's error to the I/O error its cancellation
// caused.
func ctxErr(ctx context.Context, err error) error {
	if err != nil && ctx.Err() != nil {
		return ctx.Err()
	}
	return err
}

// Options control the ping-pong.
type Options struct {
	Sizes []int64
	// Reps is the number of timed repetitions of every size; they run in
	// rounds that each time every size once, so a burst of load elsewhere
	// touches all sizes alike.
	Reps int
	// Target is how long one repetition of a size should last at least:
	// short messages are timed over several round trips (up to 1000).
	Target time.Duration
	// Idle is the longest any single read or write may take, and how long
	// to keep trying to connect while nobody listens yet.
	Idle time.Duration
	// Progress, when not nil, hears which round runs.
	Progress func(string)
}

// PingPong measures the one-way time of every size against a listener at
// addr (Serve).
func PingPong(ctx context.Context, addr string, o Options) ([]Sample, error) {
	if len(o.Sizes) == 0 || o.Reps < 1 || o.Idle <= 0 {
		return nil, errors.New("ping-pong: Sizes, Reps and Idle must be given")
	}
	var largest int64
	for _, s := range o.Sizes {
		if s < 1 || s > MaxSize {
			return nil, fmt.Errorf("ping-pong: size %d outside 1..%d", s, MaxSize)
		}
		largest = max(largest, s)
	}
	c, err := dial(ctx, addr, o.Idle)
	if err != nil {
		return nil, err
	}
	defer c.Close()
	stop := context.AfterFunc(ctx, func() { c.SetDeadline(time.Unix(1, 0)) })
	defer stop()
	p := &pinger{c: c, idle: o.Idle, buf: make([]byte, 8+largest)}
	if err := p.deadline(); err != nil {
		return nil, err
	}
	if err := greet(c); err != nil {
		return nil, fmt.Errorf("%s: %w", addr, err)
	}
	samples, err := p.run(o)
	if err != nil {
		return nil, ctxErr(ctx, fmt.Errorf("ping-pong with %s: %w", addr, err))
	}
	binary.LittleEndian.PutUint64(p.buf, bye)
	if err := p.deadline(); err == nil {
		c.Write(p.buf[:8]) // the listener ends its session either way
	}
	return samples, nil
}

// dial connects to addr, trying again every 100 ms while nobody listens
// there yet, for up to wait: the two ends may be started in either order.
func dial(ctx context.Context, addr string, wait time.Duration) (net.Conn, error) {
	end := time.Now().Add(wait)
	for {
		d := net.Dialer{Deadline: end}
		c, err := d.DialContext(ctx, "tcp", addr)
		if err == nil {
			return c, nil
		}
		if ctx.Err() != nil || time.Now().Add(100*time.Millisecond).After(end) || !errors.Is(err, syscall.ECONNREFUSED) {
			return nil, fmt.Errorf("connecting to %s: %w", addr, err)
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(100 * time.Millisecond):
		}
	}
}

type pinger struct {
	c    net.Conn
	idle time.Duration
	buf  []byte
}

func (p *pinger) deadline() error { return p.c.SetDeadline(time.Now().Add(p.idle)) }

// trip sends one message of n bytes and waits for its echo.
func (p *pinger) trip(n int64) error {
	if err := p.deadline(); err != nil {
		return err
	}
	binary.LittleEndian.PutUint64(p.buf, uint64(n))
	if _, err := p.c.Write(p.buf[:8+n]); err != nil {
		return fmt.Errorf("sending %d bytes: %w", n, err)
	}
	if _, err := io.ReadFull(p.c, p.buf[:8+n]); err != nil {
		return fmt.Errorf("receiving the echo of %d bytes: %w", n, err)
	}
	if got := binary.LittleEndian.Uint64(p.buf); got != uint64(n) {
		return fmt.Errorf("echo of %d bytes came back as %d", n, got)
	}
	return nil
}

func (p *pinger) run(o Options) ([]Sample, error) {
	// Warm-up round trips per size open the connection's window and size
	// its repetitions.
	trips := make([]int, len(o.Sizes))
	for i, s := range o.Sizes {
		var rtt time.Duration
		for w := 0; w < 2; w++ { // the first may meet a cold path
			t0 := time.Now()
			if err := p.trip(s); err != nil {
				return nil, err
			}
			rtt = time.Since(t0)
		}
		trips[i] = int(min(1000, max(1, math.Ceil(float64(o.Target)/float64(rtt)))))
	}
	times := make([][]float64, len(o.Sizes))
	for r := 0; r < o.Reps; r++ {
		if o.Progress != nil {
			o.Progress(fmt.Sprintf("round %d of %d", r+1, o.Reps))
		}
		for i, s := range o.Sizes {
			t0 := time.Now()
			for k := 0; k < trips[i]; k++ {
				if err := p.trip(s); err != nil {
					return nil, err
				}
			}
			times[i] = append(times[i], time.Since(t0).Seconds()/float64(2*trips[i]))
		}
	}
	out := make([]Sample, len(o.Sizes))
	for i, s := range o.Sizes {
		out[i] = summarise(s, times[i], trips[i])
	}
	return out, nil
}

// summarise gives the minimum (load only adds time) and the median.
func summarise(size int64, v []float64, trips int) Sample {
	s := append([]float64(nil), v...)
	sort.Float64s(s)
	med := s[len(s)/2]
	if len(s)%2 == 0 {
		med = (s[len(s)/2-1] + s[len(s)/2]) / 2
	}
	return Sample{Size: size, Min: s[0], Median: med, Reps: len(s), Trips: trips}
}
