package analyze

import "math"

// A test of a loop index's remainder (if (j % 3 == 0)) is true in a
// fixed share of the iterations: one in k for j % k == c when the step
// and k have no common factor. Counted as that share, the blocks under it
// keep a closed form, where taking the test at one index (the middle of
// the range) would give all of the iterations or none.

// periodic is the share of the iterations of the loops in frames in
// which the branch factor f (Cond{test, 1, 0} or Cond{test, 0, 1}) is 1,
// when test compares a loop index's remainder by a constant with a
// constant: v % k == c or !=, v a counted loop's index with a constant
// step.
func periodic(f Expr, frames []countFrame) (Expr, bool) {
	return periodicIn(f, canonicalLoops(frames))
}

// canonicalLoops maps the index of each counted loop of frames to its
// loop, the innermost of a name.
func canonicalLoops(frames []countFrame) map[string]*LoopInfo {
	loops := map[string]*LoopInfo{}
	for _, fr := range frames {
		if fr.loop != nil && fr.loop.Var != "" && fr.loop.Canonical {
			loops[fr.loop.Var] = fr.loop
		}
	}
	return loops
}

// periodicIn is periodic with the counted loops around f looked up by
// index (canonicalLoops): nestCount asks it for every frame of a block,
// and the frames of an else-if chain of n arms are n deep.
func periodicIn(f Expr, loops map[string]*LoopInfo) (Expr, bool) {
	cond, ok := f.(Cond)
	if !ok {
		return nil, false
	}
	a, okA := constOf(cond.A)
	b, okB := constOf(cond.B)
	if !okA || !okB || a+b != 1 || a*b != 0 {
		return nil, false
	}
	test, ok := cond.C.(Bin)
	if !ok || (test.Op != "==" && test.Op != "!=") {
		return nil, false
	}
	mod, c := test.A, test.B
	if _, ok := constOf(mod); ok {
		mod, c = c, mod
	}
	cv, ok := constOf(c)
	m, isMod := mod.(Bin)
	if !ok || !isMod || m.Op != "%" {
		return nil, false
	}
	v, isName := m.A.(Name)
	k, ok := constOf(m.B)
	if !isName || !ok || k < 1 || k != math.Trunc(k) {
		return nil, false
	}
	loop := loops[v.N]
	if loop == nil {
		return nil, false
	}
	step, ok := constOf(orNum(loop.Step))
	if !ok || step == 0 || step != math.Trunc(step) {
		return nil, false
	}
	// The remainders v takes run through the multiples of g = gcd(step,
	// k) from where v starts: c is among them one time in k / g, or
	// never.
	g := gcd(int64(math.Abs(step)), int64(k))
	share := float64(g) / k
	if g > 1 {
		from, ok := constOf(orNum(loop.From))
		if !ok {
			return nil, false
		}
		if int64(cv-from)%g != 0 {
			share = 0
		}
	}
	if cv < 0 || cv >= k {
		share = 0 // a remainder of a non-negative index is in 0 .. k-1
	}
	if test.Op == "!=" {
		share = 1 - share
	}
	if a == 0 {
		share = 1 - share
	}
	return Num{share}, true
}
