package nestsum

import (
	"errors"
	"fmt"
	"math"
	"math/big"
)

// Level is one loop of a nest: its index (variable number = the level's
// place in the nest) runs over the integers from the largest of Lowers to
// the smallest of Uppers, both inclusive. Bounds are affine with integer
// coefficients in the variables of the levels around it.
type Level struct {
	Lowers, Uppers []Poly
}

// ErrRefused says the nest is not one this package evaluates exactly
// (bounds not affine, coefficients other than ±1 on inner indices, too
// many cases); the caller steps through it instead.
var ErrRefused = errors.New("nest not evaluable in closed form")

func refused(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrRefused, fmt.Sprintf(format, args...))
}

// maxPieces bounds the case split, which grows with min/max bounds.
const maxPieces = 4096

// Sum returns Σ p over the integer points of the nest. p may use the
// variables of every level.
func Sum(levels []Level, p Poly) (float64, error) {
	vals, err := decompose(levels, p, sumRange)
	if err != nil {
		return 0, err
	}
	s := 0.0
	for _, v := range vals {
		s += v
	}
	return s, nil
}

// Extremes returns the smallest and largest value of the affine p over
// the integer points of the nest; ok is false when the nest has none.
func Extremes(levels []Level, p Poly) (lo, hi float64, ok bool, err error) {
	if p.TotalDegree() > 1 {
		return 0, 0, false, refused("extremes of a polynomial of degree %d", p.TotalDegree())
	}
	mins, err := decompose(levels, p, extreme(false))
	if err != nil {
		return 0, 0, false, err
	}
	maxs, err := decompose(levels, p, extreme(true))
	if err != nil {
		return 0, 0, false, err
	}
	if len(mins) == 0 {
		return 0, 0, false, nil
	}
	lo, hi = math.Inf(1), math.Inf(-1)
	for _, v := range mins {
		lo = math.Min(lo, v)
	}
	for _, v := range maxs {
		hi = math.Max(hi, v)
	}
	return lo, hi, true, nil
}

// reducer eliminates variable v from p over v ∈ [lo, up] (a non-empty
// range whose bounds do not involve v).
type reducer func(p Poly, v int, lo, up Poly) (Poly, error)

// piece is a region of the outer variables, given by guards g ≥ 0, and
// the value there.
type piece struct {
	guards []Poly
	p      Poly
}

// decompose eliminates the variables innermost first. Where a bound is
// the max (min) of several, or an inner level's non-emptiness bounds an
// outer index, the range is split into pieces by which bound is in force,
// so that every piece is a plain range; the pieces are disjoint, so that
// their values together cover every point once.
func decompose(levels []Level, p Poly, reduce reducer) ([]float64, error) {
	if len(levels) > MaxVars {
		return nil, refused("%d nested loops (at most %d)", len(levels), MaxVars)
	}
	for v, l := range levels {
		if len(l.Lowers) == 0 || len(l.Uppers) == 0 {
			return nil, refused("level %d has no bounds", v)
		}
		for _, b := range append(append([]Poly(nil), l.Lowers...), l.Uppers...) {
			if b.TotalDegree() > 1 || !b.integral() {
				return nil, refused("a bound of level %d is not affine with integer coefficients", v)
			}
			for w := v; w < MaxVars; w++ {
				if b.Mentions(w) {
					return nil, refused("a bound of level %d uses the index of level %d", v, w)
				}
			}
		}
	}
	pieces := []piece{{p: p}}
	for v := len(levels) - 1; v >= 0; v-- {
		var next []piece
		for _, in := range pieces {
			lowers := append([]Poly(nil), levels[v].Lowers...)
			uppers := append([]Poly(nil), levels[v].Uppers...)
			var keep []Poly
			for _, g := range in.guards {
				c := g.linearCoef(v)
				rest := g.without(v)
				switch {
				case c == 0:
					keep = append(keep, g)
				case c == 1:
					lowers = append(lowers, rest.Scale(-1)) // v ≥ −rest
				case c == -1:
					uppers = append(uppers, rest) // v ≤ rest
				default:
					r, ok := rest.Value()
					if !ok {
						return nil, refused("an inner bound with coefficient %g on an outer index", c)
					}
					if c > 0 {
						lowers = append(lowers, Const(math.Ceil(-r/c)))
					} else {
						uppers = append(uppers, Const(math.Floor(r/-c)))
					}
				}
			}
			for i, lo := range lowers {
				for j, up := range uppers {
					gs := append([]Poly(nil), keep...)
					for k, o := range lowers {
						switch {
						case k < i:
							gs = append(gs, lo.Sub(o).Add(Const(-1))) // lo > o: the first maximum wins
						case k > i:
							gs = append(gs, lo.Sub(o)) // lo ≥ o
						}
					}
					for k, o := range uppers {
						switch {
						case k < j:
							gs = append(gs, o.Sub(up).Add(Const(-1))) // up < o
						case k > j:
							gs = append(gs, o.Sub(up)) // up ≤ o
						}
					}
					gs = append(gs, up.Sub(lo)) // non-empty
					gs, ok := simplify(gs)
					if !ok {
						continue
					}
					val, err := reduce(in.p, v, lo, up)
					if err != nil {
						return nil, err
					}
					next = append(next, piece{gs, val})
				}
			}
		}
		if len(next) > maxPieces {
			return nil, refused("more than %d cases", maxPieces)
		}
		pieces = next
	}
	out := make([]float64, 0, len(pieces))
	for _, pc := range pieces {
		if len(pc.guards) > 0 {
			return nil, refused("internal: guards left on no variable")
		}
		x, ok := pc.p.Value()
		if !ok {
			return nil, refused("the summand uses a variable beyond the nest")
		}
		out = append(out, x)
	}
	return out, nil
}

