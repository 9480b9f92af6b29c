package compile

import (
	"math"

	"augur/internal/frontend/model"
	"augur/internal/frontend/nestsum"
	"augur/internal/ir"
	"augur/internal/machine"
)

// Closed-form evaluation of loops whose body only computes (Pllana et
// al.'s machine-efficient form): a `loop` or `for` whose body holds only
// actions without code, further such loops, calls of activities of the
// same kind and branches on conditions that do not change inside it, is
// summed by nestsum when it is reached, and handed to the engine as one
// batched Compute. The engine allows it only where no other unit can
// delay a computation; otherwise, and wherever the nest is not one
// nestsum evaluates exactly (bounds not affine in the indices, costs not
// polynomial in them, steps other than 1), the loop runs step by step as
// before. The batch gives each element its calls, total, shortest and
// longest execution, so reports are the same either way.

// ptmpl computes, when the nest is reached, a polynomial in the nest's
// indices (variable k is the index of the loop at depth k).
type ptmpl func(v *vm) (nestsum.Poly, bool)

// branchCond is an if branch a statement of the nest sits in: the
// conditions before must be false and cond (nil for else) true.
type branchCond struct {
	before []expr
	cond   expr
}

// nestLevel is one loop of the nest.
type nestLevel struct {
	parent         int     // index in nest.levels, -1 for the nest's loop
	depth          int     // its index's variable number
	lowers, uppers []ptmpl // the index runs from max(lowers) to min(uppers) − 1
	step           expr    // nil: 1; otherwise it must be 1 when reached
	when           []branchCond
}

// nestAction is an action of the nest.
type nestAction struct {
	name  string // its element, resolved once every element exists
	elem  int32
	level int   // the innermost loop around it
	cost  ptmpl // nil: no cost
	when  []branchCond
}

// nest is a loop prepared for closed-form evaluation.
type nest struct {
	levels  []nestLevel
	actions []nestAction
	// The last evaluation's inputs and result: every process of an SPMD
	// model, and every iteration of a loop around the nest, usually
	// reaches it with the same values.
	lastKey  []float64
	lastRuns []ir.Run
	lastCost float64
	lastOK   bool
}

// nestBuilder turns a loop statement into a nest, or says it cannot.
type nestBuilder struct {
	c     *compiler
	n     *nest
	vars  []string // the nest's indices by depth ("" for loop)
	calls int      // activity calls inlined, against runaway recursion
}

// maxInlined bounds the activity calls inlined into one nest.
const maxInlined = 64

// buildNest returns the nest of a loop statement whose body only
// computes, or nil.
func (c *compiler) buildNest(s model.Stmt) *nest {
	b := &nestBuilder{c: c, n: &nest{}}
	// What goes wrong here is reported by the loop's step-by-step code.
	nerrs, nops := len(c.errs), len(c.p.OpsUsed)
	ok := b.loop(s, -1, nil) && len(b.n.actions) > 0 && len(c.errs) == nerrs
	c.errs, c.p.OpsUsed = c.errs[:nerrs], c.p.OpsUsed[:nops]
	if !ok {
		return nil
	}
	return b.n
}

// closedForm emits the instruction that evaluates loop s in closed form
// when it can, or returns -1; the caller sets its b to the end of the
// loop's step-by-step code, which follows.
func (c *compiler) closedForm(s model.Stmt) int {
	if c.p.opts.StepLoops {
		return -1
	}
	n := c.buildNest(s)
	if n == nil {
		return -1
	}
	c.nests = append(c.nests, n)
	return c.emit(instr{op: opNest, a: int32(len(c.nests) - 1), pos: s.Position()})
}

// resolveNests gives the nests' actions their elements, all compiled by now.
func (c *compiler) resolveNests() {
	for _, n := range c.nests {
		for i := range n.actions {
			a := &n.actions[i]
			id, ok := c.elems[a.name]
			if !ok {
				id = -1
			}
			a.elem = id
		}
	}
	c.p.nests = c.nests
}

