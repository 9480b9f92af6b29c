package analyze

import (
	"regexp"
	"strconv"
	"strings"

	"modernc.org/cc/v4"
)

// control is the walker's part for control flow: loops and their counts
// (control.go, loops.go, multiindex.go, clamp.go), branches and their
// joins (join.go), switches (switch.go), and the jumps out of loops
// (contguard.go, exitguard.go).
type control struct {
	w *walker
	// jumps are the loops and switches around the statement walked, the
	// innermost last: the one a break leaves.
	jumps []jumpFrame
	// skips are the tests `if (c) continue;` whose else is the rest of
	// the loop's body (contguard.go).
	skips map[*cc.SelectionStatement]bool
	// clamped are the variables a loop steps by that its body only
	// lowers to a bound the analysis cannot read (clamp.go).
	clamped map[*cc.Declarator]bool
}

// enter starts a function: no loop or switch is around.
func (cf *control) enter() {
	cf.jumps = nil
}

// skip marks test s, `if (c) continue;`, as one whose else is the rest
// of the loop's body.
func (cf *control) skip(s *cc.SelectionStatement) {
	cf.skips[s] = true
}

// isClamped reports whether a loop steps by d and its body only lowers d
// to a bound the analysis cannot read.
func (cf *control) isClamped(d *cc.Declarator) bool {
	return cf.clamped[d]
}

// loop makes the block of a loop: its control (the test and the step of
// each iteration), its trip count and its body.
func (cf *control) loop(it *cc.IterationStatement, out *[]*Block) {
	// The initialisation runs once, before the loop: straight-line code.
	switch it.Case {
	case cc.IterationStatementFor:
		if it.ExpressionList != nil {
			cf.w.expression(it.ExpressionList, out, it)
		}
	case cc.IterationStatementForDecl:
		cf.w.declaration(it.Declaration, out)
	}
	// A while loop's index, read before the body's assignments are
	// forgotten: its value is where the count starts (loops.go).
	var whileFrom Expr
	whileVar := whileIndex(it)
	if whileVar != nil {
		whileFrom = cf.w.vals[whileVar]
	}
	clampVar, clampVal := cf.clampedStep(it)
	pre := copyVals(cf.w.vals) // for the values the loop steps (recur.go)
	cf.invalidate(it.Statement)
	test, step := loopTestStep(it)
	cf.invalidate(step)
	if clampVar != nil {
		// A step the body only lowers keeps its value (clamp.go).
		cf.w.vals[clampVar] = clampVal
		cf.clamped[clampVar] = true
		defer delete(cf.clamped, clampVar)
	}
	b := &Block{Name: cf.w.blockName(it), Kind: Loop, Func: cf.w.fn.Name, Pos: pos(it), Ops: map[string]float64{}, Stmt: it}
	var info *LoopInfo
	var decl *cc.Declarator
	if text, at, ok := cf.w.pragmaAbove(it); ok {
		if arg, ok := pragmaArg(text, "loop"); ok {
			if v, ok := cf.symText(arg, at); ok {
				info, decl = cf.canonicalLoop(it, false)
				info.To, info.Canonical = nil, false
				info.Trips, info.TripsHow = v, Annotated
				cf.w.a.Unknowns = append(cf.w.a.Unknowns, Unknown{Pos: b.Pos, Block: b.Name, What: "loop count", How: Annotated, Value: arg})
			}
		}
	}
	if info == nil && doOnce(it) {
		// do { ... } while (0): the body once, as macros wrap statements.
		info = &LoopInfo{Trips: Num{1}, TripsHow: Exact}
	}
	if info == nil {
		info, decl = cf.canonical(it)
	}
	if info.Trips == nil && whileFrom != nil {
		if n, how, ok := cf.whileCount(it, whileVar, whileFrom); ok {
			info.Trips, info.TripsHow = n, how
		}
	}
	if info.Trips == nil {
		if n, ok := cf.w.mpi.receivedWalk(it); ok {
			info.Trips, info.TripsHow = n, Symbolic // alltoall.go
		}
	}
	if cf.w.omp.isSpin(it, info) {
		// Priced by the other threads' work, not by a count (spin.go).
		b.spin = &spinWait{stage: cf.w.omp.stageLoop()}
		info.Trips, info.TripsHow = Num{1}, Exact
	}
	b.Loop = info
	o := opsCounter{w: cf.w, ops: b.Ops}
	// The test's own compare is counted; the jump back is predicted
	// right every iteration but the last, and costs nothing more.
	o.loopTest(test, info.Var)
	o.expr(step, false)
	b.addStreams(o.streamed, o.streamIdx)
	if info.Trips == nil {
		p := cf.w.a.param(cf.w.fresh(b.Name+"_iters"), 1, b.Pos, "unknown", "iterations of the loop at "+b.Pos.String())
		info.Trips, info.TripsHow = Name{p.Name}, Default
		cf.w.a.Unknowns = append(cf.w.a.Unknowns, Unknown{Pos: b.Pos, Block: b.Name, What: "loop count", Param: p.Name, How: Default, Value: "1"})
		cf.w.a.warnParam(p.Name, b.Pos, "the iteration count of this loop is not known statically: it is the parameter %s (default 1); annotate it with #pragma augur loop(COUNT) or give --set %s=N", p.Name, p.Name)
	}
	cf.w.loops = append(cf.w.loops, &loopFrame{decl: decl, info: info, stmt: it, ifBase: cf.w.inIf, blk: b})
	cf.jumps = append(cf.jumps, jumpFrame{spin: b.spin != nil})
	scope := cf.w.scopeIf
	cf.w.scopeIf = cf.w.inIf
	filled := cf.w.arrs.fillArrays(it, info) // elems.go
	b.Body = cf.body(it.Statement)
	cf.w.scopeIf = scope
	cf.jumps = cf.jumps[:len(cf.jumps)-1]
	cf.w.loops = cf.w.loops[:len(cf.w.loops)-1]
	// The body's straight-line assignments hold within an iteration;
	// after the loop, the variables hold the last iteration's values
	// (and the indices that stepped with it, theirs).
	cf.invalidate(it.Statement)
	cf.invalidate(step)
	filled()
	cf.w.recurrences(it, info, pre)
	cf.w.mpi.counterTotals(it, info)
	cf.w.mem.unroll(b)
	cf.w.mem.vectorise(b) // vector.go
	extend(b, it.Statement)
	*out = append(*out, b)
}

