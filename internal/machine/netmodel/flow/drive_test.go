package flow

import (
	"testing"

	"augur/internal/base/des"
	"augur/internal/machine"
	"augur/internal/machine/netmodel"
	"augur/internal/machine/platform"
)

// The tests drive a Net as the engine does, without the engine: one
// keyed event per flow (its latency's end, Arg -1, or its completion,
// Arg its version) and the solves it asks for, in one des.Queue.

// xfer is a transfer of bytes from node a to node b, started at at, or,
// if after ≥ 0, once transfer after has ended (and not before at).
type xfer struct {
	a, b  int
	at    float64
	bytes float64
	after int
}

// Event kinds of drive's queue.
const (
	kindStart uint8 = iota // Target: the transfer
	kindFlow               // keyed: Target the flow
	kindSolve
)

// drive runs the transfers on n and returns when each ends.
func drive(tb testing.TB, n *Net, xs []xfer) []float64 {
	tb.Helper()
	return driveWindow(tb, n, xs, 0)
}

// driveWindow is drive under SimGrid's timing precision, as the engine
// runs it (timingWindow): when time moves on to an event at t, the events
// due less than width later happen at t, first, and n learns the horizon.
func driveWindow(tb testing.TB, n *Net, xs []xfer, width float64) []float64 {
	tb.Helper()
	var q des.Queue
	q.SetKeyed(kindFlow, 0)
	n.Attach(&q, kindSolve)
	end := make([]float64, len(xs))
	deps := make([][]int, len(xs))
	for i, x := range xs {
		end[i] = -1
		if x.after >= 0 {
			deps[x.after] = append(deps[x.after], i)
		} else {
			q.Push(x.at, int32(i), kindStart, 0)
		}
	}
	var of []int // by flow id: its transfer
	now := 0.0
	done := func(id int32) {
		i := of[id]
		end[i] = now
		for _, j := range deps[i] {
			q.Push(max(now, xs[j].at), int32(j), kindStart, 0)
		}
	}
	activate := func(id int32) {
		d := n.Activate(id, now)
		if d {
			done(id)
		}
	}
	var win []des.Event
	for len(win) > 0 || q.Len() > 0 {
		var ev des.Event
		if len(win) > 0 {
			ev, win = win[0], win[1:]
		} else {
			ev = q.Pop()
			if width > 0 && ev.Time > now {
				for {
					t, ok := q.PeekTime()
					if !ok || !(t-ev.Time < width) {
						break
					}
					w := q.Pop()
					w.Time = ev.Time
					win = append(win, w)
				}
				n.SetHorizon(ev.Time + width)
			}
		}
		now = ev.Time
		switch ev.Kind {
		case kindStart:
			x := xs[ev.Target]
			tr := n.Transfer(x.a, x.b, x.bytes, now)
			if tr.Known || tr.OffLink >= 0 {
				tb.Fatalf("transfer %d: %+v", ev.Target, tr)
			}
			for int(tr.ID) >= len(of) {
				of = append(of, -1)
			}
			of[tr.ID] = int(ev.Target)
			if tr.Latency > 0 {
				q.Reschedule(now+tr.Latency, tr.ID, -1)
			} else {
				activate(tr.ID)
			}
		case kindFlow:
			if ev.Arg < 0 {
				activate(ev.Target)
				continue
			}
			if !n.Current(ev.Target, ev.Arg) {
				continue
			}
			for id := ev.Target; id >= 0; {
				next := n.Finish(id, now)
				done(id)
				id = next
			}
		case kindSolve:
			n.Solve(now)
		}
	}
	for i, e := range end {
		if e < 0 {
			tb.Fatalf("transfer %d never ended", i)
		}
	}
	return end
}

func mustPlatform(tb testing.TB, xml string) *machine.Machine {
	tb.Helper()
	m, err := platform.Parse("p.xml", []byte(xml))
	if err != nil {
		tb.Fatal(err)
	}
	return m
}

func mustNet(tb testing.TB, m *machine.Machine, c netmodel.Config, groups bool) *Net {
	tb.Helper()
	n, err := New(m, c, groups)
	if err != nil {
		tb.Fatal(err)
	}
	return n
}

// model returns network model name with SimGrid's defaults changed by
// the --cfg settings kv.
func model(tb testing.TB, name string, kv map[string]string) netmodel.Config {
	tb.Helper()
	c, err := netmodel.New(name, kv)
	if err != nil {
		tb.Fatal(err)
	}
	return c
}

// plain is CM02 without crosstraffic, TCP window or SMPI's extra bytes:
// pure max-min sharing, easy to compute by hand.
func plain(tb testing.TB) netmodel.Config {
	return model(tb, "CM02", map[string]string{"network/crosstraffic": "no", "network/TCP-gamma": "0", "augur/extra-bytes": "0"})
}

func checkEnds(t *testing.T, what string, got, want []float64) {
	t.Helper()
	for i, w := range want {
		if d := got[i] - w; d > 1e-9*max(1, w) || d < -1e-9*max(1, w) {
			t.Errorf("%s: transfer %d ends at %.12g, want %.12g", what, i, got[i], w)
		}
	}
}