func (b *nestBuilder) loop(s model.Stmt, parent int, when []branchCond) bool {
	if len(b.vars) >= nestsum.MaxVars {
		return false
	}
	lv := nestLevel{parent: parent, depth: len(b.vars), when: when}
	switch s := s.(type) {
	case *model.Loop:
		count, ok := b.tmpl(s.Count)
		if !ok {
			return false
		}
		lv.lowers = []ptmpl{constTmpl(0)}
		lv.uppers = []ptmpl{count}
		b.vars = append(b.vars, "")
		defer func() { b.vars = b.vars[:len(b.vars)-1] }()
		idx := len(b.n.levels)
		b.n.levels = append(b.n.levels, lv)
		return b.block(s.Body, idx, nil)
	case *model.For:
		if s.Var == nil {
			return false
		}
		for _, e := range boundList(s.From, "max") {
			t, ok := b.tmpl(e)
			if !ok {
				return false
			}
			lv.lowers = append(lv.lowers, t)
		}
		for _, e := range boundList(s.To, "min") {
			t, ok := b.tmpl(e)
			if !ok {
				return false
			}
			lv.uppers = append(lv.uppers, t)
		}
		if s.Step != nil {
			if b.mentions(s.Step) || b.c.usesRandom(s.Step, nil) {
				return false
			}
			lv.step = b.c.expr(s.Step)
		}
		b.vars = append(b.vars, s.Var.Name)
		defer func() { b.vars = b.vars[:len(b.vars)-1] }()
		idx := len(b.n.levels)
		b.n.levels = append(b.n.levels, lv)
		return b.block(s.Body, idx, nil)
	}
	return false
}

// boundList splits max(a, b, ...) (lower bounds) or min(a, b, ...)
// (upper bounds) into its arguments.
func boundList(e model.Expr, fn string) []model.Expr {
	for {
		p, ok := e.(*model.Paren)
		if !ok {
			break
		}
		e = p.X
	}
	if c, ok := e.(*model.CallExpr); ok && c.Fun != nil && c.Fun.Name == fn && len(c.Args) >= 2 {
		var out []model.Expr
		for _, a := range c.Args {
			out = append(out, boundList(a, fn)...)
		}
		return out
	}
	return []model.Expr{e}
}

// block adds the statements of a loop body at level idx.
func (b *nestBuilder) block(blk *model.Block, idx int, when []branchCond) bool {
	if blk == nil {
		return true
	}
	for _, s := range blk.Stmts {
		if !b.stmt(s, idx, when) {
			return false
		}
	}
	return true
}

func (b *nestBuilder) stmt(s model.Stmt, idx int, when []branchCond) bool {
	switch s := s.(type) {
	case *model.Action:
		if len(s.Code) > 0 {
			return false // assignments order the iterations
		}
		if s.Name == nil {
			return false
		}
		a := nestAction{name: s.Name.Name, level: idx, when: when}
		if s.Cost != nil {
			t, ok := b.tmpl(s.Cost)
			if !ok {
				return false
			}
			a.cost = t
		}
		b.n.actions = append(b.n.actions, a)
		return true
	case *model.Loop, *model.For:
		return b.loop(s, idx, when)
	case *model.If:
		var before []expr
		for i, cond := range s.Conds {
			if b.mentions(cond) || b.c.usesRandom(cond, nil) {
				return false
			}
			ce := b.c.expr(cond)
			w := append(append([]branchCond(nil), when...), branchCond{before: append([]expr(nil), before...), cond: ce})
			if i < len(s.Thens) && !b.block(s.Thens[i], idx, w) {
				return false
			}
			before = append(before, ce)
		}
		w := append(append([]branchCond(nil), when...), branchCond{before: before})
		return b.block(s.Else, idx, w)
	case *model.Call:
		if s.Name == nil || b.calls >= maxInlined {
			return false
		}
		a := b.c.acts[s.Name.Name]
		if a == nil {
			return false
		}
		b.calls++
		return b.block(a.Body, idx, when)
	}
	return false // delays, choices, communication, threads, assignments
}

// index returns the depth of the nest index name, or -1.
func (b *nestBuilder) index(name string) int {
	for d := len(b.vars) - 1; d >= 0; d-- {
		if b.vars[d] == name {
			return d
		}
	}
	return -1
}

// mentions reports whether e uses an index of the nest.
func (b *nestBuilder) mentions(e model.Expr) bool {
	found := false
	walkExpr(e, func(x model.Expr) {
		if id, ok := x.(*model.Ident); ok && b.index(id.Name) >= 0 {
			found = true
		}
	})
	return found
}

