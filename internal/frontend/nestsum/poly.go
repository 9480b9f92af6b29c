// Package nestsum evaluates loop nests in closed form: it sums a
// polynomial over the integer points of a nest whose bounds are affine in
// the indices of the loops around them (rectangular, triangular,
// tetrahedral, min/max bounds), and finds the extremes of an affine
// function over the same points. This is the machine-efficient form of
// Pllana et al.'s *Automatic performance model transformation from a
// human-intuitive to a machine-efficient form*: a loop whose body only
// computes costs the simulator O(body), not O(iterations).
//
// Everything but the loop indices is a number here: the model's compiler
// evaluates parameters and outer variables when the nest is reached, so
// the sums are numeric polynomials in the indices. (augur analyze has its
// own symbolic summation over the program's parameters, with exact
// rationals, because it writes formulas; this package computes values.)
package nestsum

import (
	"fmt"
	"math"
	"sort"
)

// MaxVars is the deepest nest handled: one variable per level.
const MaxVars = 8

// maxDegree bounds the degree of any variable, so that exponents fit and
// Faulhaber's table stays small.
const maxDegree = 24

// mono is a monomial: the exponent of each variable.
type mono [MaxVars]uint8

func (m mono) less(o mono) bool {
	for i := range m {
		if m[i] != o[i] {
			return m[i] < o[i]
		}
	}
	return false
}

type term struct {
	m mono
	c float64
}

// Poly is a polynomial in the variables 0..MaxVars-1 with float64
// coefficients. Its terms are sorted by monomial and non-zero, so that
// every operation adds in the same order and results are deterministic.
type Poly struct{ terms []term }

// Const is the constant polynomial c.
func Const(c float64) Poly {
	if c == 0 {
		return Poly{}
	}
	return Poly{[]term{{c: c}}}
}

// Var is the polynomial x_i.
func Var(i int) Poly {
	var m mono
	m[i] = 1
	return Poly{[]term{{m: m, c: 1}}}
}

// fromMap builds a Poly from accumulated terms, in monomial order.
func fromMap(acc map[mono]float64) Poly {
	out := Poly{terms: make([]term, 0, len(acc))}
	for m, c := range acc {
		if c != 0 {
			out.terms = append(out.terms, term{m, c})
		}
	}
	sort.Slice(out.terms, func(i, j int) bool { return out.terms[i].m.less(out.terms[j].m) })
	return out
}

// Add returns p + q.
func (p Poly) Add(q Poly) Poly {
	out := Poly{terms: make([]term, 0, len(p.terms)+len(q.terms))}
	i, j := 0, 0
	for i < len(p.terms) || j < len(q.terms) {
		switch {
		case j == len(q.terms) || (i < len(p.terms) && p.terms[i].m.less(q.terms[j].m)):
			out.terms = append(out.terms, p.terms[i])
			i++
		case i == len(p.terms) || q.terms[j].m.less(p.terms[i].m):
			out.terms = append(out.terms, q.terms[j])
			j++
		default:
			if c := p.terms[i].c + q.terms[j].c; c != 0 {
				out.terms = append(out.terms, term{p.terms[i].m, c})
			}
			i++
			j++
		}
	}
	return out
}

// Scale returns c·p.
func (p Poly) Scale(c float64) Poly {
	if c == 0 {
		return Poly{}
	}
	out := Poly{terms: make([]term, len(p.terms))}
	for i, t := range p.terms {
		out.terms[i] = term{t.m, t.c * c}
	}
	return out
}

// Sub returns p − q.
func (p Poly) Sub(q Poly) Poly { return p.Add(q.Scale(-1)) }

// Mul returns p·q, or an error when a degree would exceed the limit.
func (p Poly) Mul(q Poly) (Poly, error) {
	acc := map[mono]float64{}
	for _, a := range p.terms {
		for _, b := range q.terms {
			var m mono
			for k := range m {
				e := int(a.m[k]) + int(b.m[k])
				if e > maxDegree {
					return Poly{}, fmt.Errorf("degree %d exceeds %d", e, maxDegree)
				}
				m[k] = uint8(e)
			}
			acc[m] += a.c * b.c
		}
	}
	return fromMap(acc), nil
}

