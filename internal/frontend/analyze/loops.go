package analyze

import "modernc.org/cc/v4"

// Counted while loops. while (i < n) { ...; i++; } and for (; i < n;) {
// ...; i += step; } (CoMD's main loop) count an index the body steps
// once, in its own straight-line code, and for (; i < n; i++) one its
// step clause steps: they run ceil((n - i0) / step) times, i0 the index's
// value before the loop.

// whileIndex is the variable a loop without a step clause tests against
// a bound, when its body steps it at one place only; nil otherwise.
func whileIndex(it *cc.IterationStatement) *cc.Declarator {
	if it.Case == cc.IterationStatementDo {
		return nil
	}
	test, step := loopTestStep(it)
	if test == nil || step != nil && (it.Case != cc.IterationStatementFor || it.ExpressionList != nil) {
		return nil // a for that sets its index is canonical's
	}
	var d *cc.Declarator
	switch x := unparen(test).(type) {
	case *cc.RelationalExpression:
		if d = declOf(x.RelationalExpression); d == nil {
			d = declOf(x.ShiftExpression)
		}
	case *cc.EqualityExpression:
		if x.Case == cc.EqualityExpressionNeq {
			d = declOf(x.EqualityExpression)
		}
	}
	if d == nil || !cc.IsIntegerType(d.Type()) || loopStep(it, d) == nil {
		return nil
	}
	return d
}

// loopStep is where a loop without an initialisation steps its index d:
// its step clause, when the body leaves d alone (for (; i < n; i++)), or
// the body's one step (stepOfBody).
func loopStep(it *cc.IterationStatement, d *cc.Declarator) cc.ExpressionNode {
	if _, step := loopTestStep(it); step != nil {
		if assigns(it.Statement, d) {
			return nil
		}
		return step
	}
	return stepOfBody(it, d)
}

// stepOfBody is the one statement of a loop's body that steps d, when it
// is in the body's straight-line code and nothing else in the body
// assigns d.
func stepOfBody(it *cc.IterationStatement, d *cc.Declarator) cc.ExpressionNode {
	s := it.Statement
	if s == nil || s.Case != cc.StatementCompound {
		return nil
	}
	var found cc.ExpressionNode
	n := 0
	for l := s.CompoundStatement.BlockItemList; l != nil; l = l.BlockItemList {
		it := l.BlockItem
		if it == nil {
			continue
		}
		if !assigns(it, d) {
			continue
		}
		n++
		if it.Case == cc.BlockItemStmt && it.Statement.Case == cc.StatementExpr && it.Statement.ExpressionStatement.ExpressionList != nil {
			found = it.Statement.ExpressionStatement.ExpressionList
		} else {
			return nil
		}
	}
	if n != 1 {
		return nil
	}
	return found // its form is read by whileCount
}

// whileCount is the trip count of a loop whose index d whileIndex found,
// from its value before the loop.
func (cf *control) whileCount(it *cc.IterationStatement, d *cc.Declarator, from Expr) (Expr, How, bool) {
	test, _ := loopTestStep(it)
	stepE := loopStep(it, d)
	// A bound or step the analysis does not know becomes a parameter
	// named after its variable, as a for loop's (csym.go).
	cf.w.paramize = append(cf.w.paramize, it)
	defer func() { cf.w.paramize = cf.w.paramize[:len(cf.w.paramize)-1] }()
	to, ok := cf.bound(test, d, true)
	if !ok {
		return nil, "", false
	}
	if step, ok := cf.stepOf(stepE, d); ok && step > 0 {
		n := trips(from, to, step)
		if _, isConst := constOf(n); isConst {
			return n, Exact, true
		}
		return n, Symbolic, true
	}
	ae, ok := unparen(stepE).(*cc.AssignmentExpression)
	if !ok || ae.Case != cc.AssignmentExpressionAdd || declOf(ae.UnaryExpression) != d || mentions(ae.AssignmentExpression, d) {
		return nil, "", false
	}
	step, ok := cf.w.sym(ae.AssignmentExpression)
	if !ok {
		return nil, "", false
	}
	if !positive(step) {
		step = Call{"max", []Expr{Num{1}, step}} // a loop that ends steps up
	}
	return Call{"max", []Expr{Num{0}, Call{"ceil", []Expr{div(simplify(sub(to, from)), step)}}}}, Symbolic, true
}