func walkExpr(e model.Expr, f func(model.Expr)) {
	if e == nil {
		return
	}
	f(e)
	switch x := e.(type) {
	case *model.Paren:
		walkExpr(x.X, f)
	case *model.Unary:
		walkExpr(x.X, f)
	case *model.Binary:
		walkExpr(x.X, f)
		walkExpr(x.Y, f)
	case *model.Cond:
		walkExpr(x.C, f)
		walkExpr(x.A, f)
		walkExpr(x.B, f)
	case *model.CallExpr:
		for _, a := range x.Args {
			walkExpr(a, f)
		}
	}
}

// usesRandom reports whether e draws random variates, directly or in a
// cost function it calls: such costs differ from one execution to the
// next and keep the loop stepping.
func (c *compiler) usesRandom(e model.Expr, seen map[string]bool) bool {
	found := false
	walkExpr(e, func(x model.Expr) {
		call, ok := x.(*model.CallExpr)
		if !ok || call.Fun == nil || found {
			return
		}
		switch name := call.Fun.Name; name {
		case "uniform", "normal", "exponential":
			found = true
		default:
			if cf, ok := c.costFns[name]; ok && !seen[name] {
				if seen == nil {
					seen = map[string]bool{}
				}
				seen[name] = true
				found = c.usesRandom(cf.decl.Body, seen)
			}
		}
	})
	return found
}

func constTmpl(x float64) ptmpl {
	p := nestsum.Const(x)
	return func(*vm) (nestsum.Poly, bool) { return p, true }
}

// tmpl compiles e as a polynomial in the nest's indices: sums, products,
// divisions by what does not involve them, whole powers, ops(...) counts
// and cost functions of them; everything that does not involve them is
// one number computed when the nest is reached.
func (b *nestBuilder) tmpl(e model.Expr) (ptmpl, bool) {
	return b.tmplIn(e, nil)
}

// tmplIn is tmpl inside a cost function's body, whose parameters are args.
func (b *nestBuilder) tmplIn(e model.Expr, args map[string]ptmpl) (ptmpl, bool) {
	if b.c.usesRandom(e, nil) {
		return nil, false
	}
	if !b.mentions(e) && !mentionsArgs(e, args) {
		f := b.leaf(e, args != nil)
		return func(v *vm) (nestsum.Poly, bool) {
			x := f(v)
			return nestsum.Const(x), !math.IsNaN(x) && !math.IsInf(x, 0)
		}, true
	}
	switch x := e.(type) {
	case *model.Paren:
		return b.tmplIn(x.X, args)
	case *model.Ident:
		if args != nil {
			if t, ok := args[x.Name]; ok {
				return t, true
			}
			return nil, false // a cost function sees only its parameters
		}
		d := b.index(x.Name)
		if d < 0 {
			return nil, false
		}
		p := nestsum.Var(d)
		return func(*vm) (nestsum.Poly, bool) { return p, true }, true
	case *model.Unary:
		if x.Op != "-" {
			return nil, false
		}
		t, ok := b.tmplIn(x.X, args)
		if !ok {
			return nil, false
		}
		return func(v *vm) (nestsum.Poly, bool) {
			p, ok := t(v)
			return p.Scale(-1), ok
		}, true
	case *model.Binary:
		return b.binaryTmpl(x, args)
	case *model.CallExpr:
		return b.callTmpl(x, args)
	}
	return nil, false
}

// leaf compiles an expression that does not involve the nest's indices;
// inside a cost function's body it sees no loop variables.
func (b *nestBuilder) leaf(e model.Expr, inCost bool) expr {
	if !inCost {
		return b.c.expr(e)
	}
	save := b.c.scope
	b.c.scope = nil
	defer func() { b.c.scope = save }()
	return b.c.expr(e)
}

func mentionsArgs(e model.Expr, args map[string]ptmpl) bool {
	if args == nil {
		return false
	}
	found := false
	walkExpr(e, func(x model.Expr) {
		if id, ok := x.(*model.Ident); ok {
			if _, ok := args[id.Name]; ok {
				found = true
			}
		}
	})
	return found
}

