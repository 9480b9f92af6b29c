package otf2

import (
	"fmt"
	"math"
	"path/filepath"
	"sort"
	"strconv"

	"augur/internal/base/infile"
)

// Event record ids (those read; the others are skipped by length).
const (
	evTimestamp        = 0x05
	evAttributeList    = 0x06
	evEnter            = 0x0c
	evLeave            = 0x0d
	evMpiSend          = 0x0e
	evMpiIsend         = 0x0f
	evMpiIsendComplete = 0x10
	evMpiIrecvRequest  = 0x11
	evMpiRecv          = 0x12
	evMpiIrecv         = 0x13
	evMpiRequestTest   = 0x14
	evMpiRequestCancel = 0x15
	evMpiCollBegin     = 0x16
	evMpiCollEnd       = 0x17
)

// noLength lists the records written without a length: those of
// OTF2's first version whose only attribute is one compressed integer
// (observed: every record added since carries its length, so that older
// readers can skip it).
var noLength = [256]bool{
	evEnter: true, evLeave: true, evMpiIsendComplete: true, evMpiIrecvRequest: true,
	evMpiRequestTest: true, evMpiRequestCancel: true,
	0x18: true, // OmpFork
	0x1c: true, // OmpTaskCreate
	0x1d: true, // OmpTaskSwitch
	0x1e: true, // OmpTaskComplete
}

// skipped names the kinds of event not read, by record id, for the
// warning that says what a replay leaves out.
func skipped(id byte) string {
	switch {
	case id == 0x0a:
		return "" // BufferFlush: the measurement's own
	case id == 0x0b:
		return "measurement on/off switches (the events between are missing)"
	case id >= 0x18 && id <= 0x1e, id >= 0x35 && id <= 0x41:
		return "OpenMP and thread events"
	case id == 0x1f:
		return "metric events"
	case id >= 0x20 && id <= 0x22:
		return "parameter events"
	case id >= 0x23 && id <= 0x34:
		return "one-sided (RMA) events"
	case id >= 0x42 && id <= 0x44:
		return "calling-context samples"
	case id >= 0x45 && id <= 0x52:
		return "I/O events"
	case id == 0x53 || id == 0x54 || id == 0x57 || id == 0x58:
		return "" // ProgramBegin/End, CommCreate/Destroy: nothing to replay
	case id == 0x55 || id == 0x56:
		return "non-blocking collectives"
	}
	return "records of kinds unknown to augur"
}

// event is one event read, its ids mapped to the global definitions and
// its time corrected by the location's clock offsets.
type event struct {
	id     byte
	off    int64  // its record's offset in the file
	time   uint64 // clock ticks
	region uint32
	peer   uint32 // receiver or sender, a rank of comm
	comm   uint32
	tag    uint32
	length uint64
	req    uint64
	op     uint8
	root   uint32
	sent   uint64
	recvd  uint64
}

// locals are a location's local definitions: mapping tables of its
// event files' ids to the global ones, and clock offsets.
type locals struct {
	regions, comms idMap
	offsets        []clockOffset
}

type clockOffset struct {
	time   uint64
	offset int64
}

// idMap maps local ids to global; nil maps every id to itself.
type idMap map[uint64]uint64

func (m idMap) get(id uint64) uint64 {
	if g, ok := m[id]; ok {
		return g
	}
	return id
}

// readLocals reads a location's local definitions file, if it has one.
func (a *Archive) readLocals(loc uint64) (*locals, error) {
	l := &locals{}
	path := filepath.Join(a.Dir, strconv.FormatUint(loc, 10)+".def")
	if !exists(path) {
		return l, nil
	}
	b, err := readWhole(path, infile.OTF2Defs)
	if err != nil {
		return nil, err
	}
	return a.localDefs(b)
}

// localDefs reads the local definitions in b.
func (a *Archive) localDefs(b *buf) (*locals, error) {
	l := &locals{}
	err := records(b, a.defChunk, func(b *buf, id byte) bool {
		at := b.offset() - 1
		end := b.recordLen()
		switch id {
		case 0x05: // MappingTable: type, then an id map
			typ := b.u8()
			m := readIDMap(b, end)
			switch typ {
			case mappingRegion:
				l.regions = m
			case mappingComm:
				l.comms = m
			}
		case 0x06: // ClockOffset: time, offset, standard deviation
			t := b.fixed64()
			off := int64(b.u64())
			b.fixed64()
			if n := len(l.offsets); n > 0 && t < l.offsets[n-1].time {
				b.failAt(at, "clock offset at %d ticks is before the one at %d", t, l.offsets[n-1].time)
			}
			l.offsets = append(l.offsets, clockOffset{t, off})
		}
		if b.err == nil && b.pos > end {
			b.failAt(at, "definition record 0x%02x is longer than its length says", id)
		}
		b.pos = end
		return b.err == nil
	})
	return l, err
}

