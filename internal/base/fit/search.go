package fit

import (
	"errors"
	"fmt"
	"math"
	"sort"
)

// Data is what a model is fitted to: one parameter vector per point and the
// repeated measurements at it.
type Data struct {
	Params []string
	X      [][]float64 // X[i][p]: value of parameter p at point i
	Values [][]float64 // Values[i]: the repetitions measured at point i
}

// Options steer the search. The zero value is augur's default.
type Options struct {
	// MaxTerms is the number of PMNF terms per parameter (default 2;
	// Extra-P's basic modeler uses 1).
	MaxTerms int
	// NoNegative leaves out negative exponents (p^-1, ...). augur
	// includes them by default so that strong scaling (20/p) is
	// expressible; Extra-P needs its "negative exponents" option.
	NoNegative bool
	// Median aggregates repetitions by their median instead of the mean.
	Median bool
	// ExtraP restricts the search to what Extra-P's default modelers do:
	// one term per parameter, no negative exponents, multi-parameter
	// hypotheses ranked by in-sample SMAPE. For comparing with Extra-P.
	ExtraP bool
	// Margin: a hypothesis with more terms must beat the best one with
	// fewer by this factor of cross-validated SMAPE (default 0.8), so
	// that noise does not buy spurious terms.
	Margin float64
}

// Epsilon is Extra-P's minimum term contribution: a hypothesis whose term
// never reaches this fraction of the measured value at any point is
// rejected (the term explains nothing and only fits noise).
const Epsilon = 0.0005

// MinPoints is the least number of distinct values each parameter needs.
// Extra-P recommends five; with three the cross-validation of a one-term
// model still leaves two points to fit two coefficients.
const MinPoints = 3

func (o Options) norm() Options {
	if o.ExtraP {
		o.MaxTerms, o.NoNegative = 1, true
	}
	if o.MaxTerms <= 0 {
		o.MaxTerms = 2
	}
	if o.MaxTerms > 3 {
		o.MaxTerms = 3
	}
	if o.Margin <= 0 || o.Margin > 1 {
		o.Margin = 0.8
	}
	return o
}

// point is one aggregated measurement.
type point struct {
	x  []float64
	y  float64
	se float64 // standard error of y from the repetitions (0 with one)
}

// Fit finds the best PMNF model for d.
func Fit(d Data, o Options) (*Model, error) {
	o = o.norm()
	// The search is linear in the values and ranks hypotheses by relative
	// errors: fitted to the values over a power of two near the largest
	// (exact in floating point), it finds the same model, and squares of
	// values such as 1e-170 do not underflow on the way (nor large ones
	// overflow).
	scale := valueScale(d.Values)
	if scale/2 > MaxValue { // the largest value is at least scale/2
		return nil, fmt.Errorf("values beyond ±%g are too large to fit (their squares overflow): give the metric in a larger unit", MaxValue)
	}
	d.Values = scaled(d.Values, scale)
	pts, err := aggregate(d, o.Median)
	if err != nil {
		return nil, err
	}
	np := len(d.Params)
	if np == 0 {
		return nil, errors.New("no parameters")
	}
	for p := 0; p < np; p++ {
		vals := map[float64]bool{}
		for _, pt := range pts {
			vals[pt.x[p]] = true
		}
		if len(vals) < MinPoints {
			return nil, fmt.Errorf("parameter %s has %d distinct value(s); at least %d are needed to fit a model", d.Params[p], len(vals), MinPoints)
		}
	}
	var m *Model
	if np == 1 {
		m = searchSingle(pts, 0, o)
		m.Params = d.Params
		finish(m, pts)
	} else {
		m = searchMulti(d.Params, pts, o)
	}
	m.Constant *= scale
	for k := range m.Coefs {
		m.Coefs[k] *= scale
	}
	m.RSS *= scale * scale
	return m, nil
}

// MaxValue bounds the measurements: a model's squared residuals must
// stay within float64 (RSS), and no metric of a program comes near.
const MaxValue = 1e150

