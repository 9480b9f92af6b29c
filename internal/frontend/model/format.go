package model

import (
	"bytes"
	"errors"
	"math"
	"slices"
	"strconv"
	"strings"
)

// FormatSource = Parse + Format; returns diagnostics if the source does not parse.
func FormatSource(filename string, src []byte) ([]byte, error) {
	f, diags := Parse(filename, src)
	if diags.HasErrors() {
		return nil, diags
	}
	if f == nil {
		return nil, errors.New(filename + ": nothing parsed")
	}
	return Format(f), nil
}

// Format prints f canonically (2-space indent, one statement per line, comments kept).
//
// Comments are placed by position: a comment goes before the declaration
// or statement that follows it, except that comments on the last line of a
// one-line statement (or on the line of a block's "{" or "}") stay at the
// end of that line. Comments inside an expression move to the end of the
// statement's line. The result reparses with every comment in the same
// place, which is what makes formatting idempotent.
func Format(f *File) []byte {
	// Comments without a position (hand-built trees) cannot be placed:
	// they go last, after every placed one.
	p := &srcPrinter{}
	var unplaced []*Comment
	for _, c := range f.Comments {
		if c == nil {
			continue
		}
		if c.Pos.IsValid() {
			p.comments = append(p.comments, c)
		} else {
			unplaced = append(unplaced, c)
		}
	}
	slices.SortStableFunc(p.comments, func(a, b *Comment) int { return comparePos(a.Pos, b.Pos) })
	p.placed = len(p.comments)
	p.comments = append(p.comments, unplaced...)

	p.leading(f.NamePos)
	p.write("model " + f.Name)
	var limit Pos
	if len(f.Decls) > 0 {
		limit = f.Decls[0].Position()
	}
	p.trailing(limit, f.NamePos.Line)
	p.newline()
	for i, d := range f.Decls {
		if i == 0 || declGroup(f.Decls[i-1]) != declGroup(d) || isActivity(d) {
			p.newline()
		}
		limit = Pos{}
		if i+1 < len(f.Decls) {
			limit = f.Decls[i+1].Position()
		}
		p.decl(d, limit)
	}
	// Comments after the last declaration, and any a hand-built tree
	// placed out of reach: a comment is never lost.
	if p.next < len(p.comments) {
		p.newline()
		for ; p.next < len(p.comments); p.next++ {
			p.write(p.comments[p.next].Text)
			p.newline()
		}
	}
	return p.buf.Bytes()
}

// srcPrinter accumulates the formatted text.
type srcPrinter struct {
	buf      bytes.Buffer
	comments []*Comment // sorted by position
	next     int        // first comment not yet printed
	placed   int        // comments[:placed] have positions
	indent   int
	bol      bool // at the beginning of a line: indent before writing
}

func comparePos(a, b Pos) int {
	if a.Line != b.Line {
		return int(a.Line) - int(b.Line)
	}
	return int(a.Col) - int(b.Col)
}

func before(a, b Pos) bool { return comparePos(a, b) < 0 }

func (p *srcPrinter) write(s string) {
	if p.bol || p.buf.Len() == 0 {
		for range p.indent {
			p.buf.WriteString("  ")
		}
		p.bol = false
	}
	p.buf.WriteString(s)
}

func (p *srcPrinter) newline() {
	p.buf.WriteByte('\n')
	p.bol = true
}

// endsLine reports whether nothing may follow comment c on its line.
func endsLine(c *Comment) bool {
	return strings.HasPrefix(c.Text, "//") || strings.Contains(c.Text, "\n")
}

// leading prints, each on its own line, the comments before pos.
func (p *srcPrinter) leading(pos Pos) {
	if !pos.IsValid() {
		return
	}
	for p.next < p.placed && before(p.comments[p.next].Pos, pos) {
		p.write(p.comments[p.next].Text)
		p.newline()
		p.next++
	}
}

