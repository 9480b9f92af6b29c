package analyze

import (
	"math"
	"sort"
)

// lin is an affine form: const + Σ coef·name.
type lin struct {
	c    float64
	coef map[string]float64
}

// linear reads e as an affine form of its names, if it is one.
func linear(e Expr) (lin, bool) {
	_, l, ok := simplified(e)
	return l, ok
}

// simplified reads e once, from its leaves up: its affine form when it
// has one (ok), else e with each of its parts simplified (simplify).
// One pass: taking every subtree's affine form anew at each level, as
// simplify did, was quadratic in the depth of e, and a count under an
// else-if chain of n arms is a product of n conditions (300 arms took
// minutes). The affine forms of the parts are combined in place (they
// are the parts' own, made here).
func simplified(e Expr) (Expr, lin, bool) {
	switch x := e.(type) {
	case Num:
		return e, lin{c: x.V, coef: map[string]float64{}}, true
	case Name:
		return e, lin{coef: map[string]float64{x.N: 1}}, true
	case Bin:
		a, la, okA := simplified(x.A)
		b, lb, okB := simplified(x.B)
		if okA && okB {
			if l, ok := combine(x.Op, la, lb); ok {
				return nil, l, true
			}
		}
		return Bin{x.Op, asExpr(x.A, a, la, okA), asExpr(x.B, b, lb, okB)}, lin{}, false
	case Call:
		args := make([]Expr, len(x.Args))
		for i, a := range x.Args {
			args[i] = simplify(a)
		}
		if x.Fn == "max" && len(args) == 2 {
			// max(0, c) of a constant c.
			if a, ok := constOf(args[0]); ok {
				if b, ok := constOf(args[1]); ok {
					return Num{math.Max(a, b)}, lin{}, false
				}
			}
		}
		return Call{x.Fn, args}, lin{}, false
	case Cond:
		return Cond{simplify(x.C), simplify(x.A), simplify(x.B)}, lin{}, false
	}
	return e, lin{}, false
}

// asExpr is simplified's answer for e as an expression: a leaf as it
// is, another affine form written out.
func asExpr(e, x Expr, l lin, affine bool) Expr {
	if !affine {
		return x
	}
	switch e.(type) {
	case Num, Name:
		return e
	}
	return fromLinear(l)
}

// combine is the affine form of a op b, if it has one: a sum, a
// difference, a product by a constant. It may reuse a's and b's maps.
func combine(op string, a, b lin) (lin, bool) {
	switch op {
	case "+", "-":
		s := 1.0
		if op == "-" {
			s = -1
		}
		a.c += s * b.c
		for k, v := range b.coef {
			a.coef[k] += s * v
		}
		return a, true
	case "*":
		if len(a.coef) == 0 {
			a, b = b, a
		}
		if len(b.coef) != 0 {
			return lin{}, false
		}
		a.c *= b.c
		for k, v := range a.coef {
			a.coef[k] = v * b.c
		}
		return a, true
	}
	return lin{}, false
}

// countFrame is an enclosing loop or branch while counts are computed.
type countFrame struct {
	loop *LoopInfo // a loop, or nil for a branch factor
	f    Expr      // a branch's probability or condition (0/1)
	how  How
}

// counts fills in every block's Count: how often it runs per call of its
// function.
func (a *Analysis) counts() {
	for _, f := range a.Funcs {
		a.countList(f.Body, nil)
	}
}

func (a *Analysis) countList(bs []*Block, frames []countFrame) {
	for _, b := range bs {
		b.frames = frames
		switch b.Kind {
		case Loop:
			inner := append(append([]countFrame(nil), frames...), countFrame{loop: b.Loop, how: b.Loop.TripsHow})
			b.frames = inner
			b.Count, b.CountHow = nestCount(inner)
			a.countList(b.Body, inner)
		case Branch:
			b.Count, b.CountHow = nestCount(frames)
			then := countFrame{f: b.Prob, how: Annotated}
			els := countFrame{f: sub(Num{1}, orNum(b.Prob)), how: Annotated}
			if b.Cond != nil {
				then = countFrame{f: Cond{b.Cond, Num{1}, Num{0}}, how: Symbolic}
				els = countFrame{f: Cond{b.Cond, Num{0}, Num{1}}, how: Symbolic}
			} else if _, isName := b.Prob.(Name); isName {
				then.how, els.how = Default, Default
			} else if b.FirstCall {
				then.how, els.how = Exact, Exact
			}
			a.countList(b.Then, append(append([]countFrame(nil), frames...), then))
			a.countList(b.Else, append(append([]countFrame(nil), frames...), els))
		default:
			b.Count, b.CountHow = nestCount(frames)
		}
	}
}

