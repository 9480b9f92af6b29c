package analyze

import (
	"strings"

	"modernc.org/cc/v4"
)

// Steps that only shrink. ParRes DGEMM walks the inner dimension in
// panels: updt = nb; for (kk = 0; kk < k; kk += updt) { updt = MIN(updt,
// mm[currow] - ii); ... }: the body lowers the step to what is left of
// the current block, a bound the analysis cannot read. The step then
// stays at most its value before the loop, and is that value wherever the
// blocks are multiples of it: the analysis takes it so, in the loop's
// count (ceil(k / nb)) and in the body, where the panel it passes on
// (dgemm_local(..., updt, ...)) is nb wide. Panels cut short at block
// edges make the count a little low, their work the same: the total is
// k either way.

// clampedStep finds the variable a loop's step adds (i += s) when the
// body assigns it only as s = MIN(s, X): it and its value before the
// loop, nil when there is none or its value is not known.
func (cf *control) clampedStep(it *cc.IterationStatement) (*cc.Declarator, Expr) {
	_, stepE := loopTestStep(it)
	ae, ok := unparen(stepE).(*cc.AssignmentExpression)
	if !ok || ae.Case != cc.AssignmentExpressionAdd {
		return nil, nil
	}
	s := declOf(ae.AssignmentExpression)
	v, known := cf.w.vals[s]
	if s == nil || !known || !cc.IsIntegerType(s.Type()) {
		return nil, nil
	}
	only, any := true, false
	visit(it.Statement, func(m cc.Node) bool {
		if declOf(written(m, true)) != s {
			return true
		}
		x, ok := m.(*cc.AssignmentExpression)
		if !ok || x.Case != cc.AssignmentExpressionAssign || !selfClamp(x.AssignmentExpression, s) {
			only = false
		}
		any = true
		return only
	})
	if !only || !any {
		return nil, nil
	}
	return s, v
}

// selfClamp reports whether e is MIN(s, X): s < X ? s : X, or its
// mirror images, with X not reading s.
func selfClamp(e cc.Node, s *cc.Declarator) bool {
	c, ok := unparen(e).(*cc.ConditionalExpression)
	if !ok || c.Case != cc.ConditionalExpressionCond {
		return false
	}
	rel, ok := unparen(c.LogicalOrExpression).(*cc.RelationalExpression)
	if !ok {
		return false
	}
	l, r := rel.RelationalExpression, cc.Node(rel.ShiftExpression)
	a, b := c.ExpressionList, cc.Node(c.ConditionalExpression)
	var lesser, greater cc.Node // the arms chosen when l is the smaller
	switch rel.Case {
	case cc.RelationalExpressionLt, cc.RelationalExpressionLeq:
		lesser, greater = a, b
	case cc.RelationalExpressionGt, cc.RelationalExpressionGeq:
		lesser, greater = b, a
	default:
		return false
	}
	// The arm taken when l is smaller is l, the other r: a minimum.
	if !sameVar(lesser, l) || !sameText(greater, r) {
		return false
	}
	switch {
	case declOf(l) == s:
		return !mentions(r, s)
	case declOf(r) == s:
		return !mentions(l, s)
	}
	return false
}

// sameVar reports whether two expressions name the same variable.
func sameVar(x, y cc.Node) bool {
	d := declOf(x)
	return d != nil && d == declOf(y)
}

// sameText reports whether two expressions are the same tokens (the two
// copies of a macro's argument).
func sameText(x, y cc.Node) bool {
	if sameVar(x, y) {
		return true
	}
	var a, b []string
	for _, t := range cc.NodeTokens(x) {
		a = append(a, t.SrcStr())
	}
	for _, t := range cc.NodeTokens(y) {
		b = append(b, t.SrcStr())
	}
	return len(a) > 0 && strings.Join(a, " ") == strings.Join(b, " ")
}
