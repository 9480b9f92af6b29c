package tit

import (
	"bytes"
	"encoding/binary"
	"math"
	"unsafe"

	"augur/internal/ir"
)

// The fast path: the actions that make up nearly all of a trace (compute,
// point to point, waits, the common collectives) are lowered straight out
// of the line, field by field, without splitting it into a [][]byte or
// going through actionArgs. It only ever handles a well-formed action
// written the common way (fields separated by one blank, the line ended by
// '\n'): anything else (an unknown or rare action, tabs, runs of blanks,
// "\r\n", a missing, malformed or out-of-range argument, a number the
// fast readers do not take) makes it give up before changing any state,
// and lower, the general path, reads the same line again and gives the
// operations or the positioned error. The operations themselves are built
// by the helpers lower uses (p2p, waitTest, coll, ...), so both paths
// agree by construction; FuzzTrace and TestFastMatchesGeneral check that
// they do.
//
// The readers below pass offsets in and out rather than moving a cursor
// through a pointer, so that the offset stays in a register; a reader
// given an offset below zero (an earlier reader gave up) gives up too,
// so an action reads all its fields in a row and checks once.

// digits reads the decimal digits of b from i: their value and where
// they end. (More than 19 digits wrap: callers bound the count.)
func digits(b []byte, i int) (uint64, int) {
	var v uint64
	for ; i < len(b); i++ {
		d := b[i] - '0'
		if d > 9 {
			break
		}
		v = v*10 + uint64(d)
	}
	return v, i
}

// ended tells whether a field that stops at j is followed by another
// field or ends the line: b[j] is ' ' or '\n'.
func ended(b []byte, j int) bool { return j < len(b) && (b[j] == ' ' || b[j] == '\n') }

// hasNext tells whether the field that ended at j is followed by another.
func hasNext(b []byte, j int) bool { return j >= 0 && j < len(b) && b[j] == ' ' }

// fieldAt returns the end of the field that starts at i: the first byte
// at or below ' '. Bytes below ' ' other than '\n' (tabs, '\r', control
// characters) make the readers give up.
func fieldAt(b []byte, i int) int {
	for i < len(b) && b[i] > ' ' {
		i++
	}
	return i
}

// intArg reads the field after the blank at j as a non-negative integer
// of up to nine digits (what parseInt gives for it) and returns where it
// ends; -1 if there is no such field.
func intArg(b []byte, j int) (int32, int) {
	if !hasNext(b, j) {
		return 0, -1
	}
	v, k := digits(b, j+1)
	if k == j+1 || k-j > 10 || !ended(b, k) {
		return 0, -1
	}
	return int32(v), k
}

// numArg reads the field after the blank at j as actionArgs.num does:
// up to 15 digits exactly (a float64 holds them), anything else by
// parseFloat.
func numArg(b []byte, j int) (float64, int) {
	if !hasNext(b, j) {
		return 0, -1
	}
	i := j + 1
	v, k := digits(b, i)
	if k > i && k-i <= 15 && ended(b, k) {
		return float64(v), k
	}
	k = fieldAt(b, k)
	if k == i || !ended(b, k) {
		return 0, -1
	}
	f, ok := parseFloat(b[i:k])
	if !ok || f < 0 || math.IsInf(f, 0) {
		return 0, -1 // the general path says what is wrong
	}
	return f, k
}

// rankArg is intArg for a rank of the trace.
func (l *lowerer) rankArg(b []byte, j int) (int32, int) {
	v, k := intArg(b, j)
	if v >= l.np {
		return 0, -1
	}
	return v, k
}

// dtypeArg reads the optional datatype after the field that ended at j
// as a size in bytes, def if the line has no more fields.
func dtypeArg(b []byte, j int, def float64) (float64, int) {
	if !hasNext(b, j) {
		return def, j
	}
	id, k := intArg(b, j)
	if int(id) >= len(datatypeSizes) {
		return 0, -1
	}
	return datatypeSizes[id], k
}

// lineEndAfter is the offset of the end of the line whose last field read
// ended at j: its '\n', or the end of b for a last line without one
// (fields beyond an action's are ignored, as SimGrid ignores them).
func lineEndAfter(b []byte, j int) int {
	if b[j] == '\n' {
		return j
	}
	if k := bytes.IndexByte(b[j:], '\n'); k >= 0 {
		return j + k
	}
	return len(b)
}

