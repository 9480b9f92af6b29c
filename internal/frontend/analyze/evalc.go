package analyze

import (
	"errors"
	"math"

	"modernc.org/cc/v4"
)

// A small interpreter of the program's pure functions: those that compute
// from their arguments alone (no global, no array, no I/O, no MPI), such
// as the factorisation of the process count into a grid that ParRes
// Kernels' factor() writes through two pointers. The analysis cannot
// follow a loop that stops at a break, but it can run it: called with the
// values its arguments have, the function gives the values it writes and
// returns exactly (unknown.go tabulates them over the process counts).

// cval is a C value: a number, or a pointer to a variable's cell.
type cval struct {
	num float64
	ref *cval
}

// errNotPure stops an evaluation that meets what the interpreter does not
// run: a global, an array, a call of a function that is not pure, a loop
// that runs too long.
var errNotPure = errors.New("not a pure function")

// flow is how a statement ends.
type flow int

const (
	flowNext flow = iota
	flowBreak
	flowContinue
	flowReturn
)

// cinterp runs one call of a pure function.
type cinterp struct {
	funcs map[string]*cc.FunctionDefinition
	vars  map[*cc.Declarator]*cval
	steps int
	depth int
	ret   cval
}

// maxSteps bounds one evaluation: a loop that does not end, or one too
// long to be a decomposition, is given up.
const maxSteps = 100000

// pureMath are the C library's functions the interpreter computes, by
// their arity.
var pureMath = map[string]func(a []float64) float64{
	"sqrt":  func(a []float64) float64 { return math.Sqrt(a[0]) },
	"floor": func(a []float64) float64 { return math.Floor(a[0]) },
	"ceil":  func(a []float64) float64 { return math.Ceil(a[0]) },
	"fabs":  func(a []float64) float64 { return math.Abs(a[0]) },
	"abs":   func(a []float64) float64 { return math.Abs(a[0]) },
	"labs":  func(a []float64) float64 { return math.Abs(a[0]) },
	"log":   func(a []float64) float64 { return math.Log(a[0]) },
	"log2":  func(a []float64) float64 { return math.Log2(a[0]) },
	"exp":   func(a []float64) float64 { return math.Exp(a[0]) },
	"cbrt":  func(a []float64) float64 { return math.Cbrt(a[0]) },
	"pow":   func(a []float64) float64 { return math.Pow(a[0], a[1]) },
	"fmin":  func(a []float64) float64 { return math.Min(a[0], a[1]) },
	"fmax":  func(a []float64) float64 { return math.Max(a[0], a[1]) },
}

func mathArity(name string) int {
	switch name {
	case "pow", "fmin", "fmax":
		return 2
	}
	return 1
}

// runPure calls fd with args (numbers, or for a pointer parameter the
// cell it points to) and returns what it returns.
func runPure(funcs map[string]*cc.FunctionDefinition, fd *cc.FunctionDefinition, args []cval) (ret cval, err error) {
	in := &cinterp{funcs: funcs}
	defer func() {
		// A construct the interpreter has no case for ends the
		// evaluation, not the analysis.
		if r := recover(); r != nil {
			ret, err = cval{}, errNotPure
		}
	}()
	return in.call(fd, args)
}

func (in *cinterp) call(fd *cc.FunctionDefinition, args []cval) (cval, error) {
	if in.depth >= 16 || fd == nil || fd.CompoundStatement == nil {
		return cval{}, errNotPure
	}
	params := paramDecls(fd)
	if len(params) != len(args) {
		return cval{}, errNotPure
	}
	saved := in.vars
	in.depth++
	in.vars = map[*cc.Declarator]*cval{}
	for i, d := range params {
		v := args[i]
		in.vars[d] = &v
	}
	in.ret = cval{}
	_, err := in.compound(fd.CompoundStatement)
	ret := in.ret
	in.vars = saved
	in.depth--
	return ret, err
}

func (in *cinterp) tick() error {
	in.steps++
	if in.steps > maxSteps {
		return errNotPure
	}
	return nil
}

