package analyze

import (
	"fmt"

	"modernc.org/cc/v4"
)

// memOps is the walker's part that counts and prices what a statement
// does beyond its operators: induction and invariant accesses, streams,
// unrolled and vectorised loops (ops.go, unrolled.go, vector.go,
// hoist.go), library calls (libcalls.go), reloads through pointers
// (reload.go), strides and line reuse (strided.go, tile.go, chains.go).
// opsCounter reads the expressions and asks it.
type memOps struct {
	w *walker
	// aliasStores are the types each loop stores to through pointers,
	// which may write the locals whose address was taken (reload.go).
	aliasStores map[cc.Node][]cc.Type
	// opaquePtrs are the function's pointers whose target the analysis
	// cannot follow (reload.go).
	opaquePtrs map[*cc.Declarator]bool
	// opaque, while set, makes sym read a variable whose value it does
	// not know as a name of its own ("?" and the C name) and note it in
	// opaque: for strides, which such a variable does not change where no
	// loop in question assigns it (lineReuse).
	opaque map[*cc.Declarator]bool
}

// enter starts function fd.
func (mo *memOps) enter(fd *cc.FunctionDefinition) {
	mo.opaquePtrs = opaquePointers(fd) // reload.go
}

// opaqueVar is variable r as a name of its own ("?" and the C name),
// noted in opaque, while strides are read (lineReuse); false otherwise.
func (mo *memOps) opaqueVar(r *cc.Declarator) (Expr, bool) {
	if mo.opaque == nil || !cc.IsIntegerType(r.Type()) {
		return nil, false
	}
	mo.opaque[r] = true
	return Name{"?" + r.Name()}, true
}

// opsCounter counts the operations of evaluating expressions, by the
// classes of a machine file's ops (docs/bench.md). Loads and stores are
// counted as load_l1 and store_l1 here and moved to the level their
// working set reaches when the block's loop nest is known (see level.go).
// Scalar locals are taken to live in registers: only array elements,
// pointer targets, struct fields through pointers and globals are memory.
type opsCounter struct {
	w        *walker
	ops      map[string]float64
	bytes    float64 // bytes loaded and stored
	scale    float64 // weight of what is being counted (0.5 in an arm of ?:)
	accesses []access
	// chains are the operations on each loop-carried dependency: per
	// variable that an iteration computes from its value in the
	// iteration before (x = x * a + c; s += ...), the operations from the
	// old value to the new. The next iteration waits for them: their
	// latencies bound the loop's speed however many units the processor
	// has.
	chains map[string]map[string]float64
	// footprints are the sizes of the arrays accessed through indices the
	// analysis cannot follow, by their text in the load@/store@ keys.
	footprints map[string]Expr
	// streamed are the arrays the block streams through (unit stride in
	// the innermost loop): an array's accesses at neighbouring rows and
	// columns (u[i*n+j-1], u[(i+1)*n+j]) reuse the lines the others
	// brought into the caches, so only one stream an array reaches
	// memory (Kerncraft's layer condition, taken to hold: a few rows fit
	// the second-level cache).
	streamed map[string]float64 // array → element size
	// streamIdx is the index of each streamed array, as the model's
	// names, for where its stream starts and ends (Analysis.restarts).
	streamIdx map[string]Expr
	// loaded are the accesses through unfollowed indices loaded so far in
	// the statement: a store to one of them (h[k]++) writes a line
	// already in the caches.
	loaded map[cc.Node]bool
	// held are the loads a conditional move's test made, whose values
	// its arms read from registers (selectable).
	held []cc.Node
}

// bucketCount recognises an index that is a counter taken from an array
// and advanced, next[b]++ in out[next[b]++] = v (a bucket or counting
// sort): the stores go to as many sequential streams as the array has
// counters, which it returns when malloc or calloc sized the array.
func (mo *memOps) bucketCount(ix cc.ExpressionNode) (Expr, bool) {
	var counter cc.ExpressionNode
	switch x := unparen(ix).(type) {
	case *cc.PostfixExpression:
		if x.Case == cc.PostfixExpressionInc || x.Case == cc.PostfixExpressionDec {
			counter = x.PostfixExpression
		}
	case *cc.UnaryExpression:
		if x.Case == cc.UnaryExpressionInc || x.Case == cc.UnaryExpressionDec {
			counter = x.UnaryExpression
		}
	}
	p, ok := unparen(counter).(*cc.PostfixExpression)
	if !ok || p.Case != cc.PostfixExpressionIndex {
		return nil, false
	}
	bytes, ok := mo.w.allocated[baseOf(p)]
	if !ok {
		return nil, false
	}
	size := 8.0
	if t := p.Type(); t != nil && t.Size() > 0 {
		size = float64(t.Size())
	}
	return simplify(Bin{"/", bytes, Num{size}}), true
}

// footprint is the size of the array an access e with an index the
// analysis cannot read goes through, when malloc or calloc gave it one or
// its declaration does (arraySize).
func (mo *memOps) footprint(e cc.Node, idx []cc.ExpressionNode) (Expr, bool) {
	if len(idx) == 0 {
		return nil, false
	}
	if _, ok := mo.w.sym(idx[len(idx)-1]); ok {
		return nil, false // the nest's working set covers it
	}
	if fp, ok := mo.w.allocated[baseOf(e)]; ok {
		return fp, true
	}
	return arraySize(e)
}

// carried notes the dependency chain of an assignment to a register
// variable inside a loop: op (the compound operator, "" for =) and the
// operations of rhs on the way from the variable's old value.
func (o *opsCounter) carried(target cc.Node, rhs cc.ExpressionNode, op string) {
	d := declOf(target)
	if d == nil || isMemoryVar(d) || len(o.w.loops) == 0 {
		return
	}
	chain := map[string]float64{}
	if rhs != nil && mentions(rhs, d) {
		chain = o.w.mem.chainOf(rhs, func(n cc.Node) bool { return mentions(n, d) })
	} else if op == "" {
		return // x = f(...) without x: no dependency on the last iteration
	}
	if op != "" {
		chain[op]++
	}
	if o.w.o.Compiled.FastMath && o.w.optimised(1) && reassociable(chain) {
		// -ffast-math (or -Ofast) lets an optimising compiler split the
		// sum into independent partial sums: no iteration waits for the
		// last. At -O0 gcc reorders nothing, -ffast-math or not.
		return
	}
	if o.chains == nil {
		o.chains = map[string]map[string]float64{}
	}
	acc := o.chains[d.Name()]
	if acc == nil {
		acc = map[string]float64{}
		o.chains[d.Name()] = acc
	}
	for k, v := range chain {
		acc[k] += v * o.weight()
	}
}