// loopTestStep returns a loop's test and step expressions (nil if none):
// cc keeps for's three expressions in ExpressionList..3, but a for whose
// first clause is a declaration has only the test and the step.
func loopTestStep(it *cc.IterationStatement) (test, step cc.ExpressionNode) {
	switch it.Case {
	case cc.IterationStatementFor:
		return it.ExpressionList2, it.ExpressionList3
	case cc.IterationStatementForDecl:
		return it.ExpressionList, it.ExpressionList2
	}
	return it.ExpressionList, nil
}

// body walks a loop or branch body.
func (cf *control) body(s *cc.Statement) []*Block {
	var out []*Block
	cf.w.stmt(s, &out)
	return out
}

// invalidate forgets the values of the variables n assigns: after (and
// inside) a loop they may hold any of several values.
func (cf *control) invalidate(n cc.Node) {
	visit(n, func(m cc.Node) bool {
		if x, ok := m.(*cc.Declaration); ok {
			for l := x.InitDeclaratorList; l != nil; l = l.InitDeclaratorList {
				if l.InitDeclarator != nil {
					delete(cf.w.vals, l.InitDeclarator.Declarator)
				}
			}
		}
		if d := declOf(written(m, false)); d != nil {
			delete(cf.w.vals, d)
		}
		return true
	})
}

// canonical recognises for (i = a; i < b; i += s) and its variants (<=,
// >, >=, ++, --, -=, i = i + s) with a constant step and bounds the
// analysis can express, where the body does not assign i.
func (cf *control) canonical(it *cc.IterationStatement) (*LoopInfo, *cc.Declarator) {
	return cf.canonicalLoop(it, true)
}

