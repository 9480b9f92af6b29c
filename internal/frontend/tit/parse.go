package tit

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"

	"augur/internal/base/diag"
)

// lineReader hands out the lines of a trace, with their numbers, out of
// its own buffer rather than a bufio.Reader's: a line comes out as a
// slice of the buffer (no copy), and the fast path scans its fields
// straight out of the buffered text, finding the line's end as it goes
// instead of searching for the newline first (trace lines are ~20 bytes,
// too short for a vectorised search to pay for its set-up). It holds no
// source of its own, so that a per-rank reader is small: its caller
// passes one to lines.
//
// Use: text := lines(), read the first line of text (up to its '\n' or
// the end of text), then consume(n) with n the offset of that end.
type lineReader struct {
	buf  []byte
	line int64 // number of the last line consumed
	r, w int32 // unread data is buf[r:w]
	end  int32 // buf[r:end] holds whole lines only
	eof  bool  // the source is exhausted
	long bool  // the line handed out is in the caller's long scratch, not in buf
}

// lines returns text that starts at the next unread line and holds whole
// lines only: each ends with '\n', but for the last line of the source,
// which may end at the end of text. A line longer than the buffer comes
// alone (without its '\n'), assembled in *long. The text aliases the
// buffer and stays valid until the next call. At the end, io.EOF. A read
// error is returned in place of the line it cut.
func (l *lineReader) lines(rd io.Reader, long *[]byte) ([]byte, error) {
	if text := l.whole(); len(text) > 0 {
		return text, nil
	}
	return l.more(rd, long)
}

// whole is the whole lines buffered, lines' answer without reading
// (empty if it would have to); small enough for the compiler to inline
// where lines is not.
func (l *lineReader) whole() []byte { return l.buf[l.r:l.end] }

// consume marks the first line of what lines returned as read: n is the
// offset of its end in that text (its '\n', or the end of text).
func (l *lineReader) consume(n int) {
	l.line++
	if l.long {
		l.long = false
		return
	}
	if l.r += int32(n); l.r < l.end {
		l.r++ // the '\n'
	}
}

// buffered is how many bytes have been read from the source but not
// consumed.
func (l *lineReader) buffered() int { return int(l.w - l.r) }

// more reads until the buffer holds a whole line (buf[r:w] holds none).
func (l *lineReader) more(rd io.Reader, long *[]byte) ([]byte, error) {
	*long = (*long)[:0] // not empty: a line longer than the buffer is being assembled
	for {
		if l.eof {
			tail := l.buf[l.r:l.w]
			l.end = l.w
			if len(*long) > 0 {
				*long = append(*long, tail...)
				l.r = l.w
				l.long = true
				return *long, nil
			}
			if len(tail) == 0 {
				return nil, io.EOF
			}
			return tail, nil
		}
		if l.r == 0 && int(l.w) == len(l.buf) {
			// No newline in a full buffer: the line goes on past it,
			// up to a bound (a file of one endless line must not take
			// all memory).
			if len(*long)+len(l.buf) > maxLine {
				return nil, errLongLine
			}
			*long = append(*long, l.buf...)
			l.w, l.end = 0, 0
		}
		if err := l.fill(rd); err != nil {
			return nil, err
		}
		if len(*long) > 0 {
			// l.r is 0: the line's rest starts the buffer.
			if i := bytes.IndexByte(l.buf[:l.w], '\n'); i >= 0 {
				*long = append(*long, l.buf[:i]...)
				l.r = int32(i + 1)
				l.end = l.r + int32(bytes.LastIndexByte(l.buf[l.r:l.w], '\n')+1)
				l.long = true
				return *long, nil
			}
			continue
		}
		// One search per read for the last newline: what comes before
		// it is whole lines.
		if i := bytes.LastIndexByte(l.buf[l.r:l.w], '\n'); i >= 0 {
			l.end = l.r + int32(i+1)
			return l.buf[l.r:l.end], nil
		}
	}
}

// maxLine bounds a trace line: far above the longest real one (an
// alltoallv's counts for a million ranks take about 16 MiB).
const maxLine = 64 << 20

var errLongLine = fmt.Errorf("a line longer than %d MiB: not a trace", maxLine>>20)

// fill moves the unread data to the front of the buffer and reads once
// more into the rest (retrying reads that return nothing, as bufio does).
func (l *lineReader) fill(rd io.Reader) error {
	if l.r > 0 {
		l.w = int32(copy(l.buf, l.buf[l.r:l.w]))
		l.r, l.end = 0, 0
	}
	for range 100 {
		n, err := rd.Read(l.buf[l.w:])
		if n < 0 || n > len(l.buf)-int(l.w) {
			return errors.New("tit: reader returned an impossible count")
		}
		l.w += int32(n)
		if err == io.EOF {
			l.eof = true
			return nil
		}
		if err != nil {
			return err
		}
		if n > 0 {
			return nil
		}
	}
	return io.ErrNoProgress
}

// lineEnd is the offset of the end of the line that starts text (its
// '\n', or the end of text).
func lineEnd(text []byte) int {
	if j := bytes.IndexByte(text, '\n'); j >= 0 {
		return j
	}
	return len(text)
}

// textReader reads the lines of a file through its own io.Reader: an
// index, a shared trace.
type textReader struct {
	lineReader
	rd     io.Reader
	long   []byte
	fields [][]byte // next's scratch
}

func newTextReader(rd io.Reader, size int) *textReader {
	return &textReader{lineReader: lineReader{buf: make([]byte, size)}, rd: rd}
}

// text is lineReader.lines from the reader's own source.
func (t *textReader) text() ([]byte, error) { return t.lines(t.rd, &t.long) }

// readLine returns the next line without its newline, io.EOF after the
// last.
func (t *textReader) readLine() ([]byte, error) {
	text, err := t.text()
	if err != nil {
		return nil, err
	}
	n := lineEnd(text)
	t.consume(n)
	return text[:n], nil
}

// next returns the fields of the next line that is neither blank nor a
// comment (#), io.EOF at the end.
func (t *textReader) next() ([][]byte, error) {
	for {
		b, err := t.readLine()
		if err != nil {
			return nil, err
		}
		t.fields = splitFields(t.fields[:0], b)
		if len(t.fields) == 0 || t.fields[0][0] == '#' {
			continue
		}
		return t.fields, nil
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

// wholeInt tells whether b is all an integer: an optional sign, then
// digits to its end.
func wholeInt(b []byte) bool {
	if len(b) > 0 && (b[0] == '-' || b[0] == '+') {
		b = b[1:]
	}
	for _, c := range b {
		if c < '0' || c > '9' {
			return false
		}
	}
	return len(b) > 0
}

// Error is a problem in a trace at a line of a file: augur's one
// positioned error (package diag).
type Error = diag.Error
