package tit

import "augur/ir"

// The fast path: the actions that make up nearly all of a trace (compute,
// point to point, waits, the common collectives) are lowered straight out
// of the line, field by field, without splitting it into a [][]byte or
// going through actionArgs. It only ever handles a well-formed action:
// anything unusual (an unknown or rare action, a missing, malformed or
// out-of-range argument) makes it give up before changing any state, and
// lower, the general path, reads the same line again and gives the
// operations or the positioned error. The operations themselves are built
// by the helpers lower uses (p2p, waitTest, coll, ...), so both paths
// agree by construction; FuzzTrace checks that they do.

// cursor walks the blank-separated fields of a line: the line that
// starts b, which ends at its first '\n' or at the end of b. (b is a
// reader's text of several lines: the fields are read out of it directly,
// and the line's end is found where the last field ends.)
type cursor struct {
	b []byte
	i int
}

// field returns the next field of the line, empty after the last. (Kept
// small enough for the compiler to inline: it is called for several
// fields of every line.)
func (c *cursor) field() []byte {
	b, i := c.b, c.i
	for i < len(b) && isBlank(b[i]) {
		i++
	}
	j := i
	for j < len(b) && !isSpace(b[j]) {
		j++
	}
	c.i = j
	return b[i:j]
}

// int reads the next field as parseInt does (false if there is none),
// in one pass over its bytes.
func (c *cursor) int() (int32, bool) {
	b, i := c.b, c.i
	for i < len(b) && isBlank(b[i]) {
		i++
	}
	start := i
	if i < len(b) && (b[i] == '-' || b[i] == '+') {
		i++
	}
	digits := i
	var v int64
	for ; i < len(b) && b[i]-'0' <= 9; i++ {
		if v = v*10 + int64(b[i]-'0'); v > 1<<31 {
			c.i = i
			return parseInt(c.rest(start))
		}
	}
	if i == digits || (i < len(b) && !isSpace(b[i])) {
		// No digits, or more after them (stoi stops there): the
		// general reading.
		return parseInt(c.rest(start))
	}
	c.i = i
	if b[start] == '-' {
		v = -v
	}
	if v > 1<<31-1 || v < -1<<31 {
		return 0, false
	}
	return int32(v), true
}

// num reads the next field as numArg does (false if there is none): a
// plain integer of up to 15 digits (exact in a float64) in one pass over
// its bytes, anything else by parseFloat.
func (c *cursor) num() (float64, bool) {
	b, i := c.b, c.i
	for i < len(b) && isBlank(b[i]) {
		i++
	}
	start := i
	var m uint64
	for ; i < len(b) && b[i]-'0' <= 9 && i-start < 15; i++ {
		m = m*10 + uint64(b[i]-'0')
	}
	if i > start && (i == len(b) || isSpace(b[i])) {
		c.i = i
		return float64(m), true
	}
	c.i = start
	return numArg(c.field())
}

// lineEnd is the offset in b of the end of the line (its '\n', or the end
// of b).
func (c *cursor) lineEnd() int { return lineEnd(c.b, c.i) }

// rest returns the field starting at start and moves past it.
func (c *cursor) rest(start int) []byte {
	c.i = start
	return c.field()
}

// rankArg is the next field as a rank of the trace.
func (l *lowerer) rankArg(c *cursor) (int32, bool) {
	v, ok := c.int()
	return v, ok && v >= 0 && v < l.np
}

// dtypeArg is the size of the datatype in field f, def if f is absent.
func dtypeArg(f []byte, def float64) (float64, bool) {
	if len(f) == 0 {
		return def, true
	}
	id, ok := parseInt(f)
	if !ok || id < 0 || int(id) >= len(datatypeSizes) {
		return 0, false
	}
	return datatypeSizes[id], true
}

// numArg is field f as a number (false if absent or not one).
func numArg(f []byte) (float64, bool) {
	if len(f) == 0 {
		return 0, false
	}
	return parseFloat(f)
}

// lowerFast lowers the action whose name is the next field of c (the rank
// before it has been read) if it is a common one and well formed, and
// tells whether it did; if not, nothing has changed.
func (l *lowerer) lowerFast(st *rankState, c *cursor) bool {
	if l.general {
		return false
	}
	name := c.field()
	switch string(name) {
	case "compute":
		v, ok := c.num()
		if !ok || v < 0 {
			return false
		}
		l.compute(st, v, ElemCompute)
	// One case each: p2p gets the name as a constant, not interned.
	case "send":
		return l.p2pFast(st, c, "send")
	case "isend":
		return l.p2pFast(st, c, "isend")
	case "recv":
		return l.p2pFast(st, c, "recv")
	case "irecv":
		return l.p2pFast(st, c, "irecv")
	case "wait", "test":
		src, ok1 := l.rankArg(c)
		dst, ok2 := l.rankArg(c)
		tag, ok3 := c.int()
		if !(ok1 && ok2 && ok3) || (src != st.rank && dst != st.rank) {
			return false
		}
		l.waitTest(st, name[0] == 't', src, dst, tag)
	case "waitall":
		waitall(st)
	case "barrier":
		coll(st, ir.Barrier, ElemBarrier, 0, 0, nil)
	case "bcast":
		size, ok1 := c.num()
		root, ok2 := int32(0), true
		if f := c.field(); len(f) > 0 {
			root, ok2 = parseInt(f)
			ok2 = ok2 && root >= 0 && root < l.np
		}
		ds, ok3 := dtypeArg(c.field(), st.defType)
		if !(ok1 && ok2 && ok3) {
			return false
		}
		coll(st, ir.Bcast, ElemBcast, root, msgBytes(size, ds), nil)
	case "allreduce":
		comm, ok1 := c.num()
		comp, ok2 := c.num()
		ds, ok3 := dtypeArg(c.field(), st.defType)
		if !(ok1 && ok2 && ok3) {
			return false
		}
		coll(st, ir.Allreduce, ElemAllreduce, 0, msgBytes(comm, ds), nil)
		l.compute(st, comp, ElemAllreduce)
	default:
		return false
	}
	return true
}

// p2pFast lowers send, isend, recv or irecv (name), as lowerFast does.
func (l *lowerer) p2pFast(st *rankState, c *cursor, name string) bool {
	peer, ok1 := l.rankArg(c)
	tag, ok2 := c.int()
	size, ok3 := c.num()
	ds, ok4 := dtypeArg(c.field(), st.defType)
	if !(ok1 && ok2 && ok3 && ok4) || tag < 0 {
		return false
	}
	p2p(st, name, peer, tag, size, ds)
	return true
}
