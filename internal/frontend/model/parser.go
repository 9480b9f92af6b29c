package model

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"augur/internal/base/diag"
)

// Limits that keep hostile or broken input cheap: the parser is recursive,
// so nesting is bounded, and a file of garbage yields a bounded report.
const (
	maxNesting      = 200
	maxSyntaxErrors = 50
	// maxExprOps bounds the binary operators of one expression. A chain
	// such as 1 + 1 + ... + 1 is parsed in a loop but builds a tree as
	// deep as it is long, which the checker, formatter, exporters and
	// compiler walk recursively: bounding its length bounds their depth.
	maxExprOps = 10000
)

// Parse parses one model file. It never panics and always terminates; on
// errors it returns every syntax error it can find (recover at statement /
// declaration boundaries), each with file:line:col, and a possibly partial File.
//
// Parts of a partial File that could not be parsed are filled with
// placeholders (an Ident named "_") rather than nil, so that walking it is
// safe.
func Parse(filename string, src []byte) (f *File, diags diag.List) {
	p := newParser(filename, src)
	defer func() {
		// Last-resort safety net: a bug in the parser must surface as a
		// diagnostic, not crash the tool. It is never used for control flow.
		if r := recover(); r != nil {
			f = &File{Filename: filename, Comments: p.lx.comments}
			diags = append(p.diags, problem(filename, p.tok.pos, false,
				fmt.Sprintf("internal error in the parser: %v", r)))
		}
	}()
	f = p.parseFile()
	return f, p.diags
}

// ParseNumber reads a value as --set, the workbench's params and sweep
// lists give it: a number, with a unit if wanted (12ms, 8KiB), possibly
// negative, finite.
func ParseNumber(text string) (float64, error) {
	text = strings.TrimSpace(text)
	if text == "" {
		return 0, fmt.Errorf("missing number")
	}
	if v, err := strconv.ParseFloat(text, 64); err == nil {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return 0, fmt.Errorf("%q is not a finite number", text)
		}
		return v, nil
	}
	e, err := ParseExpr(text)
	if err != nil {
		return 0, fmt.Errorf("%q is not a number", text)
	}
	neg := 1.0
	if u, ok := e.(*Unary); ok && u.Op == "-" {
		e, neg = u.X, -1
	}
	n, ok := e.(*Number)
	if !ok || math.IsNaN(n.Value) || math.IsInf(n.Value, 0) {
		return 0, fmt.Errorf("%q is not a number (units allowed, e.g. 12ms, 8KiB)", text)
	}
	return neg * n.Value, nil
}

// ParseExpr parses a lone expression (used for --set values and tests).
func ParseExpr(src string) (e Expr, err error) {
	p := newParser("<expr>", []byte(src))
	defer func() {
		if r := recover(); r != nil {
			e, err = nil, append(p.diags, problem("<expr>", p.tok.pos, false,
				fmt.Sprintf("internal error in the parser: %v", r)))
		}
	}()
	e = p.parseExpr()
	if p.tok.kind != tokEOF {
		p.errorf(p.tok.pos, "expected end of expression, found %s", p.tok.describe())
	}
	if len(p.diags) > 0 {
		return nil, p.diags
	}
	return e, nil
}

type parser struct {
	filename string
	lx       *lexer
	tok      token // current token
	prev     token // last consumed token
	ahead    []token
	diags    diag.List
	// bad is set by a syntax error and cleared when the parser has
	// resynchronized: errors in between are consequences of the first one
	// and would only be noise.
	bad   bool
	stop  bool // too many errors: behave as if at the end of the file
	depth int
	// exprLevel counts the parseExpr calls under way and exprOps the
	// binary operators of the outermost one (maxExprOps).
	exprLevel, exprOps int
}

func newParser(filename string, src []byte) *parser {
	p := &parser{filename: filename}
	p.lx = newLexer(src, p.lexError)
	p.next()
	return p
}

// next advances to the next token.
func (p *parser) next() {
	p.prev = p.tok
	switch {
	case p.stop:
		p.tok = token{kind: tokEOF, pos: p.tok.pos}
	case len(p.ahead) > 0:
		p.tok = p.ahead[0]
		p.ahead = p.ahead[1:]
	default:
		p.tok = p.lx.next()
	}
}