// skipRank returns the end of a line's first field (the blank after it)
// if another follows, as a rank is followed by its action; -1 for a
// blank line, a comment or a line written otherwise.
func skipRank(b []byte) int {
	j := fieldAt(b, 0)
	if j == 0 || b[0] == '#' || !hasNext(b, j) {
		return -1
	}
	return j
}

// action is a common action as the fast path reads it from its line:
// what it takes to lower it (with the rank's state), through the helpers
// lower uses. The line's reading depends on nothing but its bytes, the
// rank, the number of ranks and the rank's default datatype; the
// lowering is done again each time (requests posted and matched, the
// operations pushed).
type action struct {
	act uint8 // actCompute, ...
	// extra: the line has fields past the action's (which the replay
	// ignores, as SimGrid does; the compiled form keeps such a line as
	// text, for the general path: "in_place" is one).
	extra   bool
	a, b, c int32 // peer, tag (p2p); source, destination, tag (wait, test); root (bcast)
	x, y    float64
	// x: flops (compute, the allreduce's computation in y) or message
	// bytes (p2p, bcast, allreduce)
}

const (
	actCompute uint8 = iota
	actSend
	actIsend
	actRecv
	actIrecv
	actWait
	actTest
	actWaitall
	actBarrier
	actBcast
	actAllreduce
)

// p2pKinds gives the operation and element of actSend..actIrecv.
var p2pKinds = [...]struct {
	k  ir.Kind
	el int32
}{actSend: {ir.Send, ElemSend}, actIsend: {ir.Isend, ElemIsend}, actRecv: {ir.Recv, ElemRecv}, actIrecv: {ir.Irecv, ElemIrecv}}

// lowerFast lowers the action of the line that starts b, if it is a
// common one, well formed and written the common way, and returns the
// offset of the line's end; if not, -1, and nothing has changed. The
// line is read from offset from on: 0 in a rank's own file (whose rank
// field is skipped, not read), the action's name in a shared trace (the
// caller has read the rank).
func (l *lowerer) lowerFast(st *rankState, b []byte, from int) int {
	var a action
	return l.fast(st, b, from, &a, true)
}

// readFast reads the action of the line that starts b into a as
// lowerFast takes it, without lowering it, and returns the offset of
// the line's end; -1 if the fast path does not take the line.
func (l *lowerer) readFast(st *rankState, b []byte, from int, a *action) int {
	return l.fast(st, b, from, a, false)
}

// fast is lowerFast (lower set: a is scratch) and readFast. A line the
// rank has had before, byte for byte from from on, is taken from the
// rank's memo (see lineMemo) instead of being read again; with lower,
// lowered from the memo's entry in place, not copied.
func (l *lowerer) fast(st *rankState, b []byte, from int, a *action, lower bool) int {
	if l.general {
		return -1
	}
	i := from
	if from == 0 {
		if i = skipRank(b); i < 0 {
			return -1
		}
		i++
	}
	m := &st.memo
	look := l.memo && m.pause == 0
	// A compute line of a recorded trace carries a measured amount and
	// never comes back: past memoComputeMisses of them missed in a row,
	// the rank's compute lines are read without looking them up (nor
	// added, which would push out lines that do come back), but for one
	// in 256, which looks again.
	compute := len(b)-i >= 8 && binary.LittleEndian.Uint64(b[i:]) == computeWord
	if look && compute && m.cmiss >= memoComputeMisses {
		m.cskip++
		look = m.cskip == 0
	}
	if look {
		if e := m.find(b[from:]); e != nil {
			m.misses = 0
			if compute {
				m.cmiss = 0
			}
			if lower {
				l.apply(st, &e.action)
			} else {
				*a = e.action
			}
			return from + int(e.n) - 1
		}
		if compute && m.cmiss < memoComputeMisses {
			m.cmiss++
		}
	} else if m.pause > 0 {
		m.pause--
	}
	j := l.read(st, b, i, a)
	if j < 0 {
		return -1
	}
	a.extra = b[j] != '\n'
	end := lineEndAfter(b, j)
	if lower {
		l.apply(st, a)
	}
	if look {
		switch m.misses++; {
		case m.misses > memoMisses:
			// Lines that do not come back (an all-to-all's, one per
			// peer): stop looking them up for a while.
			m.misses, m.pause, m.last, m.expect = 0, memoPause, 0, 0
		case end < len(b) && end-from < memoText:
			m.add(b[from:end+1], a)
		default:
			m.last, m.expect = 0, 0
		}
	}
	return end
}

