package analyze

import (
	"slices"

	"modernc.org/cc/v4"
)

// Which kernel a pointer holds, from the test that chooses it. A program
// that sets a pointer to one of several functions does it in a setter
// that one test chooses (CoMD: if (cmd.doeam) pot = initEamPot(); else
// pot = initLjPot(); and initLjPot stores ljForce in pot->force). When
// every candidate is stored by one function called from one place, and
// the tests around those places read only constants and fields whose
// values the analysis knows (a constant default, an option of the
// program), the callee parameter is that choice: an expression of the
// option's parameter, so that --args "-e" picks the other kernel, and
// the kernel of the program's default path without it.

// calleeChoice is the value of the callee parameter of a call through a
// pointer that may call fns: g0 ? 0 : g1 ? 1 : ... (gi the test that
// leads to the store of fns[i]), or false when a candidate's path is not
// known.
func (fp *funcPointers) calleeChoice(fns []string) (Expr, bool) {
	guards := make([]Expr, len(fns))
	for i, fn := range fns {
		setter, ok := fp.onlySetter(fn)
		if !ok {
			return nil, false
		}
		g, ok := fp.callGuard(setter)
		if !ok {
			return nil, false
		}
		guards[i] = g
	}
	var v Expr = Num{0}
	for i := len(fns) - 1; i >= 0; i-- {
		if i == len(fns)-1 {
			v = Num{float64(i)}
			continue
		}
		v = Cond{guards[i], Num{float64(i)}, v}
	}
	return v, true
}

// onlySetter is the one function of the program that stores fn in a
// function pointer.
func (fp *funcPointers) onlySetter(fn string) (string, bool) {
	found := map[string]bool{}
	for _, name := range sortedKeys(fp.w.funcs) {
		visit(fp.w.funcs[name].CompoundStatement, func(n cc.Node) bool {
			if x, ok := n.(*cc.AssignmentExpression); ok && x.Case == cc.AssignmentExpressionAssign &&
				isFuncPointer(x.UnaryExpression) && fp.functionNamed(x.AssignmentExpression) == fn {
				found[name] = true
			}
			return true
		})
	}
	if len(found) != 1 {
		return "", false
	}
	for name := range found {
		return name, true
	}
	return "", false
}

// callGuard is the condition under which the one call of setter runs,
// the tests of the if statements around it in its caller; false when
// it is called from more than one place or under a test the analysis
// cannot read.
func (fp *funcPointers) callGuard(setter string) (Expr, bool) {
	var site cc.Node
	var in *cc.FunctionDefinition
	sites := 0
	for _, name := range sortedKeys(fp.w.funcs) {
		fd := fp.w.funcs[name]
		visit(fd.CompoundStatement, func(n cc.Node) bool {
			if p, ok := n.(*cc.PostfixExpression); ok && p.Case == cc.PostfixExpressionCall && calleeName(p) == setter {
				site, in = p, fd
				sites++
			}
			return true
		})
	}
	if sites != 1 {
		return nil, false
	}
	var conds []Expr
	ok := true
	visit(in.CompoundStatement, func(n cc.Node) bool {
		switch x := n.(type) {
		case *cc.SelectionStatement:
			inThen := nodeWithin(x.Statement, site)
			inElse := x.Case == cc.SelectionStatementIfElse && nodeWithin(x.Statement2, site)
			if !inThen && !inElse {
				return true
			}
			if x.Case == cc.SelectionStatementSwitch {
				ok = false
				return false
			}
			c, known := fp.guardExpr(x.ExpressionList, in)
			if !known {
				ok = false
				return false
			}
			if inElse {
				c = negate(c)
			}
			conds = append(conds, c)
		case *cc.ConditionalExpression:
			if x.Case == cc.ConditionalExpressionCond && (nodeWithin(x.ExpressionList, site) || nodeWithin(x.ConditionalExpression, site)) {
				ok = false // chosen by ?:, not read here
				return false
			}
		}
		return true
	})
	if !ok {
		return nil, false
	}
	var g Expr = Bin{"==", Num{0}, Num{0}}
	for i, c := range conds {
		if i == 0 {
			g = c
			continue
		}
		g = Bin{"&&", g, c}
	}
	return g, true
}

// nodeWithin reports whether target is n or inside it.
func nodeWithin(n, target cc.Node) bool {
	if n == nil {
		return false
	}
	found := false
	visit(n, func(m cc.Node) bool {
		if m == target {
			found = true
		}
		return !found
	})
	return found
}