// canonicalLoop is canonical; without needBound (a loop whose count is
// annotated) a test the analysis cannot read still gives the index, its
// start and step, so that accesses through it are recognised.
func (cf *control) canonicalLoop(it *cc.IterationStatement, needBound bool) (*LoopInfo, *cc.Declarator) {
	info := &LoopInfo{}
	var decl *cc.Declarator
	var from Expr
	if needBound {
		cf.w.paramize = append(cf.w.paramize, it)
		defer func() { cf.w.paramize = cf.w.paramize[:len(cf.w.paramize)-1] }()
	}
	testE, stepE := loopTestStep(it)
	// The index is the initialisation the test reads; a loop may start
	// several (multiindex.go).
	inits, ok := loopInits(it)
	if !ok {
		return info, nil
	}
	index, others, ok := loopIndex(inits, testE)
	if !ok {
		return info, nil
	}
	decl = index.d
	v, ok := cf.w.sym(index.v)
	if !ok {
		return info, nil
	}
	from = v
	if decl == nil || !cc.IsIntegerType(decl.Type()) || assigns(it.Statement, decl) {
		return info, nil
	}
	step, ok := cf.stepIn(stepE, decl)
	if !ok || step == 0 {
		return cf.symbolicStep(info, decl, from, testE, stepE)
	}
	to, ok := cf.bound(testE, decl, step > 0)
	if !ok {
		if needBound {
			return info, nil
		}
		info.Var = cf.w.fresh(decl.Name())
		cf.w.names[decl] = info.Var
		info.From, info.Step = from, Num{float64(step)}
		if step < 0 {
			info.From, info.Step, info.Mirror = neg(from), Num{float64(-step)}, true
		}
		return info, decl
	}
	info.Var = cf.w.fresh(decl.Name())
	cf.w.names[decl] = info.Var
	info.From, info.To, info.Step = from, to, Num{float64(step)}
	if step < 0 {
		// for (i = n - 1; i >= 0; i--): the model's for steps up, over
		// -i from 1 - n to 1; the C index reads as -i (index).
		info.From, info.To, info.Step, info.Mirror = neg(from), neg(to), Num{float64(-step)}, true
	}
	info.Trips = trips(from, to, step)
	info.TripsHow = Symbolic
	if _, ok := constOf(info.Trips); ok {
		info.TripsHow = Exact
	}
	info.Canonical = true
	cf.coIndices(it, others, info, from, step)
	return info, decl
}

// symbolicStep reads for (i = a; i < b; i += s) with a step s that is not
// a constant but an expression of parameters (i += procs, a cyclic
// distribution), taken to be positive. Such a loop is not summed with the
// nest around it; its trip count ceil((b - a) / s) is a factor, and the
// model keeps it as a for with that step.
func (cf *control) symbolicStep(info *LoopInfo, decl *cc.Declarator, from Expr, testE, stepE cc.ExpressionNode) (*LoopInfo, *cc.Declarator) {
	ae, ok := unparen(stepE).(*cc.AssignmentExpression)
	if !ok || ae.Case != cc.AssignmentExpressionAdd || declOf(ae.UnaryExpression) != decl || mentions(ae.AssignmentExpression, decl) {
		return info, nil
	}
	step, ok := cf.w.sym(ae.AssignmentExpression)
	if !ok {
		return info, nil
	}
	if !positive(step) {
		// A step the program reads at run time (a tile size from argv)
		// is positive in any run that ends; the model says so, whatever
		// value its parameter is given.
		step = Call{"max", []Expr{Num{1}, step}}
	}
	to, ok := cf.bound(testE, decl, true)
	if !ok {
		return info, nil
	}
	info.Var = cf.w.fresh(decl.Name())
	cf.w.names[decl] = info.Var
	info.From, info.To, info.Step = from, to, step
	info.Trips = Call{"max", []Expr{Num{0}, Call{"ceil", []Expr{div(simplify(sub(to, from)), step)}}}}
	info.TripsHow = Symbolic
	return info, decl
}

// positive reports whether e is positive whatever the parameters' values:
// a positive constant, procs, or sums and products of those.
func positive(e Expr) bool {
	switch x := e.(type) {
	case Num:
		return x.V > 0
	case Name:
		return x.N == "procs"
	case Bin:
		return (x.Op == "+" || x.Op == "*") && positive(x.A) && positive(x.B)
	case Call:
		return x.Fn == "max" && len(x.Args) == 2 && (positive(x.Args[0]) || positive(x.Args[1]))
	}
	return false
}

