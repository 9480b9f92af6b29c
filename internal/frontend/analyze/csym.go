package analyze

import (
	"math"

	"modernc.org/cc/v4"
)

// sym turns a C expression into a symbolic value in the model's terms,
// when it is one: constants, macros (which become parameters), variables
// whose value is known, loop indices, the rank and size of MPI_COMM_WORLD,
// and arithmetic on those. C's integer division becomes floor(a / b),
// right for the non-negative values loop bounds and sizes have.
func (w *walker) sym(e cc.Node) (Expr, bool) {
	switch x := e.(type) {
	case nil:
		return nil, false
	case *cc.PrimaryExpression:
		return w.symPrimary(x)
	case *cc.ExpressionList:
		if x.ExpressionList != nil {
			return nil, false // the comma operator
		}
		return w.sym(x.AssignmentExpression)
	case *cc.AssignmentExpression:
		if x.Case != cc.AssignmentExpressionCond {
			return nil, false
		}
		return w.sym(x.ConditionalExpression)
	case *cc.ConditionalExpression:
		if x.Case == cc.ConditionalExpressionLOr {
			return w.sym(x.LogicalOrExpression)
		}
		c, ok1 := w.sym(x.LogicalOrExpression)
		a, ok2 := w.sym(x.ExpressionList)
		b, ok3 := w.sym(x.ConditionalExpression)
		if !ok1 || !ok2 || !ok3 {
			return nil, false
		}
		return minMax(Cond{c, a, b}), true
	case *cc.LogicalOrExpression:
		if x.Case == cc.LogicalOrExpressionLAnd {
			return w.sym(x.LogicalAndExpression)
		}
		return w.symBin("||", x.LogicalOrExpression, x.LogicalAndExpression)
	case *cc.LogicalAndExpression:
		if x.Case == cc.LogicalAndExpressionOr {
			return w.sym(x.InclusiveOrExpression)
		}
		return w.symBin("&&", x.LogicalAndExpression, x.InclusiveOrExpression)
	case *cc.InclusiveOrExpression:
		if x.Case == cc.InclusiveOrExpressionXor {
			return w.sym(x.ExclusiveOrExpression)
		}
		return nil, false
	case *cc.ExclusiveOrExpression:
		if x.Case == cc.ExclusiveOrExpressionAnd {
			return w.sym(x.AndExpression)
		}
		return nil, false
	case *cc.AndExpression:
		if x.Case == cc.AndExpressionEq {
			return w.sym(x.EqualityExpression)
		}
		return nil, false
	case *cc.EqualityExpression:
		switch x.Case {
		case cc.EqualityExpressionRel:
			return w.sym(x.RelationalExpression)
		case cc.EqualityExpressionEq:
			return w.symBin("==", x.EqualityExpression, x.RelationalExpression)
		}
		return w.symBin("!=", x.EqualityExpression, x.RelationalExpression)
	case *cc.RelationalExpression:
		op := map[cc.RelationalExpressionCase]string{cc.RelationalExpressionLt: "<", cc.RelationalExpressionGt: ">",
			cc.RelationalExpressionLeq: "<=", cc.RelationalExpressionGeq: ">="}[x.Case]
		if op == "" {
			return w.sym(x.ShiftExpression)
		}
		return w.symBin(op, x.RelationalExpression, x.ShiftExpression)
	case *cc.ShiftExpression:
		if x.Case == cc.ShiftExpressionAdd {
			return w.sym(x.AdditiveExpression)
		}
		a, ok1 := w.sym(x.ShiftExpression)
		k, ok2 := w.sym(x.AdditiveExpression)
		c, isConst := constOf(k)
		if ok1 && ok2 && !isConst && x.Case == cc.ShiftExpressionLsh {
			return mul(a, Call{"pow", []Expr{Num{2}, k}}), true // 1 << atoi(argv[1])
		}
		if !ok1 || !ok2 || !isConst || c < 0 || c > 62 {
			return nil, false
		}
		if x.Case == cc.ShiftExpressionLsh {
			return mul(a, Num{math.Ldexp(1, int(c))}), true
		}
		return Call{"floor", []Expr{div(a, Num{math.Ldexp(1, int(c))})}}, true
	case *cc.AdditiveExpression:
		switch x.Case {
		case cc.AdditiveExpressionMul:
			return w.sym(x.MultiplicativeExpression)
		case cc.AdditiveExpressionAdd:
			a, ok1 := w.sym(x.AdditiveExpression)
			b, ok2 := w.sym(x.MultiplicativeExpression)
			return add(a, b), ok1 && ok2
		}
		a, ok1 := w.sym(x.AdditiveExpression)
		b, ok2 := w.sym(x.MultiplicativeExpression)
		return sub(a, b), ok1 && ok2
	case *cc.MultiplicativeExpression:
		if x.Case == cc.MultiplicativeExpressionCast {
			return w.sym(x.CastExpression)
		}
		a, ok1 := w.sym(x.MultiplicativeExpression)
		b, ok2 := w.sym(x.CastExpression)
		if !ok1 || !ok2 {
			return nil, false
		}
		integer := cc.IsIntegerType(x.Type())
		switch x.Case {
		case cc.MultiplicativeExpressionMul:
			return mul(a, b), true
		case cc.MultiplicativeExpressionDiv:
			if integer {
				return intDiv(a, b), true
			}
			return div(a, b), true
		}
		return Bin{"%", a, b}, true
	case *cc.CastExpression:
		if x.Case == cc.CastExpressionUnary {
			return w.sym(x.UnaryExpression)
		}
		v, ok := w.sym(x.CastExpression)
		if ok && cc.IsIntegerType(x.Type()) && !cc.IsIntegerType(x.CastExpression.Type()) {
			v = Call{"floor", []Expr{v}} // (int) of a non-negative double
		}
		return v, ok
	case *cc.UnaryExpression:
		switch x.Case {
		case cc.UnaryExpressionPostfix:
			return w.sym(x.PostfixExpression)
		case cc.UnaryExpressionMinus:
			v, ok := w.sym(x.CastExpression)
			return sub(Num{0}, v), ok
		case cc.UnaryExpressionPlus:
			return w.sym(x.CastExpression)
		case cc.UnaryExpressionNot:
			v, ok := w.sym(x.CastExpression)
			return Not{v}, ok
		case cc.UnaryExpressionSizeofExpr, cc.UnaryExpressionSizeofType:
			if v, ok := constValue(x); ok {
				return Num{v}, true
			}
		}
		return nil, false
	case *cc.PostfixExpression:
		if x.Case == cc.PostfixExpressionPrimary {
			return w.sym(x.PrimaryExpression)
		}
		if k, ok := w.argvConversion(x); ok && k > 0 {
			return Name{w.argParam(k, "", 0, false, pos(x)).Name}, true // 1 << atoi(argv[1])
		}
		return nil, false
	}
	return nil, false
}