func (in *cinterp) compound(cs *cc.CompoundStatement) (flow, error) {
	for l := cs.BlockItemList; l != nil; l = l.BlockItemList {
		it := l.BlockItem
		if it == nil {
			continue
		}
		switch it.Case {
		case cc.BlockItemDecl:
			if err := in.declaration(it.Declaration); err != nil {
				return flowNext, err
			}
		case cc.BlockItemStmt:
			f, err := in.stmt(it.Statement)
			if err != nil || f != flowNext {
				return f, err
			}
		default:
			return flowNext, errNotPure
		}
	}
	return flowNext, nil
}

func (in *cinterp) declaration(d *cc.Declaration) error {
	if d == nil {
		return nil
	}
	for l := d.InitDeclaratorList; l != nil; l = l.InitDeclaratorList {
		id := l.InitDeclarator
		if id == nil || id.Declarator == nil || id.Declarator.IsSynthetic() || id.Declarator.Name() == "__func__" {
			continue // __func__, which cc declares in every function
		}
		t := id.Declarator.Type()
		if t == nil || !(cc.IsScalarType(t)) {
			return errNotPure // arrays and structs
		}
		v := cval{}
		if id.Initializer != nil {
			if id.Initializer.Case != cc.InitializerExpr {
				return errNotPure
			}
			x, err := in.expr(id.Initializer.AssignmentExpression)
			if err != nil {
				return err
			}
			v = convert(x, t)
		}
		in.vars[id.Declarator] = &v
	}
	return nil
}

func (in *cinterp) stmt(s *cc.Statement) (flow, error) {
	if s == nil {
		return flowNext, nil
	}
	if err := in.tick(); err != nil {
		return flowNext, err
	}
	switch s.Case {
	case cc.StatementCompound:
		return in.compound(s.CompoundStatement)
	case cc.StatementExpr:
		if e := s.ExpressionStatement.ExpressionList; e != nil {
			_, err := in.expr(e)
			return flowNext, err
		}
		return flowNext, nil
	case cc.StatementSelection:
		ss := s.SelectionStatement
		if ss.Case == cc.SelectionStatementSwitch {
			return flowNext, errNotPure
		}
		c, err := in.expr(ss.ExpressionList)
		if err != nil {
			return flowNext, err
		}
		if truth(c) {
			return in.stmt(ss.Statement)
		}
		if ss.Case == cc.SelectionStatementIfElse {
			return in.stmt(ss.Statement2)
		}
		return flowNext, nil
	case cc.StatementIteration:
		return in.loop(s.IterationStatement)
	case cc.StatementJump:
		j := s.JumpStatement
		switch j.Case {
		case cc.JumpStatementBreak:
			return flowBreak, nil
		case cc.JumpStatementContinue:
			return flowContinue, nil
		case cc.JumpStatementReturn:
			if j.ExpressionList != nil {
				v, err := in.expr(j.ExpressionList)
				if err != nil {
					return flowNext, err
				}
				in.ret = v
			}
			return flowReturn, nil
		}
	}
	return flowNext, errNotPure
}

func (in *cinterp) loop(it *cc.IterationStatement) (flow, error) {
	var test, step cc.ExpressionNode
	switch it.Case {
	case cc.IterationStatementFor:
		if it.ExpressionList != nil {
			if _, err := in.expr(it.ExpressionList); err != nil {
				return flowNext, err
			}
		}
		test, step = it.ExpressionList2, it.ExpressionList3
	case cc.IterationStatementForDecl:
		if err := in.declaration(it.Declaration); err != nil {
			return flowNext, err
		}
		test, step = it.ExpressionList, it.ExpressionList2
	default:
		test = it.ExpressionList
	}
	first := it.Case == cc.IterationStatementDo
	for {
		if err := in.tick(); err != nil {
			return flowNext, err
		}
		if !first && test != nil {
			c, err := in.expr(test)
			if err != nil {
				return flowNext, err
			}
			if !truth(c) {
				return flowNext, nil
			}
		}
		first = false
		f, err := in.stmt(it.Statement)
		if err != nil {
			return flowNext, err
		}
		switch f {
		case flowBreak:
			return flowNext, nil
		case flowReturn:
			return flowReturn, nil
		}
		if step != nil {
			if _, err := in.expr(step); err != nil {
				return flowNext, err
			}
		}
	}
}

func truth(v cval) bool { return v.ref != nil || v.num != 0 }

// convert is v stored in a variable of type t: an integer truncates.
func convert(v cval, t cc.Type) cval {
	if v.ref == nil && t != nil && cc.IsIntegerType(t) {
		v.num = math.Trunc(v.num)
	}
	return v
}

