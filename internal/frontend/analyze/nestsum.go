package analyze

import (
	"errors"
	"fmt"
	"math/big"
	"sort"
	"strings"
)

// Counting the iterations of a loop nest whose bounds depend on the
// indices of the loops around it (triangular, tetrahedral, min/max and
// strided bounds). ChronosMix hands such nests to the ICPS polyhedral
// library for their Ehrhart polynomial; augur sums symbolically instead,
// innermost loop first, with Faulhaber's formulas, and keeps every
// summation's validity as a guard: Σ_{v=a}^{b} p is a polynomial only
// while b ≥ a, so the result is a list of pieces, each a conjunction of
// affine conditions on the parameters and a polynomial. Where a bound is
// the max or min of several expressions, or an inner guard restricts the
// outer index, the range is split at the points where the choice
// changes. The pieces are disjoint, so the count is their sum for every
// value of the parameters, including those that empty a range.
//
// This is exact for bounds that are affine with coefficients ±1 in the
// indices summed over (any integer coefficients in the parameters), unit
// steps, and constant steps whose range length the step divides or that
// involves parameters only. Other nests are refused.

// guard is an affine condition g ≥ 0 with integer coefficients.
type guard struct{ lin }

// piece is one region of the parameter space and the count there.
type piece struct {
	guards []guard
	p      poly
}

var errNotAffine = errors.New("bounds not affine with unit coefficients in the loop indices")

// atoms names the sub-expressions of bounds that are not affine but
// involve parameters only (floor(n / procs)): for the summation they are
// parameters of their own.
type atoms struct {
	byText map[string]string
	expr   map[string]Expr
}

func (at *atoms) name(e Expr) string {
	s := String(e)
	if n, ok := at.byText[s]; ok {
		return n
	}
	n := fmt.Sprintf("_a%d", len(at.byText))
	at.byText[s], at.expr[n] = n, e
	return n
}

// linearAtoms reads e as an affine form, making non-affine parts that
// involve no loop index atoms.
func (at *atoms) linear(e Expr, indices map[string]bool) (lin, error) {
	if l, ok := linear(e); ok {
		return l, nil
	}
	switch x := e.(type) {
	case Bin:
		if x.Op == "+" || x.Op == "-" || x.Op == "*" {
			a, errA := at.linear(x.A, indices)
			b, errB := at.linear(x.B, indices)
			if errA == nil && errB == nil {
				if l, ok := linear(Bin{x.Op, fromLinear(a), fromLinear(b)}); ok {
					return l, nil
				}
			}
		}
	}
	for _, n := range names(e) {
		if indices[n] {
			return lin{}, errNotAffine
		}
	}
	return lin{coef: map[string]float64{at.name(e): 1}}, nil
}

// boundList splits max(a, b, ...) (lower) or min(a, b, ...) (upper).
func boundList(e Expr, fn string) []Expr {
	if c, ok := e.(Call); ok && c.Fn == fn {
		var out []Expr
		for _, a := range c.Args {
			out = append(out, boundList(a, fn)...)
		}
		return out
	}
	return []Expr{e}
}

func linPoly(l lin) poly {
	p := poly{}
	c := new(big.Rat)
	c.SetFloat64(l.c)
	p.addTerm("", c)
	for k, v := range l.coef {
		r := new(big.Rat)
		r.SetFloat64(v)
		p.addTerm(k, r)
	}
	return p
}

func isIntegral(l lin) bool {
	if l.c != float64(int64(l.c)) {
		return false
	}
	for _, v := range l.coef {
		if v != float64(int64(v)) {
			return false
		}
	}
	return true
}

func linSub(a, b lin) lin {
	out := lin{c: a.c - b.c, coef: map[string]float64{}}
	for k, v := range a.coef {
		out.coef[k] += v
	}
	for k, v := range b.coef {
		out.coef[k] -= v
	}
	for k, v := range out.coef {
		if v == 0 {
			delete(out.coef, k)
		}
	}
	return out
}

func linAdd(a lin, c float64) lin {
	out := linSub(a, lin{})
	out.c += c
	return out
}

func linNeg(a lin) lin { return linSub(lin{coef: map[string]float64{}}, a) }