// minMax recognises x > y ? x : y and its variants as max(x, y) or
// min(x, y), the form loop-bound summation understands.
func minMax(c Cond) Expr {
	t, ok := c.C.(Bin)
	if !ok {
		return c
	}
	x, y := String(t.A), String(t.B)
	a, b := String(c.A), String(c.B)
	same := a == x && b == y
	swapped := a == y && b == x
	switch {
	case (t.Op == ">" || t.Op == ">=") && same, (t.Op == "<" || t.Op == "<=") && swapped:
		return Call{"max", []Expr{c.A, c.B}}
	case (t.Op == "<" || t.Op == "<=") && same, (t.Op == ">" || t.Op == ">=") && swapped:
		return Call{"min", []Expr{c.A, c.B}}
	}
	return c
}

func (w *walker) symBin(op string, a, b cc.Node) (Expr, bool) {
	x, ok1 := w.sym(a)
	y, ok2 := w.sym(b)
	if !ok1 || !ok2 {
		return nil, false
	}
	if cx, ok := constOf(x); ok {
		if cy, ok := constOf(y); ok {
			if v, ok := eval(Bin{op, Num{cx}, Num{cy}}, nil); ok {
				return Num{v}, true
			}
		}
	}
	return Bin{op, x, y}, true
}

// intDiv is C's division of integers, for the non-negative operands of
// bounds and sizes.
func intDiv(a, b Expr) Expr {
	if x, ok := constOf(a); ok {
		if y, ok := constOf(b); ok && y != 0 {
			return Num{math.Trunc(x / y)}
		}
	}
	if y, ok := constOf(b); ok && y == 1 {
		return a
	}
	return Call{"floor", []Expr{div(a, b)}}
}

