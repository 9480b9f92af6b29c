package analyze

import (
	"strings"

	"modernc.org/cc/v4"
)

// A short loop that gcc unrolls completely (unroll: a stencil's radius
// loop, for jj from -R to R with R a macro) is no loop in the compiled
// code: its copies are straight-line code in the body of the loop around
// it. So it is priced as that: the iteration of the loop around takes the
// copies' operations together (iteration.go), and what the copies share
// the compiler does once:
//
//   - a load of an address that no unrolled index moves (out[i*n + j] in
//     out[i*n + j] += w * in[(i + ii)*n + j]) is loaded once an iteration
//     and kept in a register: the next copy uses the value the last one
//     stored (the stores stay, as the compiler must keep them when another
//     pointer of the body may alias them);
//   - a load that only the unrolled indices move (weight[ii + R][R], a
//     local array the nest does not write) reads the same element at
//     every iteration of the loops around: the compiler hoists it out of
//     the nest into a register (load_hoist), and it costs nothing there.

// hoistable tells whether a load with indices idx inside a short
// innermost loop reads a loop-invariant element of a local array that the
// loop nest neither writes nor lets escape: once the short loops are
// unrolled (at -O2 and up) its indices are constants, and the compiler
// keeps the element in a register for the whole nest.
func (mo *memOps) hoistable(e cc.ExpressionNode, idx []cc.ExpressionNode) bool {
	if !mo.w.optimised(2) || len(idx) == 0 || len(mo.w.loops) == 0 {
		return false
	}
	if _, short := mo.shortTrips(mo.w.loops[len(mo.w.loops)-1].info); !short || !mo.invariant(idx) {
		return false
	}
	d := baseDecl(e)
	if d == nil || d.Type() == nil || d.Type().Kind() != cc.Array || d.StorageDuration() != cc.Automatic || d.AddressTaken() {
		return false
	}
	nest := mo.w.loops[0].stmt
	if nest == nil {
		return false
	}
	kept := true
	visit(nest, func(n cc.Node) bool {
		if target := written(n, true); target != nil && baseDecl(target) == d {
			kept = false // written (or its address taken) in the nest
		}
		if c, ok := n.(*cc.PostfixExpression); ok && c.Case == cc.PostfixExpressionCall {
			for _, a := range callArgs(c) {
				if mentions(a, d) {
					kept = false // passed to a function, which may write it
				}
			}
		}
		return kept
	})
	return kept
}

// baseDecl is the declarator of the variable an access goes through (a
// in a[i][j]), nil when it is not a plain name.
func baseDecl(e cc.Node) *cc.Declarator {
	for {
		switch x := unparen(e).(type) {
		case *cc.PostfixExpression:
			if x.Case == cc.PostfixExpressionPrimary {
				e = x.PrimaryExpression
				continue
			}
			if x.Case != cc.PostfixExpressionIndex {
				return nil
			}
			e = x.PostfixExpression
		case *cc.PrimaryExpression:
			return declOf(x)
		default:
			return nil
		}
		if e == nil {
			return nil
		}
	}
}

// dropHoisted removes the hoisted loads (load_hoist) of the blocks inside
// an unrolled loop: the compiler loads them once before the nest.
func dropHoisted(bs []*Block) {
	for _, b := range bs {
		delete(b.Ops, "load_hoist")
		dropHoisted(b.Body)
		dropHoisted(b.Then)
		dropHoisted(b.Else)
	}
}

// addressKey names the element an access reads or writes, its array and
// its indices in the model's terms: "" when an index cannot be followed.
func (mo *memOps) addressKey(e cc.ExpressionNode, idx []cc.ExpressionNode) string {
	base := baseOf(e)
	if base == "" || len(idx) == 0 {
		return ""
	}
	var b strings.Builder
	b.WriteString(base)
	for _, ix := range idx {
		v, ok := mo.w.sym(ix)
		if !ok {
			return ""
		}
		b.WriteString("[" + String(v) + "]")
	}
	return b.String()
}

// keptLoads is what the loads of one iteration repeat: per load kind
// (load_seq, load_l1, ...), the loads of an element whose value is
// already in a register, because the iteration loaded or stored it and
// stored nothing elsewhere since (a store through another pointer may
// have changed it: the compiler must load it again). The copies of an
// unrolled loop (it's blocks with u > 1) run in turn: the first finds
// the registers as the code before left them, the others as a copy
// leaves them. An index of an unrolled loop makes each copy's element
// another.
func keptLoads(it []weightedBlock) map[string]float64 {
	unrolledVars := map[string]bool{}
	for i, x := range it {
		if i > 0 && x.b.Kind == Loop && x.b.Loop != nil && x.b.Loop.Var != "" {
			unrolledVars[x.b.Loop.Var] = true
		}
	}
	moved := func(a access) bool {
		for _, v := range a.vars {
			if unrolledVars[v] {
				return true
			}
		}
		return false
	}
	inRegister := map[string]bool{}
	out := map[string]float64{}
	pass := func(x weightedBlock, share float64) {
		for _, a := range x.b.accesses {
			kept := a.addr != "" && !moved(a)
			if a.store {
				for k := range inRegister {
					if k != a.addr {
						delete(inRegister, k)
					}
				}
				if kept {
					inRegister[a.addr] = true
				}
				continue
			}
			if !kept || a.kind == "" {
				continue
			}
			if inRegister[a.addr] {
				out[a.kind] += share * a.n
			}
			inRegister[a.addr] = true
		}
	}
	for _, x := range it {
		p := x.w / x.u // once per iteration, by the branch's share
		pass(x, p)
		if x.u > 1 {
			pass(x, p*(x.u-1))
		}
	}
	return out
}