// peek returns the token after the current one.
func (p *parser) peek() token {
	if p.stop {
		return token{kind: tokEOF, pos: p.tok.pos}
	}
	if len(p.ahead) == 0 {
		p.ahead = append(p.ahead, p.lx.next())
	}
	return p.ahead[0]
}

// add records a diagnostic, up to maxSyntaxErrors.
func (p *parser) add(pos Pos, msg string) {
	if p.stop {
		return
	}
	if len(p.diags) >= maxSyntaxErrors {
		p.diags = append(p.diags, problem(p.filename, pos, false, "too many errors"))
		p.stop = true
		p.tok = token{kind: tokEOF, pos: p.tok.pos}
		p.ahead = nil
		return
	}
	p.diags = append(p.diags, problem(p.filename, pos, false, msg))
}

func (p *parser) lexError(pos Pos, msg string) { p.add(pos, msg) }

// errorf reports a syntax error that leaves the parser out of step with
// the input: further errors are suppressed until it resynchronizes. An
// error at a token the lexer already reported is not repeated.
func (p *parser) errorf(pos Pos, format string, args ...any) {
	if !p.bad && !(p.tok.kind == tokIllegal && p.tok.pos == pos) {
		p.add(pos, fmt.Sprintf(format, args...))
	}
	p.bad = true
}

// limitf is errorf for an input past one of the parser's bounds
// (diag.Error.Limit).
func (p *parser) limitf(pos Pos, format string, args ...any) {
	n := len(p.diags)
	p.errorf(pos, format, args...)
	if len(p.diags) > n {
		p.diags[len(p.diags)-1].Limit = true
	}
}

// reportf reports an error after which parsing goes on normally (a
// duplicate or missing clause, a chained comparison).
func (p *parser) reportf(pos Pos, format string, args ...any) {
	if !p.bad {
		p.add(pos, fmt.Sprintf(format, args...))
	}
}

// got consumes the current token if it has kind k.
func (p *parser) got(k tokKind) bool {
	if p.tok.kind == k {
		p.next()
		return true
	}
	return false
}

// gotKeyword consumes the current token if it is the keyword word.
func (p *parser) gotKeyword(word string) bool {
	if p.tok.isKeyword(word) {
		p.next()
		return true
	}
	return false
}

var tokText = map[tokKind]string{
	tokLbrace: "{", tokRbrace: "}", tokLparen: "(", tokRparen: ")", tokComma: ",", tokSemi: ";",
	tokAssign: "=", tokColon: ":", tokDotDot: "..",
}

// expect consumes a token of kind k or reports `expected "X" CONTEXT, found Y`.
func (p *parser) expect(k tokKind, context string) Pos {
	pos := p.tok.pos
	if !p.got(k) {
		p.errorf(pos, "expected %q %s, found %s", tokText[k], context, p.tok.describe())
	}
	return pos
}

// expectKeyword consumes the keyword word or reports an error.
func (p *parser) expectKeyword(word, context string) {
	if !p.gotKeyword(word) {
		p.errorf(p.tok.pos, "expected %q %s, found %s", word, context, p.tok.describe())
	}
}

// ident parses a name; what says what the name is for the error message.
func (p *parser) ident(what string) *Ident {
	if p.tok.kind == tokIdent {
		id := &Ident{Pos: p.tok.pos, Name: p.tok.text}
		p.next()
		return id
	}
	if p.tok.kind == tokKeyword {
		p.errorf(p.tok.pos, "expected %s, found keyword %s", what, p.tok.describe())
	} else {
		p.errorf(p.tok.pos, "expected %s, found %s", what, p.tok.describe())
	}
	return &Ident{Pos: p.tok.pos, Name: "_"}
}

// enter counts one level of nesting and reports whether the limit allows it.
// Every call that returns true must be paired with p.leave().
func (p *parser) enter() bool {
	if p.depth >= maxNesting {
		p.limitf(p.tok.pos, "nesting too deep (more than %d levels of blocks, parentheses or operators)", maxNesting)
		return false
	}
	p.depth++
	return true
}

func (p *parser) leave() { p.depth-- }

// ---------------------------------------------------------------------------
// Declarations