func (b *nestBuilder) binaryTmpl(x *model.Binary, args map[string]ptmpl) (ptmpl, bool) {
	l, okL := b.tmplIn(x.X, args)
	r, okR := b.tmplIn(x.Y, args)
	if !okL || !okR {
		return nil, false
	}
	switch x.Op {
	case "+", "-":
		sign := 1.0
		if x.Op == "-" {
			sign = -1
		}
		return func(v *vm) (nestsum.Poly, bool) {
			p, ok1 := l(v)
			q, ok2 := r(v)
			return p.Add(q.Scale(sign)), ok1 && ok2
		}, true
	case "*":
		return func(v *vm) (nestsum.Poly, bool) {
			p, ok1 := l(v)
			q, ok2 := r(v)
			m, err := p.Mul(q)
			return m, ok1 && ok2 && err == nil
		}, true
	case "/":
		return func(v *vm) (nestsum.Poly, bool) {
			p, ok1 := l(v)
			q, ok2 := r(v)
			d, isConst := q.Value()
			if !isConst || d == 0 {
				return nestsum.Poly{}, false
			}
			return p.Scale(1 / d), ok1 && ok2
		}, true
	}
	return nil, false
}

func (b *nestBuilder) callTmpl(x *model.CallExpr, args map[string]ptmpl) (ptmpl, bool) {
	if x.Fun == nil {
		return nil, false
	}
	name := x.Fun.Name
	var ts []ptmpl
	for _, a := range x.Args {
		t, ok := b.tmplIn(a, args)
		if !ok {
			return nil, false
		}
		ts = append(ts, t)
	}
	switch {
	case name == model.OpsFunc:
		return b.opsTmpl(x, ts)
	case name == "pow" && len(ts) == 2:
		base, exp := ts[0], ts[1]
		return func(v *vm) (nestsum.Poly, bool) {
			p, ok1 := base(v)
			q, ok2 := exp(v)
			n, isConst := q.Value()
			if !ok1 || !ok2 || !isConst || n != math.Trunc(n) || n < 0 || n > 16 {
				return nestsum.Poly{}, false
			}
			r, err := p.Pow(int(n))
			return r, err == nil
		}, true
	}
	cf, ok := b.c.costFns[name]
	if !ok || len(ts) != len(cf.decl.Params) || b.calls >= maxInlined {
		return nil, false
	}
	b.calls++
	inner := map[string]ptmpl{}
	for i, p := range cf.decl.Params {
		if p != nil {
			inner[p.Name] = ts[i]
		}
	}
	return b.tmplIn(cf.decl.Body, inner)
}

// opsTmpl is ops(KEY: count, ...) with counts that involve the indices:
// Σ count × the time of KEY on the unit's node.
func (b *nestBuilder) opsTmpl(x *model.CallExpr, counts []ptmpl) (ptmpl, bool) {
	opTime := b.c.p.opts.OpTime
	if opTime == nil || len(x.Keys) != len(counts) {
		return nil, false
	}
	keys := make([]int, len(x.Keys))
	for i, k := range x.Keys {
		idx, ok := machine.OpIndex(k.Name)
		if !ok {
			return nil, false
		}
		keys[i] = idx
	}
	return func(v *vm) (nestsum.Poly, bool) {
		sum := nestsum.Poly{}
		for i, t := range counts {
			p, ok := t(v)
			if !ok {
				return nestsum.Poly{}, false
			}
			sum = sum.Add(p.Scale(opTime(v.nid, keys[i])))
		}
		return sum, true
	}, true
}

// AllowBatches lets the unit hand loops evaluated in closed form to the
// engine as one batch (ir.Batcher).
func (v *vm) AllowBatches() { v.batches = true }

// holds reports whether the branches a statement sits in are taken.
func (v *vm) holds(when []branchCond) bool {
	for _, w := range when {
		for _, b := range w.before {
			if b(v) != 0 {
				return false
			}
		}
		if w.cond != nil && w.cond(v) == 0 {
			return false
		}
	}
	return true
}

// evalLevel is a level's bounds for this evaluation.
type evalLevel struct {
	active bool
	level  nestsum.Level
}

