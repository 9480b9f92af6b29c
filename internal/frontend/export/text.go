package export

import (
	"strconv"
	"strings"

	"augur/internal/frontend/model"
)

// ExprString prints e as model source text. Parentheses the user wrote are
// kept (they are Paren nodes); others are added only where precedence
// needs them, so hand-built trees print correctly too. Missing parts of a
// partial tree print as "?".
func ExprString(e model.Expr) string {
	var b strings.Builder
	writeExpr(&b, e, 0)
	return b.String()
}

func precedence(op string) int {
	switch op {
	case "||":
		return 1
	case "&&":
		return 2
	case "==", "!=", "<", "<=", ">", ">=":
		return 3
	case "+", "-":
		return 4
	case "*", "/", "%":
		return 5
	}
	return 6
}

// writeExpr prints e; prec is the binding strength the context needs
// (0: anything, 6: an operand of a unary operator).
func writeExpr(b *strings.Builder, e model.Expr, prec int) {
	switch e := e.(type) {
	case *model.Ident:
		if e != nil {
			b.WriteString(e.Name)
			return
		}
	case *model.Number:
		if e != nil {
			if e.Text != "" {
				b.WriteString(e.Text)
			} else {
				b.WriteString(strconv.FormatFloat(e.Value, 'g', -1, 64))
			}
			return
		}
	case *model.Bool:
		if e != nil {
			b.WriteString(strconv.FormatBool(e.Value))
			return
		}
	case *model.Paren:
		if e != nil {
			b.WriteByte('(')
			writeExpr(b, e.X, 0)
			b.WriteByte(')')
			return
		}
	case *model.Unary:
		if e != nil {
			b.WriteString(e.Op)
			writeExpr(b, e.X, 6)
			return
		}
	case *model.Binary:
		if e != nil {
			p := precedence(e.Op)
			if p < prec {
				b.WriteByte('(')
			}
			writeExpr(b, e.X, p)
			b.WriteString(" " + e.Op + " ")
			writeExpr(b, e.Y, p+1)
			if p < prec {
				b.WriteByte(')')
			}
			return
		}
	case *model.CallExpr:
		if e != nil {
			if e.Fun != nil {
				b.WriteString(e.Fun.Name)
			} else {
				b.WriteByte('?')
			}
			b.WriteByte('(')
			for i, a := range e.Args {
				if i > 0 {
					b.WriteString(", ")
				}
				if i < len(e.Keys) && e.Keys[i] != nil {
					b.WriteString(e.Keys[i].Name + ": ")
				}
				writeExpr(b, a, 0)
			}
			b.WriteByte(')')
			return
		}
	case *model.Cond:
		if e != nil {
			if prec > 0 {
				b.WriteByte('(')
			}
			writeExpr(b, e.C, 1)
			b.WriteString(" ? ")
			writeExpr(b, e.A, 1)
			b.WriteString(" : ")
			writeExpr(b, e.B, 0)
			if prec > 0 {
				b.WriteByte(')')
			}
			return
		}
	}
	b.WriteByte('?')
}

// exprOr prints e, or returns "" when e is nil.
func exprOr(e model.Expr) string {
	if e == nil {
		return ""
	}
	return ExprString(e)
}

func identName(id *model.Ident) string {
	if id == nil {
		return ""
	}
	return id.Name
}

func identPos(id *model.Ident) model.Pos {
	if id == nil {
		return model.Pos{}
	}
	return id.Pos
}

// kindWord is the keyword of a communication kind, safe for any value.
func kindWord(k model.CommKind) string {
	if k > model.AlltoallComm {
		return "comm"
	}
	return k.Keyword()
}

// commClauses prints the clauses of a communication element after its
// name, as in the source: "to 1 size 8 tag 3 cost F()".
func commClauses(c *model.Comm) string {
	var parts []string
	add := func(word string, e model.Expr) {
		if e != nil {
			parts = append(parts, word+" "+ExprString(e))
		}
	}
	switch c.Kind {
	case model.SendComm, model.IsendComm:
		add("to", c.Peer)
	case model.RecvComm, model.IrecvComm:
		if c.AnyPeer {
			parts = append(parts, "from any")
		} else {
			add("from", c.Peer)
		}
	}
	add("root", c.Root)
	add("size", c.Size)
	if c.AnyTag {
		parts = append(parts, "tag any")
	} else {
		add("tag", c.Tag)
	}
	if c.Threads {
		parts = append(parts, "threads")
	}
	add("cost", c.Cost)
	if c.Algo != nil {
		parts = append(parts, "algorithm "+c.Algo.Name)
	}
	if len(c.On) > 0 {
		names := make([]string, len(c.On))
		for i, id := range c.On {
			names[i] = identName(id)
		}
		parts = append(parts, "on "+strings.Join(names, ", "))
	}
	return strings.Join(parts, " ")
}

// codeText prints an action's code fragment: "GV = 1; P = 3.14".
func codeText(code []*model.Assign) string {
	parts := make([]string, 0, len(code))
	for _, a := range code {
		if a != nil {
			parts = append(parts, assignText(a))
		}
	}
	return strings.Join(parts, "; ")
}

func assignText(a *model.Assign) string {
	return identName(a.Name) + " = " + ExprString(a.Value)
}

// loopGuard is the guard written on a loop's repeat edge.
func loopGuard(s model.Stmt) string {
	switch s := s.(type) {
	case *model.Loop:
		return ExprString(s.Count) + " times"
	case *model.For:
		g := identName(s.Var) + " in " + ExprString(s.From) + " .. " + ExprString(s.To)
		if s.Step != nil {
			g += " step " + ExprString(s.Step)
		}
		return g
	}
	return "?"
}

// parallelText describes a parallel region: "«parallel» P1 threads 4" or
// "«pfor» PF i in 0 .. N schedule dynamic chunk 4".
func parallelText(s model.Stmt) (head, detail string) {
	switch s := s.(type) {
	case *model.Parallel:
		head = "«parallel» " + identName(s.Name)
		if s.Threads != nil {
			detail = "threads " + ExprString(s.Threads)
		}
	case *model.ParallelFor:
		head = "«pfor» " + identName(s.Name)
		parts := []string{identName(s.Var) + " in " + ExprString(s.From) + " .. " + ExprString(s.To)}
		if s.Threads != nil {
			parts = append(parts, "threads "+ExprString(s.Threads))
		}
		parts = append(parts, "schedule "+s.Schedule.String())
		if s.Chunk != nil {
			parts = append(parts, "chunk "+ExprString(s.Chunk))
		}
		detail = strings.Join(parts, " ")
	}
	return head, detail
}

// safePos is e.Position() for any tree, also with nil parts.
func safePos(e model.Expr) model.Pos {
	switch e := e.(type) {
	case nil:
		return model.Pos{}
	case *model.Binary:
		if e == nil {
			return model.Pos{}
		}
		if p := safePos(e.X); p.IsValid() {
			return p
		}
		return e.OpPos
	case *model.Cond:
		if e == nil {
			return model.Pos{}
		}
		return safePos(e.C)
	case *model.CallExpr:
		if e == nil || e.Fun == nil {
			return model.Pos{}
		}
		return e.Fun.Pos
	case *model.Ident:
		if e != nil {
			return e.Pos
		}
	case *model.Number:
		if e != nil {
			return e.Pos
		}
	case *model.Bool:
		if e != nil {
			return e.Pos
		}
	case *model.Unary:
		if e != nil {
			return e.Pos
		}
	case *model.Paren:
		if e != nil {
			return e.Pos
		}
	}
	return model.Pos{}
}
