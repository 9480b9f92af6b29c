package analyze

import (
	"fmt"

	"modernc.org/cc/v4"
)

// Sizes that programs compute in loops and functions rather than in one
// expression. ParRes Random computes its table size as
//
//	log2nproc = poweroftwo(Num_procs);
//	loctablesize = 1;
//	for (i = 0; i < log2tablesize - log2nproc; i++) { oldsize = loctablesize; loctablesize <<= 1; ... }
//	nupdate = update_ratio * loctablesize;
//
// and every loop of the kernel is bounded by nupdate. Two mechanisms
// follow such values:
//
//   - a variable that a counted loop's body changes at one place of its
//     straight-line code by a constant amount or factor (x <<= k, x *= k,
//     x += k, x -= k, x++, x--) holds after the loop its closed form in
//     the loop's count n: x0 · 2^(k·n), x0 · k^n, x0 ± k·n (a compiler's
//     scalar evolution);
//   - a call of a pure function of the program (evalc.go) whose arguments
//     are constants or read the process count only is run: once, or for
//     every process count from 1 to maxTabulated, the value a parameter
//     whose value is that table as an expression of procs.

// recurrences gives the variables the loop's body steps by a constant
// their value after the loop, from pre, their values before it.
func (w *walker) recurrences(it *cc.IterationStatement, info *LoopInfo, pre map[*cc.Declarator]Expr) {
	if info.Trips == nil || (info.TripsHow != Exact && info.TripsHow != Symbolic) || info.Var != "" && mentionsName(info.Trips, info.Var) {
		return
	}
	n := info.Trips
	for _, e := range topExpressions(it.Statement) {
		d, v, ok := w.stepped(e, it.Statement, pre, n)
		if !ok {
			continue
		}
		w.vals[d] = v
		if len(w.loops) == 0 && w.rankIfs > 0 {
			w.rootVals[d] = v // computed by the root, then broadcast
		}
	}
}

// topExpressions lists the expression statements of a loop body's
// straight-line code (not those inside its branches and loops).
func topExpressions(s *cc.Statement) []cc.Node {
	if s == nil {
		return nil
	}
	switch s.Case {
	case cc.StatementExpr:
		if s.ExpressionStatement != nil && s.ExpressionStatement.ExpressionList != nil {
			return commaList(s.ExpressionStatement.ExpressionList)
		}
	case cc.StatementCompound:
		var out []cc.Node
		for l := s.CompoundStatement.BlockItemList; l != nil; l = l.BlockItemList {
			if it := l.BlockItem; it != nil && it.Case == cc.BlockItemStmt {
				out = append(out, topExpressions(it.Statement)...)
			}
		}
		return out
	}
	return nil
}

// stepped reads e as a step of a variable the body writes nowhere else
// (x <<= k, x *= k, x += k, x -= k, x++, x--) and gives its value after n
// executions from its value before the loop.
func (w *walker) stepped(e cc.Node, body *cc.Statement, pre map[*cc.Declarator]Expr, n Expr) (*cc.Declarator, Expr, bool) {
	var d *cc.Declarator
	var amount cc.Node
	op := ""
	switch x := unparen(e).(type) {
	case *cc.AssignmentExpression:
		op = map[cc.AssignmentExpressionCase]string{cc.AssignmentExpressionLsh: "<<", cc.AssignmentExpressionMul: "*",
			cc.AssignmentExpressionAdd: "+", cc.AssignmentExpressionSub: "-"}[x.Case]
		d, amount = declOf(x.UnaryExpression), x.AssignmentExpression
	case *cc.PostfixExpression:
		op = map[cc.PostfixExpressionCase]string{cc.PostfixExpressionInc: "++", cc.PostfixExpressionDec: "--"}[x.Case]
		d = declOf(x.PostfixExpression)
	case *cc.UnaryExpression:
		op = map[cc.UnaryExpressionCase]string{cc.UnaryExpressionInc: "++", cc.UnaryExpressionDec: "--"}[x.Case]
		d = declOf(x.UnaryExpression)
	}
	x0, known := pre[d]
	if op == "" || d == nil || !known || !cc.IsIntegerType(d.Type()) || writesOf(body, d) != 1 {
		return nil, nil, false
	}
	k := Expr(Num{1})
	if amount != nil {
		// The amount must not change in the loop: nothing the body
		// assigns, read after the body made it unknown.
		for _, m := range readVars(amount) {
			if assigns(body, m) {
				return nil, nil, false
			}
		}
		v, ok := w.sym(amount)
		if !ok {
			return nil, nil, false
		}
		k = v
	}
	switch op {
	case "<<":
		return d, simplify(mul(x0, Call{"pow", []Expr{Num{2}, mul(k, n)}})), true
	case "*":
		return d, simplify(mul(x0, Call{"pow", []Expr{k, n}})), true
	case "+", "++":
		return d, simplify(add(x0, mul(k, n))), true
	case "-", "--":
		return d, simplify(sub(x0, mul(k, n))), true
	}
	return nil, nil, false
}

// readVars lists the variables an expression reads.
func readVars(n cc.Node) []*cc.Declarator {
	var out []*cc.Declarator
	visit(n, func(m cc.Node) bool {
		if pe, ok := m.(*cc.PrimaryExpression); ok && pe.Case == cc.PrimaryExpressionIdent {
			if d, ok := pe.ResolvedTo().(*cc.Declarator); ok && d != nil {
				out = append(out, d)
			}
		}
		return true
	})
	return out
}

// pureValue is what a call of a pure function of the program returns,
// when its arguments are constants (run once) or read the process count
// only (run for 1 to maxTabulated processes: a parameter whose value is
// that table).
func (uk *unknowns) pureValue(c *cc.PostfixExpression) (Expr, bool) {
	name := calleeName(c)
	fd := uk.w.funcs[name]
	if fd == nil || !uk.pure(name) {
		return nil, false
	}
	args := callArgs(c)
	in := make([]Expr, len(args))
	readsProcs := false
	for i, a := range args {
		v, ok := uk.w.sym(a)
		if !ok {
			return nil, false
		}
		for _, n := range names(v) {
			if n != "procs" {
				return nil, false // the rank, a parameter, a local
			}
			readsProcs = true
		}
		in[i] = v
	}
	key := name + "(" + fmt.Sprint(in) + ")"
	if v, ok := uk.pureVals[key]; ok {
		return v, true
	}
	top := 1
	if readsProcs {
		top = maxTabulated
	}
	var table []float64
	for p := 1; p <= top; p++ {
		args := make([]cval, len(in))
		for i, e := range in {
			x, ok := eval(e, map[string]float64{"procs": float64(p)})
			if !ok {
				return nil, false
			}
			args[i] = cval{num: x}
		}
		ret, err := runPure(uk.w.funcs, fd, args)
		if err != nil || ret.ref != nil {
			return nil, false
		}
		table = append(table, ret.num)
	}
	if uk.pureVals == nil {
		uk.pureVals = map[string]Expr{}
	}
	var v Expr = Num{table[0]}
	if readsProcs {
		at := pos(c)
		p := uk.w.a.param(uk.w.fresh(name+"_procs"), table[0], at, "computed",
			fmt.Sprintf("what %s returns at %s, the same on every process: run for 1 to %d processes (beyond, %s)", name, at, maxTabulated, numText(table[len(table)-1])))
		p.Value = tabulate(table, Num{table[len(table)-1]})
		v = Name{p.Name}
	}
	uk.pureVals[key] = v
	return v, true
}
