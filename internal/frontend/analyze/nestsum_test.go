package analyze

import (
	"math/rand/v2"
	"testing"
)

// enumerate counts the points of a nest by running it.
func enumerate(nest []*LoopInfo, env map[string]float64) float64 {
	if len(nest) == 0 {
		return 1
	}
	l := nest[0]
	from, _ := eval(l.From, env)
	to, _ := eval(l.To, env)
	step, _ := constOf(l.Step)
	n := 0.0
	for v := from; (step > 0 && v < to) || (step < 0 && v > to); v += step {
		env[l.Var] = v
		n += enumerate(nest[1:], env)
	}
	delete(env, l.Var)
	return n
}

// Random nests of depth 1 to 4 with bounds that are affine in the outer
// indices and two parameters, with min and max of two terms, unit and
// larger steps: the symbolic count equals enumeration for every
// parameter value from -3 to 9, or the nest is refused — only ever one
// with a step of 2 over a range that depends on an outer index, whose
// count is not a polynomial.
func TestRandomNestsEqualEnumeration(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	vars := []string{"i", "j", "k", "l"}
	refused := 0
	reasons := map[string]int{}
	const nests = 400
	for trial := 0; trial < nests; trial++ {
		depth := 1 + r.IntN(4)
		var nest []*LoopInfo
		term := func(outer int) Expr {
			choices := []Expr{Num{float64(r.IntN(5) - 2)}, Name{"n"}, Name{"m"}, add(Name{"n"}, Num{float64(r.IntN(3) - 1)})}
			for o := 0; o < outer; o++ {
				choices = append(choices, Name{vars[o]}, add(Name{vars[o]}, Num{float64(r.IntN(3) - 1)}), sub(Name{"n"}, Name{vars[o]}))
			}
			return choices[r.IntN(len(choices))]
		}
		for d := 0; d < depth; d++ {
			from, to := term(d), term(d)
			if r.IntN(4) == 0 {
				from = Call{"max", []Expr{from, term(d)}}
			}
			if r.IntN(4) == 0 {
				to = Call{"min", []Expr{to, term(d)}}
			}
			step := int64(1)
			switch r.IntN(6) {
			case 0:
				step = 2
			case 1:
				step = -1
				from, to = to, from
				if c, ok := from.(Call); ok {
					c.Fn = "min"
					from = c
				}
				if c, ok := to.(Call); ok {
					c.Fn = "max"
					to = c
				}
			}
			nest = append(nest, &LoopInfo{Var: vars[d], From: from, To: to, Step: Num{float64(step)}, Canonical: true})
		}
		pieces, at, err := sumNestPieces(nest)
		if err != nil {
			for _, l := range nest {
				if s, _ := constOf(l.Step); s == 1 || s == -1 {
					continue
				}
				refused++
				reasons[err.Error()]++
				err = nil
				break
			}
			if err != nil {
				t.Fatalf("nest %d %s has unit steps and was refused: %v", trial, nestText(nest), err)
			}
			continue
		}
		e := piecesExpr(pieces)
		for n, x := range at.expr {
			e = subst(e, n, x)
		}
		for n := -3; n <= 9; n++ {
			for m := -3; m <= 9; m += 3 {
				env := map[string]float64{"n": float64(n), "m": float64(m)}
				want := enumerate(nest, env)
				got, ok := eval(e, env)
				if !ok || got != want {
					t.Fatalf("nest %d %s, n=%d m=%d: counted %v, enumeration %v\n%s", trial, nestText(nest), n, m, got, want, String(e))
				}
			}
		}
	}
	t.Logf("%d of %d random nests refused: %v", refused, nests, reasons)
	if refused > nests/4 {
		t.Errorf("%d of %d nests refused", refused, nests)
	}
}

func nestText(nest []*LoopInfo) string {
	s := ""
	for _, l := range nest {
		s += "for " + l.Var + " in " + String(l.From) + " .. " + String(l.To) + " step " + String(l.Step) + "; "
	}
	return s
}

func BenchmarkCountTetrahedralMin(b *testing.B) {
	nest := []*LoopInfo{
		{Var: "i", From: Num{0}, To: Name{"n"}, Step: Num{1}},
		{Var: "j", From: Num{0}, To: Call{"min", []Expr{Name{"i"}, Name{"m"}}}, Step: Num{1}},
		{Var: "k", From: Name{"j"}, To: Name{"i"}, Step: Num{1}},
		{Var: "l", From: Call{"max", []Expr{Num{0}, sub(Name{"k"}, Name{"m"})}}, To: Name{"k"}, Step: Num{1}},
	}
	for b.Loop() {
		if _, _, err := sumNestPieces(nest); err != nil {
			b.Fatal(err)
		}
	}
}