// lvalue is the cell an expression names: a variable, or *p.
func (in *cinterp) lvalue(e cc.Node) (*cval, error) {
	switch x := unparen(e).(type) {
	case *cc.PrimaryExpression:
		if x.Case == cc.PrimaryExpressionIdent {
			if d, ok := x.ResolvedTo().(*cc.Declarator); ok {
				if c, ok := in.vars[d]; ok {
					return c, nil
				}
			}
		}
	case *cc.PostfixExpression:
		if x.Case == cc.PostfixExpressionPrimary {
			return in.lvalue(x.PrimaryExpression)
		}
		if x.Case == cc.PostfixExpressionIndex {
			// p[0]: the cell p points to.
			p, err := in.expr(x.PostfixExpression)
			if err != nil {
				return nil, err
			}
			k, err := in.expr(x.ExpressionList)
			if err != nil || p.ref == nil || k.num != 0 {
				return nil, errNotPure
			}
			return p.ref, nil
		}
	case *cc.UnaryExpression:
		switch x.Case {
		case cc.UnaryExpressionPostfix:
			return in.lvalue(x.PostfixExpression)
		case cc.UnaryExpressionDeref:
			p, err := in.expr(x.CastExpression)
			if err != nil || p.ref == nil {
				return nil, errNotPure
			}
			return p.ref, nil
		}
	case *cc.CastExpression:
		if x.Case == cc.CastExpressionUnary {
			return in.lvalue(x.UnaryExpression)
		}
	}
	return nil, errNotPure
}

