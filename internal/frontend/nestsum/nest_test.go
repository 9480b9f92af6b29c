package nestsum

import (
	"errors"
	"math"
	"math/rand/v2"
	"testing"
)

// eval is p at the point x.
func eval(p Poly, x []float64) float64 {
	s := 0.0
	for _, t := range p.terms {
		v := t.c
		for i, e := range t.m {
			for ; e > 0; e-- {
				v *= x[i]
			}
		}
		s += v
	}
	return s
}

// enumerate walks the nest point by point: the reference.
func enumerate(levels []Level, p Poly, visit func(x []float64)) {
	x := make([]float64, MaxVars)
	var rec func(v int)
	rec = func(v int) {
		if v == len(levels) {
			visit(x)
			return
		}
		lo, up := math.Inf(-1), math.Inf(1)
		for _, b := range levels[v].Lowers {
			lo = math.Max(lo, eval(b, x))
		}
		for _, b := range levels[v].Uppers {
			up = math.Min(up, eval(b, x))
		}
		for i := lo; i <= up; i++ {
			x[v] = i
			rec(v + 1)
		}
		x[v] = 0
	}
	rec(0)
}

// affine is a random bound over the outer indices, with coefficients 0
// and 1 (the nests programs have: i < j < k, j < i + b), or also −1.
func affine(r *rand.Rand, outer int, spread int, negative bool) Poly {
	p := Const(float64(r.IntN(2*spread+1) - spread))
	for w := 0; w < outer; w++ {
		switch r.IntN(4) {
		case 0:
			p = p.Add(Var(w))
		case 1:
			if negative {
				p = p.Sub(Var(w))
			}
		}
	}
	return p
}

// TestRandomNests: sums and extremes equal enumeration on random nests
// with triangular, min/max and empty ranges.
func TestRandomNests(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	refusedN, refusedPos := 0, 0
	for n := 0; n < 600; n++ {
		negative := n >= 300
		depth := 1 + r.IntN(4)
		levels := make([]Level, depth)
		for v := range levels {
			for k := 0; k < 1+r.IntN(2); k++ {
				levels[v].Lowers = append(levels[v].Lowers, affine(r, v, 6, negative))
			}
			for k := 0; k < 1+r.IntN(2); k++ {
				levels[v].Uppers = append(levels[v].Uppers, affine(r, v, 6, negative).Add(Const(6)))
			}
		}
		// A summand of degree up to 2 with fractional coefficients.
		p := Const(0.25 + float64(r.IntN(5)))
		for w := 0; w < depth; w++ {
			if r.IntN(2) == 0 {
				p = p.Add(Var(w).Scale(float64(r.IntN(7)-3) * 0.5))
			}
		}
		q, _ := Var(r.IntN(depth)).Mul(Var(r.IntN(depth)))
		p2 := p.Add(q.Scale(1.5))
		var want, want2, count float64
		lo, hi := math.Inf(1), math.Inf(-1)
		enumerate(levels, p, func(x []float64) {
			v := eval(p, x)
			want += v
			want2 += eval(p2, x)
			count++
			lo, hi = math.Min(lo, v), math.Max(hi, v)
		})
		got, err := Sum(levels, p)
		if errors.Is(err, ErrRefused) {
			refusedN++
			if !negative {
				refusedPos++
			}
			continue
		}
		if err != nil {
			t.Fatalf("nest %d: %v", n, err)
		}
		if math.Abs(got-want) > 1e-9*math.Max(1, math.Abs(want)) {
			t.Fatalf("nest %d %+v: sum %v, enumeration %v", n, levels, got, want)
		}
		got2, err := Sum(levels, p2)
		if err != nil || math.Abs(got2-want2) > 1e-9*math.Max(1, math.Abs(want2)) {
			t.Fatalf("nest %d: quadratic sum %v (%v), enumeration %v", n, got2, err, want2)
		}
		glo, ghi, ok, err := Extremes(levels, p)
		if err != nil {
			t.Fatalf("nest %d: extremes: %v", n, err)
		}
		if ok != (count > 0) || (ok && (glo != lo || ghi != hi)) {
			t.Fatalf("nest %d: extremes %v %v %v, enumeration %v %v (%v points)", n, glo, ghi, ok, lo, hi, count)
		}
	}
	// Coefficients of both signs on one index make inner bounds such as
	// 2i ≤ j, which are refused (the caller steps through them).
	t.Logf("%d of 600 nests refused, %d of them with non-negative coefficients", refusedN, refusedPos)
	if refusedN > 100 || refusedPos > 10 {
		t.Errorf("%d of 600 nests refused, %d of them of the 300 with non-negative coefficients", refusedN, refusedPos)
	}
}

// TestTriangle is the count of a triangle in closed form at a size no
// enumeration would finish: Σ_{i<n} Σ_{j=i}^{n-1} 1 = n(n+1)/2.
func TestTriangle(t *testing.T) {
	n := 100000.0
	levels := []Level{
		{Lowers: []Poly{Const(0)}, Uppers: []Poly{Const(n - 1)}},
		{Lowers: []Poly{Var(0)}, Uppers: []Poly{Const(n - 1)}},
	}
	got, err := Sum(levels, Const(1))
	if err != nil || got != n*(n+1)/2 {
		t.Fatalf("triangle: %v (%v), want %v", got, err, n*(n+1)/2)
	}
}

func TestRefusals(t *testing.T) {
	cases := map[string][]Level{
		"non-integer bound": {{Lowers: []Poly{Const(0.5)}, Uppers: []Poly{Const(3)}}},
		"inner index":       {{Lowers: []Poly{Var(0)}, Uppers: []Poly{Const(3)}}},
		"quadratic bound": {{Lowers: []Poly{Const(0)}, Uppers: []Poly{Const(3)}},
			{Lowers: []Poly{Const(0)}, Uppers: []Poly{func() Poly { q, _ := Var(0).Mul(Var(0)); return q }()}}},
		"coefficient 2 on an outer index": {{Lowers: []Poly{Const(0)}, Uppers: []Poly{Const(3)}},
			{Lowers: []Poly{Const(0)}, Uppers: []Poly{Const(3)}},
			{Lowers: []Poly{Var(1).Scale(2).Sub(Var(0))}, Uppers: []Poly{Const(5)}}},
	}
	for name, levels := range cases {
		if _, err := Sum(levels, Const(1)); !errors.Is(err, ErrRefused) {
			t.Errorf("%s: %v, want a refusal", name, err)
		}
	}
}