// selectable tells whether both arms of c ? a : b are cheap arithmetic
// on values in registers (no call, no assignment, no load that might
// fault if taken on the wrong side): what an optimising compiler turns
// into a conditional move. A load the test has made already is such a
// value: ABS(v[i] - ref), ((a) >= 0 ? (a) : -(a)), reads v[i] in its
// test and both arms, and gcc -O3 loads it once and blends the two
// results (vcmpnlesd, vblendvpd) with no jump.
func selectable(x *cc.ConditionalExpression) bool {
	ok := true
	for _, arm := range []cc.Node{x.ExpressionList, x.ConditionalExpression} {
		visit(arm, func(n cc.Node) bool {
			if isLoad(n) && readBy(x.LogicalOrExpression, n) {
				return false // loaded by the test: a register, look no further
			}
			switch y := n.(type) {
			case *cc.PostfixExpression:
				switch y.Case {
				case cc.PostfixExpressionCall, cc.PostfixExpressionIndex, cc.PostfixExpressionPSelect,
					cc.PostfixExpressionInc, cc.PostfixExpressionDec:
					ok = false
				}
			case *cc.UnaryExpression:
				switch y.Case {
				case cc.UnaryExpressionDeref, cc.UnaryExpressionInc, cc.UnaryExpressionDec:
					ok = false
				}
			case *cc.AssignmentExpression:
				if y.Case != cc.AssignmentExpressionCond {
					ok = false
				}
			case *cc.MultiplicativeExpression:
				if y.Case != cc.MultiplicativeExpressionCast && y.Case != cc.MultiplicativeExpressionMul && arith(y.Type(), "int", "fp") == "fp" {
					ok = false // a division: too slow to compute on both sides
				}
			case *cc.PrimaryExpression:
				if d, isVar := y.ResolvedTo().(*cc.Declarator); isVar && y.Case == cc.PrimaryExpressionIdent && isMemoryVar(d) {
					ok = false
				}
			}
			return ok
		})
	}
	return ok
}

// isLoad tells whether n reads memory: an element, a field through a
// pointer, a dereference.
func isLoad(n cc.Node) bool {
	switch y := n.(type) {
	case *cc.PostfixExpression:
		return y.Case == cc.PostfixExpressionIndex || y.Case == cc.PostfixExpressionPSelect
	case *cc.UnaryExpression:
		return y.Case == cc.UnaryExpressionDeref
	}
	return false
}

// readBy tells whether e reads the same place as the load n (the same
// tokens, as the copies of a macro's argument are) with no effect on the
// way: its value is in a register after e.
func readBy(e cc.Node, n cc.Node) bool {
	if hasEffects(n) {
		return false
	}
	for _, m := range loadsOf(e) {
		if sameText(m, n) {
			return true
		}
	}
	return false
}

// loadsOf lists the loads of e with no effect on the way (isLoad).
func loadsOf(e cc.Node) []cc.Node {
	if hasEffects(e) {
		return nil
	}
	var out []cc.Node
	visit(e, func(n cc.Node) bool {
		if isLoad(n) {
			out = append(out, n)
		}
		return true
	})
	return out
}

// isHeld tells whether e is a load a conditional move's test made.
func (o *opsCounter) isHeld(e cc.Node) bool {
	if len(o.held) == 0 || !isLoad(e) || hasEffects(e) {
		return false
	}
	for _, h := range o.held {
		if sameText(h, e) {
			return true
		}
	}
	return false
}

// hasEffects tells whether evaluating e assigns, increments or calls:
// the C front end gives `x[i] = 0` the constant value 0, but the store
// still happens and is priced.
func hasEffects(e cc.Node) bool {
	found := false
	visit(e, func(n cc.Node) bool {
		switch x := n.(type) {
		case *cc.AssignmentExpression:
			found = found || x.Case != cc.AssignmentExpressionCond
		case *cc.UnaryExpression:
			found = found || x.Case == cc.UnaryExpressionInc || x.Case == cc.UnaryExpressionDec
		case *cc.PostfixExpression:
			found = found || x.Case == cc.PostfixExpressionInc || x.Case == cc.PostfixExpressionDec || x.Case == cc.PostfixExpressionCall
		}
		return !found
	})
	return found
}

// reassociable tells whether a chain is floating-point additions and
// multiplications only, which -ffast-math may reorder.
func reassociable(chain map[string]float64) bool {
	for k := range chain {
		if k != "fp_add" && k != "fp_mul" {
			return false
		}
	}
	return len(chain) > 0
}

// chainOf counts the operations on the path from the start of a chain to
// the root of e (the longest when it is read on several): on tells
// whether a subtree reads that start (a register variable, or the load of
// an array element an earlier iteration stored: chains.go).
func (mo *memOps) chainOf(e cc.Node, on func(cc.Node) bool) map[string]float64 {
	best := map[string]float64{}
	var kids []cc.Node
	own, extra := "", 0.0
	var lib map[string]float64
	switch x := e.(type) {
	case *cc.AdditiveExpression:
		kids = []cc.Node{x.AdditiveExpression, x.MultiplicativeExpression}
		if x.Case != cc.AdditiveExpressionMul {
			own = arith(x.Type(), "int_add", "fp_add")
		}
	case *cc.MultiplicativeExpression:
		kids = []cc.Node{x.MultiplicativeExpression, x.CastExpression}
		switch x.Case {
		case cc.MultiplicativeExpressionMul:
			own = arith(x.Type(), "int_mul", "fp_mul")
		case cc.MultiplicativeExpressionDiv, cc.MultiplicativeExpressionMod:
			own = arith(x.Type(), "int_div", "fp_div")
			if own == "int_div" && constDivisor(x) {
				own = "int_mul" // multiplied by the inverse: see opsCounter.divide
				if v, _ := constValue(x.CastExpression); powerOfTwo(v) {
					own = "int_add" // a shift
				}
			}
		}
		if own == "int_mul" && x.Case == cc.MultiplicativeExpressionMul && leaFactor(x) {
			own = "int_add"
			if mo.leaOps(x) == 2 {
				extra = 1 // -O0: n + n + n, (n << 2) + n, one after the other
			}
		}
	case *cc.ConditionalExpression:
		if x.Case == cc.ConditionalExpressionCond {
			kids = []cc.Node{x.LogicalOrExpression, x.ExpressionList, x.ConditionalExpression}
			if mo.w.optimised(1) && selectable(x) {
				own = "int_add" // the conditional move after the longest arm
			}
		} else {
			kids = []cc.Node{x.LogicalOrExpression}
		}
	case *cc.ShiftExpression:
		kids = []cc.Node{x.ShiftExpression, x.AdditiveExpression}
		if x.Case != cc.ShiftExpressionAdd {
			own = "int_add"
		}
	case *cc.CastExpression:
		kids = []cc.Node{x.CastExpression, x.UnaryExpression}
		if x.Case == cc.CastExpressionCast && x.CastExpression != nil && x.CastExpression.Type() != nil && x.Type() != nil &&
			cc.IsFloatingPointType(x.CastExpression.Type()) != cc.IsFloatingPointType(x.Type()) {
			own = "fp_add"
		}
	case *cc.PostfixExpression:
		if x.Case == cc.PostfixExpressionCall {
			for _, a := range callArgs(x) {
				kids = append(kids, a)
			}
			// A library call on the chain: its whole price waits for
			// the argument (x = exp(x)), as gcc makes the call.
			lib, _ = mo.libOps(x, calleeName(x))
		} else {
			kids = []cc.Node{x.PrimaryExpression, x.PostfixExpression}
		}
	default:
		var direct []cc.Node
		visit(e, func(n cc.Node) bool {
			if n == e {
				return true
			}
			direct = append(direct, n)
			return false
		})
		kids = direct
	}
	bestLen := -1.0
	for _, k := range kids {
		if k == nil || !on(k) {
			continue
		}
		c := mo.chainOf(k, on)
		n := 0.0
		for _, v := range c {
			n += v
		}
		if n > bestLen {
			best, bestLen = c, n
		}
	}
	if own != "" {
		best[own] += 1 + extra
	}
	for k, n := range lib {
		best[k] += n
	}
	return best
}