// readIDMap reads an id map: its size, its mode (0 dense: the global
// ids of local 0, 1, ...; 1 sparse: pairs of local and global ids).
func readIDMap(b *buf, end int) idMap {
	n := b.u64()
	mode := b.u8()
	if b.err != nil {
		return nil
	}
	per := uint64(1)
	if mode == 1 {
		per = 2
	} else if mode != 0 {
		b.fail("id map mode %d: want 0 (dense) or 1 (sparse)", mode)
		return nil
	}
	if n > uint64(end-b.pos)/per {
		b.fail("id map of %d entries in a record of %d bytes", n, end-b.pos)
		return nil
	}
	m := make(idMap, n)
	for i := uint64(0); i < n && b.err == nil; i++ {
		if mode == 0 {
			m[i] = b.u64()
		} else {
			k := b.u64()
			m[k] = b.u64()
		}
	}
	return m
}

// correct applies the clock offsets to t: linear between two offsets,
// the nearest one outside them (as otf2-print shows the times).
func (l *locals) correct(t uint64) uint64 {
	o := l.offsets
	switch {
	case len(o) == 0:
		return t
	case t <= o[0].time:
		return addOffset(t, o[0].offset)
	case t >= o[len(o)-1].time:
		return addOffset(t, o[len(o)-1].offset)
	}
	i := sort.Search(len(o), func(i int) bool { return o[i].time > t }) - 1
	a, b := o[i], o[i+1]
	f := float64(t-a.time) / float64(b.time-a.time)
	return addOffset(t, a.offset+int64(math.Round(f*float64(b.offset-a.offset))))
}

func addOffset(t uint64, off int64) uint64 {
	if off < 0 && uint64(-off) > t {
		return 0
	}
	return uint64(int64(t) + off)
}

// events reads the event file of location loc, calling fn for each
// event of MPI and each Enter and Leave, and counting in notRead the
// other events by kind.
func (a *Archive) events(loc uint64, notRead map[string]int64, fn func(e *event) error) error {
	l, err := a.readLocals(loc)
	if err != nil {
		return err
	}
	path := filepath.Join(a.Dir, strconv.FormatUint(loc, 10)+".evt")
	return a.eventsOf(l, func(rec func(b *buf, id byte) bool) error {
		return streamChunks(path, a.eventChunk, rec)
	}, notRead, fn)
}

// eventsOf reads the events whose records each calls rec for, with the
// location's local definitions l.
func (a *Archive) eventsOf(l *locals, each func(rec func(b *buf, id byte) bool) error, notRead map[string]int64, fn func(e *event) error) error {
	var (
		e       event
		now     uint64
		haveNow bool
		ferr    error
	)
	err := each(func(b *buf, id byte) bool {
		at := b.offset() - 1
		if id == evTimestamp {
			t := b.fixed64()
			if haveNow && t < now {
				b.failAt(at, "time %d is before the previous event's (%d): events are in time order", t, now)
			}
			now, haveNow = t, true
			return b.err == nil
		}
		end := len(b.data)
		if !noLength[id] {
			end = b.recordLen()
			if b.err != nil {
				return false
			}
		}
		if !haveNow && id != evAttributeList {
			b.failAt(at, "event record 0x%02x before any timestamp", id)
			return false
		}
		e = event{id: id, off: at, time: l.correct(now)}
		read := true
		switch id {
		case evAttributeList:
			read = false
		case evEnter, evLeave:
			e.region = uint32(l.regions.get(uint64(b.u32())))
		case evMpiSend, evMpiRecv:
			e.peer, e.comm, e.tag, e.length = b.u32(), b.u32(), b.u32(), b.u64()
		case evMpiIsend, evMpiIrecv:
			e.peer, e.comm, e.tag, e.length, e.req = b.u32(), b.u32(), b.u32(), b.u64(), b.u64()
		case evMpiIsendComplete, evMpiIrecvRequest, evMpiRequestTest, evMpiRequestCancel:
			e.req = b.u64()
		case evMpiCollBegin:
		case evMpiCollEnd:
			e.op, e.comm, e.root, e.sent, e.recvd = b.u8(), b.u32(), b.u32(), b.u64(), b.u64()
		default:
			read = false
			if k := skipped(id); k != "" {
				notRead[k]++
			}
			if noLength[id] {
				b.u64() // the one compressed attribute
			}
		}
		if e.id == evMpiSend || e.id == evMpiRecv || e.id == evMpiIsend || e.id == evMpiIrecv || e.id == evMpiCollEnd {
			e.comm = uint32(l.comms.get(uint64(e.comm)))
		}
		if b.err != nil {
			return false
		}
		if !noLength[id] {
			if b.pos > end {
				b.failAt(at, "event record 0x%02x is longer than its length says", id)
				return false
			}
			b.pos = end
		}
		if read {
			if ferr = fn(&e); ferr != nil {
				return false
			}
		}
		return true
	})
	if ferr != nil {
		return ferr
	}
	if err != nil {
		return err
	}
	return nil
}

// describe names an event's record for messages.
func describe(id byte) string {
	switch id {
	case evMpiSend:
		return "MpiSend"
	case evMpiRecv:
		return "MpiRecv"
	case evMpiIsend:
		return "MpiIsend"
	case evMpiIrecv:
		return "MpiIrecv"
	case evMpiIsendComplete:
		return "MpiIsendComplete"
	case evMpiIrecvRequest:
		return "MpiIrecvRequest"
	case evMpiCollEnd:
		return "MpiCollectiveEnd"
	case evEnter:
		return "Enter"
	case evLeave:
		return "Leave"
	}
	return fmt.Sprintf("record 0x%02x", id)
}
