// Package chrome writes a timeline in the Chrome Trace Event format, for
// Perfetto and chrome://tracing.
package chrome

import (
	"bufio"
	"cmp"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"

	"augur/internal/results"
)

// Write writes the timeline in the Chrome Trace Event format (JSON
// object form) that Perfetto and chrome://tracing open:
//
//   - a process per node, named after it, whose tracks are the processes
//     (ranks) and threads placed on it ("rank 3 (host)"); processes on
//     no node are a process each;
//   - a complete event ("X") per element execution, its category the
//     element's kind, with arguments: rank, thread, category (compute,
//     communication or waiting), and for message operations the peer,
//     size in bytes and tag (or the count and total size of several);
//   - a flow ("s" then "f", binding to the enclosing slices) per
//     point-to-point message, from the slice that sent it to the slice in
//     which it arrived: Perfetto draws these as arrows;
//   - "otherData" with what was left out (window, limit).
//
// Times are microseconds with nanosecond resolution, rounded from the
// same integer nanoseconds as the Paraver writer's.
func Write(w io.Writer, tl *results.Timeline) error {
	t := tl.Tracks()
	spans := t.Spans()
	names, kinds := t.Elements()
	bw := bufio.NewWriterSize(w, 1<<16)
	msgs, unbound := t.BoundMessages()
	// Messages leaving and entering each slice, by slice index, for the
	// slices' arguments.
	outs := map[int][]int{}
	ins := map[int][]int{}
	for i, b := range msgs {
		outs[b.Send] = append(outs[b.Send], i)
		ins[b.Recv] = append(ins[b.Recv], i)
	}
	colls := t.CollectiveArrows()
	collOuts := map[int]bool{}
	collIns := map[int]int32{}
	for _, a := range colls {
		collOuts[a.From] = true
		collIns[a.To] = a.Last
	}
	arrows, unbindable := planArrows(t, msgs, colls)
	inline := map[int][]flowEvent{} // flow events written right after their slice
	var global []flowEvent
	for _, a := range arrows {
		for _, fe := range []flowEvent{a.s, a.f} {
			if fe.inline {
				inline[fe.slice] = append(inline[fe.slice], fe)
			} else {
				global = append(global, fe)
			}
		}
	}
	fmt.Fprintf(bw, `{"displayTimeUnit":"ms","otherData":{"generator":"augur","slices":%d,"dropped_slices":%d,"messages":%d,"unbound_messages":%d,"collective_arrows":%d,"unbindable_arrows":%d,"dropped_arrows":%d`,
		keptSlices(t), tl.Dropped(), len(msgs), unbound, len(colls), unbindable, tl.DroppedMessages())
	if cut := tl.Complete(); !math.IsInf(cut, 1) {
		fmt.Fprintf(bw, `,"complete_until_s":%s`, num(cut))
	}
	if w0, w1, ok := t.Window(); ok {
		fmt.Fprintf(bw, `,"window_s":[%s,%s],"outside_window_slices":%d`, num(w0), num(w1), tl.Outside())
	}
	bw.WriteString("},\"traceEvents\":[\n")
	first := true
	sep := func() {
		if !first {
			bw.WriteString(",\n")
		}
		first = false
	}
	gs := t.Groups()
	rows := t.Rows()
	cpid := make([]int, len(rows)) // Chrome pid of each track
	for gi, g := range gs {
		sep()
		fmt.Fprintf(bw, `{"ph":"M","name":"process_name","pid":%d,"args":{"name":%s}}`, gi+1, strconv.Quote(g.Name))
		sep()
		fmt.Fprintf(bw, `{"ph":"M","name":"process_sort_index","pid":%d,"args":{"sort_index":%d}}`, gi+1, gi)
		for _, r := range g.Rows {
			cpid[r] = gi + 1
			sep()
			fmt.Fprintf(bw, `{"ph":"M","name":"thread_name","pid":%d,"tid":%d,"args":{"name":%s}}`, gi+1, r+1, strconv.Quote(t.TrackLabel(r)))
			sep()
			fmt.Fprintf(bw, `{"ph":"M","name":"thread_sort_index","pid":%d,"tid":%d,"args":{"sort_index":%d}}`, gi+1, r+1, r)
		}
	}
	writeFlow := func(f flowEvent) {
		sep()
		if f.start {
			fmt.Fprintf(bw, `{"ph":"s","name":%q,"cat":%q,"id":%d,"pid":%d,"tid":%d,"ts":%s}`, f.cat, f.cat, f.id, cpid[f.row], f.row+1, micros(f.ts))
		} else {
			fmt.Fprintf(bw, `{"ph":"f","bp":"e","name":%q,"cat":%q,"id":%d,"pid":%d,"tid":%d,"ts":%s}`, f.cat, f.cat, f.id, cpid[f.row], f.row+1, micros(f.ts))
		}
	}
	for r, row := range rows {
		lo := t.First(r)
		for i, s := range spans[lo:t.First(r+1)] {
			if !t.Kept(&s) {
				break // slices of a track are in time order
			}
			idx := lo + i
			t0, t1 := results.Nanos(s.Start), results.Nanos(s.End)
			sep()
			bw.WriteString(`{"ph":"X","name":`)
			bw.WriteString(strconv.Quote(names[s.Elem]))
			bw.WriteString(`,"cat":`)
			bw.WriteString(strconv.Quote(chromeCat(kinds[s.Elem])))
			fmt.Fprintf(bw, `,"pid":%d,"tid":%d,"ts":%s,"dur":%s,"args":{"rank":%d,"thread":%d,"category":%s`,
				cpid[r], r+1, micros(t0), micros(t1-t0), row.Pid, row.Tid, strconv.Quote(t.Category(s.Elem)))
			writeMessageArgs(bw, msgs, outs[idx], ins[idx])
			if collOuts[idx] {
				bw.WriteString(`,"arrived_last":true`)
			}
			if last, ok := collIns[idx]; ok {
				fmt.Fprintf(bw, `,"waited_for":%d`, last)
			}
			bw.WriteString("}}")
			for _, f := range inline[idx] {
				writeFlow(f)
			}
		}
	}
	slices.SortStableFunc(global, func(a, b flowEvent) int {
		if c := cmp.Compare(a.ts, b.ts); c != 0 {
			return c
		}
		if a.start != b.start {
			if a.start {
				return -1
			}
			return 1
		}
		return 0
	})
	for _, f := range global {
		writeFlow(f)
	}
	bw.WriteString("\n]}\n")
	return bw.Flush()
}