// expr evaluates an expression.
func (in *cinterp) expr(e cc.Node) (cval, error) {
	if err := in.tick(); err != nil {
		return cval{}, err
	}
	if ex, ok := e.(cc.ExpressionNode); ok {
		if v, ok := constValue(ex); ok {
			return cval{num: v}, nil
		}
	}
	switch x := e.(type) {
	case *cc.PrimaryExpression:
		switch x.Case {
		case cc.PrimaryExpressionExpr:
			return in.expr(x.ExpressionList)
		case cc.PrimaryExpressionIdent:
			c, err := in.lvalue(x)
			if err != nil {
				return cval{}, err
			}
			return *c, nil
		}
	case *cc.ExpressionList:
		var v cval
		for l := x; l != nil; l = l.ExpressionList {
			var err error
			if v, err = in.expr(l.AssignmentExpression); err != nil {
				return cval{}, err
			}
		}
		return v, nil
	case *cc.AssignmentExpression:
		return in.assign(x)
	case *cc.ConditionalExpression:
		if x.Case == cc.ConditionalExpressionLOr {
			return in.expr(x.LogicalOrExpression)
		}
		c, err := in.expr(x.LogicalOrExpression)
		if err != nil {
			return cval{}, err
		}
		if truth(c) {
			return in.expr(x.ExpressionList)
		}
		return in.expr(x.ConditionalExpression)
	case *cc.LogicalOrExpression:
		if x.Case == cc.LogicalOrExpressionLAnd {
			return in.expr(x.LogicalAndExpression)
		}
		a, err := in.expr(x.LogicalOrExpression)
		if err != nil || truth(a) {
			return cval{num: 1}, err
		}
		b, err := in.expr(x.LogicalAndExpression)
		return cval{num: b2f(truth(b))}, err
	case *cc.LogicalAndExpression:
		if x.Case == cc.LogicalAndExpressionOr {
			return in.expr(x.InclusiveOrExpression)
		}
		a, err := in.expr(x.LogicalAndExpression)
		if err != nil || !truth(a) {
			return cval{}, err
		}
		b, err := in.expr(x.InclusiveOrExpression)
		return cval{num: b2f(truth(b))}, err
	case *cc.InclusiveOrExpression:
		if x.Case == cc.InclusiveOrExpressionXor {
			return in.expr(x.ExclusiveOrExpression)
		}
		return in.bits(x.InclusiveOrExpression, x.ExclusiveOrExpression, func(a, b int64) int64 { return a | b })
	case *cc.ExclusiveOrExpression:
		if x.Case == cc.ExclusiveOrExpressionAnd {
			return in.expr(x.AndExpression)
		}
		return in.bits(x.ExclusiveOrExpression, x.AndExpression, func(a, b int64) int64 { return a ^ b })
	case *cc.AndExpression:
		if x.Case == cc.AndExpressionEq {
			return in.expr(x.EqualityExpression)
		}
		return in.bits(x.AndExpression, x.EqualityExpression, func(a, b int64) int64 { return a & b })
	case *cc.EqualityExpression:
		if x.Case == cc.EqualityExpressionRel {
			return in.expr(x.RelationalExpression)
		}
		a, b, err := in.pair(x.EqualityExpression, x.RelationalExpression)
		eq := a.num == b.num && a.ref == b.ref
		return cval{num: b2f(eq == (x.Case == cc.EqualityExpressionEq))}, err
	case *cc.RelationalExpression:
		if x.Case == cc.RelationalExpressionShift {
			return in.expr(x.ShiftExpression)
		}
		a, b, err := in.pair(x.RelationalExpression, x.ShiftExpression)
		var r bool
		switch x.Case {
		case cc.RelationalExpressionLt:
			r = a.num < b.num
		case cc.RelationalExpressionGt:
			r = a.num > b.num
		case cc.RelationalExpressionLeq:
			r = a.num <= b.num
		default:
			r = a.num >= b.num
		}
		return cval{num: b2f(r)}, err
	case *cc.ShiftExpression:
		if x.Case == cc.ShiftExpressionAdd {
			return in.expr(x.AdditiveExpression)
		}
		if x.Case == cc.ShiftExpressionLsh {
			return in.bits(x.ShiftExpression, x.AdditiveExpression, func(a, b int64) int64 { return a << uint(b&63) })
		}
		return in.bits(x.ShiftExpression, x.AdditiveExpression, func(a, b int64) int64 { return a >> uint(b&63) })
	case *cc.AdditiveExpression:
		if x.Case == cc.AdditiveExpressionMul {
			return in.expr(x.MultiplicativeExpression)
		}
		a, b, err := in.pair(x.AdditiveExpression, x.MultiplicativeExpression)
		if err != nil || a.ref != nil || b.ref != nil {
			return cval{}, errNotPure // pointer arithmetic
		}
		if x.Case == cc.AdditiveExpressionAdd {
			return cval{num: a.num + b.num}, nil
		}
		return cval{num: a.num - b.num}, nil
	case *cc.MultiplicativeExpression:
		if x.Case == cc.MultiplicativeExpressionCast {
			return in.expr(x.CastExpression)
		}
		a, b, err := in.pair(x.MultiplicativeExpression, x.CastExpression)
		if err != nil {
			return cval{}, err
		}
		return arithmetic(x.Case, a.num, b.num, cc.IsIntegerType(x.Type()))
	case *cc.CastExpression:
		if x.Case == cc.CastExpressionUnary {
			return in.expr(x.UnaryExpression)
		}
		v, err := in.expr(x.CastExpression)
		return convert(v, x.Type()), err
	case *cc.UnaryExpression:
		return in.unary(x)
	case *cc.PostfixExpression:
		return in.postfix(x)
	}
	return cval{}, errNotPure
}

// arithmetic is * / % in C: on integers, division truncates.
func arithmetic(op cc.MultiplicativeExpressionCase, a, b float64, integer bool) (cval, error) {
	switch op {
	case cc.MultiplicativeExpressionMul:
		return cval{num: a * b}, nil
	case cc.MultiplicativeExpressionDiv:
		if integer {
			if b == 0 {
				return cval{}, errNotPure
			}
			return cval{num: math.Trunc(a / b)}, nil
		}
		return cval{num: a / b}, nil
	}
	if b == 0 {
		return cval{}, errNotPure
	}
	return cval{num: math.Mod(a, b)}, nil
}

func (in *cinterp) pair(a, b cc.Node) (cval, cval, error) {
	x, err := in.expr(a)
	if err != nil {
		return cval{}, cval{}, err
	}
	y, err := in.expr(b)
	return x, y, err
}

func (in *cinterp) bits(a, b cc.Node, f func(x, y int64) int64) (cval, error) {
	x, y, err := in.pair(a, b)
	if err != nil {
		return cval{}, err
	}
	return cval{num: float64(f(int64(x.num), int64(y.num)))}, nil
}