// trailing prints at the end of the current line the comments before limit
// (no limit if invalid) that sit on a source line up to endLine. It stops
// after a line comment: the rest become leading comments of what follows.
func (p *srcPrinter) trailing(limit Pos, endLine int32) {
	for p.next < p.placed {
		c := p.comments[p.next]
		if c.Pos.Line > endLine || limit.IsValid() && !before(c.Pos, limit) {
			return
		}
		p.write(" " + c.Text)
		p.next++
		if endsLine(c) {
			return
		}
	}
}

// declGroup says which declarations go together without a blank line.
func declGroup(d Decl) int {
	switch d := d.(type) {
	case *VarDecl:
		return int(d.Kind)
	case *CostDecl:
		return 10
	}
	return 20
}

func isActivity(d Decl) bool { _, ok := d.(*ActivityDecl); return ok }

func (p *srcPrinter) decl(d Decl, limit Pos) {
	p.leading(d.Position())
	switch d := d.(type) {
	case *VarDecl:
		text := d.Kind.String() + " " + identName(d.Name) + " = " + exprString(d.Value)
		end := maxLine(d.Pos.Line, identLine(d.Name), exprEnd(d.Value))
		if d.Arg != nil {
			text += " " + d.Arg.String()
			end = maxLine(end, d.Arg.Pos.Line)
		}
		p.write(text)
		p.trailing(limit, end)
	case *CostDecl:
		var sb strings.Builder
		sb.WriteString("cost " + identName(d.Name) + "(")
		end := maxLine(d.Pos.Line, identLine(d.Name), exprEnd(d.Body))
		for i, param := range d.Params {
			if i > 0 {
				sb.WriteString(", ")
			}
			sb.WriteString(identName(param))
			end = maxLine(end, identLine(param))
		}
		sb.WriteString(") = " + exprString(d.Body))
		p.write(sb.String())
		p.trailing(limit, end)
	case *ActivityDecl:
		p.write("activity " + identName(d.Name))
		p.block(d.Body)
		p.trailing(limit, blockEnd(d.Body))
	}
	p.newline()
}

// block prints " { ... }" after a header already written on the line.
func (p *srcPrinter) block(b *Block) {
	if b == nil {
		p.write(" {}")
		return
	}
	p.write(" {")
	// Comments in the header, or after "{" on its line, end the header line.
	first := b.Rbrace
	if len(b.Stmts) > 0 {
		first = b.Stmts[0].Position()
	}
	n := p.next
	for p.next < p.placed {
		c := p.comments[p.next]
		if !before(c.Pos, b.Lbrace) && !(c.Pos.Line == b.Lbrace.Line && before(c.Pos, first)) {
			break
		}
		p.write(" " + c.Text)
		p.next++
		if endsLine(c) {
			break
		}
	}
	pendingBeforeRbrace := p.next < p.placed && before(p.comments[p.next].Pos, b.Rbrace)
	if len(b.Stmts) == 0 && n == p.next && !pendingBeforeRbrace {
		p.write("}")
		return
	}
	p.newline()
	p.indent++
	p.stmts(b.Stmts, b.Rbrace)
	p.leading(b.Rbrace)
	p.indent--
	p.write("}")
}

// stmts prints a statement list; end is the position of the closing "}".
func (p *srcPrinter) stmts(list []Stmt, end Pos) {
	for i, s := range list {
		limit := end
		if i+1 < len(list) {
			limit = list[i+1].Position()
		}
		p.stmt(s, limit)
	}
}