func (p *parser) parseFile() *File {
	f := &File{Filename: p.filename}
	if p.gotKeyword("model") {
		name := p.ident(`model name after "model"`)
		f.Name, f.NamePos = name.Name, name.Pos
	} else {
		p.errorf(p.tok.pos, `expected "model NAME" at the start of the file, found %s`, p.tok.describe())
		p.bad = false // the declarations may still be fine
	}
	for p.tok.kind != tokEOF {
		if p.got(tokSemi) {
			continue
		}
		before := p.tok.pos
		if d := p.parseDecl(); d != nil {
			f.Decls = append(f.Decls, d)
		}
		if p.bad {
			p.syncDecl()
			p.bad = false
		}
		if p.tok.pos == before && p.tok.kind != tokEOF {
			p.next() // cannot happen, but guarantees termination
		}
	}
	f.Comments = p.lx.comments
	return f
}

func (p *parser) parseDecl() Decl {
	pos := p.tok.pos
	if p.tok.kind == tokKeyword {
		switch p.tok.text {
		case "param", "global", "local":
			kind := map[string]VarKind{"param": Param, "global": Global, "local": Local}[p.tok.text]
			word := p.tok.text
			p.next()
			d := &VarDecl{Pos: pos, Kind: kind, Name: p.ident("name after " + quoted(word))}
			p.expect(tokAssign, "after "+word+" name")
			d.Value = p.parseExpr()
			if p.tok.kind == tokIdent && p.tok.text == "arg" && !p.bad {
				d.Arg = p.parseArgBinding()
			}
			return d
		case "cost":
			p.next()
			d := &CostDecl{Pos: pos, Name: p.ident(`cost function name after "cost"`)}
			p.expect(tokLparen, "after cost function name")
			if p.tok.kind != tokRparen {
				for {
					d.Params = append(d.Params, p.ident("parameter name"))
					if p.bad || !p.got(tokComma) {
						break
					}
				}
			}
			p.expect(tokRparen, "after cost function parameters")
			p.expect(tokAssign, "after cost function parameters")
			d.Body = p.parseExpr()
			return d
		case "activity":
			p.next()
			d := &ActivityDecl{Pos: pos, Name: p.ident(`activity name after "activity"`)}
			d.Body = p.parseBlock("after activity name")
			return d
		}
	}
	if p.tok.kind == tokKeyword && stmtKeywords[p.tok.text] || p.tok.kind == tokIdent && p.peek().kind == tokAssign {
		p.errorf(pos, "statement outside an activity: expected declaration (param, global, local, cost or activity), found %s", p.tok.describe())
	} else {
		p.errorf(pos, "expected declaration (param, global, local, cost or activity), found %s", p.tok.describe())
	}
	return nil
}

// maxArgIndex bounds the argument a param may be bound to (Linux's
// limit on the arguments of a program is far below).
const maxArgIndex = 1 << 20

// parseArgBinding parses `arg K` or `arg count` after a declaration's
// value. "arg" and "count" are words only there: models may still use
// them as names.
func (p *parser) parseArgBinding() *ArgBinding {
	b := &ArgBinding{Pos: p.tok.pos}
	p.next()
	switch {
	case p.tok.kind == tokIdent && p.tok.text == "count":
		b.Count = true
		p.next()
	case p.tok.kind == tokSub:
		for p.tok.kind == tokSub && !p.bad {
			b.Options = append(b.Options, p.parseOption())
		}
	case p.tok.kind == tokNumber:
		k, err := strconv.Atoi(p.tok.text)
		if err != nil || k < 1 || k > maxArgIndex {
			p.reportf(p.tok.pos, "arg %s: an argument's position is a whole number from 1 (the first argument after the program's name, C's argv[1]) to %d", p.tok.text, maxArgIndex)
		}
		b.Index = k
		p.next()
	default:
		p.errorf(p.tok.pos, `expected an argument's position (arg 1 for the program's first argument, C's argv[1]), an option (arg -x) or "count" after "arg", found %s`, p.tok.describe())
	}
	return b
}