// Pow returns p^n for n ≥ 0.
func (p Poly) Pow(n int) (Poly, error) {
	out := Const(1)
	for ; n > 0; n-- {
		var err error
		if out, err = out.Mul(p); err != nil {
			return Poly{}, err
		}
	}
	return out, nil
}

// Value returns the polynomial's value if it is a constant.
func (p Poly) Value() (float64, bool) {
	switch len(p.terms) {
	case 0:
		return 0, true
	case 1:
		if p.terms[0].m == (mono{}) {
			return p.terms[0].c, true
		}
	}
	return 0, false
}

// Degree is the degree of p in variable i.
func (p Poly) Degree(i int) int {
	d := 0
	for _, t := range p.terms {
		d = max(d, int(t.m[i]))
	}
	return d
}

// TotalDegree is the largest sum of exponents of a term.
func (p Poly) TotalDegree() int {
	d := 0
	for _, t := range p.terms {
		s := 0
		for _, e := range t.m {
			s += int(e)
		}
		d = max(d, s)
	}
	return d
}

// Mentions reports whether variable i occurs in p.
func (p Poly) Mentions(i int) bool { return p.Degree(i) > 0 }

// Finite reports whether every coefficient is a finite number.
func (p Poly) Finite() bool {
	for _, t := range p.terms {
		if math.IsNaN(t.c) || math.IsInf(t.c, 0) {
			return false
		}
	}
	return true
}

// integral reports whether every coefficient is an integer.
func (p Poly) integral() bool {
	for _, t := range p.terms {
		if t.c != math.Trunc(t.c) || math.Abs(t.c) > 1<<52 {
			return false
		}
	}
	return true
}

// coefs splits p by powers of variable i: p = Σ_k coefs[k]·x_i^k.
func (p Poly) coefs(i int) []Poly {
	accs := make([]map[mono]float64, p.Degree(i)+1)
	for k := range accs {
		accs[k] = map[mono]float64{}
	}
	for _, t := range p.terms {
		m := t.m
		k := m[i]
		m[i] = 0
		accs[k][m] += t.c
	}
	out := make([]Poly, len(accs))
	for k, a := range accs {
		out[k] = fromMap(a)
	}
	return out
}

// Subst replaces variable i by q.
func (p Poly) Subst(i int, q Poly) (Poly, error) {
	cs := p.coefs(i)
	// Horner: (..(c_d·q + c_{d-1})·q + ..) + c_0.
	out := Poly{}
	for k := len(cs) - 1; k >= 0; k-- {
		var err error
		if out, err = out.Mul(q); err != nil {
			return Poly{}, err
		}
		out = out.Add(cs[k])
	}
	return out, nil
}

// linearCoef is the coefficient of x_i in an affine p.
func (p Poly) linearCoef(i int) float64 {
	var m mono
	m[i] = 1
	for _, t := range p.terms {
		if t.m == m {
			return t.c
		}
	}
	return 0
}

// without drops the terms in variable i.
func (p Poly) without(i int) Poly {
	out := Poly{}
	for _, t := range p.terms {
		if t.m[i] == 0 {
			out.terms = append(out.terms, t)
		}
	}
	return out
}

// key is a canonical text of p, for removing duplicate guards.
func (p Poly) key() string { return fmt.Sprint(p.terms) }

// AppendKey appends a description of p to dst, such that two polynomials
// with equal keys are equal.
func (p Poly) AppendKey(dst []float64) []float64 {
	dst = append(dst, float64(len(p.terms)))
	for _, t := range p.terms {
		for _, e := range t.m {
			dst = append(dst, float64(e))
		}
		dst = append(dst, t.c)
	}
	return dst
}