// stmt prints one statement on its own line(s); limit is where the next
// statement (or the closing "}") begins.
func (p *srcPrinter) stmt(s Stmt, limit Pos) {
	if s == nil {
		return
	}
	p.leading(s.Position())
	switch s := s.(type) {
	case *If:
		for i, cond := range s.Conds {
			if i == 0 {
				p.write("if " + exprString(cond))
			} else {
				p.write(" else if " + exprString(cond))
			}
			if i < len(s.Thens) {
				p.block(s.Thens[i])
			}
		}
		last := lastBlockEnd(s.Thens)
		if s.Else != nil {
			p.write(" else")
			p.block(s.Else)
			last = blockEnd(s.Else)
		}
		p.trailing(limit, last)
	case *Loop:
		p.write("loop " + exprString(s.Count))
		p.block(s.Body)
		p.trailing(limit, blockEnd(s.Body))
	case *For:
		h := "for " + identName(s.Var) + " in " + exprString(s.From) + " .. " + exprString(s.To)
		if s.Step != nil {
			h += " step " + exprString(s.Step)
		}
		p.write(h)
		p.block(s.Body)
		p.trailing(limit, blockEnd(s.Body))
	case *Choose:
		p.choose(s, limit)
	case *Parallel:
		h := "parallel " + identName(s.Name)
		if s.Threads != nil {
			h += " threads " + exprString(s.Threads)
		}
		p.write(h)
		p.block(s.Body)
		p.trailing(limit, blockEnd(s.Body))
	case *ParallelFor:
		h := "pfor " + identName(s.Name) + " " + identName(s.Var) + " in " + exprString(s.From) + " .. " + exprString(s.To)
		if s.Threads != nil {
			h += " threads " + exprString(s.Threads)
		}
		// `schedule static` without a chunk is the default: not printed.
		if s.Schedule != Static || s.Chunk != nil {
			h += " schedule " + s.Schedule.String()
		}
		if s.Chunk != nil {
			h += " chunk " + exprString(s.Chunk)
		}
		p.write(h)
		p.block(s.Body)
		p.trailing(limit, blockEnd(s.Body))
	case *Critical:
		p.write(s.Kind.Keyword() + " " + identName(s.Name))
		p.block(s.Body)
		p.trailing(limit, blockEnd(s.Body))
	default:
		p.write(simpleStmt(s))
		p.trailing(limit, simpleEnd(s))
	}
	p.newline()
}

func (p *srcPrinter) choose(s *Choose, limit Pos) {
	p.write("choose {")
	first := limit
	if len(s.Probs) > 0 {
		first = s.Probs[0].Position()
	} else if s.Else != nil {
		first = s.Else.Lbrace
	}
	p.trailing(first, s.Pos.Line)
	p.newline()
	p.indent++
	for i, prob := range s.Probs {
		p.leading(prob.Position())
		p.write(exprString(prob))
		var alt *Block
		if i < len(s.Alts) {
			alt = s.Alts[i]
		}
		p.block(alt)
		next := limit
		if i+1 < len(s.Probs) {
			next = s.Probs[i+1].Position()
		} else if s.Else != nil {
			next = s.Else.Lbrace
		}
		p.trailing(next, blockEnd(alt))
		p.newline()
	}
	if s.Else != nil {
		p.leading(s.Else.Lbrace)
		p.write("else")
		p.block(s.Else)
		p.trailing(limit, blockEnd(s.Else))
		p.newline()
	}
	p.indent--
	p.write("}")
}

// simpleStmt renders a statement that always fits on one line.
func simpleStmt(s Stmt) string {
	switch s := s.(type) {
	case *Assign:
		return identName(s.Name) + " = " + exprString(s.Value)
	case *Action:
		t := "action " + identName(s.Name)
		if s.Cost != nil {
			t += " cost " + exprString(s.Cost)
		}
		if s.HasCode || len(s.Code) > 0 {
			if len(s.Code) == 0 {
				t += " {}"
			} else {
				parts := make([]string, 0, len(s.Code))
				for _, a := range s.Code {
					if a != nil {
						parts = append(parts, identName(a.Name)+" = "+exprString(a.Value))
					}
				}
				t += " { " + strings.Join(parts, "; ") + " }"
			}
		}
		return t
	case *Delay:
		return "delay " + identName(s.Name) + " cost " + exprString(s.Cost)
	case *Priority:
		return "priority " + exprString(s.Value)
	case *Call:
		return "call " + identName(s.Name)
	case *Comm:
		return commString(s)
	}
	return "_"
}