// parseOption reads one option word of an `arg -x --nx` binding: the
// dashes and the name written together, without spaces (-x, --nx,
// --num-steps), as the lexer's tokens that touch each other.
func (p *parser) parseOption() string {
	start := p.tok.pos
	var sb strings.Builder
	end := start
	for (p.tok.kind == tokSub || p.tok.kind == tokIdent || p.tok.kind == tokKeyword || p.tok.kind == tokNumber) &&
		p.tok.pos.Line == end.Line && p.tok.pos.Col == end.Col {
		text := p.tok.text
		if p.tok.kind == tokSub {
			text = "-"
		}
		sb.WriteString(text)
		end.Col += int32(len(text))
		p.next()
	}
	opt := sb.String()
	if strings.TrimLeft(opt, "-") == "" || strings.HasPrefix(opt, "---") {
		p.errorf(start, "arg %s: an option is one or two dashes and a name (arg -x, arg --nx)", opt)
	}
	return opt
}

// syncDecl skips to the next declaration keyword, over balanced braces.
func (p *parser) syncDecl() {
	depth := 0
	for p.tok.kind != tokEOF {
		switch {
		case p.tok.kind == tokKeyword && declKeywords[p.tok.text]:
			// `cost` is also a clause word inside statements.
			if p.tok.text != "cost" || depth == 0 && p.tok.nl {
				return
			}
		case p.tok.kind == tokLbrace:
			depth++
		case p.tok.kind == tokRbrace:
			if depth > 0 {
				depth--
			}
		}
		p.next()
	}
}

func quoted(s string) string { return `"` + s + `"` }

// ---------------------------------------------------------------------------
// Statements

// parseBlock parses `{ stmt* }`; context completes the message when the
// "{" is missing ("after activity name").
func (p *parser) parseBlock(context string) *Block {
	b := &Block{Lbrace: p.tok.pos}
	if p.tok.kind != tokLbrace {
		p.errorf(p.tok.pos, "expected %q %s, found %s", "{", context, p.tok.describe())
		b.Rbrace = p.tok.pos
		return b
	}
	if !p.enter() {
		b.Rbrace = p.tok.pos
		return b
	}
	defer p.leave()
	p.next()
	for p.tok.kind != tokRbrace && p.tok.kind != tokEOF {
		if p.got(tokSemi) {
			continue
		}
		if p.atDeclStart() {
			// Most likely a "}" was forgotten: end the block here and let
			// the declaration be parsed.
			p.errorf(p.tok.pos, "expected %q to close the block opened at %s, found %s", "}", b.Lbrace, p.tok.describe())
			b.Rbrace = p.tok.pos
			return b
		}
		before := p.tok.pos
		if s := p.parseStmt(); s != nil {
			b.Stmts = append(b.Stmts, s)
		}
		if p.bad {
			p.syncStmt()
			p.bad = false
		}
		if p.tok.pos == before && p.tok.kind != tokEOF && p.tok.kind != tokRbrace {
			p.next() // cannot happen, but guarantees termination
		}
	}
	b.Rbrace = p.tok.pos
	if p.tok.kind == tokEOF {
		p.errorf(p.tok.pos, "expected %q to close the block opened at %s, found end of file", "}", b.Lbrace)
		return b
	}
	p.next()
	return b
}

// atDeclStart reports whether the current token begins a declaration.
// `cost` counts only when a name follows, since it is also a clause word
// (a stray one must not end the block).
func (p *parser) atDeclStart() bool {
	if p.tok.kind != tokKeyword || !declKeywords[p.tok.text] {
		return false
	}
	return p.tok.text != "cost" || p.peek().kind == tokIdent
}

// syncStmt skips to a plausible statement start at the current nesting
// level: a statement keyword, a "NAME =" at the start of a line, a ";"
// (consumed), the "}" of the enclosing block or a declaration keyword.
func (p *parser) syncStmt() {
	depth := 0
	for p.tok.kind != tokEOF {
		switch p.tok.kind {
		case tokLbrace:
			depth++
		case tokRbrace:
			if depth == 0 {
				return
			}
			depth--
		case tokSemi:
			if depth == 0 {
				p.next()
				return
			}
		case tokKeyword:
			if declKeywords[p.tok.text] && p.tok.text != "cost" {
				return
			}
			if depth == 0 && stmtKeywords[p.tok.text] {
				return
			}
		case tokIdent:
			if depth == 0 && p.tok.nl && p.peek().kind == tokAssign {
				return
			}
		}
		p.next()
	}
}

