package results

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
)

// WriteChrome writes the timeline in the Chrome Trace Event format (JSON
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
func (t *Timeline) WriteChrome(w io.Writer) error {
	t.Finish()
	bw := bufio.NewWriterSize(w, 1<<16)
	msgs, unbound := t.bindMessages()
	// Flows leaving and entering each slice, by slice index.
	outs := map[int][]int{}
	ins := map[int][]int{}
	for i, b := range msgs {
		outs[b.send] = append(outs[b.send], i)
		ins[b.recv] = append(ins[b.recv], i)
	}
	fmt.Fprintf(bw, `{"displayTimeUnit":"ms","otherData":{"generator":"augur","slices":%d,"dropped_slices":%d,"messages":%d,"unbound_messages":%d,"dropped_messages":%d`,
		t.keptSlices(), t.dropped, len(msgs), unbound, t.droppedMsgs)
	if !math.IsInf(t.cut, 1) {
		fmt.Fprintf(bw, `,"complete_until_s":%s`, num(t.cut))
	}
	if t.windowed {
		fmt.Fprintf(bw, `,"window_s":[%s,%s],"outside_window_slices":%d`, num(t.w0), num(t.w1), t.outside)
	}
	bw.WriteString("},\"traceEvents\":[\n")
	first := true
	sep := func() {
		if !first {
			bw.WriteString(",\n")
		}
		first = false
	}
	gs := t.groups()
	cpid := make([]int, len(t.rows)) // Chrome pid of each track
	for gi, g := range gs {
		sep()
		fmt.Fprintf(bw, `{"ph":"M","name":"process_name","pid":%d,"args":{"name":%s}}`, gi+1, strconv.Quote(g.name))
		sep()
		fmt.Fprintf(bw, `{"ph":"M","name":"process_sort_index","pid":%d,"args":{"sort_index":%d}}`, gi+1, gi)
		for _, r := range g.rows {
			cpid[r] = gi + 1
			sep()
			fmt.Fprintf(bw, `{"ph":"M","name":"thread_name","pid":%d,"tid":%d,"args":{"name":%s}}`, gi+1, r+1, strconv.Quote(t.trackLabel(r)))
			sep()
			fmt.Fprintf(bw, `{"ph":"M","name":"thread_sort_index","pid":%d,"tid":%d,"args":{"sort_index":%d}}`, gi+1, r+1, r)
		}
	}
	for r, row := range t.rows {
		lo := t.rowStart[r]
		for i, s := range t.slices[lo:t.rowStart[r+1]] {
			if !t.kept(&s) {
				break // slices of a track are in time order
			}
			idx := lo + i
			t0, t1 := nanos(s.start), nanos(s.end)
			sep()
			bw.WriteString(`{"ph":"X","name":`)
			bw.WriteString(strconv.Quote(t.elemNames[s.elem]))
			bw.WriteString(`,"cat":`)
			bw.WriteString(strconv.Quote(chromeCat(t.elemKinds[s.elem])))
			fmt.Fprintf(bw, `,"pid":%d,"tid":%d,"ts":%s,"dur":%s,"args":{"rank":%d,"thread":%d,"category":%s`,
				cpid[r], r+1, micros(t0), micros(t1-t0), row.Pid, row.Tid, strconv.Quote(t.categoryName(s.elem)))
			writeMessageArgs(bw, msgs, outs[idx], ins[idx])
			bw.WriteString("}}")
			// The flow events follow their slice, at a time inside it,
			// so that readers bind them to it.
			for _, m := range outs[idx] {
				sep()
				fmt.Fprintf(bw, `{"ph":"s","name":"message","cat":"message","id":%d,"pid":%d,"tid":%d,"ts":%s}`,
					m+1, cpid[r], r+1, micros(clampNs(nanos(msgs[m].m.SendPost), t0, t1)))
			}
			for _, m := range ins[idx] {
				sep()
				fmt.Fprintf(bw, `{"ph":"f","bp":"e","name":"message","cat":"message","id":%d,"pid":%d,"tid":%d,"ts":%s}`,
					m+1, cpid[r], r+1, micros(clampNs(nanos(msgs[m].m.RecvEnd), t0, t1)))
			}
		}
	}
	bw.WriteString("\n]}\n")
	return bw.Flush()
}

// writeMessageArgs adds to a slice's arguments the messages it sent and
// received: peer, bytes and tag of one, or the count, total bytes and
// peers (at most 16 listed) of several.
func writeMessageArgs(bw *bufio.Writer, msgs []boundMessage, outs, ins []int) {
	write := func(prefix string, ids []int, peer func(i int) int32) {
		switch len(ids) {
		case 0:
		case 1:
			m := msgs[ids[0]].m
			fmt.Fprintf(bw, `,"%s_peer":%d,"%s_bytes":%s,"%s_tag":%d`, prefix, peer(ids[0]), prefix, num(m.Bytes), prefix, m.Tag)
		default:
			var total float64
			var peers []string
			for k, i := range ids {
				total += msgs[i].m.Bytes
				if k < 16 {
					peers = append(peers, strconv.Itoa(int(peer(i))))
				}
			}
			fmt.Fprintf(bw, `,"%s_messages":%d,"%s_bytes":%s,"%s_peers":[%s]`, prefix, len(ids), prefix, num(total), prefix, strings.Join(peers, ","))
		}
	}
	write("sent", outs, func(i int) int32 { return msgs[i].m.Dst })
	write("received", ins, func(i int) int32 { return msgs[i].m.Src })
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
func (t *Timeline) keptSlices() int {
	if math.IsInf(t.cut, 1) {
		return len(t.slices)
	}
	n := 0
	for i := range t.slices {
		if t.kept(&t.slices[i]) {
			n++
		}
	}
	return n
}
