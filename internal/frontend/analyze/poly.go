package analyze

import (
	"math/big"
	"sort"
	"strings"
)

// poly is a multivariate polynomial with rational coefficients: the
// exact form of iteration counts. A monomial is written as its variables
// with their powers in name order, "i^2*n"; "" is the constant.
type poly map[string]*big.Rat

func polyConst(c int64) poly {
	if c == 0 {
		return poly{}
	}
	return poly{"": big.NewRat(c, 1)}
}

func polyVar(v string) poly { return poly{v: big.NewRat(1, 1)} }

// monomial parses a monomial key into variable → power.
func monomial(k string) map[string]int {
	out := map[string]int{}
	if k == "" {
		return out
	}
	for _, f := range strings.Split(k, "*") {
		name, pow, _ := strings.Cut(f, "^")
		p := 1
		if pow != "" {
			p = atoiSmall(pow)
		}
		out[name] += p
	}
	return out
}

func atoiSmall(s string) int {
	n := 0
	for _, c := range s {
		n = n*10 + int(c-'0')
	}
	return n
}

// monoKey writes variable → power as a key.
func monoKey(m map[string]int) string {
	var names []string
	for n, p := range m {
		if p > 0 {
			names = append(names, n)
		}
	}
	sort.Strings(names)
	var b strings.Builder
	for i, n := range names {
		if i > 0 {
			b.WriteString("*")
		}
		b.WriteString(n)
		if m[n] > 1 {
			b.WriteString("^" + itoa(m[n]))
		}
	}
	return b.String()
}

func (p poly) addTerm(k string, c *big.Rat) {
	if c.Sign() == 0 {
		return
	}
	if old, ok := p[k]; ok {
		s := new(big.Rat).Add(old, c)
		if s.Sign() == 0 {
			delete(p, k)
		} else {
			p[k] = s
		}
		return
	}
	p[k] = new(big.Rat).Set(c)
}

func (p poly) add(q poly) poly {
	out := poly{}
	for k, c := range p {
		out.addTerm(k, c)
	}
	for k, c := range q {
		out.addTerm(k, c)
	}
	return out
}

func (p poly) scale(c *big.Rat) poly {
	out := poly{}
	for k, v := range p {
		out.addTerm(k, new(big.Rat).Mul(v, c))
	}
	return out
}

func (p poly) sub(q poly) poly { return p.add(q.scale(big.NewRat(-1, 1))) }

func (p poly) mul(q poly) poly {
	out := poly{}
	for k1, c1 := range p {
		m1 := monomial(k1)
		for k2, c2 := range q {
			m := map[string]int{}
			for n, e := range m1 {
				m[n] += e
			}
			for n, e := range monomial(k2) {
				m[n] += e
			}
			out.addTerm(monoKey(m), new(big.Rat).Mul(c1, c2))
		}
	}
	return out
}

func (p poly) pow(n int) poly {
	out := polyConst(1)
	for i := 0; i < n; i++ {
		out = out.mul(p)
	}
	return out
}

// degree is the highest power of v in p.
func (p poly) degree(v string) int {
	d := 0
	for k := range p {
		d = max(d, monomial(k)[v])
	}
	return d
}

// coefOf splits p by powers of v: p = Σ_k coef[k]·v^k.
func (p poly) coefOf(v string) []poly {
	out := make([]poly, p.degree(v)+1)
	for i := range out {
		out[i] = poly{}
	}
	for k, c := range p {
		m := monomial(k)
		e := m[v]
		delete(m, v)
		out[e].addTerm(monoKey(m), c)
	}
	return out
}

// subst replaces v by q.
func (p poly) subst(v string, q poly) poly {
	out := poly{}
	for k, c := range p.coefOf(v) {
		out = out.add(c.mul(q.pow(k)))
	}
	return out
}

// mentions reports whether p involves v.
func (p poly) mentions(v string) bool { return p.degree(v) > 0 }