// neg is -e.
func neg(e Expr) Expr {
	return simplify(sub(Num{0}, e))
}

// trips is the iteration count of a half-open range with a constant step.
func trips(from, to Expr, step int64) Expr {
	span := simplify(sub(to, from))
	if step < 0 {
		span = simplify(sub(from, to))
		step = -step
	}
	if step != 1 {
		span = Call{"ceil", []Expr{div(span, Num{float64(step)})}}
	}
	if c, ok := constOf(span); ok {
		return Num{max(c, 0)}
	}
	return Call{"max", []Expr{Num{0}, span}}
}

// assigns reports whether n assigns the variable d.
func assigns(n cc.Node, d *cc.Declarator) bool {
	found := false
	visit(n, func(m cc.Node) bool {
		if target := written(m, true); target != nil && declOf(target) == d {
			found = true
		}
		return !found
	})
	return found
}

// stepOf reads a loop's step: i++, ++i, i--, i += c, i -= c, i = i + c.
func (cf *control) stepOf(e cc.ExpressionNode, d *cc.Declarator) (int64, bool) {
	switch x := unparen(e).(type) {
	case *cc.PostfixExpression:
		if declOf(x.PostfixExpression) == d {
			switch x.Case {
			case cc.PostfixExpressionInc:
				return 1, true
			case cc.PostfixExpressionDec:
				return -1, true
			}
		}
	case *cc.UnaryExpression:
		if declOf(x.UnaryExpression) == d {
			switch x.Case {
			case cc.UnaryExpressionInc:
				return 1, true
			case cc.UnaryExpressionDec:
				return -1, true
			}
		}
	case *cc.AssignmentExpression:
		if declOf(x.UnaryExpression) != d {
			return 0, false
		}
		switch x.Case {
		case cc.AssignmentExpressionAdd, cc.AssignmentExpressionSub:
			v, ok := constValue(x.AssignmentExpression)
			if !ok || v != float64(int64(v)) {
				return 0, false
			}
			if x.Case == cc.AssignmentExpressionSub {
				v = -v
			}
			return int64(v), true
		case cc.AssignmentExpressionAssign:
			ad, ok := unparen(x.AssignmentExpression).(*cc.AdditiveExpression)
			if !ok || ad.Case == cc.AdditiveExpressionMul || declOf(ad.AdditiveExpression) != d {
				return 0, false
			}
			v, ok := constValue(ad.MultiplicativeExpression)
			if !ok || v != float64(int64(v)) {
				return 0, false
			}
			if ad.Case == cc.AdditiveExpressionSub {
				v = -v
			}
			return int64(v), true
		}
	}
	return 0, false
}

// bound reads the loop test i < b (and its variants, and conjunctions of
// them) as the exclusive end of the range in the step's direction.
func (cf *control) bound(e cc.ExpressionNode, d *cc.Declarator, up bool) (Expr, bool) {
	if declOf(e) == d {
		return Num{0}, true // for (i = n; i; i--): i != 0
	}
	switch x := unparen(e).(type) {
	case *cc.LogicalAndExpression:
		if x.Case != cc.LogicalAndExpressionLAnd {
			return cf.bound(x.InclusiveOrExpression, d, up)
		}
		a, ok1 := cf.bound(x.LogicalAndExpression, d, up)
		b, ok2 := cf.bound(x.InclusiveOrExpression, d, up)
		if !ok1 || !ok2 {
			return nil, false
		}
		if up {
			return Call{"min", []Expr{a, b}}, true
		}
		return Call{"max", []Expr{a, b}}, true
	case *cc.RelationalExpression:
		op := map[cc.RelationalExpressionCase]string{cc.RelationalExpressionLt: "<", cc.RelationalExpressionGt: ">",
			cc.RelationalExpressionLeq: "<=", cc.RelationalExpressionGeq: ">="}[x.Case]
		left, right := x.RelationalExpression, cc.ExpressionNode(x.ShiftExpression)
		if declOf(left) != d {
			if declOf(right) != d {
				return nil, false
			}
			// b > i is i < b.
			left, right = right, left
			op = map[string]string{"<": ">", ">": "<", "<=": ">=", ">=": "<="}[op]
		}
		if mentions(right, d) {
			return nil, false
		}
		b, ok := cf.w.sym(right)
		if !ok {
			return nil, false
		}
		switch {
		case up && op == "<", !up && op == ">":
			return b, true
		case up && op == "<=":
			return add(b, Num{1}), true
		case !up && op == ">=":
			return sub(b, Num{1}), true
		}
	case *cc.EqualityExpression:
		// i != b with a unit step is i < b (or i > b).
		if x.Case == cc.EqualityExpressionNeq && declOf(x.EqualityExpression) == d && !mentions(x.RelationalExpression, d) {
			return cf.w.sym(x.RelationalExpression)
		}
	}
	return nil, false
}