// sumNestPieces counts the points of the nest.
func sumNestPieces(nest []*LoopInfo) ([]piece, *atoms, error) {
	at := &atoms{byText: map[string]string{}, expr: map[string]Expr{}}
	indices := map[string]bool{}
	for _, l := range nest {
		indices[l.Var] = true
	}
	pieces := []piece{{p: polyConst(1)}}
	for i := len(nest) - 1; i >= 0; i-- {
		l := nest[i]
		step, ok := constOf(l.Step)
		if !ok || step == 0 || step != float64(int64(step)) {
			return nil, nil, errNotAffine
		}
		var lowers, uppers []lin
		from := boundList(l.From, "max")
		to := boundList(l.To, "min")
		if step < 0 {
			// from, from-|s|, ... while above to: the same points as
			// ascending from to+1 (when |s| = 1).
			from, to = boundList(l.To, "max"), boundList(l.From, "min")
		}
		for _, e := range from {
			x, err := at.linear(e, indices)
			if err != nil {
				return nil, nil, err
			}
			if step < 0 {
				x = linAdd(x, 1)
			}
			lowers = append(lowers, x)
		}
		for _, e := range to {
			x, err := at.linear(e, indices)
			if err != nil {
				return nil, nil, err
			}
			if step > 0 {
				x = linAdd(x, -1) // the C bound is exclusive
			}
			uppers = append(uppers, x)
		}
		s := int64(step)
		if s < 0 {
			s = -s
		}
		var next []piece
		for _, in := range pieces {
			ps, err := sumStrided(in, l.Var, lowers, uppers, s, step < 0, at, indices)
			if err != nil {
				return nil, nil, err
			}
			next = append(next, ps...)
		}
		pieces = next
		if len(pieces) > 4096 {
			return nil, nil, errors.New("too many cases")
		}
	}
	return pieces, at, nil
}

// sumStrided sums a piece over v with step s: a unit step splits the
// range (splitSum); a larger one splits it the same way and then needs,
// in each case, no inner dependence on v, or a range the step divides.
func sumStrided(in piece, v string, lowers, uppers []lin, s int64, down bool, at *atoms, indices map[string]bool) ([]piece, error) {
	if s == 1 {
		return splitSum(in.p, v, lowers, uppers, in.guards, at, indices, 0)
	}
	for _, g := range in.guards {
		if g.coef[v] != 0 {
			return nil, fmt.Errorf("a step of %d with an inner range depending on the index: %w", s, errNotAffine)
		}
	}
	if down && in.p.mentions(v) {
		// Descending from the upper bound the index takes other values
		// than ascending from the lower one: only the count is the same.
		return nil, fmt.Errorf("a descending step of %d whose index is used inside: %w", s, errNotAffine)
	}
	var out []piece
	for _, c := range boundCases(lowers, uppers, in.guards, v) {
		lo, up := c.lo, c.up
		span := linSub(up, lo)
		// v = lo + s·t for t = 0 .. floor(span / s).
		var q lin
		divisible := float64(int64(span.c)) == span.c && int64(span.c)%s == 0
		for _, k := range span.coef {
			if int64(k)%s != 0 {
				divisible = false
			}
		}
		if divisible {
			q = lin{c: span.c / float64(s), coef: map[string]float64{}}
			for k, x := range span.coef {
				q.coef[k] = x / float64(s)
			}
		} else {
			for k := range span.coef {
				if indices[k] {
					return nil, fmt.Errorf("a step of %d over a range depending on an outer index: %w", s, errNotAffine)
				}
			}
			q = lin{coef: map[string]float64{at.name(Call{"floor", []Expr{div(fromLinear(span), Num{float64(s)})}}): 1}}
		}
		t := "_t"
		body := in.p.subst(v, linPoly(lo).add(polyVar(t).scale(big.NewRat(s, 1))))
		out = append(out, piece{guards: c.guards, p: sumRange(body, t, polyConst(0), linPoly(q))})
	}
	return out, nil
}

// boundCase is one choice of the bound that is the max of the lowers and
// the one that is the min of the uppers, with the guards that make it so
// and the range non-empty.
type boundCase struct {
	lo, up lin
	guards []guard
}

func boundCases(lowers, uppers []lin, keep []guard, v string) []boundCase {
	var out []boundCase
	for i, lo := range lowers {
		for j, up := range uppers {
			gs := append([]guard(nil), keep...)
			for k, o := range lowers {
				switch {
				case k < i:
					gs = append(gs, guard{linAdd(linSub(lo, o), -1)}) // lo > o
				case k > i:
					gs = append(gs, guard{linSub(lo, o)}) // lo ≥ o
				}
			}
			for k, o := range uppers {
				switch {
				case k < j:
					gs = append(gs, guard{linAdd(linSub(o, up), -1)}) // up < o
				case k > j:
					gs = append(gs, guard{linSub(o, up)}) // up ≤ o
				}
			}
			gs = append(gs, guard{linSub(up, lo)}) // non-empty
			if gs, ok := simplifyGuards(gs, v); ok {
				out = append(out, boundCase{lo, up, gs})
			}
		}
	}
	return out
}