// atFirst binds the indices of the loops of frames that e reads to their
// first values, innermost first (a start may read an outer index): a
// per-entry figure (a restart's gap, a working set) summed over a nest
// that becomes one action, where no index has a value.
func atFirst(e Expr, frames []countFrame) Expr {
	for i := len(frames) - 1; i >= 0; i-- {
		if l := frames[i].loop; l != nil && l.Var != "" && mentionsName(e, l.Var) {
			e = simplify(subst(e, l.Var, orNum(l.From)))
		}
	}
	return e
}

func orNum(e Expr) Expr {
	if e == nil {
		return Num{0}
	}
	return e
}

// nestCount is the number of times the innermost point of frames runs:
// the integer points of the nest of counted loops, times the factors of
// branches and uncounted loops.
//
// Loops whose bounds do not involve the indices of the loops around them
// multiply; loops that do (triangular nests) are summed symbolically.
func nestCount(frames []countFrame) (Expr, How) {
	how := Exact
	var count Expr = Num{1}
	var nest []*LoopInfo
	indices := map[string]bool{}
	for _, f := range frames {
		if f.loop != nil && f.loop.Var != "" {
			indices[f.loop.Var] = true
		}
	}
	// The indices of loops that are not summed with the nest (a step of
	// procs, a tile of T): a counted loop whose bounds read one (for it
	// = i; it < min(n, i + T)) has no closed form here either.
	outside := map[string]bool{}
	for _, f := range frames {
		if f.loop != nil && f.loop.Var != "" && !f.loop.Canonical {
			outside[f.loop.Var] = true
		}
	}
	loops := canonicalLoops(frames)
	for _, f := range frames {
		how = weaker(how, f.how)
		factor := f.f
		if share, ok := periodicIn(factor, loops); ok && f.loop == nil {
			factor = share // j % 3 == 0: one iteration in three (periodic.go)
		}
		if f.loop != nil {
			if f.loop.Canonical {
				for _, n := range append(names(f.loop.From), names(f.loop.To)...) {
					if outside[n] {
						how = weaker(how, Stepped)
					}
				}
				nest = append(nest, f.loop)
				continue
			}
			factor = f.loop.Trips
		}
		for _, n := range names(factor) {
			if indices[n] {
				// A factor that changes with an index (a branch on it, a
				// loop whose count depends on it) has no closed form here.
				how = weaker(how, Stepped)
			}
		}
		count = mul(count, factor)
	}
	n, h := sumNest(nest)
	if _, ok := constOf(count); !ok && how == Exact {
		how = Symbolic
	}
	return mul(count, n), weaker(how, h)
}

// sumNest counts the points of a nest of counted loops, outermost first.
func sumNest(nest []*LoopInfo) (Expr, How) {
	var out Expr = Num{1}
	how := Exact
	vars := map[string]bool{}
	for _, l := range nest {
		vars[l.Var] = true
	}
	dependent := false
	for _, l := range nest {
		for _, n := range append(names(l.From), names(l.To)...) {
			if vars[n] {
				dependent = true
			}
		}
	}
	if dependent {
		return sumDependent(nest)
	}
	for _, l := range nest {
		out = mul(out, l.Trips)
		if _, ok := constOf(l.Trips); !ok {
			how = Symbolic
		}
	}
	return out, how
}

// evalCount evaluates a count at parameter values, 0 when it cannot.
func evalCount(e Expr, env map[string]float64) float64 {
	if e == nil {
		return 0
	}
	v, ok := eval(e, env)
	if !ok || math.IsNaN(v) {
		return 0
	}
	return v
}

