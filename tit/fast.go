package tit

import (
	"bytes"

	"augur/ir"
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
	if !ok {
		return 0, -1
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

// skipRank returns the end of a line's first field if it is followed by
// another, as a rank is by its action; -1 for a blank line, a comment or
// a line written otherwise.
func skipRank(b []byte) int {
	j := fieldAt(b, 0)
	if j == 0 || b[0] == '#' || !hasNext(b, j) {
		return -1
	}
	return j
}

// lowerFast lowers the action of line b (the start of a reader's text)
// whose name follows the blank at j, if it is a common one, well formed
// and written the common way, and returns the offset of the line's end;
// if not, -1, and nothing has changed.
func (l *lowerer) lowerFast(st *rankState, b []byte, j int) int {
	if l.general || !hasNext(b, j) {
		return -1
	}
	i := j + 1
	j = fieldAt(b, i)
	if !ended(b, j) {
		return -1
	}
	switch name := b[i:j]; string(name) {
	case "compute":
		v, k := numArg(b, j)
		if k < 0 || v < 0 {
			return -1
		}
		l.compute(st, v, ElemCompute)
		j = k
	case "send":
		return l.p2pFast(st, b, j, ir.Send, ElemSend)
	case "isend":
		return l.p2pFast(st, b, j, ir.Isend, ElemIsend)
	case "recv":
		return l.p2pFast(st, b, j, ir.Recv, ElemRecv)
	case "irecv":
		return l.p2pFast(st, b, j, ir.Irecv, ElemIrecv)
	case "wait", "test":
		src, k := l.rankArg(b, j)
		dst, k := l.rankArg(b, k)
		tag, k := intArg(b, k)
		if k < 0 || (src != st.rank && dst != st.rank) {
			return -1
		}
		l.waitTest(st, name[0] == 't', src, dst, tag)
		j = k
	case "waitall":
		waitall(st)
	case "barrier":
		coll(st, ir.Barrier, ElemBarrier, 0, 0, nil)
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
		coll(st, ir.Bcast, ElemBcast, root, msgBytes(size, ds), nil)
		j = k
	case "allreduce":
		comm, k := numArg(b, j)
		comp, k := numArg(b, k)
		ds, k := dtypeArg(b, k, st.defType)
		if k < 0 {
			return -1
		}
		coll(st, ir.Allreduce, ElemAllreduce, 0, msgBytes(comm, ds), nil)
		l.compute(st, comp, ElemAllreduce)
		j = k
	default:
		return -1
	}
	return lineEndAfter(b, j)
}

// p2pFast lowers send, isend, recv or irecv (kind k, element el) whose
// name ended at j, as lowerFast does.
func (l *lowerer) p2pFast(st *rankState, b []byte, j int, k ir.Kind, el int32) int {
	peer, j := l.rankArg(b, j)
	tag, j := intArg(b, j)
	size, j := numArg(b, j)
	ds, j := dtypeArg(b, j, st.defType)
	if j < 0 {
		return -1
	}
	p2p(st, k, el, peer, tag, size, ds)
	return lineEndAfter(b, j)
}
