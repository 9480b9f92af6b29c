package analyze

import "modernc.org/cc/v4"

// Loops with several indices: for (int ng = nn, n = 0; ng < MIN(nn + nb,
// N); n++, ng++), a tile copied from a global range into a local one
// (ParRes DGEMM's blocked multiply). The loop's index is the one its test
// reads; another index that the step clause moves by the same constant
// and the body does not assign is that index plus a fixed offset, so the
// accesses through it (BB(n, k)) are known too.

// loopInit is one initialisation of a for loop: a declarator and the
// expression it starts at.
type loopInit struct {
	d *cc.Declarator
	v cc.Node
}

// loopInits lists a for loop's initialisations, from a declaration (int
// i = a, j = b) or a comma expression (i = a, j = b); ok is false for any
// other first clause.
func loopInits(it *cc.IterationStatement) ([]loopInit, bool) {
	var out []loopInit
	switch it.Case {
	case cc.IterationStatementForDecl:
		if it.Declaration == nil {
			return nil, false
		}
		for l := it.Declaration.InitDeclaratorList; l != nil; l = l.InitDeclaratorList {
			id := l.InitDeclarator
			if id == nil || id.Initializer == nil || id.Initializer.Case != cc.InitializerExpr {
				return nil, false
			}
			out = append(out, loopInit{id.Declarator, id.Initializer.AssignmentExpression})
		}
	case cc.IterationStatementFor:
		for _, e := range commaList(it.ExpressionList) {
			ae, ok := unparen(e).(*cc.AssignmentExpression)
			if !ok || ae.Case != cc.AssignmentExpressionAssign {
				return nil, false
			}
			d := declOf(ae.UnaryExpression)
			if d == nil {
				return nil, false
			}
			out = append(out, loopInit{d, ae.AssignmentExpression})
		}
	}
	return out, len(out) > 0
}

// commaList lists the operands of a comma expression (one for any other
// expression, none for nil).
func commaList(e cc.Node) []cc.Node {
	if e == nil {
		return nil
	}
	l, ok := unparen(e).(*cc.ExpressionList)
	if !ok {
		return []cc.Node{e}
	}
	var out []cc.Node
	for ; l != nil; l = l.ExpressionList {
		out = append(out, l.AssignmentExpression)
	}
	return out
}

// loopIndex picks, among a loop's initialisations, the index its test
// reads: the only one, or the only one the test mentions. The others are
// returned apart.
func loopIndex(inits []loopInit, test cc.Node) (loopInit, []loopInit, bool) {
	if len(inits) == 1 {
		return inits[0], nil, true
	}
	at := -1
	for i, in := range inits {
		if mentions(test, in.d) {
			if at >= 0 {
				return loopInit{}, nil, false
			}
			at = i
		}
	}
	if at < 0 {
		return loopInit{}, nil, false
	}
	others := append(append([]loopInit{}, inits[:at]...), inits[at+1:]...)
	return inits[at], others, true
}

// stepIn reads the step of d in a loop's step clause, which may step
// several indices (n++, ng++).
func (cf *control) stepIn(e cc.Node, d *cc.Declarator) (int64, bool) {
	for _, x := range commaList(e) {
		if xe, ok := x.(cc.ExpressionNode); ok {
			if s, ok := cf.stepOf(xe, d); ok {
				return s, true
			}
		}
	}
	return 0, false
}

// coIndices gives each other index of a counted loop its value: the
// loop's C index plus the difference of their starts, when the step
// clause moves it by the loop's own step and the body does not assign it;
// from is where the loop's index starts in C.
func (cf *control) coIndices(it *cc.IterationStatement, others []loopInit, info *LoopInfo, from Expr, step int64) {
	_, stepE := loopTestStep(it)
	for _, o := range others {
		s, ok := cf.stepIn(stepE, o.d)
		if !ok || s != step || assigns(it.Statement, o.d) || !cc.IsIntegerType(o.d.Type()) {
			continue
		}
		start, ok := cf.w.sym(o.v)
		if !ok {
			continue
		}
		cf.w.vals[o.d] = simplify(add(start, sub(info.index(), from)))
	}
}

// oldStyleParams lists the parameters of a function defined the old way,
// void f(k, a) int k; double *a; { ... } (ParRes DGEMM's dgemm), in the
// order of its identifier list, each with the declarator its declaration
// list gives it.
func oldStyleParams(fd *cc.FunctionDefinition, dd *cc.DirectDeclarator) []*cc.Declarator {
	byName := map[string]*cc.Declarator{}
	for l := fd.DeclarationList; l != nil; l = l.DeclarationList {
		if l.Declaration == nil {
			continue
		}
		for il := l.Declaration.InitDeclaratorList; il != nil; il = il.InitDeclaratorList {
			if il.InitDeclarator != nil && il.InitDeclarator.Declarator != nil {
				byName[il.InitDeclarator.Declarator.Name()] = il.InitDeclarator.Declarator
			}
		}
	}
	var out []*cc.Declarator
	for l := dd.IdentifierList; l != nil; l = l.IdentifierList {
		for _, t := range []cc.Token{l.Token, l.Token2} {
			if d := byName[t.SrcStr()]; d != nil {
				out = append(out, d)
			}
		}
	}
	return out
}
