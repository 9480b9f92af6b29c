package chrome

import (
	"bytes"
	"fmt"
	"math"
	"strings"
	"testing"

	"augur/internal/engine"
	"augur/internal/results"
	"augur/internal/writers/internal/tracetest"
	"augur/internal/writers/paraver"
)

// The Chrome trace of twoRanks: a process per node, tracks named after
// the ranks and hosts, one flow from the send to the receive, arguments
// on every slice and the message's on its two ends.
func TestChromeByHand(t *testing.T) {
	var b bytes.Buffer
	if err := Write(&b, tracetest.TwoRanks()); err != nil {
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
	c, err := results.CheckChrome("two.json", b.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if *c != (results.ChromeCheck{Processes: 2, Tracks: 2, Slices: 3, Flows: 1, Messages: 1}) {
		t.Errorf("check %+v", *c)
	}
	// Read back, the slices are on augur's processes, named as written.
	rt, err := results.ReadChromeTrace("two.json", b.Bytes())
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
	tl := results.NewTimeline([]string{"bcast"}, []string{"bcast"})
	tl.Slice(0, 0, 0, 1, 4)
	tl.Slice(1, 0, 0, 0.5, 2)
	tl.Slice(2, 0, 0, 3, 4)
	tl.Collective(engine.Collective{Seq: 0, Elem: 0, Arrivals: []engine.Arrival{{Pid: 1, At: 0.5}, {Pid: 0, At: 1}, {Pid: 2, At: 3}}})
	var b bytes.Buffer
	if err := Write(&b, tl); err != nil {
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
	c, err := results.CheckChrome("coll.json", b.Bytes())
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
	tl := results.NewTimeline([]string{"isend", "work", "recv"}, []string{"isend", "action", "recv"})
	tl.Slice(0, 0, 0, 1, 1) // an isend that takes no time
	tl.Slice(0, 0, 1, 1, 2)
	tl.Slice(1, 0, 2, 0, 3)
	tl.Message(engine.Message{Src: 0, Dst: 1, SendElem: 0, RecvElem: 2, Bytes: 8, SendPost: 1, SendStart: 1, RecvEnd: 3})
	var b bytes.Buffer
	if err := Write(&b, tl); err != nil {
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
	if c, err := results.CheckChrome("instant.json", b.Bytes()); err != nil || c.Messages != 1 {
		t.Errorf("check: %+v %v", c, err)
	}
	// A message that arrives the moment it is sent, on a receive that
	// lasts no time and is followed by a computation: its end would be
	// read (right after the receive) before its start (with the flows).
	tl = results.NewTimeline([]string{"send", "work", "recv"}, []string{"send", "action", "recv"})
	tl.Slice(0, 0, 0, 0.5, 2)
	tl.Slice(1, 0, 2, 1, 1)
	tl.Slice(1, 0, 1, 1, 2)
	tl.Message(engine.Message{Src: 0, Dst: 1, SendElem: 0, RecvElem: 2, Bytes: 8, SendPost: 1, SendStart: 1, RecvEnd: 1})
	b.Reset()
	if err := Write(&b, tl); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), `"unbindable_arrows":1`) {
		t.Errorf("the arrow is not counted as unbindable:\n%s", b.String())
	}
	if c, err := results.CheckChrome("unbindable.json", b.Bytes()); err != nil || c.Flows != 0 {
		t.Errorf("check: %+v %v", c, err)
	}
}

// Past the limit the writer stops where the first slice was lost: all
// that starts before is whole, and messages arriving later are left out.
func TestLimit(t *testing.T) {
	tl := tracetest.Limited()
	var b bytes.Buffer
	if err := Write(&b, tl); err != nil {
		t.Fatal(err)
	}
	c, err := results.CheckChrome("limit.json", b.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if c.Slices != 2 || c.Flows != 0 || !strings.Contains(b.String(), `"complete_until_s":1`) {
		t.Errorf("check %+v:\n%s", *c, b.String())
	}
}

// The checker rejects what breaks the format's rules, saying where.
func TestCheckerRejects(t *testing.T) {
	var b bytes.Buffer
	Write(&b, tracetest.TwoRanks())
	good := b.String()
	for _, c := range []struct{ name, json, want string }{
		{"unpaired", strings.Replace(good, `"bp":"e","name":"message","cat":"message","id":1,`, `"bp":"e","name":"message","cat":"message","id":99,`, 1), "flow starts but never ends"},
		{"overlap", strings.Replace(good, `"ts":1000000,"dur":500000`, `"ts":900000,"dur":500000`, 1), "overlaps"},
		{"syntax", good[:len(good)-4], fmt.Sprintf("t.json:%d:", strings.Count(good[:len(good)-4], "\n")+1)},
	} {
		_, err := results.CheckChrome("t.json", []byte(c.json))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", c.name, err, c.want)
		}
	}
}

// Whatever the timeline, both writers' files pass the checkers, and every
// message the writers bind becomes one flow and one communication record.
func FuzzTraceWriters(f *testing.F) {
	f.Add([]byte{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15})
	f.Add(bytes.Repeat([]byte{0x70, 0x01, 0x20, 0x03}, 40))
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, limit := range []int{math.MaxInt32, 7} {
			tl := tracetest.Random(data)
			tl.SetLimit(limit)
			var cj bytes.Buffer
			if err := Write(&cj, tl); err != nil {
				t.Fatal(err)
			}
			cc, err := results.CheckChrome("fuzz.json", cj.Bytes())
			if err != nil {
				t.Fatalf("%v\n%s", err, cj.String())
			}
			var prv, pcf, row bytes.Buffer
			if err := paraver.Write(&prv, &pcf, &row, tl); err != nil {
				t.Fatal(err)
			}
			pc, err := results.CheckParaver("fuzz", prv.Bytes(), pcf.Bytes(), row.Bytes())
			if err != nil {
				t.Fatalf("%v\n%s", err, prv.String())
			}
			// Arrows no reader could bind are left out (and counted).
			if cc.Messages > pc.Comms {
				t.Fatalf("%d message arrows, %d communication records", cc.Messages, pc.Comms)
			}
		}
	})
}