// splitSum sums p over v from max(lowers) to min(uppers) under guards
// (some of which may bound v), splitting into pieces by which bound is
// the max and which the min.
func splitSum(p poly, v string, lowers, uppers []lin, guards []guard, at *atoms, indices map[string]bool, depth int) ([]piece, error) {
	if depth > 8 {
		return nil, errors.New("too many nested cases")
	}
	// Guards on v are further bounds.
	var keep []guard
	for _, g := range guards {
		c := g.coef[v]
		rest := linAdd(g.lin, 0)
		delete(rest.coef, v)
		switch {
		case c == 0:
			keep = append(keep, g)
		case c == 1:
			lowers = append(lowers, linNeg(rest)) // v ≥ −rest
		case c == -1:
			uppers = append(uppers, rest) // v ≤ rest
		default:
			// c·v + rest ≥ 0 with |c| > 1: v ≥ ceil(−rest / c) or
			// v ≤ floor(rest / −c), a bound of its own when rest involves
			// no index.
			for k := range rest.coef {
				if indices[k] {
					return nil, fmt.Errorf("an inner bound with coefficient %g of %s: %w", c, v, errNotAffine)
				}
			}
			if c > 0 {
				b := Call{"ceil", []Expr{div(fromLinear(linNeg(rest)), Num{c})}}
				lowers = append(lowers, lin{coef: map[string]float64{at.name(b): 1}})
			} else {
				b := Call{"floor", []Expr{div(fromLinear(rest), Num{-c})}}
				uppers = append(uppers, lin{coef: map[string]float64{at.name(b): 1}})
			}
		}
	}
	var out []piece
	for _, c := range boundCases(lowers, uppers, keep, v) {
		for _, g := range c.guards {
			if g.coef[v] != 0 {
				return nil, errors.New("internal: a guard still bounds the index")
			}
		}
		out = append(out, piece{guards: c.guards, p: sumRange(p, v, linPoly(c.lo), linPoly(c.up))})
	}
	return out, nil
}

// simplifyGuards drops guards that always hold, refuses pieces with a
// guard that never holds or two that contradict, and removes duplicates.
// Guards comparing two bounds of v are free of v (v cancels).
func simplifyGuards(gs []guard, v string) ([]guard, bool) {
	seen := map[string]bool{}
	var out []guard
	for _, g := range gs {
		delete(g.coef, v)
		g = normalize(g)
		if len(g.coef) == 0 {
			if g.c < 0 {
				return nil, false
			}
			continue
		}
		k := String(fromLinear(g.lin))
		if seen[k] {
			continue
		}
		seen[k] = true
		out = append(out, g)
	}
	for i := range out {
		for j := i + 1; j < len(out); j++ {
			sum := linSub(out[i].lin, linNeg(out[j].lin))
			if len(sum.coef) == 0 && sum.c < 0 {
				return nil, false
			}
		}
	}
	sort.Slice(out, func(i, j int) bool { return String(fromLinear(out[i].lin)) < String(fromLinear(out[j].lin)) })
	return out, true
}

// normalize divides an integer guard by the gcd of its coefficients:
// Σ a·x + c ≥ 0 holds exactly when Σ (a/d)·x + floor(c/d) ≥ 0.
func normalize(g guard) guard {
	if !isIntegral(g.lin) || len(g.coef) == 0 {
		return g
	}
	d := int64(0)
	for _, c := range g.coef {
		d = gcd(d, abs64(int64(c)))
	}
	if d <= 1 {
		return g
	}
	out := guard{lin{coef: map[string]float64{}}}
	for k, c := range g.coef {
		out.coef[k] = c / float64(d)
	}
	c := int64(g.c)
	q := c / d
	if c%d != 0 && c < 0 {
		q-- // floor
	}
	out.c = float64(q)
	return out
}

func gcd(a, b int64) int64 {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

func abs64(a int64) int64 {
	if a < 0 {
		return -a
	}
	return a
}

// sumDependent counts the points of a nest with dependent bounds as a
// model expression, exact for every parameter value.
func sumDependent(nest []*LoopInfo) (Expr, How) {
	last := nest[len(nest)-1]
	var key strings.Builder
	for _, l := range nest {
		key.WriteString(l.Var + ",")
	}
	if r, ok := last.sums[key.String()]; ok {
		return r.e, r.how
	}
	e, how := countNest(nest)
	if last.sums == nil {
		last.sums = map[string]countResult{}
	}
	last.sums[key.String()] = countResult{e, how}
	return e, how
}

// countNest is sumDependent without the memory.
func countNest(nest []*LoopInfo) (Expr, How) {
	pieces, at, err := sumNestPieces(nest)
	if err != nil {
		return productOfTrips(nest), Stepped
	}
	for _, p := range pieces {
		for _, g := range p.guards {
			if !isIntegral(g.lin) {
				return productOfTrips(nest), Stepped
			}
		}
	}
	e := piecesExpr(pieces)
	for n, x := range at.expr {
		e = subst(e, n, x)
	}
	return e, Symbolic
}

func productOfTrips(nest []*LoopInfo) Expr {
	var out Expr = Num{1}
	for _, l := range nest {
		out = mul(out, l.Trips)
	}
	return out
}

// piecesExpr writes Σ (guards ? polynomial : 0), merging pieces with the
// same polynomial.
func piecesExpr(pieces []piece) Expr {
	var out Expr = Num{0}
	for _, p := range pieces {
		if p.p.isZero() {
			continue
		}
		var cond Expr
		for _, g := range p.guards {
			c := Bin{">=", fromLinear(g.lin), Num{0}}
			if cond == nil {
				cond = c
			} else {
				cond = Bin{"&&", cond, c}
			}
		}
		var term Expr = p.p.expr()
		if cond != nil {
			term = Cond{cond, term, Num{0}}
		}
		out = add(out, term)
	}
	return out
}