// isZero reports whether p is 0.
func (p poly) isZero() bool { return len(p) == 0 }

// expr writes p in the model language as (Σ integer·monomial) / d with d
// the common denominator, which float64 evaluates exactly while the
// values stay below 2^53.
func (p poly) expr() Expr {
	if len(p) == 0 {
		return Num{0}
	}
	den := big.NewInt(1)
	for _, c := range p {
		den = lcm(den, c.Denom())
	}
	var keys []string
	for k := range p {
		keys = append(keys, k)
	}
	// Highest degree first, then by name.
	sort.Slice(keys, func(i, j int) bool {
		di, dj := totalDegree(keys[i]), totalDegree(keys[j])
		if di != dj {
			return di > dj
		}
		return keys[i] < keys[j]
	})
	var out Expr
	for _, k := range keys {
		c := new(big.Rat).Mul(p[k], new(big.Rat).SetInt(den))
		n, _ := c.Float64()
		var t Expr = Num{1}
		m := monomial(k)
		var names []string
		for v := range m {
			names = append(names, v)
		}
		sort.Strings(names)
		for _, v := range names {
			for i := 0; i < m[v]; i++ {
				t = mul(t, Name{v})
			}
		}
		neg := n < 0
		if neg {
			n = -n
		}
		t = mul(Num{n}, t)
		switch {
		case out == nil && neg:
			out = sub(Num{0}, t)
		case out == nil:
			out = t
		case neg:
			out = Bin{"-", out, t}
		default:
			out = Bin{"+", out, t}
		}
	}
	if d, _ := new(big.Rat).SetInt(den).Float64(); d != 1 {
		return Bin{"/", out, Num{d}}
	}
	return out
}

func totalDegree(k string) int {
	d := 0
	for _, e := range monomial(k) {
		d += e
	}
	return d
}

func lcm(a, b *big.Int) *big.Int {
	g := new(big.Int).GCD(nil, nil, a, b)
	return new(big.Int).Div(new(big.Int).Mul(a, b), g)
}

// powerSums holds S_0 … S_8, computed once: nests deeper than eight
// loops, or bodies of higher degree, build theirs when needed. Read-only
// after initialisation.
var powerSums = func() []poly {
	out := make([]poly, 9)
	for k := range out {
		out[k] = buildPowerSum(k)
	}
	return out
}()

// powerSum is S_k(n) = Σ_{v=1}^{n} v^k as a polynomial in "n".
func powerSum(k int) poly {
	if k < len(powerSums) {
		return powerSums[k]
	}
	return buildPowerSum(k)
}

// buildPowerSum builds S_k(n) (Faulhaber) from S_k(n) = ((n+1)^{k+1} − 1 −
// Σ_{j<k} C(k+1, j) S_j(n)) / (k+1).
func buildPowerSum(k int) poly {
	n := polyVar("n")
	s := []poly{n} // S_0 = n
	for m := 1; m <= k; m++ {
		acc := n.add(polyConst(1)).pow(m + 1).sub(polyConst(1))
		for j := 0; j < m; j++ {
			acc = acc.sub(s[j].scale(new(big.Rat).SetInt(binomial(m+1, j))))
		}
		s = append(s, acc.scale(big.NewRat(1, int64(m+1))))
	}
	return s[k]
}

func binomial(n, k int) *big.Int { return new(big.Int).Binomial(int64(n), int64(k)) }

// sumRange is Σ_{v=a}^{b} p, a polynomial identity that holds for all
// integers a ≤ b + 1 (and gives 0 for a = b + 1).
func sumRange(p poly, v string, a, b poly) poly {
	out := poly{}
	for k, c := range p.coefOf(v) {
		if c.isZero() {
			continue
		}
		s := powerSum(k)
		out = out.add(c.mul(s.subst("n", b).sub(s.subst("n", a.sub(polyConst(1))))))
	}
	return out
}
