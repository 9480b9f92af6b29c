package analyze

import (
	"math"
	"strconv"
	"strings"
)

// Expr is a symbolic value of the analysed program — a loop bound, a
// message size, a count — in terms of the model's names: parameters,
// pid and procs, loop variables and per-process locals. It prints as an
// expression of augur's model language.
type Expr interface {
	// prec is the precedence of the expression's top operator, for
	// printing with the fewest parentheses.
	prec() int
}

// Num is a constant.
type Num struct{ V float64 }

// Name is a model name: a param, a local, a loop variable, pid, procs.
type Name struct{ N string }

// Bin is a binary operation of the model language.
type Bin struct {
	Op   string // + - * / % == != < <= > >= && ||
	A, B Expr
}

// Call is a call of a built-in function of the model language (floor,
// min, max, ...).
type Call struct {
	Fn   string
	Args []Expr
}

// Cond is c ? a : b.
type Cond struct{ C, A, B Expr }

// Not is !x.
type Not struct{ X Expr }

func (Num) prec() int  { return 9 }
func (Name) prec() int { return 9 }
func (Call) prec() int { return 9 }
func (Not) prec() int  { return 8 }
func (Cond) prec() int { return 0 }
func (b Bin) prec() int {
	switch b.Op {
	case "||":
		return 1
	case "&&":
		return 2
	case "==", "!=", "<", "<=", ">", ">=":
		return 3
	case "+", "-":
		return 4
	}
	return 5 // * / %
}

// String prints e in the model language.
func String(e Expr) string {
	var b strings.Builder
	write(&b, e)
	return b.String()
}

func write(b *strings.Builder, e Expr) {
	switch e := e.(type) {
	case raw:
		b.WriteString(string(e))
	case Num:
		b.WriteString(numText(e.V))
	case Name:
		b.WriteString(e.N)
	case Not:
		b.WriteString("!")
		paren(b, e.X, e.X.prec() < 8)
	case Call:
		b.WriteString(e.Fn)
		b.WriteString("(")
		for i, a := range e.Args {
			if i > 0 {
				b.WriteString(", ")
			}
			write(b, a)
		}
		b.WriteString(")")
	case Cond:
		paren(b, e.C, e.C.prec() <= 0)
		b.WriteString(" ? ")
		paren(b, e.A, e.A.prec() <= 0)
		b.WriteString(" : ")
		write(b, e.B)
	case Bin:
		p := e.prec()
		// Comparisons do not chain in the model language: parenthesise
		// a comparison under another.
		paren(b, e.A, e.A.prec() < p || (p == 3 && e.A.prec() == 3))
		b.WriteString(" " + e.Op + " ")
		paren(b, e.B, e.B.prec() <= p)
	}
}

func paren(b *strings.Builder, e Expr, need bool) {
	if need {
		b.WriteString("(")
	}
	write(b, e)
	if need {
		b.WriteString(")")
	}
}

// numText prints a number so that the model language reads it back
// exactly (negative numbers as a unary minus the model parses).
func numText(v float64) string {
	if v < 0 {
		return "(" + "-" + numText(-v) + ")"
	}
	if v == math.Trunc(v) && v < 1e15 {
		return strconv.FormatFloat(v, 'f', -1, 64)
	}
	return strconv.FormatFloat(v, 'g', -1, 64)
}

// constOf reports e's value when it is a constant.
func constOf(e Expr) (float64, bool) {
	n, ok := e.(Num)
	return n.V, ok
}

// add, sub, mul, div build expressions, folding constants and the
// identities that keep generated models readable.
func add(a, b Expr) Expr {
	x, okx := constOf(a)
	y, oky := constOf(b)
	switch {
	case okx && oky:
		return Num{x + y}
	case okx && x == 0:
		return b
	case oky && y == 0:
		return a
	case oky && y < 0:
		return Bin{"-", a, Num{-y}}
	}
	return Bin{"+", a, b}
}

func sub(a, b Expr) Expr {
	x, okx := constOf(a)
	y, oky := constOf(b)
	switch {
	case okx && oky:
		return Num{x - y}
	case oky && y == 0:
		return a
	case oky && y < 0:
		return Bin{"+", a, Num{-y}}
	}
	return Bin{"-", a, b}
}