// callCounts fills in how often each function runs in the whole program:
// main once, every other function as often as the blocks that call it,
// times the calls of their own function.
func (a *Analysis) callCounts() {
	calls := map[string]Expr{"main": Num{1}}
	how := map[string]How{"main": Exact}
	done := map[string]bool{}
	var total func(name string, depth int) (Expr, How)
	total = func(name string, depth int) (Expr, How) {
		if v, ok := calls[name]; ok && (done[name] || name == "main") {
			return v, how[name]
		}
		if depth > len(a.Funcs) {
			return Num{0}, Default // a cycle: recursion was warned about
		}
		var sum Expr = Num{0}
		h := Exact
		for _, b := range a.Blocks() {
			if b.Kind != CallK || b.Callee != name {
				continue
			}
			c, ch := total(b.Func, depth+1)
			sum = add(sum, mul(c, b.Count))
			h = weaker(h, weaker(ch, b.CountHow))
		}
		calls[name], how[name], done[name] = sum, h, true
		return sum, h
	}
	for _, f := range a.Funcs {
		f.Calls, f.CallsHow = total(f.Name, 0)
	}
}

// simplify rewrites the affine parts of e in a canonical order with like
// terms collected, so that generated bounds and counts stay readable:
// n + 1 - 1 is n.
func simplify(e Expr) Expr {
	x, l, ok := simplified(e)
	return asExpr(e, x, l, ok)
}

// fromLinear writes an affine form: its terms in name order, the constant
// last.
func fromLinear(l lin) Expr {
	var keys []string
	for k, v := range l.coef {
		if v != 0 {
			keys = append(keys, k)
		}
	}
	// Positive terms first: n - i + 1 rather than 0 - i + n + 1.
	sort.Slice(keys, func(i, j int) bool {
		if (l.coef[keys[i]] > 0) != (l.coef[keys[j]] > 0) {
			return l.coef[keys[i]] > 0
		}
		return keys[i] < keys[j]
	})
	var out Expr
	for _, k := range keys {
		t := mul(Num{math.Abs(l.coef[k])}, Name{k})
		switch {
		case out == nil && l.coef[k] < 0:
			out = sub(Num{0}, t)
		case out == nil:
			out = t
		case l.coef[k] < 0:
			out = sub(out, t)
		default:
			out = add(out, t)
		}
	}
	if out == nil {
		return Num{l.c}
	}
	return add(out, Num{l.c})
}

// enumerated counts the executions of the innermost point of frames by
// running its loops at the parameter values env, for counts with no
// closed form. It gives up (ok false) past limit points.
func enumerated(frames []countFrame, env map[string]float64, limit float64) (float64, bool) {
	e := map[string]float64{}
	for k, v := range env {
		e[k] = v
	}
	visited := 0.0
	var walk func(i int) (float64, bool)
	walk = func(i int) (float64, bool) {
		if i == len(frames) {
			return 1, true
		}
		f := frames[i]
		if f.loop == nil || f.loop.Var == "" || f.loop.From == nil || f.loop.end() == nil {
			factor := f.f
			if f.loop != nil {
				factor = f.loop.Trips
			}
			x, ok := eval(factor, e)
			if !ok {
				return 0, false
			}
			if x == 0 {
				return 0, true
			}
			rest, ok := walk(i + 1)
			return x * rest, ok
		}
		from, ok1 := eval(f.loop.From, e)
		to, ok2 := eval(f.loop.end(), e)
		step, ok3 := eval(f.loop.Step, e)
		if !ok1 || !ok2 || !ok3 || step == 0 {
			return 0, false
		}
		sum := 0.0
		for v := from; (step > 0 && v < to) || (step < 0 && v > to); v += step {
			if visited++; visited > limit {
				return 0, false
			}
			e[f.loop.Var] = v
			n, ok := walk(i + 1)
			if !ok {
				return 0, false
			}
			sum += n
		}
		delete(e, f.loop.Var)
		return sum, true
	}
	return walk(0)
}