// valueScale is the power of two nearest above the largest finite |value|
// (1 if there is none but 0).
func valueScale(values [][]float64) float64 {
	var largest float64
	for _, vs := range values {
		for _, v := range vs {
			if !math.IsInf(v, 0) {
				largest = math.Max(largest, math.Abs(v))
			}
		}
	}
	if largest == 0 || math.IsNaN(largest) {
		return 1
	}
	_, e := math.Frexp(largest)
	return math.Ldexp(1, e)
}

// scaled is a copy of values, each over scale.
func scaled(values [][]float64, scale float64) [][]float64 {
	out := make([][]float64, len(values))
	for i, vs := range values {
		out[i] = make([]float64, len(vs))
		for k, v := range vs {
			out[i][k] = v / scale
		}
	}
	return out
}

// aggregate turns repetitions into one value per distinct point (mean or
// median), merging points given twice.
func aggregate(d Data, median bool) ([]point, error) {
	if len(d.X) != len(d.Values) {
		return nil, errors.New("the data's X and Values differ in length")
	}
	idx := map[string]int{}
	var xs [][]float64
	var reps [][]float64
	for i, x := range d.X {
		if len(x) != len(d.Params) {
			return nil, fmt.Errorf("point %d has %d coordinates for %d parameters", i+1, len(x), len(d.Params))
		}
		k := fmt.Sprint(x)
		j, ok := idx[k]
		if !ok {
			j = len(xs)
			idx[k] = j
			xs = append(xs, x)
			reps = append(reps, nil)
		}
		reps[j] = append(reps[j], d.Values[i]...)
	}
	pts := make([]point, 0, len(xs))
	for j, x := range xs {
		r := reps[j]
		if len(r) == 0 {
			return nil, fmt.Errorf("point %v has no values", x)
		}
		for _, v := range r {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return nil, fmt.Errorf("point %v has a non-finite value", x)
			}
		}
		for _, v := range x {
			if math.IsNaN(v) || math.IsInf(v, 0) || v <= 0 {
				return nil, fmt.Errorf("point %v: parameter values must be positive and finite", x)
			}
		}
		pts = append(pts, point{x: x, y: center(r, median), se: stdErr(r)})
	}
	return pts, nil
}

// stdErr is the standard error of the mean of v (0 for one value).
func stdErr(v []float64) float64 {
	n := float64(len(v))
	if n < 2 {
		return 0
	}
	var m, ss float64
	for _, x := range v {
		m += x
	}
	m /= n
	for _, x := range v {
		ss += (x - m) * (x - m)
	}
	return math.Sqrt(ss/(n-1)) / math.Sqrt(n)
}

// noiseFloor is the SMAPE (%) an exact model would show on pts because of
// the measurement noise alone: the mean absolute deviation of a normal
// variable is 0.8σ.
func noiseFloor(pts []point) float64 {
	var s float64
	for _, pt := range pts {
		if pt.y != 0 {
			s += 0.8 * pt.se / math.Abs(pt.y)
		}
	}
	return 100 * s / float64(len(pts))
}

// choose picks among the best hypothesis of each size (bySize[k]: best
// with k terms, !ok when none): the simplest one whose cross-validated
// SMAPE is within three times the noise floor (leave-one-out
// inflates the error of an exact model by 1/(1−leverage)) or within 1/margin of the best of
// all. Extra-P takes the smallest SMAPE outright (strict).
func choose(bySize []hyp, floor, margin float64, strict bool) hyp {
	best := -1
	for k, h := range bySize {
		if h.ok && (best < 0 || h.cv < bySize[best].cv) {
			best = k
		}
	}
	if best < 0 || strict {
		if best < 0 {
			return hyp{}
		}
		return bySize[best]
	}
	limit := math.Max(3*floor, bySize[best].cv/margin)
	for k, h := range bySize {
		if h.ok && h.cv <= limit {
			return bySize[k]
		}
	}
	return bySize[best]
}