func (o *opsCounter) add(key string, n float64) {
	if o.scale == 0 {
		o.scale = 1
	}
	o.ops[key] += n * o.scale
}

// arith is the class of an arithmetic operation on values of type t.
func arith(t cc.Type, intKey, fpKey string) string {
	if t != nil && cc.IsFloatingPointType(t) {
		return fpKey
	}
	return intKey
}

// expr counts e's operations; lvalue is set when e is being assigned to
// (a store, not a load).
func (o *opsCounter) expr(e cc.Node, lvalue bool) {
	if c, ok := e.(cc.ExpressionNode); ok && !lvalue && c != nil && !hasEffects(c) {
		if _, isConst := constValue(c); isConst {
			return // folded by the compiler: -R, N - 2 * R
		}
	}
	if !lvalue && o.isHeld(e) {
		return // in a register since the test of its ?: (selectable)
	}
	switch x := e.(type) {
	case nil:
	case *cc.ExpressionList:
		o.expr(x.AssignmentExpression, false)
		if x.ExpressionList != nil {
			o.expr(x.ExpressionList, false)
		}
	case *cc.AssignmentExpression:
		if x.Case == cc.AssignmentExpressionCond {
			o.expr(x.ConditionalExpression, lvalue)
			return
		}
		o.expr(x.AssignmentExpression, false)
		var op string
		if x.Case != cc.AssignmentExpressionAssign {
			// a op= b reads a, computes, writes a.
			o.memory(x.UnaryExpression, false)
			switch x.Case {
			case cc.AssignmentExpressionMul:
				op = arith(x.Type(), "int_mul", "fp_mul")
			case cc.AssignmentExpressionDiv, cc.AssignmentExpressionMod:
				op = arith(x.Type(), "int_div", "fp_div")
			default:
				op = arith(x.Type(), "int_add", "fp_add")
			}
			o.add(op, 1)
		}
		o.carried(x.UnaryExpression, x.AssignmentExpression, op)
		o.carriedMemory(x.UnaryExpression, x.AssignmentExpression, op)
		o.convert(x.AssignmentExpression, x.UnaryExpression)
		o.expr(x.UnaryExpression, true)
	case *cc.ConditionalExpression:
		if x.Case == cc.ConditionalExpressionLOr {
			o.expr(x.LogicalOrExpression, lvalue)
			return
		}
		o.expr(x.LogicalOrExpression, false)
		if _, known := o.w.sym(x.LogicalOrExpression); o.w.optimised(1) && selectable(x) && !known {
			// A test of the data: gcc computes both arms and picks one
			// with a conditional move, no jump to mispredict. (A test of
			// the indices and the rank keeps the price of a jump.)
			o.add("int_add", 1)
			held := o.held
			o.held = append(o.held, loadsOf(x.LogicalOrExpression)...)
			o.expr(x.ExpressionList, false)
			o.expr(x.ConditionalExpression, false)
			o.held = held
			return
		}
		o.add("branch", 1)
		old := o.scale
		o.scale = o.weight() * 0.5 // either arm, with no better knowledge
		o.expr(x.ExpressionList, false)
		o.expr(x.ConditionalExpression, false)
		o.scale = old
	case *cc.LogicalOrExpression:
		if x.Case == cc.LogicalOrExpressionLAnd {
			o.expr(x.LogicalAndExpression, lvalue)
			return
		}
		o.add("branch", 1)
		o.expr(x.LogicalOrExpression, false)
		o.expr(x.LogicalAndExpression, false)
	case *cc.LogicalAndExpression:
		if x.Case == cc.LogicalAndExpressionOr {
			o.expr(x.InclusiveOrExpression, lvalue)
			return
		}
		// PIC_proba(p) && c is c at run time: no jump of its own.
		if !isPICProba(x.LogicalAndExpression) && !isPICProba(x.InclusiveOrExpression) {
			o.add("branch", 1)
		}
		o.expr(x.LogicalAndExpression, false)
		o.expr(x.InclusiveOrExpression, false)
	case *cc.InclusiveOrExpression:
		if x.Case == cc.InclusiveOrExpressionXor {
			o.expr(x.ExclusiveOrExpression, lvalue)
			return
		}
		o.add("int_add", 1)
		o.expr(x.InclusiveOrExpression, false)
		o.expr(x.ExclusiveOrExpression, false)
	case *cc.ExclusiveOrExpression:
		if x.Case == cc.ExclusiveOrExpressionAnd {
			o.expr(x.AndExpression, lvalue)
			return
		}
		o.add("int_add", 1)
		o.expr(x.ExclusiveOrExpression, false)
		o.expr(x.AndExpression, false)
	case *cc.AndExpression:
		if x.Case == cc.AndExpressionEq {
			o.expr(x.EqualityExpression, lvalue)
			return
		}
		o.add("int_add", 1)
		o.expr(x.AndExpression, false)
		o.expr(x.EqualityExpression, false)
	case *cc.EqualityExpression:
		if x.Case == cc.EqualityExpressionRel {
			o.expr(x.RelationalExpression, lvalue)
			return
		}
		o.add(arith(x.EqualityExpression.Type(), "int_add", "fp_add"), 1)
		o.expr(x.EqualityExpression, false)
		o.expr(x.RelationalExpression, false)
	case *cc.RelationalExpression:
		if x.Case == cc.RelationalExpressionShift {
			o.expr(x.ShiftExpression, lvalue)
			return
		}
		o.add(arith(x.RelationalExpression.Type(), "int_add", "fp_add"), 1)
		o.expr(x.RelationalExpression, false)
		o.expr(x.ShiftExpression, false)
	case *cc.ShiftExpression:
		if x.Case == cc.ShiftExpressionAdd {
			o.expr(x.AdditiveExpression, lvalue)
			return
		}
		o.add("int_add", 1)
		o.expr(x.ShiftExpression, false)
		o.expr(x.AdditiveExpression, false)
	case *cc.AdditiveExpression:
		if x.Case == cc.AdditiveExpressionMul {
			o.expr(x.MultiplicativeExpression, lvalue)
			return
		}
		o.add(arith(x.Type(), "int_add", "fp_add"), 1)
		o.convert(x.AdditiveExpression, x)
		o.convert(x.MultiplicativeExpression, x)
		o.expr(x.AdditiveExpression, false)
		o.expr(x.MultiplicativeExpression, false)
	case *cc.MultiplicativeExpression:
		switch x.Case {
		case cc.MultiplicativeExpressionCast:
			o.expr(x.CastExpression, lvalue)
			return
		case cc.MultiplicativeExpressionMul:
			if leaFactor(x) {
				o.add("int_add", o.w.mem.leaOps(x)) // 3 * n is lea (n + 2n), 8 * n a shift
				break
			}
			o.add(arith(x.Type(), "int_mul", "fp_mul"), 1)
		default:
			o.divide(x)
		}
		o.convert(x.MultiplicativeExpression, x)
		o.convert(x.CastExpression, x)
		o.expr(x.MultiplicativeExpression, false)
		o.expr(x.CastExpression, false)
	case *cc.CastExpression:
		if x.Case == cc.CastExpressionUnary {
			o.expr(x.UnaryExpression, lvalue)
			return
		}
		o.convert(x.CastExpression, x)
		o.expr(x.CastExpression, false)
	case *cc.UnaryExpression:
		o.unary(x, lvalue)
	case *cc.PostfixExpression:
		o.postfix(x, lvalue)
	case *cc.PrimaryExpression:
		switch x.Case {
		case cc.PrimaryExpressionExpr:
			o.expr(x.ExpressionList, lvalue)
		case cc.PrimaryExpressionIdent:
			if d, ok := x.ResolvedTo().(*cc.Declarator); ok && (isMemoryVar(d) || !lvalue && o.w.mem.reloaded(d)) {
				o.memory(x, lvalue)
			}
		case cc.PrimaryExpressionStmt:
			o.w.a.warn(pos(x), "statement expressions are not priced")
		}
	}
}