// apply lowers action a for st.
func (l *lowerer) apply(st *rankState, a *action) {
	switch a.act {
	case actCompute:
		l.compute(st, a.x, ElemCompute)
	case actSend, actIsend, actRecv, actIrecv:
		p := p2pKinds[a.act]
		p2p(st, p.k, p.el, a.a, a.b, a.x)
	case actWait, actTest:
		l.waitTest(st, a.act == actTest, a.a, a.b, a.c)
	case actWaitall:
		waitall(st)
	case actBarrier:
		coll(st, ir.Barrier, ElemBarrier, 0, 0, nil)
	case actBcast:
		coll(st, ir.Bcast, ElemBcast, a.a, a.x, nil)
	case actAllreduce:
		// collIn with the computation amount, as lower gives it: the
		// compiled form applies allreduces read without the rank's
		// measured collectives to a rank that has them.
		if !collIn(st, ir.Allreduce, ElemAllreduce, 0, a.x, nil, false, a.y) {
			l.reduction(st, a.y, a.x, combineSteps(l.np), ElemAllreduce)
		}
	}
}

// read reads into a the action whose name starts at i in line b, and
// returns the end of the last field it read (a blank or the line's
// '\n'); -1 if the fast path does not take it.
func (l *lowerer) read(st *rankState, b []byte, i int, a *action) int {
	j := fieldAt(b, i)
	if !ended(b, j) {
		return -1
	}
	switch name := b[i:j]; string(name) {
	case "compute":
		v, k := numArg(b, j)
		if k < 0 || v < 0 {
			return -1
		}
		*a = action{act: actCompute, x: v}
		j = k
	case "send":
		return l.readP2P(st, b, j, actSend, a)
	case "isend":
		return l.readP2P(st, b, j, actIsend, a)
	case "recv":
		return l.readP2P(st, b, j, actRecv, a)
	case "irecv":
		return l.readP2P(st, b, j, actIrecv, a)
	case "wait", "test":
		src, k := l.rankArg(b, j)
		dst, k := l.rankArg(b, k)
		tag, k := intArg(b, k)
		if k < 0 || (src != st.rank && dst != st.rank) {
			return -1
		}
		*a = action{act: actWait, a: src, b: dst, c: tag}
		if name[0] == 't' {
			a.act = actTest
		}
		j = k
	case "waitall":
		*a = action{act: actWaitall}
	case "barrier":
		*a = action{act: actBarrier}
	case "bcast":
		size, k := numArg(b, j)
		root := int32(0)
		if hasNext(b, k) {
			root, k = l.rankArg(b, k)
		}
		ds, k := dtypeArg(b, k, st.defType)
		if k < 0 {
			return -1
		}
		*a = action{act: actBcast, a: root, x: msgBytes(size, ds)}
		j = k
	case "allreduce":
		if st.colls != nil {
			return -1 // the general path reads "in_place" after the datatype
		}
		comm, k := numArg(b, j)
		comp, k := numArg(b, k)
		ds, k := dtypeArg(b, k, st.defType)
		if k < 0 {
			return -1
		}
		*a = action{act: actAllreduce, x: msgBytes(comm, ds), y: comp}
		j = k
	default:
		return -1
	}
	return j
}

// readP2P reads send, isend, recv or irecv (act) whose name ended at j,
// as read does.
func (l *lowerer) readP2P(st *rankState, b []byte, j int, act uint8, a *action) int {
	peer, j := l.rankArg(b, j)
	tag, j := intArg(b, j)
	size, j := numArg(b, j)
	ds, j := dtypeArg(b, j, st.defType)
	if j < 0 {
		return -1
	}
	*a = action{act: act, a: peer, b: tag, x: msgBytes(size, ds)}
	return j
}

// lineMemo remembers, for one rank, the last lines the fast path read
// (from where lowerFast reads them to the '\n', at most memoText bytes) with
// their actions. A trace is mostly its program's loops: the same lines
// come back every iteration, and a line equal byte for byte to a
// remembered one has the same action (the memo is emptied when the
// rank's default datatype changes, the one other thing a reading
// depends on), so it is lowered again from the action without being
// read. Each line records the line that followed it last time, which is
// tried first; failing that every line remembered is compared (bytes
// are compared, never hashes: a guess only saves time). A line not found
// replaces one not used since the clock hand last passed. A rank whose
// lines do not come back pauses its memo (memoMisses, memoPause).
type lineMemo struct {
	lines *[memoLines]memoLine // made with the first line added
	// last and expect are 1 + the slot of the line found or added last
	// and of the line expected next; 0: none.
	last, expect uint8
	hand         uint8  // the clock's, a slot
	misses       uint8  // lines not found in a row
	pause        uint16 // lines still to read without looking them up
	cmiss        uint8  // compute lines not found in a row, up to memoComputeMisses
	cskip        uint8  // compute lines not looked up, modulo 256
}

