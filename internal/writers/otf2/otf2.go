// Package otf2 writes a timeline as an OTF2 archive (the format of
// Score-P, read by Vampir and Scalasca), in the layout augur's reader
// (internal/frontend/otf2) reads and the library's otf2-print reads back:
// an anchor, global definitions (a system tree of the hosts, a location
// group per process and a location per track, a region per element, the
// world communicator) and an event file per location (Enter and Leave of
// every element execution, MpiSend and MpiRecv of every message, the
// collectives' begin and end). Times are nanoseconds.
package otf2

import (
	"bufio"
	"encoding/binary"
	"fmt"
	"hash/fnv"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"augur/internal/results"
	"augur/internal/writers/paraver"
)

// Chunk sizes: the library's defaults.
const (
	otf2EventChunk = 1 << 20
	otf2DefChunk   = 4 << 20
)

// otf2Buf assembles the records of one OTF2 file in chunks.
type otf2Buf struct {
	chunk      int
	data       []byte // the file so far
	start      int    // where the current chunk starts
	events     uint64 // events written (event files)
	chunkFirst uint64 // the number of the current chunk's first event
	lastTime   uint64
	haveTime   bool
}

func newOTF2Buf(chunk int) *otf2Buf {
	b := &otf2Buf{chunk: chunk}
	b.newChunk()
	return b
}

func (b *otf2Buf) newChunk() {
	b.start = len(b.data)
	b.data = append(b.data, 0x03, 0x42)
	b.data = binary.LittleEndian.AppendUint64(b.data, b.events+1)
	b.data = binary.LittleEndian.AppendUint64(b.data, 0) // the last event's number, set when the chunk ends
	b.chunkFirst = b.events + 1
	b.haveTime = false
}

// endChunk sets the chunk's last event and pads it (end of chunk).
func (b *otf2Buf) endChunk() {
	binary.LittleEndian.PutUint64(b.data[b.start+10:], b.events)
	for len(b.data) < b.start+b.chunk {
		b.data = append(b.data, 0)
	}
}

// record appends a record of id, with a length unless noLen, making a
// new chunk when it would not fit (with a timestamp, for events).
func (b *otf2Buf) record(id byte, body []byte, noLen bool, time uint64, event bool) {
	need := 1 + len(body) + 10 + 9 + 2 // the record, its length, a timestamp, the end marks
	if len(b.data)-b.start+need > b.chunk {
		b.endChunk()
		b.newChunk()
	}
	if event && (!b.haveTime || time != b.lastTime) {
		b.data = append(b.data, 0x05)
		b.data = binary.LittleEndian.AppendUint64(b.data, time)
		b.lastTime, b.haveTime = time, true
	}
	b.data = append(b.data, id)
	if !noLen {
		if len(body) < 0xff {
			b.data = append(b.data, byte(len(body)))
		} else {
			b.data = append(b.data, 0xff)
			b.data = binary.LittleEndian.AppendUint64(b.data, uint64(len(body)))
		}
	}
	b.data = append(b.data, body...)
	if event {
		b.events++
	}
}

// finish ends the file: end of file, and the last chunk is left short.
func (b *otf2Buf) finish() []byte {
	binary.LittleEndian.PutUint64(b.data[b.start+10:], b.events)
	return append(b.data, 0x02, 0x01)
}

// Compressed integers: a byte count and that many bytes, least
// significant first; 0xff the undefined value.
func appendU(b []byte, v uint64) []byte {
	n := 0
	for x := v; x != 0; x >>= 8 {
		n++
	}
	b = append(b, byte(n))
	for i := 0; i < n; i++ {
		b = append(b, byte(v>>(8*i)))
	}
	return b
}

const otf2Undefined = 0xff

func appendStr(b []byte, s string) []byte {
	return append(append(b, strings.ReplaceAll(s, "\x00", "")...), 0)
}

// otf2Event is one event of a location.
type otf2Event struct {
	time  uint64
	seq   int // order of creation, after time: the output is deterministic
	id    byte
	body  []byte
	noLen bool
}