// isPICProba reports whether e is a call of ChronosMix's PIC_proba.
func isPICProba(e cc.Node) bool {
	p, ok := unparen(e).(*cc.PostfixExpression)
	return ok && p.Case == cc.PostfixExpressionCall && calleeName(p) == "PIC_proba"
}

// weight is the current scale, 1 when unset.
func (o *opsCounter) weight() float64 {
	if o.scale == 0 {
		return 1
	}
	return o.scale
}

// convert prices the conversion between an integer and a floating-point
// value when from's type and to's differ in kind.
func (o *opsCounter) convert(from, to cc.ExpressionNode) {
	if from == nil || to == nil || from.Type() == nil || to.Type() == nil {
		return
	}
	if cc.IsFloatingPointType(from.Type()) != cc.IsFloatingPointType(to.Type()) &&
		cc.IsArithmeticType(from.Type()) && cc.IsArithmeticType(to.Type()) {
		o.add("fp_add", 1)
	}
}

// isMemoryVar reports whether a variable lives in memory rather than a
// register: globals and statics. A local whose address is taken (passed
// to MPI_Allreduce after the loop that sums it) is still kept in a
// register inside loops by an optimising compiler, which moves its load
// and store out of the loop.
func isMemoryVar(d *cc.Declarator) bool {
	if d.IsParam() {
		return false
	}
	return d.StorageDuration() == cc.Static
}

func (o *opsCounter) unary(x *cc.UnaryExpression, lvalue bool) {
	switch x.Case {
	case cc.UnaryExpressionPostfix:
		o.expr(x.PostfixExpression, lvalue)
	case cc.UnaryExpressionInc, cc.UnaryExpressionDec:
		o.add(arith(x.Type(), "int_add", "fp_add"), 1)
		o.carried(x.UnaryExpression, nil, arith(x.Type(), "int_add", "fp_add"))
		o.memory(x.UnaryExpression, false)
		o.expr(x.UnaryExpression, true)
	case cc.UnaryExpressionAddrof:
		o.address(x.CastExpression)
	case cc.UnaryExpressionDeref:
		o.expr(x.CastExpression, false)
		o.access(x, nil, lvalue)
	case cc.UnaryExpressionMinus, cc.UnaryExpressionCpl, cc.UnaryExpressionNot:
		o.add(arith(x.Type(), "int_add", "fp_add"), 1)
		o.expr(x.CastExpression, false)
	case cc.UnaryExpressionPlus:
		o.expr(x.CastExpression, false)
	}
}

// address counts what computing &e costs: its index arithmetic, no load.
func (o *opsCounter) address(e cc.Node) {
	switch x := unparen(e).(type) {
	case *cc.PostfixExpression:
		if x.Case == cc.PostfixExpressionIndex {
			// A row's address (a[i] of a[i][j]) whose index is affine in
			// the innermost loop is strength-reduced like an index.
			if !o.w.mem.inductive(x.ExpressionList) {
				o.add("int_add", 1)
				o.expr(x.ExpressionList, false)
			}
			o.address(x.PostfixExpression)
			return
		}
		if x.Case == cc.PostfixExpressionSelect || x.Case == cc.PostfixExpressionPSelect {
			o.address(x.PostfixExpression)
		}
	}
}

func (o *opsCounter) postfix(x *cc.PostfixExpression, lvalue bool) {
	switch x.Case {
	case cc.PostfixExpressionPrimary:
		o.expr(x.PrimaryExpression, lvalue)
	case cc.PostfixExpressionIndex:
		if !o.w.mem.inductive(x.ExpressionList) {
			o.expr(x.ExpressionList, false)
		}
		o.address(x.PostfixExpression)
		if t := x.Type(); t != nil && t.Kind() == cc.Array {
			return // a[i] of a 2-D array is an address, not a load
		}
		o.access(x, indexChain(x), lvalue)
	case cc.PostfixExpressionSelect:
		o.expr(x.PostfixExpression, lvalue)
	case cc.PostfixExpressionPSelect:
		o.expr(x.PostfixExpression, false)
		o.access(x, nil, lvalue)
	case cc.PostfixExpressionInc, cc.PostfixExpressionDec:
		o.add(arith(x.Type(), "int_add", "fp_add"), 1)
		o.carried(x.PostfixExpression, nil, arith(x.Type(), "int_add", "fp_add"))
		o.memory(x.PostfixExpression, false)
		o.expr(x.PostfixExpression, true)
	case cc.PostfixExpressionCall:
		o.call(x)
	case cc.PostfixExpressionComplit:
		o.w.a.warn(pos(x), "compound literals are not priced")
	}
}

