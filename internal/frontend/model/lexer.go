package model

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"
)

// lexer turns source bytes into tokens on demand. Comments are not tokens:
// they are collected in comments for the formatter. Errors go to errf and
// the lexer always goes on, so that the parser can report more.
type lexer struct {
	src       []byte
	off       int // offset of the next unread byte
	line      int32
	lineStart int // offset of the first byte of the current line
	sawNL     bool
	comments  []*Comment
	errf      func(pos Pos, msg string)
}

func newLexer(src []byte, errf func(Pos, string)) *lexer {
	l := &lexer{src: src, line: 1, sawNL: true, errf: errf}
	// A UTF-8 byte order mark, as some Windows editors write, is not part
	// of the text; columns count from after it, as editors show them.
	if len(src) >= 3 && src[0] == 0xEF && src[1] == 0xBB && src[2] == 0xBF {
		l.off, l.lineStart = 3, 3
	}
	return l
}

func (l *lexer) pos(off int) Pos {
	col := off - l.lineStart + 1
	if col > math.MaxInt32 {
		col = math.MaxInt32
	}
	return Pos{Line: l.line, Col: int32(col)}
}

func (l *lexer) peekByte(ahead int) byte {
	if l.off+ahead < len(l.src) {
		return l.src[l.off+ahead]
	}
	return 0
}

func (l *lexer) newline() {
	if l.line < math.MaxInt32 {
		l.line++
	}
	l.lineStart = l.off
}

// skipSpace skips white space and comments, collecting the comments.
func (l *lexer) skipSpace() {
	for l.off < len(l.src) {
		c := l.src[l.off]
		switch {
		case c == '\n':
			l.off++
			l.newline()
			l.sawNL = true
		case c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v':
			l.off++
		case c == '/' && l.peekByte(1) == '/':
			start := l.off
			pos := l.pos(start)
			for l.off < len(l.src) && l.src[l.off] != '\n' {
				l.off++
			}
			// Trailing blanks (and the \r of CRLF files) are not part of
			// the comment: the formatter prints canonical lines.
			text := strings.TrimRight(string(l.src[start:l.off]), " \t\r\f\v")
			l.comments = append(l.comments, &Comment{Pos: pos, Text: text})
		case c == '/' && l.peekByte(1) == '*':
			start := l.off
			pos := l.pos(start)
			l.off += 2
			closed := false
			for l.off < len(l.src) {
				if l.src[l.off] == '*' && l.peekByte(1) == '/' {
					l.off += 2
					closed = true
					break
				}
				if l.src[l.off] == '\n' {
					l.off++
					l.newline()
					l.sawNL = true
					continue
				}
				l.off++
			}
			if !closed {
				l.errf(pos, "unterminated block comment")
				// Keep the text, with a closing mark so that formatting a
				// partial file could never swallow what follows.
				l.comments = append(l.comments, &Comment{Pos: pos, Text: string(l.src[start:]) + "*/"})
				return
			}
			l.comments = append(l.comments, &Comment{Pos: pos, Text: string(l.src[start:l.off])})
		default:
			return
		}
	}
}