func (p *parser) parseStmt() Stmt {
	pos := p.tok.pos
	if p.tok.kind == tokIdent {
		return p.parseAssign("")
	}
	if p.tok.kind != tokKeyword || !stmtKeywords[p.tok.text] {
		p.errorf(pos, "expected statement, found %s", p.tok.describe())
		return nil
	}
	word := p.tok.text
	p.next()
	switch word {
	case "action":
		s := &Action{Pos: pos, Name: p.ident(`action name after "action"`)}
		if p.gotKeyword("cost") {
			s.Cost = p.parseExpr()
		}
		if p.tok.kind == tokLbrace {
			s.HasCode = true
			s.Code = p.parseCode()
		}
		return s
	case "delay":
		s := &Delay{Pos: pos, Name: p.ident(`delay name after "delay"`)}
		p.expectKeyword("cost", "after delay name")
		s.Cost = p.parseExpr()
		return s
	case "priority":
		return &Priority{Pos: pos, Value: p.parseExpr()}
	case "call":
		return &Call{Pos: pos, Name: p.ident(`activity name after "call"`)}
	case "if":
		s := &If{Pos: pos}
		for {
			s.Conds = append(s.Conds, p.parseExpr())
			s.Thens = append(s.Thens, p.parseBlock("after if condition"))
			if p.bad || !p.gotKeyword("else") {
				break
			}
			if !p.gotKeyword("if") {
				s.Else = p.parseBlock(`after "else"`)
				break
			}
		}
		return s
	case "loop":
		s := &Loop{Pos: pos, Count: p.parseExpr()}
		s.Body = p.parseBlock("after loop count")
		return s
	case "for":
		s := &For{Pos: pos, Var: p.ident(`loop variable after "for"`)}
		p.expectKeyword("in", "after for variable")
		s.From = p.parseExpr()
		p.expect(tokDotDot, "in for range")
		s.To = p.parseExpr()
		if p.gotKeyword("step") {
			s.Step = p.parseExpr()
		}
		s.Body = p.parseBlock("after for range")
		return s
	case "choose":
		return p.parseChoose(pos)
	case "parallel":
		s := &Parallel{Pos: pos, Name: p.ident(`region name after "parallel"`)}
		if p.tok.kind == tokIdent && p.tok.text == "threads" {
			p.next()
			s.Threads = p.parseExpr()
		}
		s.Body = p.parseBlock("after parallel region header")
		return s
	case "pfor":
		return p.parsePfor(pos)
	case "critical", "atomic", "master", "single":
		s := &Critical{Pos: pos, Name: p.ident(`section name after "` + word + `"`)}
		for k, w := range sectionKeywords {
			if w == word {
				s.Kind = Section(k)
			}
		}
		s.Body = p.parseBlock("after " + word + " section name")
		return s
	}
	kind, _ := CommKindByKeyword(word)
	return p.parseComm(pos, kind)
}

// parseAssign parses `NAME = EXPR`; where is "" in blocks and names the
// code fragment otherwise.
func (p *parser) parseAssign(where string) *Assign {
	name := p.ident("name" + where)
	if p.bad {
		return nil
	}
	if !p.got(tokAssign) {
		p.errorf(p.tok.pos, "expected %q after %q%s, found %s", "=", name.Name, where, p.tok.describe())
		return nil
	}
	return &Assign{Name: name, Value: p.parseExpr()}
}

// parseCode parses an action's code fragment `{ NAME = EXPR; ... }`.
func (p *parser) parseCode() []*Assign {
	lbrace := p.tok.pos
	p.next()
	code := []*Assign{}
	for !p.bad && p.tok.kind != tokRbrace && p.tok.kind != tokEOF {
		if p.got(tokSemi) {
			continue
		}
		if p.tok.kind != tokIdent {
			p.errorf(p.tok.pos, "expected assignment in code fragment, found %s", p.tok.describe())
			break
		}
		if a := p.parseAssign(" in code fragment"); a != nil {
			code = append(code, a)
		}
	}
	if p.bad {
		// Resume after the fragment's "}" so that the enclosing block
		// goes on with the next statement.
		if p.skipToClose() {
			p.bad = false
		}
		return code
	}
	if p.tok.kind != tokRbrace {
		p.errorf(p.tok.pos, "expected %q to close the code fragment opened at %s, found %s", "}", lbrace, p.tok.describe())
		return code
	}
	p.next()
	return code
}