// commString prints a communication element with its clauses in the
// canonical order: peer, root, size, tag, on, threads, cost, algorithm.
func commString(s *Comm) string {
	var sb strings.Builder
	sb.WriteString(s.Kind.Keyword() + " " + identName(s.Name))
	sends := s.Kind == SendComm || s.Kind == IsendComm
	switch {
	case sends && s.Peer != nil:
		sb.WriteString(" to " + exprString(s.Peer))
	case !sends && s.AnyPeer:
		sb.WriteString(" from any")
	case s.Peer != nil:
		sb.WriteString(" from " + exprString(s.Peer))
	}
	if s.Root != nil {
		sb.WriteString(" root " + exprString(s.Root))
	}
	if s.Size != nil {
		sb.WriteString(" size " + exprString(s.Size))
	}
	if s.AnyTag {
		sb.WriteString(" tag any")
	} else if s.Tag != nil {
		sb.WriteString(" tag " + exprString(s.Tag))
	}
	if len(s.On) > 0 {
		names := make([]string, len(s.On))
		for i, id := range s.On {
			names[i] = identName(id)
		}
		sb.WriteString(" on " + strings.Join(names, ", "))
	}
	if s.Threads {
		sb.WriteString(" threads")
	}
	if s.InPlace {
		sb.WriteString(" in_place")
	}
	if s.Cost != nil {
		sb.WriteString(" cost " + exprString(s.Cost))
	}
	if s.Algo != nil {
		sb.WriteString(" algorithm " + identName(s.Algo))
	}
	return sb.String()
}

func identName(id *Ident) string {
	if id == nil || id.Name == "" {
		return "_"
	}
	return id.Name
}

// ---------------------------------------------------------------------------
// Source extents, to tell which comments end a statement's line. The tree
// records where nodes start; a one-line statement ends on the line of its
// last node, a block statement on the line of its last "}".

func maxLine(lines ...int32) int32 {
	m := int32(0)
	for _, l := range lines {
		m = max(m, l)
	}
	return m
}

func identLine(id *Ident) int32 {
	if id == nil {
		return 0
	}
	return id.Pos.Line
}

func blockEnd(b *Block) int32 {
	if b == nil {
		return 0
	}
	return b.Rbrace.Line
}

func lastBlockEnd(bs []*Block) int32 {
	if len(bs) == 0 {
		return 0
	}
	return blockEnd(bs[len(bs)-1])
}

func simpleEnd(s Stmt) int32 {
	switch s := s.(type) {
	case *Assign:
		return maxLine(identLine(s.Name), exprEnd(s.Value))
	case *Action:
		end := maxLine(s.Pos.Line, identLine(s.Name), exprEnd(s.Cost))
		for _, a := range s.Code {
			if a != nil {
				end = maxLine(end, identLine(a.Name), exprEnd(a.Value))
			}
		}
		return end
	case *Delay:
		return maxLine(s.Pos.Line, identLine(s.Name), exprEnd(s.Cost))
	case *Priority:
		return maxLine(s.Pos.Line, exprEnd(s.Value))
	case *Call:
		return maxLine(s.Pos.Line, identLine(s.Name))
	case *Comm:
		end := maxLine(s.Pos.Line, identLine(s.Name), exprEnd(s.Peer), exprEnd(s.Root),
			exprEnd(s.Size), exprEnd(s.Tag), exprEnd(s.Cost), identLine(s.Algo))
		for _, id := range s.On {
			end = maxLine(end, identLine(id))
		}
		return end
	}
	return s.Position().Line
}