// memory counts the load of e when e is in memory (a[i], *p, p->f, a
// global); for a register variable it counts nothing.
func (o *opsCounter) memory(e cc.Node, store bool) {
	switch x := unparen(e).(type) {
	case *cc.PostfixExpression:
		switch x.Case {
		case cc.PostfixExpressionIndex:
			o.access(x, indexChain(x), store)
		case cc.PostfixExpressionPSelect:
			o.access(x, nil, store)
		case cc.PostfixExpressionPrimary:
			o.memory(x.PrimaryExpression, store)
		}
	case *cc.UnaryExpression:
		if x.Case == cc.UnaryExpressionDeref {
			o.access(x, nil, store)
		}
	case *cc.PrimaryExpression:
		d, ok := x.ResolvedTo().(*cc.Declarator)
		switch {
		case ok && isMemoryVar(d):
			o.access(x, nil, store)
		case ok && !store && o.w.mem.reloaded(d):
			o.add("load_seq", 1) // reload.go: a load from the first level every iteration
		}
	}
}

// access counts one load or store of e's value: as a streamed access
// (load_seq, store_seq: unit stride in the innermost enclosing loop, which
// the hardware prefetches) or not (load_l1, store_l1), moved to the level
// of the nest's working set when the model is written. It also notes the
// array and the loop indices the access depends on, for the working set.
func (o *opsCounter) access(e cc.ExpressionNode, idx []cc.ExpressionNode, store bool) {
	size := 8.0
	if t := e.Type(); t != nil && t.Size() > 0 {
		size = float64(t.Size())
	}
	along, per, seq := o.w.mem.streamLoop(idx)
	if !seq {
		along, per, seq = o.w.mem.opaqueStream(idx)
	}
	reuse, lineBytes, tiled := (*LoopInfo)(nil), 0.0, false
	if !seq {
		reuse, lineBytes, tiled = o.w.mem.lineReuse(idx, size)
	}
	var stride Expr
	if !seq && !tiled {
		stride, _ = o.w.mem.symbolicStride(idx, size) // strided.go
	}
	if fp, ok := o.w.mem.footprint(e, idx); ok && !seq && !tiled && len(idx) > 0 {
		// An access the analysis cannot follow through an array of known
		// size: charged at the level that array fits, not the nest's.
		if o.footprints == nil {
			o.footprints = map[string]Expr{}
		}
		key := "@" + String(fp)
		o.footprints[String(fp)] = fp
		switch k, bucketed := o.w.mem.bucketCount(idx[len(idx)-1]); {
		case !store:
			o.add("load"+key, 1)
			if o.loaded == nil {
				o.loaded = map[cc.Node]bool{}
			}
			o.loaded[e] = true
		case o.loaded[e]:
			// h[k]++: the line was just loaded; the store only retires.
			o.add("store"+key, 1)
		case bucketed:
			// out[next[b]++] = v: as many sequential streams as next has
			// counters, which the prefetchers follow while they are few.
			o.footprints[String(k)] = k
			o.add("bucket"+key+"@"+String(k), 1)
		default:
			// A store to a place no earlier load brought in reads its
			// line first (write-allocate).
			o.add("scattered"+key, 1)
		}
		o.bytes += size * o.weight()
		o.accesses = append(o.accesses, access{base: baseOf(e), size: size, unknown: true})
		return
	}
	kind := "" // the key a load is counted at, for the loads an iteration repeats (keptLoads)
	switch {
	case len(idx) == 0 && store:
		// A scalar in memory (a global, a local whose address is taken):
		// the same few bytes every time, in the first level.
		o.add("store_scalar", 1)
	case len(idx) == 0:
		o.add("load_scalar", 1)
	case !store && o.w.mem.hoistable(e, idx):
		// weight[R][jj + R] in an unrolled radius loop: in a register
		// for the whole nest (unrolled.go).
		o.add("load_hoist", 1)
	case !seq && !store && !o.w.mem.invariant(idx) && o.w.mem.hoisted(idx):
		// Loaded once before the innermost loop, not in it (hoist.go).
	case !seq && o.w.mem.invariant(idx):
		// weight[ii + R][R] in a stencil's radius loop: the same few
		// elements at every iteration of the loops that are not unrolled,
		// in the first level (or in registers once the short loop is
		// unrolled), wherever the nest's working set lives.
		if store {
			o.add("store_scalar", 1)
		} else {
			kind = "load_scalar"
			o.add(kind, 1)
		}
	case store && seq:
		o.add("store_seq", 1)
		o.stream(e, idx[len(idx)-1], size/per, per == 1, true)
	case seq:
		kind = "load_seq"
		o.add(kind, 1)
		o.stream(e, idx[len(idx)-1], size/per, per == 1, false)
	case tiled:
		// A line used again at the next iteration of the reuse loop
		// (tile.go): the access at the level one iteration of that loop
		// fits, its lines from the nest's level as a stream (lineBytes
		// of line each).
		op := "load"
		if store {
			op = "store"
		}
		kind = op + "@" + o.w.mem.tileKey(reuse)
		o.add(kind, 1)
		o.stream(e, idx[len(idx)-1], lineBytes, false, store)
	case stride != nil:
		kind := "strided"
		if store {
			kind = "strided_store"
		}
		if o.footprints == nil {
			o.footprints = map[string]Expr{}
		}
		o.footprints[String(stride)] = stride
		o.add(kind+"@"+String(stride), 1)
	default:
		if store {
			o.add("store_l1", 1)
		} else {
			kind = "load_l1"
			o.add(kind, 1)
		}
	}
	o.bytes += size * o.weight()
	acc := access{base: baseOf(e), size: size, store: store, addr: o.w.mem.addressKey(e, idx), n: o.weight()}
	if !store {
		acc.kind = kind
	}
	if _, ok := unparen(e).(*cc.PrimaryExpression); ok {
		acc.own = true // the pointer variable itself (if (!p)), not what it points to
	}
	acc.static = baseStatic(e)
	if seq && per > 1 {
		acc.along = along
	}
	for _, ix := range idx {
		if v, ok := o.w.sym(ix); ok {
			acc.vars = append(acc.vars, names(v)...)
			acc.index = v
		} else {
			acc.unknown = true
		}
	}
	o.accesses = append(o.accesses, acc)
}