func center(v []float64, median bool) float64 {
	if !median {
		var s float64
		for _, x := range v {
			s += x
		}
		return s / float64(len(v))
	}
	s := append([]float64(nil), v...)
	sort.Float64s(s)
	n := len(s)
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}

// Building blocks: Extra-P's default exponent set (i, j) for x^i·log2(x)^j.
var defaultBlocks = []struct {
	num, den, log int
}{
	{0, 1, 1}, {0, 1, 2}, {1, 4, 0}, {1, 3, 0}, {1, 4, 1}, {1, 3, 1}, {1, 4, 2}, {1, 3, 2},
	{1, 2, 0}, {1, 2, 1}, {1, 2, 2}, {2, 3, 0}, {3, 4, 0}, {2, 3, 1}, {3, 4, 1}, {4, 5, 0},
	{2, 3, 2}, {3, 4, 2}, {1, 1, 0}, {1, 1, 1}, {1, 1, 2}, {5, 4, 0}, {5, 4, 1}, {4, 3, 0},
	{4, 3, 1}, {3, 2, 0}, {3, 2, 1}, {3, 2, 2}, {5, 3, 0}, {7, 4, 0}, {2, 1, 0}, {2, 1, 1},
	{2, 1, 2}, {9, 4, 0}, {7, 3, 0}, {5, 2, 0}, {5, 2, 1}, {5, 2, 2}, {8, 3, 0}, {11, 4, 0},
	{3, 1, 0}, {3, 1, 1},
}

// negativeBlocks are the polynomial exponents of Extra-P's strong-scaling
// option, plus x^-1·log2(x) (the cost per process of a tree over x).
var negativeBlocks = []struct {
	num, den, log int
}{
	{-1, 4, 0}, {-1, 3, 0}, {-1, 2, 0}, {-2, 3, 0}, {-3, 4, 0}, {-1, 1, 0}, {-1, 1, 1},
	{-3, 2, 0}, {-2, 1, 0}, {-3, 1, 0},
}

// blocks returns the single-parameter terms for parameter p on pts: log
// terms only when every value is ≥ 1 (log2 is negative below).
func blocks(pts []point, p int, o Options) []Term {
	logOK := true
	for _, pt := range pts {
		if pt.x[p] < 1 {
			logOK = false
		}
	}
	var out []Term
	add := func(num, den, log int) {
		if log != 0 && !logOK {
			return
		}
		out = append(out, Term{{Param: p, Poly: Exp{num, den}, Log: log}})
	}
	for _, b := range defaultBlocks {
		add(b.num, b.den, b.log)
	}
	if !o.NoNegative {
		for _, b := range negativeBlocks {
			add(b.num, b.den, b.log)
		}
	}
	return out
}

// hyp is a hypothesis under evaluation.
type hyp struct {
	terms []Term
	coefs []float64
	c0    float64
	cv    float64 // cross-validated SMAPE
	ok    bool
}

// evalTerms fills cols[k][i] = terms[k](pts[i]).
func evalTerms(terms []Term, pts []point) [][]float64 {
	cols := make([][]float64, len(terms))
	for k, t := range terms {
		c := make([]float64, len(pts))
		for i, pt := range pts {
			c[i] = t.eval(pt.x)
		}
		cols[k] = c
	}
	return cols
}

// solve fits constant + terms to pts, leaving out row skip (-1: none).
// rel weighs each row by 1/|y|: it minimises relative rather than absolute
// residuals, so that the largest values (whose noise is largest too) do
// not dictate the fit of the small ones; SMAPE, which ranks the
// hypotheses, is relative as well.
func solve(cols [][]float64, pts []point, skip int, rel bool) (c0 float64, coefs []float64, err error) {
	n := len(pts)
	if skip >= 0 {
		n--
	}
	a := make([][]float64, len(cols)+1)
	y := make([]float64, 0, n)
	a[0] = make([]float64, 0, n)
	for k := range cols {
		a[k+1] = make([]float64, 0, n)
	}
	for i, pt := range pts {
		if i == skip {
			continue
		}
		w := 1.0
		if rel && pt.y != 0 {
			w = 1 / math.Abs(pt.y)
		}
		y = append(y, w*pt.y)
		a[0] = append(a[0], w)
		for k := range cols {
			a[k+1] = append(a[k+1], w*cols[k][i])
		}
	}
	c, err := lstsq(a, y)
	if err != nil {
		return 0, nil, err
	}
	return c[0], c[1:], nil
}

