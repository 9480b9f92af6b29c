package tit

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
)

// lineReader yields the lines of a trace with their numbers. It keeps its
// own buffer rather than a bufio.Reader so that a line comes out as one
// slice of it (no copy, no delimiter search twice) and so that the
// hot path can scan fields straight out of the line; the lines and fields
// it returns alias the buffer and are overwritten by the next call.
type lineReader struct {
	rd     io.Reader
	buf    []byte
	r, w   int   // unread data is buf[r:w]
	err    error // sticky: rd's error (io.EOF at its end)
	long   []byte
	fields [][]byte // next's scratch
	line   int64    // number of the last line returned
}

func newLineReader(r io.Reader, size int) *lineReader {
	return &lineReader{rd: r, buf: make([]byte, size)}
}

// buffered is how many bytes have been read from rd but not returned.
func (l *lineReader) buffered() int { return l.w - l.r }

// readLine returns the next line without its newline (the last line may
// lack one), io.EOF after the last. A line longer than the buffer is
// assembled in l.long. A read error other than io.EOF is returned as
// bufio.Reader.ReadSlice's callers saw it: in place of the line it cut.
func (l *lineReader) readLine() ([]byte, error) {
	l.long = l.long[:0]
	long := false
	for {
		if i := bytes.IndexByte(l.buf[l.r:l.w], '\n'); i >= 0 {
			b := l.buf[l.r : l.r+i]
			l.r += i + 1
			l.line++
			if long {
				l.long = append(l.long, b...)
				b = l.long
			}
			return b, nil
		}
		if l.err != nil {
			if l.err != io.EOF {
				return nil, l.err
			}
			if l.r == l.w && !long {
				return nil, io.EOF
			}
			b := l.buf[l.r:l.w]
			l.r = l.w
			l.line++
			if long {
				l.long = append(l.long, b...)
				b = l.long
			}
			return b, nil
		}
		if l.r == 0 && l.w == len(l.buf) {
			// No newline in a full buffer: the line goes on past it.
			l.long = append(l.long, l.buf...)
			l.r, l.w = 0, 0
			long = true
		}
		l.fill()
	}
}

// fill moves the unread data to the front of the buffer and reads once
// more into the rest (retrying reads that return nothing, as bufio does).
func (l *lineReader) fill() {
	if l.r > 0 {
		l.w = copy(l.buf, l.buf[l.r:l.w])
		l.r = 0
	}
	for range 100 {
		n, err := l.rd.Read(l.buf[l.w:])
		if n < 0 || n > len(l.buf)-l.w {
			l.err = errors.New("tit: reader returned an impossible count")
			return
		}
		l.w += n
		if err != nil {
			l.err = err
			return
		}
		if n > 0 {
			return
		}
	}
	l.err = io.ErrNoProgress
}

// next returns the fields of the next line that is neither blank nor a
// comment (#), io.EOF at the end.
func (l *lineReader) next() ([][]byte, error) {
	for {
		b, err := l.readLine()
		if err != nil {
			return nil, err
		}
		l.fields = splitFields(l.fields[:0], b)
		if len(l.fields) == 0 || l.fields[0][0] == '#' {
			continue
		}
		return l.fields, nil
	}
}

// splitFields appends the blank-separated fields of b to dst.
func splitFields(dst [][]byte, b []byte) [][]byte {
	i := 0
	for i < len(b) {
		for i < len(b) && isSpace(b[i]) {
			i++
		}
		j := i
		for j < len(b) && !isSpace(b[j]) {
			j++
		}
		if j > i {
			dst = append(dst, b[i:j])
		}
		i = j
	}
	return dst
}

// isSpace is C's isspace: blank, \t, \n, \v, \f, \r (9 to 13).
func isSpace(c byte) bool { return c == ' ' || c-'\t' <= '\r'-'\t' }

var pow10 = [...]float64{1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10,
	1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22}

// parseFloat reads a number as SimGrid's parse_double (strtod) does, the
// whole field. Integers and "1e6" forms take an exact fast path (mantissa
// below 2^53, power of ten up to 22: one correctly rounded operation);
// the rest goes to strconv.
func parseFloat(b []byte) (float64, bool) {
	i, neg := 0, false
	if i < len(b) && (b[i] == '-' || b[i] == '+') {
		neg = b[i] == '-'
		i++
	}
	var m uint64
	digits, exp := 0, 0
	for ; i < len(b) && b[i] >= '0' && b[i] <= '9'; i++ {
		if m < 1<<53/10 {
			m = m*10 + uint64(b[i]-'0')
			digits++
		} else {
			return slowFloat(b)
		}
	}
	if i < len(b) && b[i] == '.' {
		i++
		for ; i < len(b) && b[i] >= '0' && b[i] <= '9'; i++ {
			if m >= 1<<53/10 {
				return slowFloat(b)
			}
			m = m*10 + uint64(b[i]-'0')
			digits++
			exp--
		}
	}
	if digits == 0 {
		return slowFloat(b)
	}
	if i < len(b) && (b[i] == 'e' || b[i] == 'E') {
		i++
		eneg := false
		if i < len(b) && (b[i] == '-' || b[i] == '+') {
			eneg = b[i] == '-'
			i++
		}
		if i == len(b) {
			return 0, false
		}
		e := 0
		for ; i < len(b) && b[i] >= '0' && b[i] <= '9'; i++ {
			if e > 10000 {
				return slowFloat(b)
			}
			e = e*10 + int(b[i]-'0')
		}
		if eneg {
			e = -e
		}
		exp += e
	}
	if i != len(b) {
		return 0, false
	}
	f := float64(m)
	switch {
	case exp == 0:
	case exp > 0 && exp <= 22:
		f *= pow10[exp]
	case exp < 0 && exp >= -22:
		f /= pow10[-exp]
	default:
		return slowFloat(b)
	}
	if neg {
		f = -f
	}
	return f, true
}

func slowFloat(b []byte) (float64, bool) {
	f, err := strconv.ParseFloat(string(b), 64)
	if err != nil && !errors.Is(err, strconv.ErrRange) {
		return 0, false
	}
	return f, !math.IsNaN(f)
}

// parseInt reads an integer as C++'s std::stoi does for SimGrid: leading
// digits of the field (stoi("5e4") is 5), within int32.
func parseInt(b []byte) (int32, bool) {
	i, neg := 0, false
	if i < len(b) && (b[i] == '-' || b[i] == '+') {
		neg = b[i] == '-'
		i++
	}
	start := i
	var v int64
	for ; i < len(b) && b[i] >= '0' && b[i] <= '9'; i++ {
		v = v*10 + int64(b[i]-'0')
		if v > math.MaxInt32+1 {
			return 0, false
		}
	}
	if i == start {
		return 0, false
	}
	if neg {
		v = -v
	}
	if v > math.MaxInt32 || v < math.MinInt32 {
		return 0, false
	}
	return int32(v), true
}

// Error is a problem in a trace, at a line of a file.
type Error struct {
	File string
	Line int64
	Msg  string
}

func (e *Error) Error() string { return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Msg) }