// mentions reports whether n reads the variable d.
func mentions(n cc.Node, d *cc.Declarator) bool {
	found := false
	visit(n, func(m cc.Node) bool {
		if pe, ok := m.(*cc.PrimaryExpression); ok && pe.Case == cc.PrimaryExpressionIdent && pe.ResolvedTo() == d {
			found = true
		}
		return !found
	})
	return found
}

var pragmaCall = regexp.MustCompile(`^([a-z_]+)\s*\((.*)\)\s*$`)

// pragmaArg returns the argument of an annotation `name(ARG)`.
func pragmaArg(text, name string) (string, bool) {
	m := pragmaCall.FindStringSubmatch(strings.TrimSpace(text))
	if m == nil || m[1] != name {
		return "", false
	}
	return strings.TrimSpace(m[2]), true
}

// symText reads an annotation's expression: a number, or a C expression
// of the program's variables and macros as the model's terms know them.
func (cf *control) symText(text string, at Position) (Expr, bool) {
	if v, err := strconv.ParseFloat(text, 64); err == nil {
		return Num{v}, true
	}
	// C names that are words of the model language (size, local, step)
	// are renamed before the model's parser reads the expression.
	text = identifier.ReplaceAllStringFunc(text, func(id string) string {
		if modelKeywords[id] {
			return id + keywordMark
		}
		return id
	})
	text = strings.ReplaceAll(text, keywordMark+"(", "(") // min(, floor(: functions
	e, err := parseAnnotation(text, cf.lookup)
	if err != nil {
		cf.w.a.warn(at, "#pragma augur: %v", err)
		return nil, false
	}
	return e, true
}

var identifier = regexp.MustCompile(`[A-Za-z_][A-Za-z0-9_]*`)

// keywordMark suffixes C names that the model language reserves while an
// annotation is parsed.
const keywordMark = "__c"

// lookup resolves a name in an annotation: a variable of the current
// function whose value is known, a loop index, or a parameter.
func (cf *control) lookup(name string) (Expr, bool) {
	name = strings.TrimSuffix(name, keywordMark)
	for d, v := range cf.w.vals {
		if d.Name() == name {
			return v, true
		}
	}
	for _, l := range cf.w.loops {
		if l.decl != nil && l.decl.Name() == name && l.info.Var != "" {
			return l.info.index(), true
		}
	}
	for _, p := range cf.w.a.Params {
		if p.Name == name {
			return Name{name}, true
		}
	}
	return nil, false
}

// selection makes the block of an if (or a switch): the test, and the
// arms with a condition in the model's terms or a probability.
// branchless reports whether the arm of an if is a few register
// updates (a counter increment, a min or max kept in a variable), which
// an optimising compiler turns into a conditional move or set rather
// than a branch that may be mispredicted.
func branchless(arm []*Block) bool {
	n := 0.0
	for _, b := range arm {
		if b.Kind != Compute {
			return false
		}
		for k, v := range b.Ops {
			switch k {
			case "int_add", "fp_add":
				n += v
			default:
				return false
			}
		}
	}
	return n <= 2
}

