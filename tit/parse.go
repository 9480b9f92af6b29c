package tit

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
)

// lineReader yields the lines of a trace with their numbers, split into
// fields, without allocating per line: the fields alias an internal buffer
// that the next call overwrites.
type lineReader struct {
	r      *bufio.Reader
	long   []byte // a line longer than the bufio buffer, assembled here
	fields [][]byte
	line   int64 // number of the last line returned
}

func newLineReader(r io.Reader, size int) *lineReader {
	return &lineReader{r: bufio.NewReaderSize(r, size)}
}

// next returns the fields of the next line that is neither blank nor a
// comment (#), io.EOF at the end.
func (l *lineReader) next() ([][]byte, error) {
	for {
		b, err := l.r.ReadSlice('\n')
		if errors.Is(err, bufio.ErrBufferFull) {
			l.long = append(l.long[:0], b...)
			for errors.Is(err, bufio.ErrBufferFull) {
				b, err = l.r.ReadSlice('\n')
				l.long = append(l.long, b...)
			}
			b = l.long
		}
		if len(b) == 0 && err != nil {
			if err == io.EOF {
				return nil, io.EOF
			}
			return nil, err
		}
		if err != nil && err != io.EOF {
			return nil, err
		}
		l.line++
		l.fields = splitFields(l.fields[:0], b)
		if len(l.fields) == 0 || l.fields[0][0] == '#' {
			if err == io.EOF {
				return nil, io.EOF
			}
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

func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'
}

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