// otf2Op is OTF2's collective operation of an element, by its name;
// barrier for those it does not know.
func otf2Op(name string) byte {
	switch strings.ToLower(name) {
	case "bcast":
		return 1
	case "gather":
		return 2
	case "gatherv":
		return 3
	case "scatter":
		return 4
	case "scatterv":
		return 5
	case "allgather":
		return 6
	case "allgatherv":
		return 7
	case "alltoall":
		return 8
	case "alltoallv":
		return 9
	case "allreduce":
		return 11
	case "reduce":
		return 12
	case "reducescatter", "reduce_scatter":
		return 13
	case "scan":
		return 14
	case "exscan":
		return 15
	}
	return 0
}

// otf2Region is an element's region role and paradigm, by its class:
// the Paraver writer's, so that both views class an element alike.
func otf2Region(name, kind string) (role, paradigm byte) {
	switch paraver.State(name, kind) {
	case paraver.Running:
		return 1, 1 // FUNCTION, USER
	case paraver.Waiting:
		return 28, 4 // POINT2POINT, MPI
	}
	return 26, 4 // COLL_OTHER, MPI
}

func otf2Ticks(t float64) uint64 {
	if !(t > 0) {
		return 0
	}
	return uint64(math.Round(t * 1e9))
}

// Write writes the timeline as an OTF2 archive in dir: dir/traces.otf2
// (the anchor), dir/traces.def and dir/traces/ID.evt and ID.def per
// location. Every process is a location group on its host's system tree
// node and each of its tracks a location; every element a region; every
// element execution an Enter and a Leave; every message an MpiSend on
// the sender's track when it was posted and an MpiRecv on the receiver's
// when its data had arrived, on MPI_COMM_WORLD (whose ranks are the
// processes in pid order), with its tag and size; every collective an
// MpiCollectiveBegin at each process's arrival and an
// MpiCollectiveEnd when its execution ended. Equal timelines give equal
// files.
func Write(dir string, tl *results.Timeline) error {
	t := tl.Tracks()
	spans := t.Spans()
	rows := t.Rows()
	names, _ := t.Elements()
	// Ranks: the processes in pid order; their master track is tid 0 (or
	// their first track).
	var pids []int32
	master := map[int32]int{} // pid → location (row) of its rank
	for r, row := range rows {
		if _, ok := master[row.Pid]; !ok {
			pids = append(pids, row.Pid)
			master[row.Pid] = r
		}
	}
	rankOf := make(map[int32]uint64, len(pids))
	for i, p := range pids {
		rankOf[p] = uint64(i)
	}
	// Each message end and collective lies on a slice of its track (the
	// one the trace writers bind it to): its events go between that
	// slice's Enter and Leave; one on no slice goes by its time.
	attached := map[int][]otf2Event{} // global slice index → events
	loose := make([][]otf2Event, len(rows))
	seq := 0
	put := func(row, slice int, e otf2Event) {
		e.seq = seq
		seq++
		if slice >= 0 {
			attached[slice] = append(attached[slice], e)
		} else {
			loose[row] = append(loose[row], e)
		}
	}
	msgs, _ := t.BoundMessages()
	for _, bm := range msgs {
		m := bm.M
		sr, dr := t.RowOf(m.Src, m.SrcTid), t.RowOf(m.Dst, m.DstTid)
		if sr < 0 || dr < 0 {
			continue
		}
		tag := uint64(max(m.Tag, 0))
		size := uint64(math.Max(0, math.Round(m.Bytes)))
		body := appendU(appendU(appendU(appendU(nil, rankOf[m.Dst]), 0), tag), size)
		put(sr, bm.Send, otf2Event{time: otf2Ticks(m.SendPost), id: 0x0e, body: body})
		body = appendU(appendU(appendU(appendU(nil, rankOf[m.Src]), 0), tag), size)
		put(dr, bm.Recv, otf2Event{time: otf2Ticks(m.RecvEnd), id: 0x12, body: body})
	}
	for _, c := range t.Collectives() {
		op := byte(0)
		if int(c.Elem) < len(names) {
			op = otf2Op(names[c.Elem])
		}
		for _, a := range c.Arrivals {
			r := t.RowOf(a.Pid, a.Tid)
			if r < 0 {
				continue
			}
			end := a.At
			s := t.CollSpan(a.Pid, a.Tid, c.Elem, a.At, a.At)
			if s >= 0 {
				end = spans[s].End
			}
			put(r, s, otf2Event{time: otf2Ticks(a.At), id: 0x16})
			body := append([]byte{op}, appendU(nil, 0)...)
			body = append(body, otf2Undefined)
			body = appendU(appendU(body, 0), 0)
			put(r, s, otf2Event{time: otf2Ticks(end), id: 0x17, body: body})
		}
	}
	byTime := func(e []otf2Event) {
		sort.SliceStable(e, func(i, j int) bool {
			if e[i].time != e[j].time {
				return e[i].time < e[j].time
			}
			return e[i].seq < e[j].seq
		})
	}
	// Regions: the elements executed, numbered densely in element order.
	region := map[int32]uint64{}
	var elems []int32
	for i := range spans {
		if s := &spans[i]; t.Kept(s) {
			if _, ok := region[s.Elem]; !ok {
				region[s.Elem] = 0
				elems = append(elems, s.Elem)
			}
		}
	}
	sort.Slice(elems, func(i, j int) bool { return elems[i] < elems[j] })
	for i, e := range elems {
		region[e] = uint64(i)
	}
	evtDir := filepath.Join(dir, "traces")
	if err := os.MkdirAll(evtDir, 0o755); err != nil {
		return err
	}
	counts := make([]uint64, len(rows))
	var last uint64
	for r := range rows {
		b := newOTF2Buf(otf2EventChunk)
		now := uint64(0)
		emit := func(e otf2Event) {
			now = max(now, e.time) // a track's events are in time order
			b.record(e.id, e.body, e.noLen, now, true)
		}
		lo := loose[r]
		byTime(lo)
		first := t.First(r)
		for i, s := range spans[first:t.First(r+1)] {
			if !t.Kept(&s) {
				continue
			}
			a := max(otf2Ticks(s.Start), now)
			for len(lo) > 0 && lo[0].time < a {
				emit(lo[0])
				lo = lo[1:]
			}
			reg := appendU(nil, region[s.Elem])
			emit(otf2Event{time: a, id: 0x0c, body: reg, noLen: true})
			in := attached[first+i]
			byTime(in)
			for _, e := range in {
				emit(e)
			}
			emit(otf2Event{time: otf2Ticks(s.End), id: 0x0d, body: reg, noLen: true})
		}
		for _, e := range lo {
			emit(e)
		}
		last = max(last, now)
		counts[r] = b.events
		if err := os.WriteFile(filepath.Join(evtDir, strconv.Itoa(r)+".evt"), b.finish(), 0o644); err != nil {
			return err
		}
		// An empty local definitions file: the library opens one.
		if err := os.WriteFile(filepath.Join(evtDir, strconv.Itoa(r)+".def"), newOTF2Buf(otf2DefChunk).finish(), 0o644); err != nil {
			return err
		}
	}
	defs, ndefs := otf2Defs(t, pids, master, counts, elems, last)
	if err := os.WriteFile(filepath.Join(dir, "traces.def"), defs, 0o644); err != nil {
		return err
	}
	return writeOTF2Anchor(filepath.Join(dir, "traces.otf2"), uint64(len(rows)), ndefs, defs)
}