func (cf *control) selection(s *cc.SelectionStatement, out *[]*Block) {
	if s.Case == cc.SelectionStatementSwitch {
		cf.switchStmt(s, out)
		return
	}
	for _, c := range cf.w.structuralCalls(s.ExpressionList) {
		cf.w.callBlock(c, out)
	}
	cf.w.unk.setOutVals()
	b := &Block{Name: cf.w.blockName(s), Kind: Branch, Func: cf.w.fn.Name, Pos: pos(s), Ops: map[string]float64{}, Stmt: s}
	o := opsCounter{w: cf.w, ops: b.Ops}
	o.expr(s.ExpressionList, false)
	b.addStreams(o.streamed, o.streamIdx)
	switch p, how, ok := cf.probability(s); {
	case !ok && cf.w.values.runOnce(s):
		// Taken on the program's first call only: not a cost of each.
		b.Prob, b.FirstCall = Num{0}, true
		cf.w.a.Unknowns = append(cf.w.a.Unknowns, Unknown{Pos: b.Pos, Block: b.Name, What: "branch probability (a first-call guard)", How: Exact, Value: "0"})
	case ok:
		b.Prob = p
		cf.w.a.Unknowns = append(cf.w.a.Unknowns, Unknown{Pos: b.Pos, Block: b.Name, What: "branch probability", How: how, Value: String(p)})
	default:
		if c, ok := cf.w.symCond(s.ExpressionList); ok {
			b.Cond = c
			break
		}
		// A test of values that are the same on every process goes the
		// same way on all of them: a shared parameter, not a draw per
		// process (unknown.go).
		if c, ok := cf.w.unk.symShared(s.ExpressionList, true); ok {
			b.Cond = c
			break
		}
		// A test of a field that bounds a loop reads the loop's
		// parameter (boundfields.go).
		if c, ok := cf.w.values.boundFieldCond(s); ok {
			b.Cond = c
			break
		}
		if cf.leavesLoop(s) {
			// Its arm leaves the loop, whose count says it is not
			// taken (exitguard.go).
			b.Prob = Num{0}
			cf.w.a.Unknowns = append(cf.w.a.Unknowns, Unknown{Pos: b.Pos, Block: b.Name, What: "branch probability (an arm that leaves the loop, not taken in the iterations counted)", How: Exact, Value: "0"})
			break
		}
		def, why := 0.5, ""
		if cf.skips[s] {
			def, why = 0, ", the rest of the loop's body counted whole"
		}
		p := cf.w.a.param(cf.w.fresh(b.Name+"_p"), def, b.Pos, "unknown", "probability that the test at "+b.Pos.String()+" is true")
		b.Prob = Name{p.Name}
		cf.w.a.Unknowns = append(cf.w.a.Unknowns, Unknown{Pos: b.Pos, Block: b.Name, What: "branch probability", Param: p.Name, How: Default, Value: numText(def)})
		cf.w.a.warnParam(p.Name, b.Pos, "the outcome of this test is not known statically: its probability is the parameter %s (default %s%s); annotate it with PIC_proba(P) or #pragma augur proba(P)", p.Name, numText(def), why)
	}
	// The jump: a test that depends on the rank or the loop indices
	// follows a pattern the predictor learns; one that is true with
	// probability p is mispredicted about min(p, 1-p) of the time, and
	// the branch key is the cost of one mispredicted half the time.
	// An if that only one rank takes (if (rank == root)) computes what
	// that rank broadcasts afterwards (rootValues in walk.go).
	rankOnly := b.Cond != nil && mentionsName(b.Cond, "pid") && s.Case != cc.SelectionStatementIfElse
	if rankOnly {
		cf.w.rankIfs++
	}
	// What one thread of a region stores alone, the team reads after it
	// (elems.go).
	oneThread := cf.w.omp.inRegion() && b.Cond != nil && mentionsName(b.Cond, "tid") && s.Case != cc.SelectionStatementIfElse
	if oneThread {
		cf.w.arrs.threadIf(1)
	}
	cf.w.inIf++
	scope := cf.w.scopeIf
	cf.w.scopeIf = cf.w.inIf
	before := copyVals(cf.w.vals)
	b.Then = cf.body(s.Statement)
	then := cf.w.vals
	cf.w.vals = before
	if s.Case == cc.SelectionStatementIfElse {
		cf.w.vals = copyVals(before)
		b.Else = cf.body(s.Statement2)
	}
	cf.w.vals = cf.join(b.Cond, then, cf.w.vals)
	cf.w.scopeIf = scope
	cf.w.inIf--
	if len(cf.w.loops) == 0 && cf.w.rankIfs > 0 {
		// What the root's branch computes, it broadcasts (broadcast):
		// the values its own arm leaves, joined inside it.
		after := cf.w.vals
		if rankOnly {
			after = then
		}
		for d, v := range after {
			if old, ok := before[d]; !ok || String(old) != String(v) {
				cf.w.rootVals[d] = v
			}
		}
	}
	if rankOnly {
		cf.w.rankIfs--
	}
	if oneThread {
		cf.w.arrs.threadIf(-1)
	}
	switch p, isConst := constOf(orNum(b.Prob)); {
	case b.Cond != nil:
	case cf.w.optimised(1) && branchless(b.Then) && branchless(b.Else):
		// if (x * x + y * y <= 1) hits++: an optimising compiler
		// computes the condition into the update (setcc, cmov) instead
		// of jumping; gcc -O0 jumps.
		b.Ops["int_add"]++
	case b.Prob != nil && isConst:
		if rate := 2 * min(p, 1-p); rate > 0 {
			b.Ops["branch"] += rate
		}
	default:
		b.Ops["branch"]++
	}
	end := s.Statement
	if s.Statement2 != nil {
		end = s.Statement2
	}
	extend(b, end)
	*out = append(*out, b)
}