// runNest evaluates nest n. ok is false when the loop must step instead;
// otherwise op holds the batch, unless nothing executes (emitted false).
func (v *vm) runNest(n *nest, op *ir.Op) (emitted, ok bool) {
	levels := make([]evalLevel, len(n.levels))
	key := make([]float64, 0, 64)
	polys := func(ts []ptmpl, shift float64) ([]nestsum.Poly, bool) {
		out := make([]nestsum.Poly, len(ts))
		for i, t := range ts {
			p, ok := t(v)
			if !ok || !p.Finite() {
				return nil, false
			}
			out[i] = p.Add(nestsum.Const(shift))
			key = out[i].AppendKey(key)
		}
		return out, true
	}
	for i, l := range n.levels {
		ev := &levels[i]
		ev.active = (l.parent < 0 || levels[l.parent].active) && v.holds(l.when)
		key = append(key, b2f(ev.active))
		if !ev.active {
			continue
		}
		if l.step != nil && l.step(v) != 1 {
			return false, false
		}
		var ok bool
		if ev.level.Lowers, ok = polys(l.lowers, 0); !ok {
			return false, false
		}
		if ev.level.Uppers, ok = polys(l.uppers, -1); !ok { // the upper bound is exclusive
			return false, false
		}
	}
	costs := make([]nestsum.Poly, len(n.actions))
	live := make([]bool, len(n.actions))
	for i, a := range n.actions {
		live[i] = levels[a.level].active && v.holds(a.when)
		key = append(key, b2f(live[i]))
		if !live[i] || a.cost == nil {
			continue
		}
		p, ok := a.cost(v)
		if !ok || !p.Finite() {
			return false, false
		}
		costs[i] = p
		key = p.AppendKey(key)
	}
	if n.lastKey != nil && equalKeys(key, n.lastKey) {
		return v.batch(n.lastRuns, n.lastCost, op), n.lastOK
	}
	runs, cost, ok := v.evalNest(n, levels, costs, live)
	n.lastKey, n.lastRuns, n.lastCost, n.lastOK = key, runs, cost, ok
	return v.batch(runs, cost, op), ok
}

func equalKeys(a, b []float64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// batch fills op with the runs, if any executes.
func (v *vm) batch(runs []ir.Run, cost float64, op *ir.Op) bool {
	if len(runs) == 0 {
		return false
	}
	*op = ir.Op{Kind: ir.Compute, Elem: -1, Cost: cost, Runs: runs}
	return true
}

// chain returns the levels from the nest's loop down to level i.
func chain(n *nest, levels []evalLevel, i int) []nestsum.Level {
	out := make([]nestsum.Level, n.levels[i].depth+1)
	for ; i >= 0; i = n.levels[i].parent {
		out[n.levels[i].depth] = levels[i].level
	}
	return out
}

// evalNest sums every action over its loops; ok is false when a loop
// must step (a sum nestsum refuses, a loop longer than the limit, a
// cost the engine would refuse).
func (v *vm) evalNest(n *nest, levels []evalLevel, costs []nestsum.Poly, live []bool) ([]ir.Run, float64, bool) {
	// The limit on one loop's iterations holds as when stepping: the
	// longest trip of every loop over the points where it is reached.
	for i, l := range n.levels {
		if !levels[i].active {
			continue
		}
		outer := chain(n, levels, i)[:l.depth]
		longest := math.Inf(1)
		for _, lo := range levels[i].level.Lowers {
			for _, up := range levels[i].level.Uppers {
				_, hi, reached, err := nestsum.Extremes(outer, up.Sub(lo).Add(nestsum.Const(1)))
				if err != nil {
					return nil, 0, false
				}
				if !reached {
					hi = 0
				}
				longest = math.Min(longest, hi)
			}
		}
		if longest > v.p.opts.MaxIterations {
			return nil, 0, false
		}
	}
	var runs []ir.Run
	at := map[int32]int{}
	total := 0.0
	for i, a := range n.actions {
		if !live[i] {
			continue
		}
		ch := chain(n, levels, a.level)
		calls, err := nestsum.Sum(ch, nestsum.Const(1))
		if err != nil || calls != math.Trunc(calls) || calls > 1<<53 {
			return nil, 0, false
		}
		if calls <= 0 {
			continue
		}
		var sum, lo, hi float64
		if c, isConst := costs[i].Value(); isConst {
			sum, lo, hi = c*calls, c, c
		} else {
			if sum, err = nestsum.Sum(ch, costs[i]); err != nil {
				return nil, 0, false
			}
			if lo, hi, _, err = nestsum.Extremes(ch, costs[i]); err != nil {
				return nil, 0, false
			}
		}
		if !(lo >= 0) || math.IsInf(sum, 0) || math.IsNaN(sum) {
			return nil, 0, false // the engine names the bad cost when stepping
		}
		total += sum
		k, seen := at[a.elem]
		if !seen {
			at[a.elem] = len(runs)
			runs = append(runs, ir.Run{Elem: a.elem, Calls: int64(calls), Cost: sum, Min: lo, Max: hi})
			continue
		}
		r := &runs[k]
		r.Calls += int64(calls)
		r.Cost += sum
		r.Min, r.Max = math.Min(r.Min, lo), math.Max(r.Max, hi)
	}
	return runs, total, true
}