// stream counts the bytes a streamed access moves to or from memory: an
// element of its array's stream, once per array (see streamed). A store
// to an array the block also loads moves its line back: a second stream.
// The block adds them (Block.addStreams), once per array it streams.
// size is what the stream moves per execution of the block: less than an
// element when the block runs several times per step of the stream (in
// a stencil's radius loop, streamLoop). Only a stream along the innermost
// loop (innermost) has an index for where it restarts.
func (o *opsCounter) stream(e, ix cc.ExpressionNode, size float64, innermost, store bool) {
	base := baseOf(e)
	if base == "" {
		o.add("seq_bytes", size)
		return
	}
	if o.streamed == nil {
		o.streamed = map[string]float64{}
		o.streamIdx = map[string]Expr{}
	}
	if _, ok := o.streamIdx[base]; !ok && innermost {
		if v, ok := o.w.sym(ix); ok {
			o.streamIdx[base] = v
		}
	}
	if store {
		// The line written goes back to memory when it leaves the
		// caches: a second stream (after the one that brought it in,
		// by a load or by the write-allocate of the store).
		o.streamed[base] = max(o.streamed[base], 2*size)
		return
	}
	o.streamed[base] = max(o.streamed[base], size)
}

// access is one memory access of a block, for the working-set estimate.
type access struct {
	base    string   // the array or pointer variable, "" when not a plain name
	size    float64  // bytes of the element
	vars    []string // model names in its index expressions
	unknown bool     // an index the analysis cannot express
	// along is the loop a streamed access moves along when that is not
	// the innermost (streamLoop): its reuse is counted from there out.
	along *LoopInfo
	// index is the last index, as the model's names (nil when unknown):
	// whether a loop moves the access along its lines (tile.go).
	index Expr
	// own: a read or write of the variable itself (a global pointer
	// tested after malloc), which reaches nothing it points to.
	own bool
	// static is base's declarator when it is a global or a static.
	static *cc.Declarator
	// store is set for a store; kind is the Ops key a load is counted
	// at, addr the element it reads (addressKey) and n how many times an
	// execution does (less than 1 in an arm of ?:): for the loads of one
	// address an iteration repeats (keptLoads).
	store bool
	kind  string
	addr  string
	n     float64
}

// baseOf names the variable an access goes through: a in a[i][j], p in
// *p or p->f.
func baseOf(e cc.Node) string {
	if x := baseIdent(e); x != nil {
		return x.Token.SrcStr()
	}
	return ""
}

// baseStatic is the variable an access goes through when it is a global
// or a static: the same variable in every function that names it.
func baseStatic(e cc.Node) *cc.Declarator {
	if x := baseIdent(e); x != nil {
		if d, ok := x.ResolvedTo().(*cc.Declarator); ok && isMemoryVar(d) {
			return d
		}
	}
	return nil
}

// baseIdent is the identifier an access goes through (baseOf).
func baseIdent(e cc.Node) *cc.PrimaryExpression {
	for {
		switch x := unparen(e).(type) {
		case *cc.PostfixExpression:
			if x.Case == cc.PostfixExpressionPrimary {
				e = x.PrimaryExpression
				continue
			}
			e = x.PostfixExpression
		case *cc.UnaryExpression:
			if x.Case == cc.UnaryExpressionPostfix {
				e = x.PostfixExpression
				continue
			}
			e = x.CastExpression
		case *cc.CastExpression:
			e = x.CastExpression
		case *cc.PrimaryExpression:
			if x.Case == cc.PrimaryExpressionIdent {
				return x
			}
			return nil
		default:
			return nil
		}
		if e == nil {
			return nil
		}
	}
}

// indexChain lists the index expressions of a[i][j]..., outermost first.
func indexChain(x *cc.PostfixExpression) []cc.ExpressionNode {
	var out []cc.ExpressionNode
	for x != nil && x.Case == cc.PostfixExpressionIndex {
		out = append([]cc.ExpressionNode{x.ExpressionList}, out...)
		inner, _ := unparen(x.PostfixExpression).(*cc.PostfixExpression)
		x = inner
	}
	return out
}

// inductive reports whether an index is affine in the innermost loop's
// index: an optimising compiler computes such addresses by adding a
// constant each iteration (strength reduction), not by the index's own
// multiplications. Inside short loops (shortTrips), which the compiler
// unrolls so that their indices are constants, it is the first loop
// around them that counts: in[(i + ii) * n + j] in a radius loop over ii
// is a pointer per row, advanced along j.
func (mo *memOps) inductive(idx cc.ExpressionNode) bool {
	if !mo.w.optimised(1) {
		return false // gcc -O0 computes every address from its indices
	}
	e, ok := mo.w.sym(idx)
	if !ok {
		return false
	}
	// a[jt*n + it] is affine in jt whatever n is: the compiler adds n
	// elements an iteration.
	vals := mo.strideValues()
	for _, n := range names(e) {
		if x, isParam := vals[n]; isParam {
			e = subst(e, n, Num{x})
		}
	}
	for k := len(mo.w.loops) - 1; k >= 0; k-- {
		in := mo.w.loops[k].info
		if in.Var == "" {
			return false
		}
		if _, ok := slope(e, in.Var); ok {
			return true
		}
		if _, short := mo.shortTrips(in); !short {
			return false
		}
	}
	return false
}

// optimised tells whether the program is compiled at -O level or
// higher, as its compile line says (Options.Compiled; -Os, -Oz: 2, -Og:
// 1, -Ofast: 3). A compile line with no -O is gcc's default, -O0: no
// strength reduction, lea, conditional move or unrolling, only constant
// expressions folded.
func (w *walker) optimised(level int) bool {
	l := 0
	switch w.o.Compiled.Opt {
	case "", "0":
		l = 0
	case "1", "g":
		l = 1
	case "3", "fast":
		l = 3
	default: // "2", "s", "z"
		l = 2
	}
	return l >= level
}

// unroll drops the test and step of a short loop (shortTrips) with only
// short loops inside, at most maxShortTrips iterations in all, compiled
// at -O2 or higher: gcc unrolls it completely (a stencil's radius loop),
// so it has none.
func (mo *memOps) unroll(b *Block) {
	if n, ok := mo.unrolled(b); ok && n <= maxShortTrips && mo.w.optimised(2) {
		clear(b.Ops)
		b.unrolled, _ = mo.shortTrips(b.Loop)
		if len(mo.w.loops) > 0 {
			dropHoisted(b.Body) // loaded once, before the loops around
		}
	}
}

