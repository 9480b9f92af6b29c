package results

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math"
	"strings"
	"testing"

	"augur/internal/engine"
)

// twoRanks is a hand-made timeline: rank 0 on node a works [0, 1] s then
// sends [1, 1.5] s; rank 1 on node b receives [0, 2] s; one message of
// 1000 bytes, tag 7, posted at 1 s, moving from 1.2 s, arriving at 2 s.
func twoRanks() *Timeline {
	tl := NewTimeline([]string{"work", "send", "recv"}, []string{"action", "send", "recv"})
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

func writeParaver(t *testing.T, tl *Timeline) (prv, pcf, row []byte) {
	t.Helper()
	var a, b, c bytes.Buffer
	if err := tl.WriteParaver(&a, &b, &c); err != nil {
		t.Fatal(err)
	}
	return a.Bytes(), b.Bytes(), c.Bytes()
}

// The Paraver records of twoRanks, worked out by hand: states 1 (work)
// and 3 (send, recv), element events at starts (number) and ends (0),
// the communication record with its four times, in time order with an
// execution's end before the next one's start.
func TestParaverByHand(t *testing.T) {
	prv, pcf, row := writeParaver(t, twoRanks())
	want := `#Paraver (01/01/70 at 00:00):2000000000_ns:2(1,1):1:2(1:1,1:2)
1:1:1:1:1:0:1000000000:1
2:1:1:1:1:0:50000001:1
1:2:1:2:1:0:2000000000:3
2:2:1:2:1:0:50000001:3
2:1:1:1:1:1000000000:50000001:0
1:1:1:1:1:1000000000:1500000000:3
2:1:1:1:1:1000000000:50000001:2
3:1:1:1:1:1000000000:1200000000:2:1:2:1:0:2000000000:1000:7
2:1:1:1:1:1500000000:50000001:0
2:2:1:2:1:2000000000:50000001:0
`
	if string(prv) != want {
		t.Errorf("prv:\n%s\nwant:\n%s", prv, want)
	}
	wantRow := "LEVEL CPU SIZE 2\n1.a\n1.b\n\nLEVEL NODE SIZE 2\na\nb\n\nLEVEL TASK SIZE 2\nrank 0\nrank 1\n\nLEVEL THREAD SIZE 2\nrank 0 (a)\nrank 1 (b)\n"
	if string(row) != wantRow {
		t.Errorf("row:\n%s\nwant:\n%s", row, wantRow)
	}
	for _, s := range []string{"1    Running", "3    Waiting a message", "50000001", "1      work", "2      send", "3      recv"} {
		if !strings.Contains(string(pcf), s) {
			t.Errorf("pcf lacks %q:\n%s", s, pcf)
		}
	}
	c, err := CheckParaver("two", prv, pcf, row)
	if err != nil {
		t.Fatal(err)
	}
	if *c != (ParaverCheck{Nodes: 2, CPUs: 2, Tasks: 2, Threads: 2, States: 3, Events: 6, Comms: 1, End: 2e9}) {
		t.Errorf("check %+v", *c)
	}
}

// The Chrome trace of twoRanks: a process per node, tracks named after
// the ranks and hosts, one flow from the send to the receive, arguments
// on every slice and the message's on its two ends.
func TestChromeByHand(t *testing.T) {
	var b bytes.Buffer
	if err := twoRanks().WriteChrome(&b); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	for _, s := range []string{
		`{"ph":"M","name":"process_name","pid":1,"args":{"name":"a"}}`,
		`{"ph":"M","name":"thread_name","pid":2,"tid":2,"args":{"name":"rank 1 (b)"}}`,
		`{"ph":"X","name":"send","cat":"send","pid":1,"tid":1,"ts":1000000,"dur":500000,"args":{"rank":0,"thread":0,"category":"communication","sent_peer":1,"sent_bytes":1000,"sent_tag":7}}`,
		`{"ph":"s","name":"message","cat":"message","id":1,"pid":1,"tid":1,"ts":1000000}`,
		`{"ph":"X","name":"recv","cat":"recv","pid":2,"tid":2,"ts":0,"dur":2000000,"args":{"rank":1,"thread":0,"category":"communication","received_peer":0,"received_bytes":1000,"received_tag":7}}`,
		// The arrival is the end of the receive: 1 ns inside it.
		`{"ph":"f","bp":"e","name":"message","cat":"message","id":1,"pid":2,"tid":2,"ts":1999999.999}`,
		`{"ph":"X","name":"work","cat":"action","pid":1,"tid":1,"ts":0,"dur":1000000,"args":{"rank":0,"thread":0,"category":"compute"}}`,
	} {
		if !strings.Contains(out, s) {
			t.Errorf("trace lacks %s\n%s", s, out)
		}
	}
	c, err := CheckChrome("two.json", b.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if *c != (ChromeCheck{Processes: 2, Tracks: 2, Slices: 3, Flows: 1, Messages: 1}) {
		t.Errorf("check %+v", *c)
	}
	// Read back, the slices are on augur's processes, named as written.
	rt, err := ReadChromeTrace("two.json", b.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if r := rt.RowOf(1, 0); r < 0 || rt.Rows()[r].Name != "rank 1 (b)" {
		t.Errorf("rank 1 read back as track %d of %+v", r, rt.Rows())
	}
}

// A collective draws an arrow from the last process to arrive to each one
// still in it then: rank 2 arrives last at 3 s; rank 0 (in the barrier
// [1, 4] s) waited for it, rank 1 (a broadcast leaf gone at 2 s) did not.
func TestCollectiveArrows(t *testing.T) {
	tl := NewTimeline([]string{"bcast"}, []string{"bcast"})
	tl.Slice(0, 0, 0, 1, 4)
	tl.Slice(1, 0, 0, 0.5, 2)
	tl.Slice(2, 0, 0, 3, 4)
	tl.Collective(engine.Collective{Seq: 0, Elem: 0, Arrivals: []engine.Arrival{{Pid: 1, At: 0.5}, {Pid: 0, At: 1}, {Pid: 2, At: 3}}})
	var b bytes.Buffer
	if err := tl.WriteChrome(&b); err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{
		`{"ph":"s","name":"collective","cat":"collective","id":1,"pid":3,"tid":3,"ts":3000000}`,
		`{"ph":"f","bp":"e","name":"collective","cat":"collective","id":1,"pid":1,"tid":1,"ts":3000000}`,
		`"arrived_last":true`, `"waited_for":2`,
	} {
		if !strings.Contains(b.String(), s) {
			t.Errorf("trace lacks %s\n%s", s, b.String())
		}
	}
	c, err := CheckChrome("coll.json", b.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if c.Flows != 1 || c.Messages != 0 {
		t.Errorf("check %+v, want one collective arrow", *c)
	}
}

// A slice that lasts no time, followed at once by another, gets its flow
// events right after it in the file, so that a reader going in time order
// binds them to it and not to the next. When the arrow's end would be
// read before its start, it is left out and counted.
func TestArrowsOnInstantSlices(t *testing.T) {
	tl := NewTimeline([]string{"isend", "work", "recv"}, []string{"isend", "action", "recv"})
	tl.Slice(0, 0, 0, 1, 1) // an isend that takes no time
	tl.Slice(0, 0, 1, 1, 2)
	tl.Slice(1, 0, 2, 0, 3)
	tl.Message(engine.Message{Src: 0, Dst: 1, SendElem: 0, RecvElem: 2, Bytes: 8, SendPost: 1, SendStart: 1, RecvEnd: 3})
	var b bytes.Buffer
	if err := tl.WriteChrome(&b); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(b.String(), "\n")
	for i, l := range lines {
		if strings.Contains(l, `"name":"isend"`) {
			if want := `{"ph":"s","name":"message","cat":"message","id":1,"pid":1,"tid":1,"ts":1000000},`; i+1 >= len(lines) || lines[i+1] != want {
				t.Errorf("after the isend: %q, want %q", lines[i+1], want)
			}
		}
	}
	if c, err := CheckChrome("instant.json", b.Bytes()); err != nil || c.Messages != 1 {
		t.Errorf("check: %+v %v", c, err)
	}
	// A message that arrives the moment it is sent, on a receive that
	// lasts no time and is followed by a computation: its end would be
	// read (right after the receive) before its start (with the flows).
	tl = NewTimeline([]string{"send", "work", "recv"}, []string{"send", "action", "recv"})
	tl.Slice(0, 0, 0, 0.5, 2)
	tl.Slice(1, 0, 2, 1, 1)
	tl.Slice(1, 0, 1, 1, 2)
	tl.Message(engine.Message{Src: 0, Dst: 1, SendElem: 0, RecvElem: 2, Bytes: 8, SendPost: 1, SendStart: 1, RecvEnd: 1})
	b.Reset()
	if err := tl.WriteChrome(&b); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), `"unbindable_arrows":1`) {
		t.Errorf("the arrow is not counted as unbindable:\n%s", b.String())
	}
	if c, err := CheckChrome("unbindable.json", b.Bytes()); err != nil || c.Flows != 0 {
		t.Errorf("check: %+v %v", c, err)
	}
}

// A window keeps the slices that overlap it and the messages sent and
// received in it.
func TestTimelineWindow(t *testing.T) {
	tl := NewTimeline([]string{"work", "send", "recv"}, []string{"action", "send", "recv"})
	tl.SetWindow(1.2, 3)
	tl.Slice(0, 0, 0, 0, 1)
	tl.Slice(0, 0, 1, 1, 1.5)
	tl.Slice(1, 0, 2, 0, 2)
	tl.Message(engine.Message{Src: 0, Dst: 1, SendPost: 1, RecvEnd: 2})
	tl.Message(engine.Message{Src: 0, Dst: 1, SendPost: 1.3, RecvEnd: 2})
	if tl.Len() != 2 || tl.Outside() != 1 || tl.Messages() != 1 {
		t.Errorf("kept %d slices (%d outside), %d messages; want 2 (1), 1", tl.Len(), tl.Outside(), tl.Messages())
	}
}

// Past the limit the writers stop where the first slice was lost: all
// that starts before is whole, and messages arriving later are left out.
func TestTimelineLimit(t *testing.T) {
	tl := NewTimeline([]string{"work", "send", "recv"}, []string{"action", "send", "recv"})
	tl.SetLimit(2)
	tl.Slice(0, 0, 0, 0, 1)
	tl.Slice(1, 0, 2, 0, 2)
	tl.Slice(0, 0, 1, 1, 1.5) // dropped
	tl.Message(engine.Message{Src: 0, Dst: 1, SendPost: 1, RecvEnd: 2})
	if tl.Complete() != 1 || tl.Dropped() != 1 {
		t.Fatalf("complete until %g, dropped %d; want 1, 1", tl.Complete(), tl.Dropped())
	}
	var b bytes.Buffer
	if err := tl.WriteChrome(&b); err != nil {
		t.Fatal(err)
	}
	c, err := CheckChrome("limit.json", b.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if c.Slices != 2 || c.Flows != 0 || !strings.Contains(b.String(), `"complete_until_s":1`) {
		t.Errorf("check %+v:\n%s", *c, b.String())
	}
	prv, pcf, row := writeParaver(t, tl)
	if _, err := CheckParaver("limit", prv, pcf, row); err != nil {
		t.Error(err)
	}
}

// The checkers reject what breaks the formats' rules, saying where.
func TestCheckersReject(t *testing.T) {
	prv, pcf, row := writeParaver(t, twoRanks())
	lines := strings.Split(string(prv), "\n")
	unsorted := strings.Join(append([]string{lines[0], lines[5]}, append(lines[1:5], lines[6:]...)...), "\n")
	for _, c := range []struct{ name, prv, row, want string }{
		{"unsorted", unsorted, string(row), "not sorted"},
		{"task", strings.Replace(string(prv), "1:2:1:2:1:0:2000000000:3", "1:2:1:3:1:0:2000000000:3", 1), string(row), "two:4:"},
		{"type", string(prv) + "4:1:1:1:1:0\n", string(row), "record type 4"},
		{"header", strings.Replace(string(prv), "2(1:1,1:2)", "3(1:1,1:2)", 1), string(row), "count 3, but 2 items"},
		{"row", string(prv), strings.Replace(string(row), "LEVEL THREAD SIZE 2", "LEVEL THREAD SIZE 3", 1), "LEVEL THREAD SIZE 3"},
	} {
		_, err := CheckParaver("two", []byte(c.prv), pcf, []byte(c.row))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", c.name, err, c.want)
		}
	}
	var b bytes.Buffer
	twoRanks().WriteChrome(&b)
	good := b.String()
	for _, c := range []struct{ name, json, want string }{
		{"unpaired", strings.Replace(good, `"bp":"e","name":"message","cat":"message","id":1,`, `"bp":"e","name":"message","cat":"message","id":99,`, 1), "flow starts but never ends"},
		{"overlap", strings.Replace(good, `"ts":1000000,"dur":500000`, `"ts":900000,"dur":500000`, 1), "overlaps"},
		{"syntax", good[:len(good)-4], fmt.Sprintf("t.json:%d:", strings.Count(good[:len(good)-4], "\n")+1)},
	} {
		_, err := CheckChrome("t.json", []byte(c.json))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", c.name, err, c.want)
		}
	}
}

// randomTimeline builds a timeline from fuzz bytes: tracks of back-to-back
// slices (with gaps) and messages between them at any times.
func randomTimeline(data []byte) *Timeline {
	tl := NewTimeline([]string{"compute", "send", "recv", "bcast"}, []string{"action", "send", "recv", "bcast"})
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

// Whatever the timeline, both writers' files pass the checkers, and every
// message the writers bind becomes one flow and one communication record.
func FuzzTraceWriters(f *testing.F) {
	f.Add([]byte{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15})
	f.Add(bytes.Repeat([]byte{0x70, 0x01, 0x20, 0x03}, 40))
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, limit := range []int{math.MaxInt32, 7} {
			tl := randomTimeline(data)
			tl.SetLimit(limit)
			var cj bytes.Buffer
			if err := tl.WriteChrome(&cj); err != nil {
				t.Fatal(err)
			}
			cc, err := CheckChrome("fuzz.json", cj.Bytes())
			if err != nil {
				t.Fatalf("%v\n%s", err, cj.String())
			}
			prv, pcf, row := writeParaver(t, tl)
			pc, err := CheckParaver("fuzz", prv, pcf, row)
			if err != nil {
				t.Fatalf("%v\n%s", err, prv)
			}
			// Arrows no reader could bind are left out (and counted).
			if cc.Messages > pc.Comms {
				t.Fatalf("%d message arrows, %d communication records", cc.Messages, pc.Comms)
			}
		}
	})
}

// The checkers never panic on any input.
func FuzzCheckChrome(f *testing.F) {
	var b bytes.Buffer
	twoRanks().WriteChrome(&b)
	f.Add(b.Bytes())
	f.Add([]byte(`{"traceEvents":[{"ph":"s","name":"m","pid":1,"tid":1,"ts":1,"id":1}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		CheckChrome("fuzz.json", data)
	})
}

func FuzzCheckParaver(f *testing.F) {
	var a, b, c bytes.Buffer
	twoRanks().WriteParaver(&a, &b, &c)
	f.Add(a.Bytes(), b.Bytes(), c.Bytes())
	f.Add([]byte("#Paraver (01/01/70 at 00:00):5_ns:1(1):1:1(1:1)\n1:1:1:1:1:0:5:1\n"), []byte("STATES\n1 Running\n"), []byte("LEVEL CPU SIZE 1\nx\n"))
	f.Fuzz(func(t *testing.T, prv, pcf, row []byte) {
		CheckParaver("fuzz", prv, pcf, row)
	})
}