// flowEvent is one end of an arrow.
type flowEvent struct {
	ts     int64 // ns
	start  bool
	cat    string // "message" or "collective"
	id     int
	row    int  // track
	slice  int  // the slice it binds to
	inline bool // written right after its slice
}

// arrow is a flow to write: its start and end.
type arrow struct{ s, f flowEvent }

// planArrows places the arrows of messages and collectives so that a
// reader that goes through the events in time order (file order among
// equals) and binds a flow event to the last slice begun on its track —
// Perfetto's trace processor — binds each to its slice:
//
//   - flow events go after every slice, in time order, a start before an
//     end at one time, so every slice begun by then is open;
//   - an event at the very end of a slice that lasts would find the next
//     slice, which starts there: it moves 1 ns inside;
//   - a slice that lasts no time and is followed at once by another has
//     its flow events right after it in the file, before the next.
//
// An arrow whose end a reader would meet before its start (both at one
// time, the end on such a slice) cannot be bound: it is left out and
// counted.
func planArrows(t *results.Tracks, msgs []results.BoundMessage, colls []results.CollArrow) (arrows []arrow, unbindable int) {
	spans := t.Spans()
	// shadowed: the slice lasts no time and the next slice of its track
	// starts then.
	shadowed := func(idx int) bool {
		s := &spans[idx]
		e := results.Nanos(s.End)
		if results.Nanos(s.Start) != e || idx+1 >= len(spans) {
			return false
		}
		n := &spans[idx+1]
		return n.Row == s.Row && t.Kept(n) && results.Nanos(n.Start) == e
	}
	add := func(cat string, id, from, to int, sendAt, arriveAt float64) {
		s, f := flowTimes(&spans[from], &spans[to], sendAt, arriveAt)
		a := arrow{
			s: flowEvent{ts: s, start: true, cat: cat, id: id, row: int(spans[from].Row), slice: from, inline: shadowed(from)},
			f: flowEvent{ts: f, start: false, cat: cat, id: id, row: int(spans[to].Row), slice: to, inline: shadowed(to)},
		}
		// Read order: (time, inline events by their slice's place in the
		// file, then the global ones with starts first).
		ok := a.s.ts < a.f.ts || a.s.ts == a.f.ts && (!a.f.inline || a.s.inline && from <= to)
		if !ok {
			unbindable++
			return
		}
		arrows = append(arrows, a)
	}
	n := 0
	for _, b := range msgs {
		n++
		add("message", n, b.Send, b.Recv, b.M.SendPost, b.M.RecvEnd)
	}
	n = 0
	for _, c := range colls {
		n++
		add("collective", n, c.From, c.To, c.At, c.At)
	}
	return arrows, unbindable
}