// unrolled is how many iterations loop b and the loops inside it make
// in all, when they are all short.
func (mo *memOps) unrolled(b *Block) (float64, bool) {
	n, short := mo.shortTrips(b.Loop)
	if !short {
		return 0, false
	}
	inner := 1.0
	var walk func([]*Block) bool
	walk = func(bs []*Block) bool {
		for _, x := range bs {
			if x.Kind == Loop {
				m, ok := mo.unrolled(x)
				if !ok {
					return false
				}
				inner = max(inner, m)
				continue
			}
			if !walk(x.Body) || !walk(x.Then) || !walk(x.Else) {
				return false
			}
		}
		return true
	}
	if !walk(b.Body) {
		return 0, false
	}
	return n * inner, true
}

// maxShortTrips bounds the iterations of the short loops an access may
// sit in and still be a stream of the loop around them: the rows a
// stencil's radius loops reach, each a stream the prefetchers follow
// (they follow a few dozen, see bucket in emit.go).
const maxShortTrips = 32

// shortTrips is the trip count of a loop that runs at most
// maxShortTrips times, a constant or a macro's (-2·R … 2·R for #define R
// 2, taken at the parameters' values): the compiler unrolls it
// completely.
func (mo *memOps) shortTrips(l *LoopInfo) (float64, bool) {
	n, ok := mo.fixedTrips(l)
	return n, ok && n <= maxShortTrips
}

// fixedTrips is the trip count of a loop that depends on nothing but
// constants and macros, at the parameters' values.
func (mo *memOps) fixedTrips(l *LoopInfo) (float64, bool) {
	if l.Trips == nil {
		return 0, false
	}
	for _, n := range names(l.Trips) {
		if p := mo.paramOf(n); p == nil || p.From != "macro" {
			return 0, false
		}
	}
	n, ok := eval(l.Trips, mo.w.paramValues())
	return n, ok && n >= 1
}

// paramOf is the model parameter of that name, nil when there is none.
func (mo *memOps) paramOf(name string) *Param {
	for _, p := range mo.w.a.Params {
		if p.Name == name {
			return p
		}
	}
	return nil
}

// streamLoop finds the loop an access with indices idx streams along:
// the innermost loop when the last index moves by one element an
// iteration of it (unit stride, which the hardware prefetches); or else
// a loop further out where the address moves by one element, when the
// loops inside that one either do not move the address (out[i*n + j]
// inside a loop over a stencil's radius, any constant trip count) or are
// short (shortTrips: in[(i + ii)*n + j] for ii from -2 to 2 walks five
// neighbouring rows, five streams along j, each reusing the lines the
// others brought: Kerncraft's layer condition). It returns that loop and
// how many times the access runs per iteration of it (the trips of the
// loops inside), which divides the bytes its stream moves per access.
func (mo *memOps) streamLoop(idx []cc.ExpressionNode) (*LoopInfo, float64, bool) {
	if len(idx) == 0 || len(mo.w.loops) == 0 {
		return nil, 1, false
	}
	in := mo.w.loops[len(mo.w.loops)-1].info
	unit := mo.unitStride(idx[len(idx)-1])
	if _, short := mo.shortTrips(in); unit && !short {
		return in, 1, true
	}
	// A short innermost loop (in[i*n + j + jj] for jj from -2 to 2)
	// steps along the loop around it: its next iteration reads the same
	// elements again, one further on.
	fallback := func() (*LoopInfo, float64, bool) { return in, 1, unit }
	syms := make([]Expr, len(idx))
	for i, ix := range idx {
		v, ok := mo.w.sym(ix)
		if !ok {
			return fallback()
		}
		syms[i] = v
	}
	per, moving := 1.0, 1.0
	for k := len(mo.w.loops) - 1; k >= 0; k-- {
		l := mo.w.loops[k].info
		if l.Var == "" {
			return fallback()
		}
		moves := false
		for _, v := range syms {
			moves = moves || mentionsName(v, l.Var)
		}
		if (k < len(mo.w.loops)-1 || !unit) && moves {
			c, ok := slope(syms[len(syms)-1], l.Var)
			step, _ := constOf(l.Step)
			earlier := false
			for _, v := range syms[:len(syms)-1] {
				earlier = earlier || mentionsName(v, l.Var)
			}
			if ok && !earlier && (c*step == 1 || c*step == -1) {
				return l, per, true
			}
		}
		n, short := mo.shortTrips(l)
		if !moves {
			c, ok := mo.fixedTrips(l)
			if !ok {
				return fallback()
			}
			n = c
		} else if !short || moving*n > maxShortTrips {
			return fallback()
		} else {
			moving *= n
		}
		per *= n
	}
	return fallback()
}

// invariant reports whether an access's indices read no loop index but
// those of short loops (shortTrips), which the compiler unrolls: it
// reaches at most maxShortTrips elements, again at every iteration of
// the loops around.
func (mo *memOps) invariant(idx []cc.ExpressionNode) bool {
	if len(mo.w.loops) == 0 {
		return false
	}
	var vars []string
	for _, ix := range idx {
		v, ok := mo.w.sym(ix)
		if !ok {
			return false
		}
		vars = append(vars, names(v)...)
	}
	for _, f := range mo.w.loops {
		if f.info.Var == "" {
			return false
		}
		if _, short := mo.shortTrips(f.info); short {
			continue
		}
		for _, v := range vars {
			if v == f.info.Var {
				return false
			}
		}
	}
	return true
}

// unitStride reports whether an index moves by one element from one
// iteration of the innermost loop to the next.
func (mo *memOps) unitStride(idx cc.ExpressionNode) bool {
	if len(mo.w.loops) == 0 {
		return false
	}
	in := mo.w.loops[len(mo.w.loops)-1].info
	if in.Var == "" {
		return mo.plainIndex(mo.w.loops[len(mo.w.loops)-1], idx)
	}
	e, ok := mo.w.sym(idx)
	if !ok {
		return false
	}
	c, ok := slope(e, in.Var)
	step, _ := constOf(in.Step)
	return ok && (c*step == 1 || c*step == -1)
}

// plainIndex recognises an index that is the index variable of a loop
// the analysis cannot count, stepped by one (for (k = rowptr[i]; k <
// rowptr[i + 1]; k++), a sparse matrix's row), plus or minus a constant:
// val[k] moves by one element an iteration, whatever the bounds.
func (mo *memOps) plainIndex(f *loopFrame, idx cc.ExpressionNode) bool {
	it, ok := f.stmt.(*cc.IterationStatement)
	if !ok {
		return false
	}
	var d *cc.Declarator
	switch it.Case {
	case cc.IterationStatementForDecl:
		if l := it.Declaration.InitDeclaratorList; l != nil && l.InitDeclaratorList == nil && l.InitDeclarator != nil {
			d = l.InitDeclarator.Declarator
		}
	case cc.IterationStatementFor:
		if ae, ok := unparen(it.ExpressionList).(*cc.AssignmentExpression); ok && ae.Case == cc.AssignmentExpressionAssign {
			d = declOf(ae.UnaryExpression)
		}
	}
	if d == nil || assigns(it.Statement, d) {
		return false
	}
	_, stepE := loopTestStep(it)
	if step, ok := mo.w.flow.stepOf(stepE, d); !ok || (step != 1 && step != -1) {
		return false
	}
	e := unparen(idx)
	if a, ok := e.(*cc.AdditiveExpression); ok && a.Case != cc.AdditiveExpressionMul {
		if _, ok := constValue(a.MultiplicativeExpression); !ok {
			return false
		}
		e = unparen(a.AdditiveExpression)
	}
	return declOf(e) == d
}

