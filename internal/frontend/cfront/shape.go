package cfront

import (
	"fmt"

	"modernc.org/cc/v4"

	"augur/internal/base/diag"
)

// Limits on the shape of what reaches cc's parser. cc parses and type
// checks recursively, and so do augur's passes over its tree: 10⁶ nested
// blocks or a 10⁶-term sum overflow the goroutine's stack, which no
// recover can catch and which would take augur serve down with it. Real
// programs stay far below both (clang refuses more than 256 nested
// brackets by default; C guarantees 127 nested blocks and 63 nested
// parentheses).
const (
	maxNesting = 1024   // brackets ( [ { open at once
	maxExprOps = 10000  // operators in the expressions open at once
	maxItems   = 100000 // statements and declarations in the blocks open at once
	// maxStatementDepth bounds statements nested in one another: blocks
	// and the bodies of if, else, for, while, do and switch, braced or
	// not (an else-if chain is a list, not a nest, here). augur
	// analyze's passes take a time that grows with the cube of this
	// depth or faster (each block's count is taken over all the blocks
	// around it, in passes nested as deep): 80 nested ifs took 14 s,
	// the 666 of a mutated test program (bench/mutate) hours; 64 take
	// a few seconds.
	maxStatementDepth = 64
)

// Brackets as shape keeps them: a "{" that opens a block (a function's
// or a statement's body, a struct's) or a brace of an expression (an
// initializer, a compound literal); a "(" after a name (a call, a
// function's parameters, if, for, while, switch) or another.
const (
	openBlock = 'b'
	openBrace = '{'
	openCall  = 'c'
	openParen = '('
)

// shape follows C text byte by byte, as written in a file (comments and
// preprocessor lines skipped) or as cc's preprocessor writes it, and
// stops at the first place where its brackets nest deeper than
// maxNesting, its operators exceed maxExprOps or its statements
// maxItems. cc and augur's passes over its tree walk linked lists of
// statements and trees of operators recursively, so each count adds up
// everything open: an expression counts from the end of the previous
// statement or list element on, plus the expressions around the braces
// it is in (a statement expression or a compound literal cannot stack
// chains); statements count those of every enclosing block too.
type shape struct {
	open  []byte // the open brackets
	bases []int  // ops when each open "{" was read
	items []int  // s.item when each open "{" was read
	ops   int
	item  int
	// depth is the statements open around the text (blocks and the
	// bodies of control statements), pending the control keywords read
	// since the last statement ended, whose bodies are still to come,
	// and depths the depth when each open block was read, depthAt the
	// number of brackets open with it.
	depth, pending  int
	depths, depthAt []int
	// starPos is the place of the last "*" read, operand whether a token
	// that can end cc's reading of a pointer's qualifiers came after it
	// (starAt: none seen yet).
	starPos [2]int
	starAt  bool
	operand bool

	quote   byte // inside a "..." or '...' literal
	esc     bool // after a backslash in a literal
	word    []byte
	num     bool // the word is a number (1e+5 has no operator)
	prev    byte // the byte before, in a word or a directive
	last    byte // the last token: 'w' a word, ')' (call), 'p' (other paren), or the punctuator
	notCall bool // the last word is an operator or return: "(" after it is not a call
	comment byte // inside a comment: '/' (to the line's end) or '*'
	star    bool // in a /* comment, after a "*"
	slash   bool // a "/" that may start a comment
	bol     bool // only blanks since the start of the line
	direct  bool // in a preprocessor line (up to an unescaped newline)

	line, col int // of the byte being read (1-based)
	problem   string
	at        [2]int // line and column of the problem
}

func newShape() *shape { return &shape{bol: true, line: 1} }

// Write scans p; it never fails, so that cc's preprocessor runs to its
// end (the first problem is kept).
func (s *shape) Write(p []byte) (int, error) {
	for _, c := range p {
		if s.problem != "" {
			break
		}
		s.byte(c)
	}
	return len(p), nil
}