// simplify drops guards that always hold and duplicates; false when one
// never holds or two contradict.
func simplify(gs []Poly) ([]Poly, bool) {
	var out []Poly
	seen := map[string]bool{}
	for _, g := range gs {
		if x, ok := g.Value(); ok {
			if x < 0 {
				return nil, false
			}
			continue
		}
		g = normalize(g)
		k := g.key()
		if seen[k] {
			continue
		}
		seen[k] = true
		out = append(out, g)
	}
	for i := range out {
		for j := i + 1; j < len(out); j++ {
			if x, ok := out[i].Add(out[j]).Value(); ok && x < 0 {
				return nil, false
			}
		}
	}
	return out, true
}

// sumRange is Σ_{v=lo}^{up} p: with v = lo + t it is Σ_k c_k·F_k(up−lo+1),
// F_k(n) = Σ_{t=0}^{n−1} t^k. Summing from the range's start keeps the
// terms small (no difference of two large power sums).
func sumRange(p Poly, v int, lo, up Poly) (Poly, error) {
	shifted, err := p.Subst(v, lo.Add(Var(v)))
	if err != nil {
		return Poly{}, err
	}
	n := up.Sub(lo).Add(Const(1))
	out := Poly{}
	for k, c := range shifted.coefs(v) {
		if len(c.terms) == 0 {
			continue
		}
		if k >= len(powerSums) {
			return Poly{}, refused("degree %d", k)
		}
		f, err := powerSums[k].Subst(0, n) // F_k is written in variable 0
		if err != nil {
			return Poly{}, err
		}
		cf, err := c.Mul(f)
		if err != nil {
			return Poly{}, err
		}
		out = out.Add(cf)
	}
	return out, nil
}

// extreme eliminates v from an affine p by taking the end of the range
// where p is largest (or smallest).
func extreme(largest bool) reducer {
	return func(p Poly, v int, lo, up Poly) (Poly, error) {
		c := p.linearCoef(v)
		at := lo
		if (c > 0) == largest && c != 0 {
			at = up
		}
		return p.Subst(v, at)
	}
}

// powerSums holds F_0 .. F_maxDegree; it is never written after start-up.
var powerSums = faulhaber(maxDegree)

// faulhaber returns F_0(n) .. F_k(n) = Σ_{t=0}^{n−1} t^k as a polynomial in variable
// 0, from F_k(n) = (n^{k+1} − Σ_{j<k} C(k+1, j)·F_j(n)) / (k+1), in exact
// rationals; the coefficients are rounded once.
func faulhaber(k int) []Poly {
	fs := make([][]*big.Rat, k+1) // coefficient of n^i
	for m := 0; m <= k; m++ {
		c := make([]*big.Rat, m+2)
		for i := range c {
			c[i] = new(big.Rat)
		}
		c[m+1].SetInt64(1)
		for j := 0; j < m; j++ {
			b := new(big.Rat).SetInt(new(big.Int).Binomial(int64(m+1), int64(j)))
			for i, x := range fs[j] {
				c[i].Sub(c[i], new(big.Rat).Mul(b, x))
			}
		}
		inv := big.NewRat(1, int64(m+1))
		for i := range c {
			c[i].Mul(c[i], inv)
		}
		fs[m] = c
	}
	out := make([]Poly, k+1)
	for m, c := range fs {
		acc := map[mono]float64{}
		for i, x := range c {
			f, _ := x.Float64()
			var t mono
			t[0] = uint8(i)
			acc[t] = f
		}
		out[m] = fromMap(acc)
	}
	return out
}

// normalize divides an integral guard by the gcd d of its variables'
// coefficients: Σ a·x + c ≥ 0 holds at integer points exactly when
// Σ (a/d)·x + floor(c/d) ≥ 0. It turns 2i − 2j + 3 ≥ 0 into i − j + 1 ≥ 0,
// whose coefficients the next level can use as a bound.
func normalize(g Poly) Poly {
	d := int64(0)
	c := 0.0
	for _, t := range g.terms {
		if t.m == (mono{}) {
			c = t.c
			continue
		}
		d = gcd(d, int64(math.Abs(t.c)))
	}
	if d <= 1 {
		return g
	}
	out := Poly{terms: make([]term, len(g.terms))}
	for i, t := range g.terms {
		if t.m == (mono{}) {
			t.c = math.Floor(c / float64(d))
		} else {
			t.c /= float64(d)
		}
		out.terms[i] = t
	}
	if out.terms[0].m == (mono{}) && out.terms[0].c == 0 {
		out.terms = out.terms[1:]
	}
	return out
}

func gcd(a, b int64) int64 {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}