// slope is how much e changes when v grows by one, when that is a
// constant: e is affine in v, whatever it does with other names
// (i * n + j has slope 1 in j and none in i).
func slope(e Expr, v string) (float64, bool) {
	switch x := e.(type) {
	case Num:
		return 0, true
	case Name:
		if x.N == v {
			return 1, true
		}
		return 0, true
	case Bin:
		a, okA := slope(x.A, v)
		b, okB := slope(x.B, v)
		if !okA || !okB {
			return 0, false
		}
		switch x.Op {
		case "+":
			return a + b, true
		case "-":
			return a - b, true
		case "*":
			switch {
			case a == 0 && b == 0:
				return 0, true
			case b == 0:
				if k, ok := constOf(x.B); ok {
					return a * k, true
				}
			case a == 0:
				if k, ok := constOf(x.A); ok {
					return b * k, true
				}
			}
			return 0, false
		}
		if a == 0 && b == 0 {
			return 0, true
		}
		return 0, false
	case Call, Cond, Not:
		if mentionsName(e, v) {
			return 0, false
		}
		return 0, true
	}
	return 0, false
}

// call prices a call of a function that is not the program's own.
func (o *opsCounter) call(x *cc.PostfixExpression) {
	for _, a := range callArgs(x) {
		o.expr(a, false)
	}
	name := o.w.ptrs.callee(x)
	if _, user := o.w.funcs[name]; user || isCommMPI(name) || (name == "" && len(o.w.ptrs.candidates(x)) > 1) {
		return // a block of its own
	}
	if ops, ok := o.w.mem.libOps(x, name); ok {
		for k, n := range ops {
			o.add(k, n)
		}
		switch name {
		case "malloc", "calloc", "realloc", "aligned_alloc", "memalign", "valloc":
			o.touch(x)
		case "posix_memalign":
			o.w.allocs.allocatedBy(x)
			o.touch(x)
		}
		return
	}
	if o.bulk(x, name) || o.sort(x, name) || o.strBytes(x, name) { // libcalls.go, strfuncs.go
		return
	}
	switch name {
	case "MPI_Wtime", "MPI_Comm_rank", "MPI_Comm_size", "MPI_Init", "MPI_Finalize", "MPI_Wtick", "MPI_Abort":
		o.add("call", 1)
	case "PIC_proba":
	case "":
		o.add("call", 1)
		o.w.note(x, "(pointer)", "call through a function pointer: priced as one call; what it calls is not followed")
	default:
		o.add("call", 1)
		o.w.note(x, name, "library function %s is priced as one call; its own work is not counted", name)
	}
}

// touch charges the first writes to the pages malloc or calloc hands
// out: a large allocation (128 KiB or more, glibc's mmap threshold) is
// fresh memory from the kernel every time, and each of its 4 KiB pages
// costs a fault the first time the program writes it (page_touch), wherever
// that write happens. Smaller ones come from memory the process has
// already touched, mostly.
func (o *opsCounter) touch(x *cc.PostfixExpression) {
	size, ok := o.w.allocation(x)
	if !ok {
		return
	}
	// Keyed by size and call site, so that touches can bound each
	// allocation by what its own pointer's accesses reach.
	key := String(size) + "#" + siteOf(x)
	o.add("touch@"+key, 1)
	if o.footprints == nil {
		o.footprints = map[string]Expr{}
	}
	o.footprints[key] = size
}

// siteOf names a call site by its position.
func siteOf(n cc.Node) string {
	p := pos(n)
	return fmt.Sprintf("%s:%d:%d", p.File, p.Line, p.Col)
}

// note warns once per program about a library function.
func (w *walker) note(at cc.Node, key, format string, args ...any) {
	if w.warned[key] {
		return
	}
	w.warned[key] = true
	w.a.warn(pos(at), format, args...)
}

// divide counts a division or remainder. An integer one by a constant is
// what compilers make of it: a power of two a shift or a mask (with a
// fix-up of the sign, two integer operations), any other constant a
// multiplication by its inverse, a shift and the fix-ups; only a
// divisor known at run time takes the divider.
func (o *opsCounter) divide(x *cc.MultiplicativeExpression) {
	op := arith(x.Type(), "int_div", "fp_div")
	if op != "int_div" || !constDivisor(x) {
		o.add(op, 1)
		return
	}
	v, _ := constValue(x.CastExpression)
	if powerOfTwo(v) {
		o.add("int_add", 2)
		return
	}
	o.add("int_mul", 1)
	o.add("int_add", 3)
}

// leaFactor tells whether x is an integer multiplication by a constant
// that compilers make one lea or shift: 3, 5, 9 (n + 2n, n + 4n, n + 8n)
// or a power of two.
func leaFactor(x *cc.MultiplicativeExpression) bool {
	if x.Case != cc.MultiplicativeExpressionMul || arith(x.Type(), "int", "fp") != "int" {
		return false
	}
	for _, f := range []cc.ExpressionNode{x.MultiplicativeExpression, x.CastExpression} {
		if v, ok := constValue(f); ok && (v == 3 || v == 5 || v == 9 || powerOfTwo(v)) {
			return true
		}
	}
	return false
}

// leaOps is the integer operations a multiplication by a leaFactor takes:
// one lea or shift when optimising; at -O0 gcc still shifts for a power
// of two but builds 3n, 5n and 9n from a shift (or a copy) and an add,
// two operations (gcc -O0 -S: n * 3 is addl, addl; n * 5 sall, addl).
func (mo *memOps) leaOps(x *cc.MultiplicativeExpression) float64 {
	if mo.w.optimised(1) {
		return 1
	}
	for _, f := range []cc.ExpressionNode{x.MultiplicativeExpression, x.CastExpression} {
		if v, ok := constValue(f); ok && powerOfTwo(v) {
			return 1
		}
	}
	return 2
}

// powerOfTwo tells whether v is a positive integer power of two.
func powerOfTwo(v float64) bool {
	return v > 0 && v == float64(int64(v)) && int64(v)&(int64(v)-1) == 0
}

// constDivisor tells whether the divisor of x is a constant the compiler
// knows.
func constDivisor(x *cc.MultiplicativeExpression) bool {
	v, ok := constValue(x.CastExpression)
	return ok && v != 0
}
