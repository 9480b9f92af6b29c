// Package tracetest makes the timelines the trace writers' tests share.
package tracetest

import (
	"encoding/binary"

	"augur/internal/engine"
	"augur/internal/results"
)

// TwoRanks is a hand-made timeline: rank 0 on node a works [0, 1] s then
// sends [1, 1.5] s; rank 1 on node b receives [0, 2] s; one message of
// 1000 bytes, tag 7, posted at 1 s, moving from 1.2 s, arriving at 2 s.
func TwoRanks() *results.Timeline {
	tl := results.NewTimeline([]string{"work", "send", "recv"}, []string{"action", "send", "recv"})
	tl.SetProcess(0, "rank 0", "a", 0)
	tl.SetProcess(1, "rank 1", "b", 1)
	tl.SetNodeName(0, "a")
	tl.SetNodeName(1, "b")
	tl.Slice(0, 0, 0, 0, 1)
	tl.Slice(0, 0, 1, 1, 1.5)
	tl.Slice(1, 0, 2, 0, 2)
	tl.Message(engine.Message{Src: 0, Dst: 1, Tag: 7, SendElem: 1, RecvElem: 2, Bytes: 1000,
		SendPost: 1, SendStart: 1.2, RecvPost: 0, RecvEnd: 2})
	return tl
}

// Limited is a timeline whose limit of two slices dropped the third: it
// is complete until 1 s, and its message, arriving at 2 s, lies past it.
func Limited() *results.Timeline {
	tl := results.NewTimeline([]string{"work", "send", "recv"}, []string{"action", "send", "recv"})
	tl.SetLimit(2)
	tl.Slice(0, 0, 0, 0, 1)
	tl.Slice(1, 0, 2, 0, 2)
	tl.Slice(0, 0, 1, 1, 1.5) // dropped
	tl.Message(engine.Message{Src: 0, Dst: 1, SendPost: 1, RecvEnd: 2})
	return tl
}

// Random builds a timeline from fuzz bytes: tracks of back-to-back
// slices (with gaps) and messages between them at any times.
func Random(data []byte) *results.Timeline {
	tl := results.NewTimeline([]string{"compute", "send", "recv", "bcast"}, []string{"action", "send", "recv", "bcast"})
	clock := map[[2]int32]float64{}
	next := func(n int) uint16 {
		if len(data) < n {
			return 0
		}
		v := binary.LittleEndian.Uint16(data[:2])
		data = data[n:]
		return v
	}
	for i := 0; len(data) >= 4 && i < 500; i++ {
		op := next(2)
		pid, tid := int32(op%5), int32(op>>3%2)
		if op>>4%7 == 0 {
			src, dst := int32(op>>7%5), int32(op>>10%5)
			t0 := float64(next(2)) / 100
			tl.Message(engine.Message{Src: src, Dst: dst, Tag: int32(op % 3), SendElem: int32(op % 4), RecvElem: int32(op >> 2 % 4), Bytes: float64(op),
				SendPost: t0, SendStart: t0 + 0.01, RecvPost: t0 / 2, RecvEnd: t0 + float64(op%50)/10})
			continue
		}
		if op>>4%7 == 1 {
			// A collective: every process arrives at the start of its
			// latest slice.
			var as []engine.Arrival
			for p := int32(0); p < 5; p++ {
				as = append(as, engine.Arrival{Pid: p, At: clock[[2]int32{p, 0}] - float64(op%4)/10})
			}
			tl.Collective(engine.Collective{Seq: uint32(i), Elem: int32(op >> 13 % 4), Arrivals: as})
			continue
		}
		k := [2]int32{pid, tid}
		d := float64(next(2)%1000) / 100
		start := clock[k] + float64(op%3)/10
		tl.Slice(pid, tid, int32(op>>12%4), start, start+d)
		clock[k] = start + d
		if op%11 == 0 {
			tl.SetProcess(pid, "rank", "h", int32(op%2)-1)
		}
	}
	return tl
}