// otf2Defs writes the global definitions.
func otf2Defs(t *results.Tracks, pids []int32, master map[int32]int, counts []uint64, elems []int32, last uint64) ([]byte, uint64) {
	b := newOTF2Buf(otf2DefChunk)
	n := uint64(0)
	def := func(id byte, body []byte) {
		b.record(id, body, false, 0, false)
		n++
	}
	strs := map[string]uint64{}
	str := func(s string) uint64 {
		if i, ok := strs[s]; ok {
			return i
		}
		i := uint64(len(strs))
		strs[s] = i
		def(0x0a, appendStr(appendU(nil, i), s))
		return i
	}
	// ClockProperties: ns ticks, from 0, the run's length, no date.
	def(0x05, append(appendU(appendU(appendU(nil, 1e9), 0), last+1), otf2Undefined))
	str("")
	// The system tree: the machine, then a node per host.
	def(0x0c, append(appendU(appendU(appendU(nil, 0), str("augur")), str("machine")), otf2Undefined))
	nodes := map[string]uint64{}
	hostOf := func(pid int32) string {
		if info, ok := t.Process(pid); ok {
			if info.Host != "" {
				return info.Host
			}
			if info.Node >= 0 {
				return t.NodeName(info.Node)
			}
		}
		return "host"
	}
	for _, p := range pids {
		h := hostOf(p)
		if _, ok := nodes[h]; !ok {
			nodes[h] = uint64(len(nodes) + 1)
			def(0x0c, appendU(appendU(appendU(appendU(nil, nodes[h]), str(h)), str("node")), 0))
		}
	}
	// Location groups (processes) and locations (tracks).
	group := map[int32]uint64{}
	for i, p := range pids {
		group[p] = uint64(i)
		body := appendU(appendU(nil, uint64(i)), str(t.ProcessLabel(p)))
		body = append(body, 1) // PROCESS
		body = append(appendU(body, nodes[hostOf(p)]), otf2Undefined)
		def(0x0d, body)
	}
	for r, row := range t.Rows() {
		body := appendU(appendU(nil, uint64(r)), str(t.TrackLabel(r)))
		body = append(body, 1) // CPU_THREAD
		body = appendU(appendU(body, counts[r]), group[row.Pid])
		def(0x0e, body)
	}
	// Regions: the elements executed, in the order Write numbered them.
	names, kinds := t.Elements()
	for i, e := range elems {
		name, kind := fmt.Sprintf("element %d", e), ""
		if int(e) < len(names) {
			name, kind = names[e], kinds[e]
		}
		role, paradigm := otf2Region(name, kind)
		s := str(name)
		body := appendU(appendU(nil, uint64(i)), s)
		body = append(appendU(body, 0), 0)              // description, legacy type
		body = appendU(appendU(appendU(body, 0), 0), 0) // source file, lines
		body = append(appendU(body, s), role, paradigm)
		def(0x0f, appendU(body, 0))
	}
	// MPI_COMM_WORLD: the master tracks of the processes, in rank order.
	body := appendU(appendU(nil, 0), 0)
	body = appendU(append(body, 6), uint64(len(pids)))
	for _, p := range pids {
		body = appendU(body, uint64(master[p]))
	}
	def(0x12, appendU(append(body, 4, 4), 0)) // COMM_LOCATIONS, MPI
	body = appendU(appendU(nil, 1), 0)
	body = appendU(append(body, 4), uint64(len(pids)))
	for i := range pids {
		body = appendU(body, uint64(i))
	}
	def(0x12, appendU(append(body, 5, 4), 0)) // COMM_GROUP, MPI
	def(0x16, appendU(append(appendU(appendU(appendU(nil, 0), str("MPI_COMM_WORLD")), 1), otf2Undefined), 0))
	return b.finish(), n
}