// evaluate cross-validates and fits one hypothesis. cv: leave-one-out
// SMAPE (true) or in-sample SMAPE.
func evaluate(terms []Term, pts []point, cv, rel bool) hyp {
	h := hyp{terms: terms}
	cols := evalTerms(terms, pts)
	for _, c := range cols {
		for _, v := range c {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return h
			}
		}
	}
	if len(pts) < len(terms)+1+boolInt(cv) {
		return h
	}
	c0, coefs, err := solve(cols, pts, -1, rel)
	if err != nil {
		return h
	}
	// Term rejection (Extra-P): a term that nowhere reaches Epsilon of
	// the measured value contributes nothing.
	for k := range terms {
		if coefs[k] == 0 {
			return h
		}
		var maxc float64
		for i, pt := range pts {
			if pt.y != 0 {
				maxc = math.Max(maxc, math.Abs(coefs[k]*cols[k][i]/pt.y))
			}
		}
		if maxc < Epsilon {
			return h
		}
	}
	h.c0, h.coefs = c0, coefs
	if !cv {
		var s float64
		for i, pt := range pts {
			pred := c0
			for k := range terms {
				pred += coefs[k] * cols[k][i]
			}
			s += smapeTerm(pred, pt.y)
		}
		h.cv = 100 * s / float64(len(pts))
		h.ok = true
		return h
	}
	var s float64
	for i, pt := range pts {
		lc0, lcoefs, err := solve(cols, pts, i, rel)
		if err != nil {
			return h
		}
		// Extra-P zeroes a constant that is negligible next to the data.
		if minY := minValue(pts, i); minY != 0 && math.Abs(lc0/minY) < Epsilon {
			lc0 = 0
		}
		pred := lc0
		for k := range terms {
			pred += lcoefs[k] * cols[k][i]
		}
		s += smapeTerm(pred, pt.y)
	}
	h.cv = 100 * s / float64(len(pts))
	h.ok = !math.IsNaN(h.cv)
	return h
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

func minValue(pts []point, skip int) float64 {
	m := math.Inf(1)
	for i, pt := range pts {
		if i != skip && pt.y < m {
			m = pt.y
		}
	}
	return m
}

func smapeTerm(pred, actual float64) float64 {
	s := math.Abs(pred) + math.Abs(actual)
	if s == 0 {
		return 0
	}
	return 2 * math.Abs(pred-actual) / s
}

// constantModel is the mean (Extra-P's starting hypothesis), scored in-sample.
func constantModel(pts []point) hyp {
	var s float64
	for _, pt := range pts {
		s += pt.y
	}
	c := s / float64(len(pts))
	var e float64
	for _, pt := range pts {
		e += smapeTerm(c, pt.y)
	}
	return hyp{c0: c, cv: 100 * e / float64(len(pts)), ok: true}
}

// searchSingle finds the best model of one parameter p: the constant, then
// every hypothesis of 1..MaxTerms building blocks, ranked by
// cross-validated SMAPE; a hypothesis with more terms must beat the best
// with fewer by the margin.
func searchSingle(pts []point, p int, o Options) *Model {
	c := constantModel(pts)
	var rss float64
	for _, pt := range pts {
		rss += (pt.y - c.c0) * (pt.y - c.c0)
	}
	if rss == 0 {
		return toModel(c, nil)
	}
	bl := blocks(pts, p, o)
	bySize := []hyp{c}
	floor := noiseFloor(pts)
	for n := 1; n <= o.MaxTerms; n++ {
		var level []hyp
		combos(len(bl), n, func(idx []int) {
			terms := make([]Term, n)
			for k, i := range idx {
				terms[k] = bl[i]
			}
			if h := evaluate(terms, pts, true, !o.ExtraP); h.ok {
				level = append(level, h)
			}
		})
		bySize = append(bySize, simplest(level, floor, o.ExtraP))
	}
	return toModel(choose(bySize, floor, o.Margin, o.ExtraP), nil)
}