// guardParam reads a parameter of fd that fd does not write, in a
// function called from one place (initPotential(cmd.doeam, ...)): the
// argument it is given there.
func (fp *funcPointers) guardParam(x *cc.PrimaryExpression, fd *cc.FunctionDefinition) (Expr, bool) {
	if x.Case != cc.PrimaryExpressionIdent || fd == nil {
		return nil, false
	}
	d := declOf(x)
	k := slices.Index(paramDecls(fd), d)
	if d == nil || k < 0 || writesOf(fd.CompoundStatement, d) > 0 {
		return nil, false
	}
	var arg cc.Node
	var caller *cc.FunctionDefinition
	sites := 0
	for _, name := range sortedKeys(fp.w.funcs) {
		c := fp.w.funcs[name]
		visit(c.CompoundStatement, func(n cc.Node) bool {
			if p, ok := n.(*cc.PostfixExpression); ok && p.Case == cc.PostfixExpressionCall && calleeName(p) == fd.Declarator.Name() {
				sites++
				if args := callArgs(p); k < len(args) {
					arg, caller = args[k], c
				}
			}
			return true
		})
	}
	if sites != 1 || arg == nil || caller == fd {
		return nil, false
	}
	return fp.guardValue(arg, caller)
}

// guardExpr reads a test made of constants and fields whose values the
// analysis knows (an option's parameter, a constant default) with !,
// comparisons, && and ||, as a truth value.
func (fp *funcPointers) guardExpr(e cc.Node, fd *cc.FunctionDefinition) (Expr, bool) {
	v, ok := fp.guardValue(e, fd)
	if !ok {
		return nil, false
	}
	return boolOf(v), true
}

func (fp *funcPointers) guardValue(e cc.Node, fd *cc.FunctionDefinition) (Expr, bool) {
	if x, ok := uncast(e).(cc.ExpressionNode); ok {
		if c, isConst := constValue(x); isConst {
			return Num{c}, true
		}
	}
	switch x := uncast(e).(type) {
	case *cc.PrimaryExpression:
		return fp.guardParam(x, fd)
	case *cc.PostfixExpression:
		key, ok := rankKey(x)
		if !ok {
			return nil, false
		}
		if name, ok := fp.w.values.optionSource(key); ok {
			return Name{name}, true
		}
		if def, from := fp.w.values.fieldDefault(key, map[string]bool{}); from != "" {
			return Num{def}, true
		}
	case *cc.UnaryExpression:
		if x.Case == cc.UnaryExpressionNot {
			v, ok := fp.guardExpr(x.CastExpression, fd)
			if !ok {
				return nil, false
			}
			return negate(v), true
		}
		if x.Case == cc.UnaryExpressionPostfix {
			return fp.guardValue(x.PostfixExpression, fd)
		}
	case *cc.EqualityExpression:
		op := map[cc.EqualityExpressionCase]string{cc.EqualityExpressionEq: "==", cc.EqualityExpressionNeq: "!="}[x.Case]
		return fp.guardBin(op, x.EqualityExpression, x.RelationalExpression, fd)
	case *cc.RelationalExpression:
		op := map[cc.RelationalExpressionCase]string{cc.RelationalExpressionLt: "<", cc.RelationalExpressionGt: ">",
			cc.RelationalExpressionLeq: "<=", cc.RelationalExpressionGeq: ">="}[x.Case]
		return fp.guardBin(op, x.RelationalExpression, x.ShiftExpression, fd)
	case *cc.LogicalAndExpression:
		if x.Case == cc.LogicalAndExpressionLAnd {
			return fp.guardLogic("&&", x.LogicalAndExpression, x.InclusiveOrExpression, fd)
		}
	case *cc.LogicalOrExpression:
		if x.Case == cc.LogicalOrExpressionLOr {
			return fp.guardLogic("||", x.LogicalOrExpression, x.LogicalAndExpression, fd)
		}
	}
	return nil, false
}

func (fp *funcPointers) guardBin(op string, a, b cc.Node, fd *cc.FunctionDefinition) (Expr, bool) {
	if op == "" {
		return nil, false
	}
	x, ok1 := fp.guardValue(a, fd)
	y, ok2 := fp.guardValue(b, fd)
	if !ok1 || !ok2 {
		return nil, false
	}
	return Bin{op, x, y}, true
}

func (fp *funcPointers) guardLogic(op string, a, b cc.Node, fd *cc.FunctionDefinition) (Expr, bool) {
	x, ok1 := fp.guardExpr(a, fd)
	y, ok2 := fp.guardExpr(b, fd)
	if !ok1 || !ok2 {
		return nil, false
	}
	return Bin{op, x, y}, true
}