// exprEnd is the last line on which e has a token (that the tree records).
func exprEnd(e Expr) int32 {
	switch e := e.(type) {
	case *Ident:
		if e != nil {
			return e.Pos.Line
		}
	case *Number:
		if e != nil {
			return e.Pos.Line
		}
	case *Bool:
		if e != nil {
			return e.Pos.Line
		}
	case *Unary:
		if e != nil {
			return maxLine(e.Pos.Line, exprEnd(e.X))
		}
	case *Binary:
		if e != nil {
			return maxLine(exprEnd(e.X), e.OpPos.Line, exprEnd(e.Y))
		}
	case *CallExpr:
		if e != nil {
			end := maxLine(identLine(e.Fun), e.Rparen.Line)
			for _, a := range e.Args {
				end = maxLine(end, exprEnd(a))
			}
			return end
		}
	case *Cond:
		if e != nil {
			return maxLine(exprEnd(e.C), exprEnd(e.A), exprEnd(e.B))
		}
	case *Paren:
		if e != nil {
			return maxLine(e.Pos.Line, exprEnd(e.X))
		}
	}
	return 0
}

// ---------------------------------------------------------------------------
// Expressions

// exprString prints e with spaces around binary operators. Parentheses
// come from the tree (*Paren); more are added only where a hand-built
// tree would otherwise print as a different expression.
func exprString(e Expr) string {
	var sb strings.Builder
	writeExpr(&sb, e, precCond)
	return sb.String()
}

func writeExpr(sb *strings.Builder, e Expr, minPrec int) {
	prec := exprPrec(e)
	if prec < minPrec {
		sb.WriteByte('(')
		defer sb.WriteByte(')')
	}
	switch e := e.(type) {
	case *Ident:
		sb.WriteString(identName(e))
	case *Number:
		if e == nil {
			sb.WriteString("_")
		} else if e.Text != "" {
			sb.WriteString(e.Text)
		} else {
			sb.WriteString(formatNumber(e.Value))
		}
	case *Bool:
		if e != nil && e.Value {
			sb.WriteString("true")
		} else {
			sb.WriteString("false")
		}
	case *Unary:
		sb.WriteString(e.Op)
		writeExpr(sb, e.X, precUnary)
	case *Binary:
		left := prec
		if prec == precCmp {
			left = prec + 1 // comparisons do not chain
		}
		writeExpr(sb, e.X, left)
		sb.WriteString(" " + e.Op + " ")
		writeExpr(sb, e.Y, prec+1)
	case *CallExpr:
		sb.WriteString(identName(e.Fun) + "(")
		for i, a := range e.Args {
			if i > 0 {
				sb.WriteString(", ")
			}
			if i < len(e.Keys) {
				sb.WriteString(identName(e.Keys[i]) + ": ")
			}
			writeExpr(sb, a, precCond)
		}
		sb.WriteByte(')')
	case *Cond:
		writeExpr(sb, e.C, precOr)
		sb.WriteString(" ? ")
		writeExpr(sb, e.A, precCond)
		sb.WriteString(" : ")
		writeExpr(sb, e.B, precCond)
	case *Paren:
		sb.WriteByte('(')
		writeExpr(sb, e.X, precCond)
		sb.WriteByte(')')
	default: // nil or unknown: never crash the formatter
		sb.WriteString("_")
	}
}

// exprPrec is how tightly e's printed form binds.
func exprPrec(e Expr) int {
	switch e := e.(type) {
	case *Cond:
		if e != nil {
			return precCond
		}
	case *Binary:
		if e != nil {
			return opPrec(e.Op)
		}
	case *Unary:
		if e != nil {
			return precUnary
		}
	case *Number:
		if e != nil && e.Text == "" && (e.Value < 0 || math.Signbit(e.Value)) {
			return precUnary // printed with a leading "-"
		}
	}
	return precUnary + 1
}

// formatNumber prints a value of a hand-built Number so that it lexes back.
func formatNumber(v float64) string {
	switch {
	case math.IsNaN(v):
		return "(0 / 0)"
	case math.IsInf(v, 1):
		return "(1 / 0)"
	case math.IsInf(v, -1):
		return "(-1 / 0)"
	}
	return strconv.FormatFloat(v, 'g', -1, 64)
}