// probability finds an annotated probability: PIC_proba(P) in the test
// (ChronosMix's form), or #pragma augur proba(P) above the if.
func (cf *control) probability(s *cc.SelectionStatement) (Expr, How, bool) {
	var found Expr
	visit(s.ExpressionList, func(n cc.Node) bool {
		if p, ok := n.(*cc.PostfixExpression); ok && p.Case == cc.PostfixExpressionCall && calleeName(p) == "PIC_proba" {
			if args := callArgs(p); len(args) == 1 {
				if v, ok := cf.w.sym(args[0]); ok {
					found = v
				}
			}
		}
		return found == nil
	})
	if found != nil {
		return found, Annotated, true
	}
	if text, at, ok := cf.w.pragmaAbove(s); ok {
		if arg, ok := pragmaArg(text, "proba"); ok {
			if v, ok := cf.symText(arg, at); ok {
				return v, Annotated, true
			}
		}
	}
	return nil, "", false
}

// doOnce reports whether a loop is do { ... } while (0).
func doOnce(it *cc.IterationStatement) bool {
	if it.Case != cc.IterationStatementDo {
		return false
	}
	v, ok := constValue(it.ExpressionList)
	return ok && v == 0
}

// loopTest counts a loop's test. A bound that does not change in the
// loop (MIN(n, j + T) of a tile, n - 1) is computed once before it by an
// optimising compiler: only the compare runs every iteration. The body's
// assignments have made what they change unknown (invalidate), so a
// bound the analysis can still read is one the loop does not change.
func (o *opsCounter) loopTest(test cc.ExpressionNode, v string) {
	rel, ok := unparen(test).(*cc.RelationalExpression)
	if !ok || rel.Case == cc.RelationalExpressionShift || v == "" || !o.w.optimised(1) {
		o.expr(test, false)
		return
	}
	invariant := func(e cc.ExpressionNode) bool {
		x, ok := o.w.sym(e)
		return ok && !mentionsName(x, v) && !hasEffects(e)
	}
	o.add(arith(rel.RelationalExpression.Type(), "int_add", "fp_add"), 1)
	for _, side := range []cc.ExpressionNode{rel.RelationalExpression, rel.ShiftExpression} {
		if !invariant(side) {
			o.expr(side, false)
		}
	}
}

// written is the place the expression node m writes: the left side of an
// assignment, the operand of ++ or --, and with addrof the operand of &,
// whose address lets a callee write it; nil for any other node.
func written(m cc.Node, addrof bool) cc.Node {
	switch x := m.(type) {
	case *cc.AssignmentExpression:
		if x.Case != cc.AssignmentExpressionCond {
			return x.UnaryExpression
		}
	case *cc.UnaryExpression:
		switch {
		case x.Case == cc.UnaryExpressionInc || x.Case == cc.UnaryExpressionDec:
			return x.UnaryExpression
		case x.Case == cc.UnaryExpressionAddrof && addrof:
			return x.CastExpression
		}
	case *cc.PostfixExpression:
		if x.Case == cc.PostfixExpressionInc || x.Case == cc.PostfixExpressionDec {
			return x.PostfixExpression
		}
	}
	return nil
}
