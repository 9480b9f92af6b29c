package analyze

import (
	"math"
	"math/big"

	"modernc.org/cc/v4"
)

// maxCarriedDistance bounds how many iterations back a carried load may
// read (a[i] = a[i-k] + ...) to be taken as a chain: further back, the
// iterations between overlap and the chain's latency is spread thin.
const maxCarriedDistance = 16

// carriedMemory notes the dependency chain through an array element that
// an iteration of the innermost loop stores and a later iteration loads:
// a[i] = a[i-1] + b[i] (a prefix sum, a recurrence), the wavefront
// a[i][j] = a[i][j-1] + a[i-1][j] - a[i-1][j-1] swept along j. The next
// iteration cannot start its arithmetic before this one's result is
// there, however many units the processor has: the operations from the
// load to the stored value bound the loop's speed by their latencies
// (the critical path of Kerncraft's and OSACA's in-core analysis), spread
// over the distance in iterations between the store and the load. At
// -O2 and up gcc keeps the value in a register from one iteration to the
// next (partial redundancy elimination; predictive commoning at -O3);
// at -O1 and -O0 the load waits for the store to be forwarded, about a
// load from the first level. op is the compound operator of target op=
// rhs, "" for =.
func (o *opsCounter) carriedMemory(target cc.Node, rhs cc.ExpressionNode, op string) {
	st, ok := unparen(target).(*cc.PostfixExpression)
	if !ok || st.Case != cc.PostfixExpressionIndex || rhs == nil || len(o.w.loops) == 0 {
		return
	}
	in := o.w.loops[len(o.w.loops)-1].info
	step, ok := constOf(in.Step)
	if in.Var == "" || !ok || step == 0 {
		return
	}
	base := baseOf(st)
	stored, ok := o.w.mem.symIndices(indexChain(st))
	if base == "" || !ok {
		return
	}
	var best map[string]float64
	bestLen := 0.0
	visit(rhs, func(n cc.Node) bool {
		ld, ok := n.(*cc.PostfixExpression)
		if !ok || ld.Case != cc.PostfixExpressionIndex || baseOf(ld) != base {
			return true
		}
		if t := ld.Type(); t != nil && t.Kind() == cc.Array {
			return true // a[i] of a[i][j]: an address
		}
		loaded, ok := o.w.mem.symIndices(indexChain(ld))
		if !ok {
			return true
		}
		dist, ok := carriedDistance(stored, loaded, in.Var, step)
		if !ok {
			return true
		}
		chain := o.w.mem.chainOf(rhs, func(m cc.Node) bool { return encloses(m, ld) })
		if op != "" {
			chain[op]++
		}
		if !o.w.optimised(2) {
			chain["load_l1"]++ // the store forwarded to the load
		}
		length := 0.0
		for k, v := range chain {
			chain[k] = v / dist
			length += v / dist
		}
		if length > bestLen {
			best, bestLen = chain, length
		}
		return true
	})
	if best == nil {
		return
	}
	if o.chains == nil {
		o.chains = map[string]map[string]float64{}
	}
	key := base + "[]"
	acc := o.chains[key]
	if acc == nil {
		acc = map[string]float64{}
		o.chains[key] = acc
	}
	for k, v := range best {
		acc[k] += v * o.weight()
	}
}

// symIndices reads an access's indices as the model's expressions.
func (mo *memOps) symIndices(idx []cc.ExpressionNode) ([]Expr, bool) {
	if len(idx) == 0 {
		return nil, false
	}
	out := make([]Expr, len(idx))
	for i, ix := range idx {
		v, ok := mo.w.sym(ix)
		if !ok {
			return nil, false
		}
		out[i] = v
	}
	return out, true
}

// carriedDistance is how many iterations of the loop over v (stepping by
// step) lie between a store at the indices stored and a load at loaded
// that reads what it wrote: every index must differ by a constant that
// is the same number of steps of v, from 1 to maxCarriedDistance.
// Indices that v does not move must be the same.
func carriedDistance(stored, loaded []Expr, v string, step float64) (float64, bool) {
	if len(stored) != len(loaded) {
		return 0, false
	}
	at := &atoms{byText: map[string]string{}, expr: map[string]Expr{}}
	dist := 0.0
	for k := range stored {
		diff, ok := polyConstant(polyOf(stored[k], at).sub(polyOf(loaded[k], at)))
		if !ok {
			return 0, false
		}
		s, ok := slope(stored[k], v)
		if !ok {
			return 0, false
		}
		switch {
		case s == 0 && diff == 0:
			continue
		case s == 0:
			return 0, false // another loop's neighbour
		}
		d := diff / (s * step)
		if dist != 0 && d != dist {
			return 0, false
		}
		dist = d
	}
	if dist < 1 || dist > maxCarriedDistance || dist != math.Trunc(dist) {
		return 0, false
	}
	return dist, true
}

// polyConstant is p's value when it is a constant.
func polyConstant(p poly) (float64, bool) {
	if p.isZero() {
		return 0, true
	}
	c, ok := p[""]
	if !ok || len(p) != 1 {
		return 0, false
	}
	f, _ := new(big.Rat).Set(c).Float64()
	return f, true
}

// encloses tells whether inner is n or inside it.
func encloses(n, inner cc.Node) bool {
	found := false
	visit(n, func(m cc.Node) bool {
		found = found || m == inner
		return !found
	})
	return found
}