// flowTimes places an arrow's ends in nanoseconds: at its send and arrival
// times, within their slices, but 1 ns before the end of a slice that
// lasts (where the next slice may start), and never ending before it
// starts.
func flowTimes(from, to *results.Span, sendAt, arriveAt float64) (s, f int64) {
	inside := func(sl *results.Span, at float64) int64 {
		t0, t1 := results.Nanos(sl.Start), results.Nanos(sl.End)
		v := clampNs(results.Nanos(at), t0, t1)
		if v == t1 && t1 > t0 {
			v--
		}
		return v
	}
	s, f = inside(from, sendAt), inside(to, arriveAt)
	if f < s {
		// The arrival moved before the send: meet where both slices are.
		if results.Nanos(from.Start) <= f {
			s = f
		} else {
			f = min(s, results.Nanos(to.End))
		}
	}
	return s, f
}

// writeMessageArgs adds to a slice's arguments the messages it sent and
// received: peer, bytes and tag of one, or the count, total bytes and
// peers (at most 16 listed) of several.
func writeMessageArgs(bw *bufio.Writer, msgs []results.BoundMessage, outs, ins []int) {
	write := func(prefix string, ids []int, peer func(i int) int32) {
		switch len(ids) {
		case 0:
		case 1:
			m := msgs[ids[0]].M
			fmt.Fprintf(bw, `,"%s_peer":%d,"%s_bytes":%s,"%s_tag":%d`, prefix, peer(ids[0]), prefix, num(m.Bytes), prefix, m.Tag)
		default:
			var total float64
			var peers []string
			for k, i := range ids {
				total += msgs[i].M.Bytes
				if k < 16 {
					peers = append(peers, strconv.Itoa(int(peer(i))))
				}
			}
			fmt.Fprintf(bw, `,"%s_messages":%d,"%s_bytes":%s,"%s_peers":[%s]`, prefix, len(ids), prefix, num(total), prefix, strings.Join(peers, ","))
		}
	}
	write("sent", outs, func(i int) int32 { return msgs[i].M.Dst })
	write("received", ins, func(i int) int32 { return msgs[i].M.Src })
}

// chromeCat is the slice category: the element's kind, or "element".
// "message" is the flows' own.
func chromeCat(kind string) string {
	if kind == "" || kind == "message" {
		return "element"
	}
	return kind
}

func clampNs(v, lo, hi int64) int64 { return min(max(v, lo), hi) }

// micros prints integer nanoseconds as microseconds, exactly.
func micros(ns int64) string {
	neg := ns < 0
	if neg {
		ns = -ns
	}
	s := strconv.FormatInt(ns/1000, 10)
	if f := ns % 1000; f != 0 {
		s += strings.TrimRight(fmt.Sprintf(".%03d", f), "0")
	}
	if neg {
		s = "-" + s
	}
	return s
}

// num prints a float in JSON.
func num(x float64) string {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return "null"
	}
	if x == math.Trunc(x) && math.Abs(x) < 1e15 {
		return strconv.FormatInt(int64(x), 10) // sizes in bytes read as integers
	}
	return strconv.FormatFloat(x, 'g', -1, 64)
}

// keptSlices counts the slices the writers write.
func keptSlices(t *results.Tracks) int {
	spans := t.Spans()
	n := 0
	for i := range spans {
		if t.Kept(&spans[i]) {
			n++
		}
	}
	return n
}