func (in *cinterp) unary(x *cc.UnaryExpression) (cval, error) {
	switch x.Case {
	case cc.UnaryExpressionPostfix:
		return in.expr(x.PostfixExpression)
	case cc.UnaryExpressionInc, cc.UnaryExpressionDec:
		c, err := in.lvalue(x.UnaryExpression)
		if err != nil || c.ref != nil {
			return cval{}, errNotPure
		}
		if x.Case == cc.UnaryExpressionInc {
			c.num++
		} else {
			c.num--
		}
		return *c, nil
	case cc.UnaryExpressionAddrof:
		c, err := in.lvalue(x.CastExpression)
		if err != nil {
			return cval{}, err
		}
		return cval{ref: c}, nil
	case cc.UnaryExpressionDeref:
		c, err := in.lvalue(x)
		if err != nil {
			return cval{}, err
		}
		return *c, nil
	case cc.UnaryExpressionMinus:
		v, err := in.expr(x.CastExpression)
		return cval{num: -v.num}, err
	case cc.UnaryExpressionPlus:
		return in.expr(x.CastExpression)
	case cc.UnaryExpressionNot:
		v, err := in.expr(x.CastExpression)
		return cval{num: b2f(!truth(v))}, err
	case cc.UnaryExpressionCpl:
		v, err := in.expr(x.CastExpression)
		return cval{num: float64(^int64(v.num))}, err
	}
	return cval{}, errNotPure
}

func (in *cinterp) postfix(x *cc.PostfixExpression) (cval, error) {
	switch x.Case {
	case cc.PostfixExpressionPrimary:
		return in.expr(x.PrimaryExpression)
	case cc.PostfixExpressionIndex:
		c, err := in.lvalue(x)
		if err != nil {
			return cval{}, err
		}
		return *c, nil
	case cc.PostfixExpressionInc, cc.PostfixExpressionDec:
		c, err := in.lvalue(x.PostfixExpression)
		if err != nil || c.ref != nil {
			return cval{}, errNotPure
		}
		old := *c
		if x.Case == cc.PostfixExpressionInc {
			c.num++
		} else {
			c.num--
		}
		return old, nil
	case cc.PostfixExpressionCall:
		name := calleeName(x)
		var args []cval
		for _, a := range callArgs(x) {
			v, err := in.expr(a)
			if err != nil {
				return cval{}, err
			}
			args = append(args, v)
		}
		if f, ok := pureMath[name]; ok {
			if len(args) != mathArity(name) {
				return cval{}, errNotPure
			}
			nums := make([]float64, len(args))
			for i, a := range args {
				nums[i] = a.num
			}
			return cval{num: f(nums)}, nil
		}
		fd := in.funcs[name]
		if fd == nil {
			return cval{}, errNotPure
		}
		saved := in.ret
		v, err := in.call(fd, args)
		in.ret = saved
		return convert(v, fd.Declarator.Type().(*cc.FunctionType).Result()), err
	}
	return cval{}, errNotPure
}

func (in *cinterp) assign(x *cc.AssignmentExpression) (cval, error) {
	if x.Case == cc.AssignmentExpressionCond {
		return in.expr(x.ConditionalExpression)
	}
	c, err := in.lvalue(x.UnaryExpression)
	if err != nil {
		return cval{}, err
	}
	v, err := in.expr(x.AssignmentExpression)
	if err != nil {
		return cval{}, err
	}
	t := x.UnaryExpression.Type()
	integer := t != nil && cc.IsIntegerType(t)
	if x.Case != cc.AssignmentExpressionAssign {
		if c.ref != nil || v.ref != nil {
			return cval{}, errNotPure
		}
		a, b := c.num, v.num
		var r cval
		switch x.Case {
		case cc.AssignmentExpressionAdd:
			r = cval{num: a + b}
		case cc.AssignmentExpressionSub:
			r = cval{num: a - b}
		case cc.AssignmentExpressionMul:
			r, err = arithmetic(cc.MultiplicativeExpressionMul, a, b, integer)
		case cc.AssignmentExpressionDiv:
			r, err = arithmetic(cc.MultiplicativeExpressionDiv, a, b, integer)
		case cc.AssignmentExpressionMod:
			r, err = arithmetic(cc.MultiplicativeExpressionMod, a, b, integer)
		default:
			return cval{}, errNotPure
		}
		if err != nil {
			return cval{}, err
		}
		v = r
	}
	*c = convert(v, t)
	return *c, nil
}
