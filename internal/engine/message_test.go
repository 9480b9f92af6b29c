package engine

import (
	"reflect"
	"testing"

	"augur/internal/ir"
)

// msgLog records what a MessageTracer receives.
type msgLog struct {
	slices int
	msgs   []Message
	colls  []Collective
}

func (l *msgLog) Slice(pid, tid, elem int32, start, end float64) { l.slices++ }
func (l *msgLog) Message(m Message)                              { l.msgs = append(l.msgs, m) }
func (l *msgLog) Collective(c Collective)                        { l.colls = append(l.colls, c) }

// sliceCount is a Tracer that takes no messages.
type sliceCount struct{ n int }

func (c *sliceCount) Slice(pid, tid, elem int32, start, end float64) { c.n++ }

// A MessageTracer gets every point-to-point message with its four times,
// and none of a collective's; the run is the same with it, with a plain
// Tracer and with none.
func TestMessageTracer(t *testing.T) {
	m := mustMachine(t, net4)
	elems := make([]ir.Element, 4)
	for i := range elems {
		elems[i] = ir.Element{Name: string(rune('A' + i)), Kind: "test"}
	}
	// Process 0 computes 1 ms, then sends 1000 bytes (eager: at most the
	// 64 KiB threshold) with tag 5 to process 1, which posted its receive
	// at 0; then all broadcast.
	streams := func(pid int32) []ir.Op {
		var s []ir.Op
		switch pid {
		case 0:
			s = append(s, ir.Op{Kind: ir.Delay, Elem: 0, Cost: 1e-3},
				ir.Op{Kind: ir.Send, Elem: 1, Peer: 1, Tag: 5, Bytes: 1000, Cost: ir.NoCost})
		case 1:
			s = append(s, ir.Op{Kind: ir.Recv, Elem: 2, Peer: 0, Tag: 5, Bytes: 1000, Cost: ir.NoCost})
		}
		return append(s, ir.Op{Kind: ir.Bcast, Elem: 3, Root: 0, Bytes: 1000, Cost: ir.NoCost})
	}
	runWith := func(tr Tracer) *Result {
		r, err := Run(Config{Machine: m, Procs: 4, NodeOf: []int32{0, 1, 2, 3}, Tracer: tr},
			Program{Elements: elems, Stream: func(pid, nid int32) (ir.Stream, error) { return &ops{list: streams(pid)}, nil }})
		if err != nil {
			t.Fatal(err)
		}
		r.Wall = 0
		return r
	}
	log := &msgLog{}
	defer func() {
		// The broadcast: every process arrives, process 1 last, when the
		// message has arrived (process 0 left its eager send once it
		// was injected, at 1.001 ms).
		if len(log.colls) != 1 || len(log.colls[0].Arrivals) != 4 {
			t.Fatalf("collectives: %+v", log.colls)
		}
		last := log.colls[0].Arrivals[0]
		for _, a := range log.colls[0].Arrivals {
			if a.At > last.At {
				last = a
			}
		}
		if last.Pid != 1 || !same(last.At, 1e-3+1e-6+10e-6) || log.colls[0].Elem != 3 {
			t.Errorf("last arrival %+v, want process 1 at 1.011 ms", last)
		}
	}()
	withMsgs := runWith(log)
	// Eager: the data leaves at the post (1 ms), is injected in
	// 1000 B / 1 GB/s = 1 µs and arrives a latency of 10 µs later.
	want := Message{Src: 0, Dst: 1, Tag: 5, SendElem: 1, RecvElem: 2, Bytes: 1000,
		SendPost: 1e-3, SendStart: 1e-3, RecvPost: 0, RecvEnd: 1e-3 + 1e-6 + 10e-6}
	if len(log.msgs) != 1 {
		t.Fatalf("got %d messages, want 1 (the broadcast's are not reported): %+v", len(log.msgs), log.msgs)
	}
	got := log.msgs[0]
	if !same(got.RecvEnd, want.RecvEnd) {
		t.Errorf("RecvEnd %.12g, want %.12g", got.RecvEnd, want.RecvEnd)
	}
	got.RecvEnd = want.RecvEnd
	if got != want {
		t.Errorf("message %+v, want %+v", got, want)
	}
	plain := &sliceCount{}
	withSlices := runWith(plain)
	without := runWith(nil)
	if !reflect.DeepEqual(withMsgs, without) || !reflect.DeepEqual(withSlices, without) {
		t.Errorf("tracing changed the run:\n%+v\n%+v\n%+v", withMsgs, withSlices, without)
	}
	if plain.n != log.slices || plain.n == 0 {
		t.Errorf("slices: %d with messages, %d without", log.slices, plain.n)
	}
}