// writeOTF2Anchor writes the anchor: the format's versions (those of
// the OTF2 3.0 library, whose layout the files follow), chunk sizes,
// POSIX files, no compression, the counts of locations and global
// definitions, the creator, and a trace id hashed from the definitions.
func writeOTF2Anchor(path string, locations, defs uint64, defData []byte) error {
	b := []byte{0x03, 0x42, 'O', 'T', 'F', '2', 0, 3, 2, 3, 0, 2}
	b = binary.LittleEndian.AppendUint64(b, otf2EventChunk)
	b = binary.LittleEndian.AppendUint64(b, otf2DefChunk)
	b = append(b, 1, 1) // POSIX, no compression
	b = binary.LittleEndian.AppendUint64(b, locations)
	b = binary.LittleEndian.AppendUint64(b, defs)
	b = appendStr(b, "")                       // machine name
	b = appendStr(b, "augur")                  // creator
	b = appendStr(b, "")                       // description
	b = binary.LittleEndian.AppendUint32(b, 0) // properties
	h := fnv.New64a()
	h.Write(defData)
	b = binary.LittleEndian.AppendUint64(b, h.Sum64())
	b = binary.LittleEndian.AppendUint64(b, 0) // snapshots and thumbnails
	b = append(b, 0x02, 0x01, 0x00)
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	w := bufio.NewWriter(f)
	w.Write(b)
	if err := w.Flush(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