func (p *parser) parseChoose(pos Pos) *Choose {
	s := &Choose{Pos: pos}
	lbrace := p.expect(tokLbrace, `after "choose"`)
	if p.bad {
		return s
	}
	for p.tok.kind != tokRbrace && p.tok.kind != tokEOF && !p.bad {
		if p.tok.isKeyword("else") {
			if len(s.Alts) == 0 {
				p.reportf(p.tok.pos, "choose needs at least one alternative before else")
			}
			p.next()
			s.Else = p.parseBlock(`after "else" in choose`)
			break
		}
		s.Probs = append(s.Probs, p.parseExpr())
		s.Alts = append(s.Alts, p.parseBlock("after choose probability"))
	}
	if p.bad {
		// The choose's own "{" was consumed: resume after its "}".
		if p.skipToClose() {
			p.bad = false
		}
		return s
	}
	if p.tok.kind != tokRbrace {
		p.errorf(p.tok.pos, "expected %q to close the choose opened at %s, found %s", "}", lbrace, p.tok.describe())
		return s
	}
	if len(s.Alts) == 0 && s.Else == nil {
		p.reportf(p.tok.pos, "choose needs at least one alternative: PROBABILITY { ... }")
	}
	p.next()
	return s
}

// skipToClose skips past the "}" that closes a construct whose "{" was
// already consumed, over nested braces. It stops without consuming at a
// declaration keyword or the end of the file, and then returns false.
func (p *parser) skipToClose() bool {
	depth := 0
	for p.tok.kind != tokEOF && !(p.tok.kind == tokKeyword && declKeywords[p.tok.text] && p.tok.text != "cost") {
		switch p.tok.kind {
		case tokLbrace:
			depth++
		case tokRbrace:
			if depth == 0 {
				p.next()
				return true
			}
			depth--
		}
		p.next()
	}
	return false
}

func (p *parser) parsePfor(pos Pos) *ParallelFor {
	s := &ParallelFor{Pos: pos, Name: p.ident(`loop name after "pfor"`)}
	s.Var = p.ident("loop variable after pfor name")
	p.expectKeyword("in", "after pfor variable")
	s.From = p.parseExpr()
	p.expect(tokDotDot, "in pfor range")
	s.To = p.parseExpr()
	var sawThreads, sawSchedule, sawChunk bool
	for !p.bad {
		cpos := p.tok.pos
		switch {
		case p.tok.kind == tokIdent && p.tok.text == "threads":
			if sawThreads {
				p.reportf(cpos, `duplicate "threads" clause in pfor`)
			}
			sawThreads = true
			p.next()
			s.Threads = p.parseExpr()
		case p.tok.isKeyword("schedule"):
			if sawSchedule {
				p.reportf(cpos, `duplicate "schedule" clause in pfor`)
			}
			sawSchedule = true
			p.next()
			switch {
			case p.gotKeyword("static"):
				s.Schedule = Static
			case p.gotKeyword("dynamic"):
				s.Schedule = Dynamic
			case p.gotKeyword("guided"):
				s.Schedule = Guided
			default:
				p.errorf(p.tok.pos, `expected "static", "dynamic" or "guided" after "schedule", found %s`, p.tok.describe())
			}
		case p.tok.isKeyword("chunk"):
			if sawChunk {
				p.reportf(cpos, `duplicate "chunk" clause in pfor`)
			}
			sawChunk = true
			p.next()
			s.Chunk = p.parseExpr()
		default:
			if sawChunk && !sawSchedule {
				p.reportf(pos, `"chunk" needs a "schedule static|dynamic|guided" clause in pfor`)
			}
			s.Body = p.parseBlock("after pfor header")
			return s
		}
	}
	s.Body = &Block{Lbrace: p.tok.pos, Rbrace: p.tok.pos}
	return s
}

// clauseWords are the words that may follow a communication element's
// name; `threads` is an identifier, handled apart.
var clauseWords = map[string]bool{
	"to": true, "from": true, "size": true, "tag": true, "cost": true,
	"root": true, "algorithm": true, "on": true,
}