// simplest returns the hypothesis of level (all of one size) with the
// smallest cross-validated SMAPE; unless strict, among those that the
// noise cannot tell apart from it (within the noise floor, or 10 %), the
// one with the simplest terms: measurements over a limited range often
// fit p^(3/4)·log2(p) as well as p, and the simpler form extrapolates
// better more often than not.
func simplest(level []hyp, floor float64, strict bool) hyp {
	best := hyp{cv: math.Inf(1)}
	for _, h := range level {
		if h.cv < best.cv {
			best = h
		}
	}
	if strict || !best.ok {
		return best
	}
	limit := math.Max(best.cv*1.1, best.cv+floor)
	pick := best
	for _, h := range level {
		if h.cv > limit {
			continue
		}
		if c, pc := complexity(h.terms), complexity(pick.terms); c < pc || (c == pc && h.cv < pick.cv) {
			pick = h
		}
	}
	return pick
}

// complexity scores terms: a logarithm or a fractional exponent each add one.
func complexity(terms []Term) int {
	n := 0
	for _, t := range terms {
		for _, f := range t {
			if f.Log != 0 {
				n++
			}
			if f.Poly.Den != 1 {
				n++
			}
		}
	}
	return n
}

// combos calls f with every increasing n-subset of 0..m-1.
func combos(m, n int, f func([]int)) {
	idx := make([]int, n)
	var rec func(pos, start int)
	rec = func(pos, start int) {
		if pos == n {
			f(idx)
			return
		}
		for i := start; i < m; i++ {
			idx[pos] = i
			rec(pos+1, i+1)
		}
	}
	rec(0, 0)
}

func toModel(h hyp, params []string) *Model {
	m := &Model{Params: params, Constant: h.c0, CVSMAPE: math.NaN()}
	m.Terms = append(m.Terms, h.terms...)
	m.Coefs = append(m.Coefs, h.coefs...)
	if len(h.terms) > 0 {
		m.CVSMAPE = h.cv
	}
	return m
}

// finish computes the in-sample quality of m on pts.
func finish(m *Model, pts []point) {
	var mean float64
	for _, pt := range pts {
		mean += pt.y
	}
	mean /= float64(len(pts))
	var rss, tss, s float64
	for _, pt := range pts {
		pred := m.Eval(pt.x)
		rss += (pred - pt.y) * (pred - pt.y)
		tss += (pt.y - mean) * (pt.y - mean)
		s += smapeTerm(pred, pt.y)
	}
	m.RSS = rss
	m.SMAPE = 100 * s / float64(len(pts))
	m.Points = len(pts)
	n, k := float64(len(pts)), float64(len(m.Terms))
	switch {
	case n-k-1 <= 0:
		m.AdjR2 = math.NaN()
	case tss == 0:
		m.AdjR2 = 1
		if rss > 0 {
			m.AdjR2 = math.NaN()
		}
	default:
		m.AdjR2 = 1 - (rss/tss)*(n-1)/(n-k-1)
	}
}

