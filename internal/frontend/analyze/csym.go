package analyze

import (
	"math"

	"modernc.org/cc/v4"
)

// sym turns a C expression into a symbolic value in the model's terms,
// when it is one: constants, macros (which become parameters), variables
// whose value is known, loop indices, the rank and size of MPI_COMM_WORLD,
// and arithmetic on those. C's integer division becomes floor(a / b),
// right for the non-negative values loop bounds and sizes have. The value
// is a number, as every C value is: a comparison in arithmetic counts 1
// when it holds (numOf).
func (w *walker) sym(e cc.Node) (Expr, bool) {
	v, ok := w.symAny(e)
	if !ok {
		return nil, false
	}
	return numOf(v), true
}

// symCond reads a C expression used as a condition (an if's test, an
// operand of &&, || and !, the test of ?:): any scalar is true when it is
// not zero (boolOf).
func (w *walker) symCond(e cc.Node) (Expr, bool) {
	v, ok := w.symAny(e)
	if !ok {
		return nil, false
	}
	return boolOf(v), true
}

// maxSymDepth bounds symAny's recursion.
const maxSymDepth = 256

// symAny is sym without the conversion of its result: a comparison or a
// logical operation gives a bool, anything else a number. The model
// language keeps the two apart, so every operator converts its operands
// to what it takes.
func (w *walker) symAny(e cc.Node) (Expr, bool) {
	// A C expression nested deeper than any real program's (a sum of
	// thousands of terms) has no symbolic value: reading it recursively
	// would take minutes and, once deep enough, the stack.
	if w.symDepth >= maxSymDepth {
		return nil, false
	}
	w.symDepth++
	defer func() { w.symDepth-- }()
	switch x := e.(type) {
	case nil:
		return nil, false
	case *cc.PrimaryExpression:
		return w.symPrimary(x)
	case *cc.ExpressionList:
		if x.ExpressionList != nil {
			return nil, false // the comma operator
		}
		return w.symAny(x.AssignmentExpression)
	case *cc.AssignmentExpression:
		if x.Case != cc.AssignmentExpressionCond {
			return nil, false
		}
		return w.symAny(x.ConditionalExpression)
	case *cc.ConditionalExpression:
		if x.Case == cc.ConditionalExpressionLOr {
			return w.symAny(x.LogicalOrExpression)
		}
		c, ok1 := w.symAny(x.LogicalOrExpression)
		a, ok2 := w.symAny(x.ExpressionList)
		b, ok3 := w.symAny(x.ConditionalExpression)
		if !ok1 || !ok2 || !ok3 {
			return nil, false
		}
		if isBool(a) != isBool(b) {
			a, b = numOf(a), numOf(b) // flag ? n < m : 0
		}
		if k, ok := constOf(c); ok {
			if k != 0 {
				return a, true
			}
			return b, true
		}
		return minMax(Cond{boolOf(c), a, b}), true
	case *cc.LogicalOrExpression:
		if x.Case == cc.LogicalOrExpressionLAnd {
			return w.symAny(x.LogicalAndExpression)
		}
		return w.symLogic("||", x.LogicalOrExpression, x.LogicalAndExpression)
	case *cc.LogicalAndExpression:
		if x.Case == cc.LogicalAndExpressionOr {
			return w.symAny(x.InclusiveOrExpression)
		}
		return w.symLogic("&&", x.LogicalAndExpression, x.InclusiveOrExpression)
	case *cc.InclusiveOrExpression:
		if x.Case == cc.InclusiveOrExpressionXor {
			return w.symAny(x.ExclusiveOrExpression)
		}
		return nil, false
	case *cc.ExclusiveOrExpression:
		if x.Case == cc.ExclusiveOrExpressionAnd {
			return w.symAny(x.AndExpression)
		}
		return nil, false
	case *cc.AndExpression:
		if x.Case == cc.AndExpressionEq {
			return w.symAny(x.EqualityExpression)
		}
		return nil, false
	case *cc.EqualityExpression:
		switch x.Case {
		case cc.EqualityExpressionRel:
			return w.symAny(x.RelationalExpression)
		case cc.EqualityExpressionEq:
			return w.symBin("==", x.EqualityExpression, x.RelationalExpression)
		}
		return w.symBin("!=", x.EqualityExpression, x.RelationalExpression)
	case *cc.RelationalExpression:
		op := map[cc.RelationalExpressionCase]string{cc.RelationalExpressionLt: "<", cc.RelationalExpressionGt: ">",
			cc.RelationalExpressionLeq: "<=", cc.RelationalExpressionGeq: ">="}[x.Case]
		if op == "" {
			return w.symAny(x.ShiftExpression)
		}
		return w.symBin(op, x.RelationalExpression, x.ShiftExpression)
	case *cc.ShiftExpression:
		if x.Case == cc.ShiftExpressionAdd {
			return w.symAny(x.AdditiveExpression)
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
			return w.symAny(x.MultiplicativeExpression)
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
			return w.symAny(x.CastExpression)
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
			return w.symAny(x.UnaryExpression)
		}
		v, ok := w.sym(x.CastExpression)
		if ok && cc.IsIntegerType(x.Type()) && !cc.IsIntegerType(x.CastExpression.Type()) {
			v = Call{"floor", []Expr{v}} // (int) of a non-negative double
		}
		return v, ok
	case *cc.UnaryExpression:
		switch x.Case {
		case cc.UnaryExpressionPostfix:
			return w.symAny(x.PostfixExpression)
		case cc.UnaryExpressionMinus:
			v, ok := w.sym(x.CastExpression)
			return sub(Num{0}, v), ok
		case cc.UnaryExpressionPlus:
			return w.sym(x.CastExpression)
		case cc.UnaryExpressionNot:
			v, ok := w.symAny(x.CastExpression)
			if !ok {
				return nil, false
			}
			if k, isConst := constOf(v); isConst {
				return Num{b2f(k == 0)}, true
			}
			return negate(boolOf(v)), true
		case cc.UnaryExpressionSizeofExpr, cc.UnaryExpressionSizeofType:
			if v, ok := constValue(x); ok {
				return Num{v}, true
			}
		}
		return nil, false
	case *cc.PostfixExpression:
		switch x.Case {
		case cc.PostfixExpressionPrimary:
			return w.symAny(x.PrimaryExpression)
		case cc.PostfixExpressionSelect, cc.PostfixExpressionPSelect:
			if v, ok := w.mpi.rankOf(x); ok {
				return v, true // s.rank, s->size
			}
			if v, ok := w.values.onceValue(x); ok {
				return v, true
			}
			if key, ok := rankKey(x); ok {
				if name, ok := w.values.optionSource(key); ok {
					return Name{name}, true // an option's field (strcmpopts.go)
				}
				if v, ok := w.values.optionDefault(key); ok {
					return v, true
				}
			}
			return w.values.fieldParam(x)
		}
		if v, ok := w.arrs.elemValue(x); ok && x.Case == cc.PostfixExpressionIndex {
			return v, true // gathered.go
		}
		if x.Case == cc.PostfixExpressionCall {
			if v, ok := w.unk.pureValue(x); ok {
				return v, true // recur.go
			}
		}
		if k, ok := w.args.argvConversion(x); ok && k > 0 {
			return Name{w.args.argParam(k, "", 0, false, pos(x)).Name}, true // 1 << atoi(argv[1])
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

// symBin reads a comparison: its operands are numbers.
func (w *walker) symBin(op string, a, b cc.Node) (Expr, bool) {
	x, ok1 := w.sym(a)
	y, ok2 := w.sym(b)
	if !ok1 || !ok2 {
		return nil, false
	}
	return foldBin(op, x, y), true
}

// symLogic reads && and ||: its operands are conditions.
func (w *walker) symLogic(op string, a, b cc.Node) (Expr, bool) {
	x, ok1 := w.symAny(a)
	y, ok2 := w.symAny(b)
	if !ok1 || !ok2 {
		return nil, false
	}
	// A constant operand decides or drops out: CLASS != 'S' && rank == 0
	// with CLASS a constant.
	for _, p := range [][2]Expr{{x, y}, {y, x}} {
		k, ok := constOf(p[0])
		if !ok {
			continue
		}
		if (op == "&&") == (k == 0) {
			return Num{b2f(k != 0)}, true // false && _, true || _
		}
		return boolOf(p[1]), true
	}
	return Bin{op, boolOf(x), boolOf(y)}, true
}

// foldBin is the operation op of x and y, computed when both are
// constants.
func foldBin(op string, x, y Expr) Expr {
	if cx, ok := constOf(x); ok {
		if cy, ok := constOf(y); ok {
			if v, ok := eval(Bin{op, Num{cx}, Num{cy}}, nil); ok {
				return Num{v}
			}
		}
	}
	return Bin{op, x, y}
}

// negate is !c, a comparison turned round: !(p != 0) is p == 0.
func negate(c Expr) Expr {
	if b, ok := c.(Bin); ok {
		inv := map[string]string{"==": "!=", "!=": "==", "<": ">=", ">=": "<", ">": "<=", "<=": ">"}
		if op, ok := inv[b.Op]; ok {
			return Bin{op, b.A, b.B}
		}
	}
	if n, ok := c.(Not); ok {
		return n.X
	}
	return Not{c}
}

// isBool reports whether e is a bool of the model language: a
// comparison, a logical operation, or a choice between bools.
func isBool(e Expr) bool {
	switch x := e.(type) {
	case Bin:
		switch x.Op {
		case "==", "!=", "<", "<=", ">", ">=", "&&", "||":
			return true
		}
	case Not:
		return true
	case Cond:
		return isBool(x.A) && isBool(x.B)
	}
	return false
}

// numOf is e as a number: a bool counts 1 when true, as in C.
func numOf(e Expr) Expr {
	if !isBool(e) {
		return e
	}
	if c, ok := e.(Cond); ok {
		return Cond{c.C, numOf(c.A), numOf(c.B)}
	}
	return Cond{e, Num{1}, Num{0}}
}

// boolOf is e as a condition: a number is true when it is not zero, as
// in C (a pointer or a char the same; the analysis keeps only their
// numeric values).
func boolOf(e Expr) Expr {
	if isBool(e) {
		return e
	}
	if c, ok := e.(Cond); ok {
		a, okA := constOf(c.A)
		b, okB := constOf(c.B)
		switch {
		case okA && okB && a != 0 && b == 0:
			return c.C // (p ? 1 : 0) as a condition is p
		case okA && okB && a == 0 && b != 0:
			return Not{c.C}
		}
	}
	return Bin{"!=", e, Num{0}}
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
			if v, ok := w.mpi.rankOf(x); ok {
				return v, true
			}
			if v, ok := w.vals[r]; ok {
				return v, true
			}
			if w.args.isArgc(r) {
				if v := w.args.argcValue(); v != nil {
					return v, true
				}
			}
			for _, l := range w.loops {
				if l.decl == r && l.info.Var != "" {
					return l.info.index(), true
				}
			}
			if v, ok := w.values.onceValue(x); ok {
				return v, true
			}
			if v, ok := w.mem.opaqueVar(r); ok {
				return v, true
			}
			return w.unk.unknownVar(r)
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
func (uk *unknowns) unknownVar(d *cc.Declarator) (Expr, bool) {
	if len(uk.w.paramize) == 0 {
		return uk.sharedUnknown(d)
	}
	if d.IsFuncDef() || !cc.IsArithmeticType(d.Type()) {
		return nil, false
	}
	for _, l := range uk.w.loops {
		if assigns(l.stmt, d) {
			return nil, false
		}
	}
	for _, n := range uk.w.paramize {
		if assigns(n, d) {
			return nil, false
		}
	}
	if rhs, ok := uk.w.fieldVars[d]; ok && uk.w.fn != nil && writesOf(uk.w.funcs[uk.w.fn.Name], d) == 1 {
		// const int n = s->n;, n written nowhere else: the field's value.
		if v, ok := uk.w.values.fieldParam(rhs); ok {
			uk.w.vals[d] = v
			return v, true
		}
	}
	if uk.w.values.boundTest() {
		return nil, false // a test of bound fields only (boundfields.go)
	}
	return uk.unknownParam(d, pos(uk.w.paramize[len(uk.w.paramize)-1]), " (not known statically)",
		"the value of the C variable %s (declared at %s) is not known statically: it is the parameter %s (default 1); give it with --set %s=VALUE")
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