// memoLines is how many lines a rank's memo holds: a loop body of up to
// this many distinct lines is read once (a 2-D stencil's has 10, with
// the allreduce of the mix 11). memoText bounds a line's length (a
// longer one is read each time), so that a line and its action fill one
// 64-byte cache line: "4095 isend 4094 3 10000\n" is 24 bytes.
const (
	memoLines = 16
	memoText  = 24
)

// A rank whose last memoMisses lines were all new (none found) reads
// its next memoPause lines without looking them up: a miss costs a
// comparison with every line held.
const (
	memoMisses = 2 * memoLines
	memoPause  = 1024
)

// memoComputeMisses compute lines missed in a row make a rank read its
// compute lines without the memo; computeWord is "compute " as the
// first word of a line.
const memoComputeMisses = 4

var computeWord = binary.LittleEndian.Uint64([]byte("compute "))

// memoSize is the memory a rank's memo takes; memoBudget bounds all the
// ranks' together (a trace of more ranks is read without memos), like
// the buffers' poolBufferBudget: 2048 ranks have memos.
const (
	memoSize   = memoLines * int(unsafe.Sizeof(memoLine{}))
	memoBudget = 2 << 20
)

type memoLine struct {
	action
	text [memoText / 8]uint64 // the line, eight bytes a word (the first in the lowest byte), zero past n
	n    uint8                // bytes of the line, '\n' included; 0: empty
	next uint8                // 1 + the slot of the line that followed this one last time, 0: none
	used bool                 // found since the clock hand last passed
}

// find returns the line remembered that starts text, nil if none.
func (m *lineMemo) find(text []byte) *memoLine {
	if m.lines == nil {
		return nil
	}
	k := m.expect
	if k == 0 || !m.lines[k-1].matches(text) {
		k = 0
		for i := range m.lines {
			if m.lines[i].matches(text) {
				k = uint8(i + 1)
				break
			}
		}
		if k == 0 {
			return nil
		}
		if m.last != 0 {
			m.lines[m.last-1].next = k
		}
	}
	e := &m.lines[k-1]
	e.used = true
	m.last, m.expect = k, e.next
	return e
}

// matches tells whether text starts with e's line: word by word, the
// last word masked to the line's bytes.
func (e *memoLine) matches(text []byte) bool {
	n := int(e.n)
	if n == 0 || n > len(text) {
		return false
	}
	q := n &^ 7
	for k := 0; k < q; k += 8 {
		if binary.LittleEndian.Uint64(text[k:]) != e.text[k>>3] {
			return false
		}
	}
	if r := n - q; r > 0 {
		return tailWord(text, q, r) == e.text[q>>3]
	}
	return true
}

// tailWord is the r (< 8) bytes of text from q as a word, zero above.
func tailWord(text []byte, q, r int) uint64 {
	if q+8 <= len(text) {
		return binary.LittleEndian.Uint64(text[q:]) & (1<<(8*r) - 1)
	}
	var w uint64
	for i := r - 1; i >= 0; i-- {
		w = w<<8 | uint64(text[q+i])
	}
	return w
}

// add remembers line (with its '\n', at most memoText bytes), read as a.
func (m *lineMemo) add(line []byte, a *action) {
	if m.lines == nil {
		m.lines = new([memoLines]memoLine)
	}
	k := m.hand
	for m.lines[k].used {
		m.lines[k].used = false
		k = (k + 1) % memoLines
	}
	m.hand = (k + 1) % memoLines
	e := &m.lines[k]
	e.action, e.n, e.next, e.used = *a, uint8(len(line)), 0, true
	q := len(line) &^ 7
	for i := range e.text {
		switch {
		case 8*i < q:
			e.text[i] = binary.LittleEndian.Uint64(line[8*i:])
		case 8*i == q:
			e.text[i] = tailWord(line, q, len(line)-q)
		default:
			e.text[i] = 0
		}
	}
	if m.last != 0 {
		m.lines[m.last-1].next = k + 1
	}
	m.last, m.expect = k+1, 0
}

// reset forgets every line.
func (m *lineMemo) reset() {
	if m.lines != nil {
		*m = lineMemo{lines: m.lines}
		*m.lines = [memoLines]memoLine{}
	}
}