// searchMulti follows Extra-P's multi-parameter modeler: a single-parameter
// model per parameter from the points averaged over the other parameters,
// then every way of combining those per-parameter terms into sums of
// products in which each parameter appears, ranked by cross-validated
// SMAPE on all points (Extra-P: in-sample, with Options.ExtraP).
func searchMulti(params []string, pts []point, o Options) *Model {
	np := len(params)
	perParam := make([][]Term, np)
	var active []int
	for p := 0; p < np; p++ {
		line := lineAverage(pts, p)
		m := searchSingle(line, 0, o)
		if len(m.Terms) == 0 {
			continue
		}
		ts := make([]Term, len(m.Terms))
		for k, t := range m.Terms {
			ts[k] = Term{{Param: p, Poly: t[0].Poly, Log: t[0].Log}}
		}
		perParam[p] = ts
		active = append(active, p)
	}
	if len(active) == 0 {
		m := toModel(constantModel(pts), params)
		finish(m, pts)
		return m
	}
	// Subsets of the active parameters, as bit masks over active.
	na := len(active)
	var subsets []int
	for s := 1; s < 1<<na; s++ {
		subsets = append(subsets, s)
	}
	full := 1<<na - 1
	var bySize []hyp
	// A hypothesis is a set of subsets (a bit mask over subsets) whose
	// union covers every active parameter. With four or more parameters
	// only Extra-P's shapes are tried: the full set is too large.
	for h := 1; h < 1<<len(subsets); h++ {
		cover := 0
		for i, s := range subsets {
			if h&(1<<i) != 0 {
				cover |= s
			}
		}
		if cover != full {
			continue
		}
		if (o.ExtraP || na > 3) && !extraPShape(h, subsets, full) {
			continue
		}
		var terms []Term
		for i, s := range subsets {
			if h&(1<<i) == 0 {
				continue
			}
			terms = append(terms, products(perParam, active, s)...)
		}
		e := evaluate(terms, pts, !o.ExtraP, !o.ExtraP)
		if !e.ok {
			continue
		}
		for len(bySize) <= len(terms) {
			bySize = append(bySize, hyp{})
		}
		if b := bySize[len(terms)]; !b.ok || e.cv < b.cv {
			bySize[len(terms)] = e
		}
	}
	best := choose(bySize, noiseFloor(pts), o.Margin, o.ExtraP)
	m := toModel(best, params)
	if !best.ok {
		m = toModel(constantModel(pts), params)
	}
	finish(m, pts)
	return m
}

// extraPShape keeps Extra-P's hypothesis shapes: the full product, the
// plain sum, and the full product plus any other subsets (for two
// parameters: a·b, a+b, a·b+a, a·b+b).
func extraPShape(h int, subsets []int, full int) bool {
	hasFull, allSingles := false, true
	for i, s := range subsets {
		if h&(1<<i) == 0 {
			continue
		}
		if s == full {
			hasFull = true
		}
		if s&(s-1) != 0 {
			allSingles = false
		}
	}
	if hasFull {
		// Extra-P has no a·b + a + b.
		n := 0
		for i := range subsets {
			if h&(1<<i) != 0 {
				n++
			}
		}
		return n <= 2 || len(subsets) > 3
	}
	return allSingles
}

// products returns every product of one term per parameter of subset s.
func products(perParam [][]Term, active []int, s int) []Term {
	out := []Term{nil}
	for i, p := range active {
		if s&(1<<i) == 0 {
			continue
		}
		var next []Term
		for _, prefix := range out {
			for _, t := range perParam[p] {
				nt := append(append(Term(nil), prefix...), t...)
				next = append(next, nt)
			}
		}
		out = next
	}
	return out
}

// lineAverage returns, for parameter p, one point per distinct value of p:
// the mean over all points with that value (Extra-P's point selection for
// a full grid). The returned points have one coordinate.
func lineAverage(pts []point, p int) []point {
	sum := map[float64]float64{}
	se2 := map[float64]float64{}
	cnt := map[float64]int{}
	var order []float64
	for _, pt := range pts {
		v := pt.x[p]
		if _, ok := cnt[v]; !ok {
			order = append(order, v)
		}
		sum[v] += pt.y
		se2[v] += pt.se * pt.se
		cnt[v]++
	}
	sort.Float64s(order)
	out := make([]point, len(order))
	for i, v := range order {
		n := float64(cnt[v])
		out[i] = point{x: []float64{v}, y: sum[v] / n, se: math.Sqrt(se2[v]) / n}
	}
	return out
}