func (s *shape) byte(c byte) {
	s.col++
	if c == '\n' {
		s.line, s.col = s.line+1, 0
	}
	switch {
	case s.comment == '/':
		if c == '\n' {
			s.comment, s.bol = 0, true
		}
		return
	case s.comment == '*':
		if s.star && c == '/' {
			s.comment = 0
		}
		s.star = c == '*'
		return
	case s.direct:
		if c == '\n' && s.prev != '\\' {
			s.direct, s.bol = false, true
		}
		s.prev = c
		return
	case s.quote != 0:
		switch {
		case s.esc:
			s.esc = false
		case c == '\\':
			s.esc = true
		case c == s.quote || c == '\n':
			s.quote = 0
		}
		return
	}
	if s.slash {
		s.slash = false
		if c == '/' || c == '*' {
			s.comment = c
			return
		}
		s.operator() // the "/" was a division
		if s.problem != "" {
			return
		}
	}
	if len(s.word) > 0 {
		if isWordByte(c) || s.num && (c == '.' || (c == '+' || c == '-') && isExponent(s.prev)) {
			if len(s.word) < cap(s.word) {
				s.word = append(s.word, c)
			}
			s.prev = c
			return
		}
		if control[string(s.word)] {
			s.control(len(s.word))
			if s.problem != "" {
				return
			}
		}
		if !keyword[string(s.word)] || operandKeyword[string(s.word)] {
			s.operand = true // a name, a number
		}
		s.last, s.notCall, s.word = 'w', notCall[string(s.word)], s.word[:0]
	}
	bol := s.bol
	s.bol = c == '\n' || bol && (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v')
	switch {
	case c == '#' && bol:
		s.direct, s.prev = true, c
	case c == '"' || c == '\'':
		s.quote, s.last, s.notCall, s.operand = c, 'w', false, true
	case isWordByte(c):
		if s.word == nil {
			s.word = make([]byte, 0, 16)
		}
		s.word, s.num, s.prev = append(s.word, c), c >= '0' && c <= '9', c
	case c == '/':
		s.slash = true
	case c == '(' || c == '[' || c == '{':
		s.opening(c)
	case c == ')' || c == ']' || c == '}':
		s.closing(c)
	case c == ';':
		s.ops = s.base()
		s.statement()
		if n := len(s.open); n == 0 || s.open[n-1] == openBlock {
			s.pending = 0 // not the ";" of a for's parentheses
		}
		s.last = c
	case c == ',':
		if n := len(s.open); n == 0 || s.open[n-1] == openBrace || s.open[n-1] == openBlock {
			s.ops = s.base()
		} else {
			s.operator()
		}
		s.last = c
	case c == '+' || c == '-' || c == '*' || c == '%' || c == '<' || c == '>' || c == '=' || c == '!' ||
		c == '&' || c == '|' || c == '^' || c == '~' || c == '?' || c == ':' || c == '.':
		s.operator()
		s.last = c
	}
	switch c {
	case '*':
		s.starPos, s.starAt, s.operand = [2]int{s.line, s.col}, true, false
	case '(', ')', '[', ']', ',', ':', '+', '-', '!', '~', '&':
		s.operand = true
	}
}

// strandedStar reports whether the last "*" is followed by nothing that
// ends cc's reading of a pointer's qualifiers (a name, a literal, an
// operator that starts an operand, one of ( ) [ ] , :): cc's parser then
// reads on past the end of the unit without end, its memory growing
// ("int main(void) * {}" at the end of a file). A correct unit never
// ends so: what follows a "*" is an operand or a declarator.
func (s *shape) strandedStar() bool { return s.starAt && !s.operand }

// keyword are C's keywords (and GCC's spellings of them), which are not
// names; operandKeyword those that start an operand.
var (
	keyword = map[string]bool{"auto": true, "break": true, "case": true, "char": true, "const": true, "continue": true,
		"default": true, "do": true, "double": true, "else": true, "enum": true, "extern": true, "float": true, "for": true,
		"goto": true, "if": true, "inline": true, "int": true, "long": true, "register": true, "restrict": true,
		"return": true, "short": true, "signed": true, "sizeof": true, "static": true, "struct": true, "switch": true,
		"typedef": true, "union": true, "unsigned": true, "void": true, "volatile": true, "while": true, "_Alignas": true,
		"_Alignof": true, "_Atomic": true, "_Bool": true, "_Complex": true, "_Generic": true, "_Imaginary": true,
		"_Noreturn": true, "_Static_assert": true, "_Thread_local": true, "__attribute__": true, "__restrict": true,
		"__restrict__": true, "__const": true, "__volatile__": true, "__inline": true, "__inline__": true,
		"__extension__": true, "asm": true, "__asm__": true, "typeof": true, "__typeof__": true, "alignof": true,
		"__alignof__": true}
	operandKeyword = map[string]bool{"sizeof": true, "_Alignof": true, "alignof": true, "__alignof__": true, "_Generic": true}
)

func (s *shape) opening(c byte) {
	if len(s.open) >= maxNesting {
		s.fail(fmt.Sprintf("brackets nest too deep (more than %d levels of blocks, parentheses or brackets)", maxNesting))
		return
	}
	kind := c
	switch c {
	case '{':
		// A block follows a statement, a label, a keyword (else, do,
		// struct) or the parenthesis of if, for, a function's
		// parameters; an initializer follows "=" or ",", a compound
		// literal a cast.
		switch s.last {
		case 0, ';', '{', '}', ':', ')', 'w':
			// What came before (a condition, a declarator) is complete:
			// the block's statements count from the enclosing one's.
			kind, s.ops = openBlock, s.base()
		}
		s.bases = append(s.bases, s.ops)
		s.items = append(s.items, s.item)
		if n, k := len(s.open), len(s.depthAt); kind == openBlock && (n == 0 || k > 0 && s.depthAt[k-1] == n) {
			// The body of the control statements pending, or a block
			// of its own (not the inner braces of an initializer).
			s.depths, s.depthAt = append(s.depths, s.depth), append(s.depthAt, len(s.open)+1)
			s.depth += max(1, s.pending)
			s.pending = 0
			if s.depth > maxStatementDepth {
				s.failDepth(s.line, s.col)
				return
			}
		}
	case '(':
		if s.last == 'w' && !s.notCall {
			kind = openCall
		}
		s.operator() // a call, a cast, a subscript is a node too: (int)(int)...x
	case '[':
		s.operator()
	}
	s.open = append(s.open, kind)
	s.last = c
}

func (s *shape) closing(c byte) {
	n := len(s.open)
	if n == 0 {
		s.last = c
		return
	}
	top := s.open[n-1]
	s.open = s.open[:n-1]
	s.last = 'p'
	switch top {
	case openCall:
		s.last = ')'
	case openBlock, openBrace:
		ops, items := s.bases[len(s.bases)-1], s.items[len(s.items)-1]
		s.bases, s.items = s.bases[:len(s.bases)-1], s.items[:len(s.items)-1]
		s.last = '}'
		if top == openBrace {
			s.ops, s.item = ops, items
			return
		}
		s.ops, s.item = s.base(), items
		if k := len(s.depths); k > 0 && s.depthAt[k-1] == n {
			// The block ends the statements whose body it was.
			s.depth, s.depths, s.depthAt, s.pending = s.depths[k-1], s.depths[:k-1], s.depthAt[:k-1], 0
		}
		s.statement()
	}
}

// base is the operator count of the expressions open around the
// innermost braces.
func (s *shape) base() int {
	if n := len(s.bases); n > 0 {
		return s.bases[n-1]
	}
	return 0
}

func (s *shape) operator() {
	if s.ops++; s.ops > maxExprOps {
		s.fail(fmt.Sprintf("expression too long (more than %d operators)", maxExprOps))
	}
}

func (s *shape) statement() {
	if s.item++; s.item > maxItems {
		s.fail(fmt.Sprintf("too many statements and declarations (more than %d in a block and those around it)", maxItems))
	}
}

func (s *shape) fail(msg string) { s.problem, s.at = msg, [2]int{s.line, s.col} }

// control is a control keyword read (n bytes, just before the byte being
// read): its body is one statement deeper than the keyword.
func (s *shape) control(n int) {
	if s.pending++; s.depth+s.pending > maxStatementDepth {
		s.failDepth(s.line, s.col-n)
	}
}

func (s *shape) failDepth(line, col int) {
	s.problem, s.at = fmt.Sprintf("statements nest too deep (more than %d levels of blocks and of if, else, for, while, do and switch bodies)", maxStatementDepth), [2]int{line, col}
}

// control are the keywords whose statement has a statement as its body.
var control = map[string]bool{"if": true, "else": true, "for": true, "while": true, "do": true, "switch": true}

// notCall are the words after which "(" opens an operand, not a call:
// sizeof (int){1} is a compound literal.
var notCall = map[string]bool{"sizeof": true, "return": true, "case": true, "_Alignof": true, "alignof": true,
	"__alignof__": true, "__alignof": true, "_Generic": true, "typeof": true, "__typeof__": true, "__typeof": true}

func isWordByte(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c >= 0x80
}

func isExponent(c byte) bool { return c == 'e' || c == 'E' || c == 'p' || c == 'P' }

// checkShape refuses a unit whose brackets nest, or whose expressions
// run, beyond what cc's parser and augur's passes can take. The file's
// own text is scanned first, for the place; then the text cc's
// preprocessor makes of it, headers and macros expanded, which only the
// file's name can locate.
//
// It returns the preprocessor's error too, which is Translate's to
// report.
func checkShape(cfg *cc.Config, file string, src []byte, sources []cc.Source) (*diag.Error, error) {
	s := newShape()
	s.Write(src)
	if s.problem != "" {
		return problem(Position{File: file, Line: s.at[0], Col: s.at[1]}, false, s.problem), nil
	}
	pp := newShape()
	quiet := *cfg
	quiet.PragmaHandler = nil // Translate hands the directives over
	const stranded = `unexpected end of file: nothing after this "*" is what it points to or multiplies`
	// The preprocessor's own errors are cc.Translate's to report; its
	// parser goes on all the same, so the file's own "*" is checked then.
	err := cc.Preprocess(&quiet, sources, pp)
	if err != nil && s.strandedStar() {
		return problem(Position{File: file, Line: s.starPos[0], Col: s.starPos[1]}, false, stranded), err
	}
	if err == nil {
		if pp.problem != "" {
			return problem(Position{File: file}, false, pp.problem+", once its macros and #include files are expanded"), err
		}
		// A unit that ends inside brackets (a truncated file) is refused
		// here: cc's parser loops at the end of some of them (after
		// "char **" in a parameter list it adds "unexpected EOF" without
		// end, for minutes, its memory growing).
		if n := len(pp.open); n > 0 && pp.quote == 0 {
			line, col := lastChar(src)
			return problem(Position{File: file, Line: line, Col: col}, false,
				fmt.Sprintf("unexpected end of file: %d bracket(s) still open (the innermost %s)", n, bracketName(pp.open[n-1]))), nil
		}
		if pp.strandedStar() {
			if s.strandedStar() {
				return problem(Position{File: file, Line: s.starPos[0], Col: s.starPos[1]}, false, stranded), err
			}
			return problem(Position{File: file}, false, stranded+", once its macros and #include files are expanded"), err
		}
	}
	return nil, err
}

// lastChar is the line and column of src's last character that is not
// blank: where a truncated file ends.
func lastChar(src []byte) (line, col int) {
	line, col = 1, 1
	l, c := 1, 0
	for _, b := range src {
		if b == '\n' {
			l, c = l+1, 0
			continue
		}
		c++
		if b != ' ' && b != '\t' && b != '\r' {
			line, col = l, c
		}
	}
	return line, col
}

// bracketName says which bracket an open kind of shape is.
func bracketName(kind byte) string {
	switch kind {
	case openBlock, openBrace:
		return `"{"`
	case '[':
		return `"["`
	}
	return `"("`
}
