package analyze

import "modernc.org/cc/v4"

// hoisted reports whether a load's place does not move in the innermost
// loop around it (BB(n, k) in CC(m, n) += AA(m, k) * BB(n, k), with m
// innermost) and gcc takes it out of that loop: at -O3, where the loop
// is vectorised behind a run-time check that the arrays do not overlap
// and the value is broadcast once before it. It costs what a scalar in
// the first level costs, not a load at the nest's working set every
// iteration. At -O2 and below, a store in the loop that may alias it
// keeps the load in.
func (mo *memOps) hoisted(idx []cc.ExpressionNode) bool {
	if len(mo.w.loops) == 0 || len(idx) == 0 || !mo.w.optimised(3) {
		return false
	}
	inner := mo.w.loops[len(mo.w.loops)-1].info
	if inner.Var == "" {
		return false
	}
	for _, ix := range idx {
		v, ok := mo.w.sym(ix)
		if !ok || mentionsName(v, inner.Var) {
			return false
		}
	}
	return true
}