// allowsClause reports whether the kind k accepts clause word w.
func allowsClause(k CommKind, w string) bool {
	p2p := k == SendComm || k == IsendComm || k == RecvComm || k == IrecvComm
	sends := k == SendComm || k == IsendComm
	switch w {
	case "to":
		return sends
	case "from":
		return p2p && !sends
	case "tag":
		return p2p
	case "size":
		return k != WaitComm && k != BarrierComm
	case "cost":
		return k != WaitComm
	case "root":
		return k.HasRoot()
	case "algorithm":
		return k.IsCollective() && k != BarrierComm
	case "on":
		return k == WaitComm
	case "threads":
		return k == BarrierComm
	case "in_place":
		return k == ReduceComm || k == AllreduceComm
	}
	return false
}

// parseComm parses a communication element; its clauses come in any order,
// each at most once.
func (p *parser) parseComm(pos Pos, kind CommKind) *Comm {
	kw := kind.Keyword()
	s := &Comm{Pos: pos, Kind: kind, Name: p.ident(kw + " name after " + quoted(kw))}
	seen := map[string]bool{}
	for !p.bad {
		var w string
		switch {
		case p.tok.kind == tokKeyword && clauseWords[p.tok.text]:
			w = p.tok.text
		case p.tok.kind == tokIdent && (p.tok.text == "threads" || p.tok.text == "in_place") && p.peek().kind != tokAssign:
			w = p.tok.text
		case p.tok.kind == tokIdent && !p.tok.nl && p.peek().kind != tokAssign:
			// A word on the same line that does not start an assignment:
			// most likely a misspelled clause.
			p.errorf(p.tok.pos, "unknown clause %q in %s", p.tok.text, kw)
		}
		if w == "" {
			break
		}
		cpos := p.tok.pos
		if !allowsClause(kind, w) {
			p.errorf(cpos, "%q is not a clause of %s", w, kw)
			break
		}
		if seen[w] {
			p.reportf(cpos, "duplicate %q clause in %s", w, kw)
		}
		seen[w] = true
		p.next()
		switch w {
		case "to":
			s.Peer = p.parseExpr()
		case "from":
			if p.gotKeyword("any") {
				s.Peer, s.AnyPeer = nil, true
			} else {
				s.Peer, s.AnyPeer = p.parseExpr(), false
			}
		case "tag":
			if kind == RecvComm || kind == IrecvComm {
				if p.gotKeyword("any") {
					s.Tag, s.AnyTag = nil, true
					continue
				}
			}
			s.Tag, s.AnyTag = p.parseExpr(), false
		case "size":
			s.Size = p.parseExpr()
		case "cost":
			s.Cost = p.parseExpr()
		case "root":
			s.Root = p.parseExpr()
		case "algorithm":
			s.Algo = p.ident(`algorithm name after "algorithm"`)
		case "on":
			s.On = nil
			for {
				s.On = append(s.On, p.ident(`element name after "on"`))
				if p.bad || !p.got(tokComma) {
					break
				}
			}
		case "threads":
			s.Threads = true
		case "in_place":
			s.InPlace = true
		}
	}
	if p.bad {
		return s
	}
	var required []string
	switch {
	case kind == SendComm || kind == IsendComm:
		required = []string{"to", "size"}
	case kind == RecvComm || kind == IrecvComm:
		required = []string{"from"}
	case kind.HasRoot():
		required = []string{"root", "size"}
	case kind == AllreduceComm || kind == AllgatherComm || kind == AlltoallComm:
		required = []string{"size"}
	}
	var missing []string
	for _, w := range required {
		if !seen[w] {
			missing = append(missing, quoted(w))
		}
	}
	if len(missing) > 0 {
		clause := "clause"
		if len(missing) > 1 {
			clause = "clauses"
		}
		p.reportf(pos, "%s %s is missing the %s %s", kw, s.Name.Name, strings.Join(missing, " and "), clause)
	}
	return s
}

// ---------------------------------------------------------------------------
// Expressions

// missingExpr stands for an expression that could not be parsed.
func missingExpr(pos Pos) Expr { return &Ident{Pos: pos, Name: "_"} }