func (w *walker) symPrimary(x *cc.PrimaryExpression) (Expr, bool) {
	switch x.Case {
	case cc.PrimaryExpressionExpr:
		return w.sym(x.ExpressionList)
	case cc.PrimaryExpressionInt, cc.PrimaryExpressionFloat, cc.PrimaryExpressionChar:
		v, ok := constValue(x)
		if !ok {
			return nil, false
		}
		if m := x.Macro(); m != nil && w.o.IsUser(pos(m.Name).File) {
			// #define N 1024 in the program: the parameter N.
			name := m.Name.SrcStr()
			if modelKeywords[name] {
				name += "_"
			}
			w.taken[name] = true
			p := w.a.param(name, v, pos(m.Name), "macro", "#define in the source")
			if set, ok := w.o.Set[p.Name]; ok {
				p.Default = set
			}
			return Name{p.Name}, true
		}
		return Num{v}, true
	case cc.PrimaryExpressionIdent:
		switch r := x.ResolvedTo().(type) {
		case *cc.Declarator:
			if v, ok := w.vals[r]; ok {
				return v, true
			}
			if r == w.argc {
				if v := w.argcValue(); v != nil {
					return v, true
				}
			}
			for _, l := range w.loops {
				if l.decl == r && l.info.Var != "" {
					return Name{l.info.Var}, true
				}
			}
			return w.unknownVar(r)
		case *cc.Enumerator:
			if v, ok := constValue(x); ok {
				return Num{v}, true
			}
		}
	}
	return nil, false
}

// unknownVar makes a variable whose value the analysis does not know a
// parameter named after it, when a loop bound or a message size needs it
// and no loop around changes it: the user gives its value with --set.
func (w *walker) unknownVar(d *cc.Declarator) (Expr, bool) {
	if len(w.paramize) == 0 || d.IsFuncDef() || !cc.IsArithmeticType(d.Type()) {
		return nil, false
	}
	for _, l := range w.loops {
		if assigns(l.stmt, d) {
			return nil, false
		}
	}
	for _, n := range w.paramize {
		if assigns(n, d) {
			return nil, false
		}
	}
	name := w.varName(d)
	if !w.a.hasParam(name) {
		w.a.param(name, 1, pos(d), "unknown", "value of "+d.Name()+" (not known statically)")
		w.a.Unknowns = append(w.a.Unknowns, Unknown{Pos: pos(d), What: "value of " + d.Name(), Param: name, How: Default, Value: "1"})
		w.a.warnParam(name, pos(d), "the value of %s is not known statically: it is the parameter %s (default 1); give it with --set %s=VALUE", d.Name(), name, name)
	}
	w.vals[d] = Name{name}
	return Name{name}, true
}

// constValue is the value of a constant expression cc computed.
func constValue(e cc.ExpressionNode) (float64, bool) {
	switch v := e.Value().(type) {
	case cc.Int64Value:
		return float64(v), true
	case cc.UInt64Value:
		return float64(v), true
	case cc.Float64Value:
		return float64(v), true
	}
	return 0, false
}
