// Package fit fits performance models in Extra-P's Performance Model Normal
// Form (PMNF) to measurements: sums of terms c·∏ x^i·log2(x)^j over a
// fixed set of exponents, chosen by leave-one-out cross-validation ranked
// by SMAPE. The result prints as an expression of augur's model language,
// ready to paste as a cost function. docs/fit.md describes the method and
// how it differs from Extra-P.
package fit

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Exp is a rational exponent Num/Den, kept as a fraction so that models
// print as Extra-P prints them (x^(3/2)) and compare exactly.
type Exp struct{ Num, Den int }

// F is the exponent's value.
func (e Exp) F() float64 {
	if e.Den == 0 {
		return 0
	}
	return float64(e.Num) / float64(e.Den)
}

func (e Exp) String() string {
	if e.Den == 1 {
		return strconv.Itoa(e.Num)
	}
	return fmt.Sprintf("%d/%d", e.Num, e.Den)
}

// Factor is x^Poly · log2(x)^Log of one parameter.
type Factor struct {
	Param int // index into the model's parameters
	Poly  Exp
	Log   int
}

func (f Factor) eval(x []float64) float64 {
	v := x[f.Param]
	r := 1.0
	if f.Poly.Num != 0 {
		r = math.Pow(v, f.Poly.F())
	}
	if f.Log != 0 {
		r *= math.Pow(math.Log2(v), float64(f.Log))
	}
	return r
}

// Term is one summand without its coefficient: a product of factors of
// distinct parameters.
type Term []Factor

func (t Term) eval(x []float64) float64 {
	r := 1.0
	for _, f := range t {
		r *= f.eval(x)
	}
	return r
}

// Model is a fitted PMNF function: Constant + Σ Coefs[k]·Terms[k].
type Model struct {
	Params   []string
	Constant float64
	Terms    []Term
	Coefs    []float64

	// Quality on the points it was fitted to (the means, or medians, of
	// the repetitions at each point).
	SMAPE   float64 // symmetric mean absolute percentage error, %, in-sample
	CVSMAPE float64 // leave-one-out cross-validated SMAPE, % (what ranked it); NaN if not computed
	RSS     float64
	AdjR2   float64 // adjusted R²; NaN when there are too few points for the terms
	Points  int     // number of distinct points
}

// Eval evaluates the model at x (one value per parameter).
func (m *Model) Eval(x []float64) float64 {
	v := m.Constant
	for k, t := range m.Terms {
		v += m.Coefs[k] * t.eval(x)
	}
	return v
}

// Expr renders the model in augur's model language, e.g.
// "3 + 0.5 * p * log2(p)". Coefficients keep 7 significant digits.
func (m *Model) Expr() string {
	var b strings.Builder
	b.WriteString(num(m.Constant))
	if len(m.Terms) > 0 && m.Constant == 0 {
		b.Reset()
	}
	for k, t := range m.Terms {
		c := m.Coefs[k]
		var num1, den []string
		for _, f := range t {
			name := m.Params[f.Param]
			switch p := f.Poly; {
			case p.Num == 0:
			case p.Num == p.Den:
				num1 = append(num1, name)
			case p.Num == -p.Den:
				den = append(den, name)
			case p.Num*2 == p.Den:
				num1 = append(num1, "sqrt("+name+")")
			case -p.Num*2 == p.Den:
				den = append(den, "sqrt("+name+")")
			case p.Num == 2*p.Den:
				num1 = append(num1, name+" * "+name)
			case p.Num < 0:
				den = append(den, "pow("+name+", "+Exp{-p.Num, p.Den}.expr()+")")
			default:
				num1 = append(num1, "pow("+name+", "+p.expr()+")")
			}
			switch {
			case f.Log == 1:
				num1 = append(num1, "log2("+name+")")
			case f.Log > 1:
				num1 = append(num1, "pow(log2("+name+"), "+strconv.Itoa(f.Log)+")")
			case f.Log == -1:
				den = append(den, "log2("+name+")")
			case f.Log < -1:
				den = append(den, "pow(log2("+name+"), "+strconv.Itoa(-f.Log)+")")
			}
		}
		sign := " + "
		if c < 0 {
			sign, c = " - ", -c
		}
		if b.Len() == 0 {
			sign = ""
			if m.Coefs[k] < 0 {
				sign = "-"
			}
		}
		b.WriteString(sign)
		b.WriteString(num(c))
		for _, s := range num1 {
			b.WriteString(" * " + s)
		}
		for _, s := range den {
			if strings.Contains(s, " ") && !strings.HasPrefix(s, "pow(") && !strings.HasPrefix(s, "sqrt(") {
				s = "(" + s + ")"
			}
			b.WriteString(" / " + s)
		}
	}
	return b.String()
}

// expr writes the exponent as a model-language number or quotient.
func (e Exp) expr() string {
	if e.Den == 1 {
		return strconv.Itoa(e.Num)
	}
	return fmt.Sprintf("%d / %d", e.Num, e.Den)
}

// String is the model in Extra-P's notation (x^(3/2) * log2(x)^(2)), for
// comparing with Extra-P's output.
func (m *Model) String() string {
	var b strings.Builder
	b.WriteString(strconv.FormatFloat(m.Constant, 'g', 9, 64))
	for k, t := range m.Terms {
		fmt.Fprintf(&b, " + %s", strconv.FormatFloat(m.Coefs[k], 'g', 9, 64))
		for _, f := range t {
			name := m.Params[f.Param]
			if f.Poly.Num != 0 {
				fmt.Fprintf(&b, " * %s^(%s)", name, f.Poly)
			}
			if f.Log != 0 {
				fmt.Fprintf(&b, " * log2(%s)^(%d)", name, f.Log)
			}
		}
	}
	return b.String()
}

// num formats a coefficient with 7 significant digits in a form the model
// language reads (no exponent sign surprises: 1.5e-06 is accepted).
func num(v float64) string {
	if v == 0 {
		return "0"
	}
	return strconv.FormatFloat(v, 'g', 7, 64)
}