func mul(a, b Expr) Expr {
	x, okx := constOf(a)
	y, oky := constOf(b)
	switch {
	case okx && oky:
		return Num{x * y}
	case okx && x == 0, oky && y == 0:
		return Num{0}
	case okx && x == 1:
		return b
	case oky && y == 1:
		return a
	}
	return Bin{"*", a, b}
}

func div(a, b Expr) Expr {
	x, okx := constOf(a)
	y, oky := constOf(b)
	switch {
	case okx && oky && y != 0:
		return Num{x / y}
	case oky && y == 1:
		return a
	}
	return Bin{"/", a, b}
}

// names lists the model names e reads, each once, in order of appearance.
func names(e Expr) []string {
	var out []string
	seen := map[string]bool{}
	var walk func(Expr)
	walk = func(e Expr) {
		switch e := e.(type) {
		case Name:
			if !seen[e.N] {
				seen[e.N] = true
				out = append(out, e.N)
			}
		case Bin:
			walk(e.A)
			walk(e.B)
		case Call:
			for _, a := range e.Args {
				walk(a)
			}
		case Cond:
			walk(e.C)
			walk(e.A)
			walk(e.B)
		case Not:
			walk(e.X)
		}
	}
	walk(e)
	return out
}

// eval computes e with the given values of names; ok is false when a
// name has no value or the expression uses something eval does not know.
func eval(e Expr, env map[string]float64) (float64, bool) {
	switch e := e.(type) {
	case Num:
		return e.V, true
	case Name:
		v, ok := env[e.N]
		return v, ok
	case Not:
		x, ok := eval(e.X, env)
		return b2f(x == 0), ok
	case Cond:
		c, ok := eval(e.C, env)
		if !ok {
			return 0, false
		}
		if c != 0 {
			return eval(e.A, env)
		}
		return eval(e.B, env)
	case Call:
		args := make([]float64, len(e.Args))
		for i, a := range e.Args {
			v, ok := eval(a, env)
			if !ok {
				return 0, false
			}
			args[i] = v
		}
		switch {
		case e.Fn == "floor" && len(args) == 1:
			return math.Floor(args[0]), true
		case e.Fn == "ceil" && len(args) == 1:
			return math.Ceil(args[0]), true
		case e.Fn == "abs" && len(args) == 1:
			return math.Abs(args[0]), true
		case e.Fn == "trunc" && len(args) == 1:
			return math.Trunc(args[0]), true
		case e.Fn == "pow" && len(args) == 2:
			return math.Pow(args[0], args[1]), true
		case (e.Fn == "min" || e.Fn == "max") && len(args) >= 1:
			r := args[0]
			for _, v := range args[1:] {
				if (e.Fn == "min") == (v < r) {
					r = v
				}
			}
			return r, true
		}
		return 0, false
	case Bin:
		x, ok := eval(e.A, env)
		if !ok {
			return 0, false
		}
		y, ok := eval(e.B, env)
		if !ok {
			return 0, false
		}
		switch e.Op {
		case "+":
			return x + y, true
		case "-":
			return x - y, true
		case "*":
			return x * y, true
		case "/":
			return x / y, true
		case "%":
			return math.Mod(x, y), true
		case "==":
			return b2f(x == y), true
		case "!=":
			return b2f(x != y), true
		case "<":
			return b2f(x < y), true
		case "<=":
			return b2f(x <= y), true
		case ">":
			return b2f(x > y), true
		case ">=":
			return b2f(x >= y), true
		case "&&":
			return b2f(x != 0 && y != 0), true
		case "||":
			return b2f(x != 0 || y != 0), true
		}
	}
	return 0, false
}

func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

// mapOperands rebuilds the top operator of e (a binary operator, a call,
// a conditional or a negation) over f of its operands; an expression with
// none is e itself. The rewrites of expressions (subst, fold, tidy,
// assumeAbove) recurse through it.
func mapOperands(e Expr, f func(Expr) Expr) Expr {
	switch x := e.(type) {
	case Bin:
		return Bin{x.Op, f(x.A), f(x.B)}
	case Call:
		args := make([]Expr, len(x.Args))
		for i, a := range x.Args {
			args[i] = f(a)
		}
		return Call{x.Fn, args}
	case Cond:
		return Cond{f(x.C), f(x.A), f(x.B)}
	case Not:
		return Not{f(x.X)}
	}
	return e
}