// parseExpr parses a full expression: `c ? a : b` is the loosest form and
// groups to the right.
func (p *parser) parseExpr() Expr {
	if p.exprLevel == 0 {
		p.exprOps = 0
	}
	p.exprLevel++
	defer func() { p.exprLevel-- }()
	c := p.parseBinary(precOr)
	if p.tok.kind != tokQuestion || p.bad {
		return c
	}
	if !p.enter() {
		return c
	}
	defer p.leave()
	p.next()
	a := p.parseExpr()
	p.expect(tokColon, `in conditional expression (c ? a : b)`)
	b := p.parseExpr()
	return &Cond{C: c, A: a, B: b}
}

// parseBinary parses operators of precedence minPrec and tighter, left
// associative except comparisons, which do not chain.
func (p *parser) parseBinary(minPrec int) Expr {
	x := p.parseUnary()
	chainedCmp := false
	for !p.bad {
		prec := binaryPrec(p.tok.kind)
		if prec == 0 || prec < minPrec {
			return x
		}
		op, opPos := p.tok, p.tok.pos
		if p.exprOps++; p.exprOps > maxExprOps {
			p.limitf(opPos, "expression too long (more than %d operators): split it, e.g. into locals or cost functions", maxExprOps)
			return x
		}
		if prec == precCmp {
			if chainedCmp {
				p.reportf(opPos, "comparison operators do not chain: use parentheses or &&")
			}
			chainedCmp = true
		}
		p.next()
		y := p.parseBinary(prec + 1)
		x = &Binary{X: x, OpPos: opPos, Op: opString(op), Y: y}
	}
	return x
}

func opString(t token) string { return t.text }

func (p *parser) parseUnary() Expr {
	if p.tok.kind == tokSub || p.tok.kind == tokNot {
		pos, op := p.tok.pos, p.tok.text
		if !p.enter() {
			return missingExpr(pos)
		}
		defer p.leave()
		p.next()
		return &Unary{Pos: pos, Op: op, X: p.parseUnary()}
	}
	return p.parsePrimary()
}

// parseOpsArgs reads the KEY: count pairs of ops(...) up to and
// including the closing parenthesis.
func (p *parser) parseOpsArgs(call *CallExpr) {
	for p.tok.kind != tokRparen && !p.bad {
		t := p.tok
		// Operation names may be words the language reserves (call).
		if t.kind != tokIdent && t.kind != tokKeyword {
			p.errorf(t.pos, "expected an operation name in ops(...), found %s", t.describe())
			break
		}
		p.next()
		p.expect(tokColon, "after operation name "+t.text)
		call.Keys = append(call.Keys, &Ident{Pos: t.pos, Name: t.text})
		call.Args = append(call.Args, p.parseExpr())
		if p.bad || !p.got(tokComma) {
			break
		}
	}
	call.Rparen = p.expect(tokRparen, "after the operations of ops")
}

func (p *parser) parsePrimary() Expr {
	t := p.tok
	switch t.kind {
	case tokNumber:
		p.next()
		return &Number{Pos: t.pos, Value: t.val, Text: t.text}
	case tokKeyword:
		if t.text == "true" || t.text == "false" {
			p.next()
			return &Bool{Pos: t.pos, Value: t.text == "true"}
		}
	case tokIdent:
		p.next()
		id := &Ident{Pos: t.pos, Name: t.text}
		if p.tok.kind != tokLparen {
			return id
		}
		if !p.enter() {
			return id
		}
		defer p.leave()
		p.next()
		call := &CallExpr{Fun: id}
		if id.Name == OpsFunc {
			p.parseOpsArgs(call)
			return call
		}
		if p.tok.kind != tokRparen {
			for {
				call.Args = append(call.Args, p.parseExpr())
				if p.bad || !p.got(tokComma) {
					break
				}
			}
		}
		call.Rparen = p.expect(tokRparen, "after arguments of "+id.Name)
		return call
	case tokLparen:
		if !p.enter() {
			return missingExpr(t.pos)
		}
		defer p.leave()
		p.next()
		x := p.parseExpr()
		p.expect(tokRparen, fmt.Sprintf("to match %q at %s", "(", t.pos))
		return &Paren{Pos: t.pos, X: x}
	}
	p.errorf(t.pos, "expected expression, found %s", t.describe())
	return missingExpr(t.pos)
}