func isIdentByte(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' }
func isDigitByte(c byte) bool { return c >= '0' && c <= '9' }

// next returns the next token; at the end it returns tokEOF forever.
func (l *lexer) next() token {
	l.skipSpace()
	nl := l.sawNL
	l.sawNL = false
	start := l.off
	pos := l.pos(start)
	tok := token{pos: pos, nl: nl}
	if l.off >= len(l.src) {
		tok.kind = tokEOF
		return tok
	}
	c := l.src[l.off]
	switch {
	case isIdentByte(c):
		for l.off < len(l.src) && (isIdentByte(l.src[l.off]) || isDigitByte(l.src[l.off])) {
			l.off++
		}
		tok.text = string(l.src[start:l.off])
		tok.kind = tokIdent
		if Keywords[tok.text] {
			tok.kind = tokKeyword
		}
		return tok
	case isDigitByte(c) || c == '.' && isDigitByte(l.peekByte(1)):
		return l.number(tok)
	}
	l.off++
	two := func(second byte, k2, k1 tokKind) tokKind {
		if l.off < len(l.src) && l.src[l.off] == second {
			l.off++
			return k2
		}
		return k1
	}
	switch c {
	case '{':
		tok.kind = tokLbrace
	case '}':
		tok.kind = tokRbrace
	case '(':
		tok.kind = tokLparen
	case ')':
		tok.kind = tokRparen
	case ',':
		tok.kind = tokComma
	case ';':
		tok.kind = tokSemi
	case '+':
		tok.kind = tokAdd
	case '-':
		tok.kind = tokSub
	case '*':
		tok.kind = tokMul
	case '/':
		tok.kind = tokQuo
	case '%':
		tok.kind = tokRem
	case '?':
		tok.kind = tokQuestion
	case ':':
		tok.kind = tokColon
	case '=':
		tok.kind = two('=', tokEq, tokAssign)
	case '!':
		tok.kind = two('=', tokNeq, tokNot)
	case '<':
		tok.kind = two('=', tokLeq, tokLt)
	case '>':
		tok.kind = two('=', tokGeq, tokGt)
	case '&':
		tok.kind = two('&', tokAnd, tokIllegal)
		if tok.kind == tokIllegal {
			l.errf(pos, `unexpected "&" (did you mean "&&"?)`)
		}
	case '|':
		tok.kind = two('|', tokOr, tokIllegal)
		if tok.kind == tokIllegal {
			l.errf(pos, `unexpected "|" (did you mean "||"?)`)
		}
	case '.':
		tok.kind = two('.', tokDotDot, tokIllegal)
		if tok.kind == tokIllegal {
			l.errf(pos, `unexpected "." (ranges are written FROM .. TO)`)
		}
	default:
		tok.kind = tokIllegal
		if c >= utf8.RuneSelf {
			r, size := utf8.DecodeRune(l.src[start:])
			if r == utf8.RuneError && size <= 1 {
				l.errf(pos, fmt.Sprintf("invalid UTF-8 byte 0x%02x", c))
			} else {
				l.off = start + size
				l.errf(pos, fmt.Sprintf("unexpected character %q", r))
			}
		} else {
			l.errf(pos, fmt.Sprintf("unexpected character %q", rune(c)))
		}
	}
	tok.text = string(l.src[start:l.off])
	return tok
}

// number scans a numeric literal with its optional unit:
//
//	digits [ "." digits ] [ ("e"|"E") ["+"|"-"] digits ] [ unit ]
//
// Anything that glues onto a literal (a second ".", a letter after an
// exponent mark, ...) makes the whole run one invalid number, so that
// "1.2.3" is one error rather than three confusing ones.
func (l *lexer) number(tok token) token {
	start := l.off
	tok.kind = tokNumber
	valid := true
	for l.off < len(l.src) && isDigitByte(l.src[l.off]) {
		l.off++
	}
	if l.off == start { // ".5": a leading dot
		valid = false
	}
	// A "." starts a fraction unless it is the ".." of a range (0..n).
	if l.peekByte(0) == '.' && l.peekByte(1) != '.' {
		l.off++
		if !isDigitByte(l.peekByte(0)) {
			valid = false // "5." or "5.x"
		}
		for l.off < len(l.src) && isDigitByte(l.src[l.off]) {
			l.off++
		}
	}
	mantEnd := l.off
	exp := 0
	if c := l.peekByte(0); c == 'e' || c == 'E' {
		d := 1
		if s := l.peekByte(1); s == '+' || s == '-' {
			d = 2
		}
		if isDigitByte(l.peekByte(d)) {
			l.off += d
			expStart := l.off
			for l.off < len(l.src) && isDigitByte(l.src[l.off]) {
				l.off++
			}
			e, err := strconv.Atoi(string(l.src[expStart:l.off]))
			if err != nil || e > 100000 {
				e = 100000 // out of range either way; reported below
			}
			exp = e
			if l.src[expStart-1] == '-' {
				exp = -e
			}
		} else if d == 2 || !isIdentByte(l.peekByte(1)) && !isDigitByte(l.peekByte(1)) {
			// "1e", "1e+": an exponent mark without digits.
			l.off += d
			valid = false
		}
	}
	numEnd := l.off
	for l.off < len(l.src) && (isIdentByte(l.src[l.off]) || isDigitByte(l.src[l.off])) {
		l.off++
	}
	unitText := string(l.src[numEnd:l.off])
	// Glued garbage such as the ".3" of "1.2.3".
	for l.off < len(l.src) && (l.src[l.off] == '.' && l.peekByte(1) != '.' || isIdentByte(l.src[l.off]) || isDigitByte(l.src[l.off])) {
		l.off++
		valid = false
	}
	tok.text = string(l.src[start:l.off])
	if !valid {
		l.errf(tok.pos, fmt.Sprintf("invalid number %q", tok.text))
		return tok
	}
	u := numUnit{exp10: 0}
	if unitText != "" {
		var ok bool
		u, ok = numUnits[unitText]
		if !ok {
			l.errf(tok.pos, fmt.Sprintf("unknown unit %q (%s)", unitText, numUnitList))
			return tok
		}
	}
	// Rebuild the literal with the unit folded into the exponent and let
	// ParseFloat round once.
	v, err := strconv.ParseFloat(string(l.src[start:mantEnd])+"e"+strconv.Itoa(exp+u.exp10), 64)
	if u.factor != 0 {
		v *= u.factor
	}
	if err != nil || math.IsInf(v, 0) {
		l.errf(tok.pos, fmt.Sprintf("number %q out of range", tok.text))
		return tok
	}
	tok.val = v
	return tok
}
